import { declareRefusals } from '../refusals';
import { AMOUNT_NOT_POSITIVE, BALANCE_TOO_LOW, VERIFICATION_CODE_WRONG } from '../common';

/**
 * Why the withdrawal area says no (shared/domain/refusals.ts): each name with its meaning and its message
 * in every locale; endpoints map the names to their numbers.
 */
export const withdrawalRefusals = declareRefusals('withdrawal', {
  emailUnverified: {
    means: 'the player has no verified e-mail',
    text: {
      'zh-TW': '電子郵件尚未驗證',
      'en-US': 'Email not verified',
      'zh-CN': '邮箱尚未验证',
      'th-TH': 'อีเมลยังไม่ได้รับการยืนยัน',
      'vi-VN': 'Email chưa được xác minh',
    },
  },
  mobileUnverified: {
    means: 'the player has no verified mobile number',
    text: {
      'zh-TW': '手機號碼尚未驗證',
      'en-US': 'Mobile number not verified',
      'zh-CN': '手机号尚未验证',
      'th-TH': 'หมายเลขโทรศัพท์ยังไม่ได้รับการยืนยัน',
      'vi-VN': 'Số điện thoại chưa được xác minh',
    },
  },
  codeNotLive: {
    means: 'no live withdrawal code: never sent, expired, spent, replaced or consumed meanwhile',
    text: {
      'zh-TW': '請先取得驗證碼',
      'en-US': 'Please request a verification code first',
      'zh-CN': '请先获取验证码',
      'th-TH': 'กรุณาขอรหัสยืนยันก่อน',
      'vi-VN': 'Vui lòng lấy mã xác minh trước',
    },
  },
  codeWrong: {
    means: 'the withdrawal code is not the one sent',
    text: VERIFICATION_CODE_WRONG,
  },
  addressNotApproved: {
    means: "the crypto address is not the player's approved one",
    text: {
      'zh-TW': '提款地址不存在或未通過審核',
      'en-US': 'Withdrawal address not found or not approved',
      'zh-CN': '提款地址不存在或未通过审核',
      'th-TH': 'ไม่พบที่อยู่ถอนเงินหรือยังไม่ได้รับการอนุมัติ',
      'vi-VN': 'Địa chỉ rút tiền không tồn tại hoặc chưa được duyệt',
    },
  },
  amountNotPositive: {
    means: 'the amount must be above 0',
    text: AMOUNT_NOT_POSITIVE,
  },
  balanceTooLow: {
    means: 'the balance does not cover the amount',
    text: BALANCE_TOO_LOW,
  },
  promoTurnoverOpen: {
    means: "a claimed promotion's turnover is not complete",
    text: {
      'zh-TW': '尚有優惠流水未完成',
      'en-US': 'Promotion turnover not completed',
      'zh-CN': '尚有优惠流水未完成',
      'th-TH': 'ยอดเทิร์นโอเวอร์ของโปรโมชั่นยังไม่ครบ',
      'vi-VN': 'Chưa hoàn thành doanh thu cược khuyến mãi',
    },
  },
  depositTurnoverShort: {
    means: "the deposits' turnover is not complete",
    text: {
      'zh-TW': '存款流水未達標',
      'en-US': 'Deposit turnover requirement not met',
      'zh-CN': '存款流水未达标',
      'th-TH': 'ยอดเทิร์นโอเวอร์จากการฝากเงินยังไม่ครบ',
      'vi-VN': 'Chưa đạt yêu cầu doanh thu cược tiền nạp',
    },
  },
  notFound: {
    means: 'no such withdrawal on the site',
    text: {
      'zh-TW': '找不到提款單',
      'en-US': 'Withdrawal not found',
      'zh-CN': '找不到提款单',
      'th-TH': 'ไม่พบรายการถอนเงิน',
      'vi-VN': 'Không tìm thấy lệnh rút tiền',
    },
  },
  statusNotAllowed: {
    means: "the withdrawal's status does not allow this step",
    text: {
      'zh-TW': '目前狀態無法審核',
      'en-US': 'Cannot review in the current status',
      'zh-CN': '当前状态无法审核',
      'th-TH': 'ไม่สามารถตรวจสอบได้ในสถานะปัจจุบัน',
      'vi-VN': 'Không thể duyệt ở trạng thái hiện tại',
    },
    wordings: {
      complete: {
        'zh-TW': '目前狀態無法完成出款',
        'en-US': 'Cannot complete in the current status',
        'zh-CN': '当前状态无法完成出款',
        'th-TH': 'ไม่สามารถทำรายการให้เสร็จสิ้นในสถานะปัจจุบัน',
        'vi-VN': 'Không thể hoàn tất ở trạng thái hiện tại',
      },
    },
  },
});

declare module '../refusals' {
  interface RefusalRegistry {
    withdrawal: typeof withdrawalRefusals;
  }
}
