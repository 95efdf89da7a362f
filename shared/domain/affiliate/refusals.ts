import type { LocaleText } from '../../i18n/locales';
import { declareRefusals } from '../refusals';
import { AMOUNT_NOT_POSITIVE, REFERRAL_CODE_NOT_FOUND, USER_NOT_FOUND } from '../common';

/** Texts the area answers for more than one refusal (or wording), written once. */
const referralCodeNotFound: LocaleText = {
  'zh-TW': '找不到推薦碼',
  'en-US': 'Referral code not found',
  'zh-CN': '找不到推荐码',
  'th-TH': 'ไม่พบรหัสแนะนำ',
  'vi-VN': 'Không tìm thấy mã giới thiệu',
};
const settlementNotFound: LocaleText = {
  'zh-TW': '找不到結算紀錄',
  'en-US': 'Settlement not found',
  'zh-CN': '找不到结算记录',
  'th-TH': 'ไม่พบรายการสรุปค่าคอมมิชชั่น',
  'vi-VN': 'Không tìm thấy bản quyết toán',
};
const agentNotFound: LocaleText = {
  'zh-TW': '找不到代理',
  'en-US': 'Agent not found',
  'zh-CN': '找不到代理',
  'th-TH': 'ไม่พบเอเจนต์',
  'vi-VN': 'Không tìm thấy đại lý',
};
const settlementAlreadyReviewed: LocaleText = {
  'zh-TW': '此結算已審核',
  'en-US': 'Settlement already reviewed',
  'zh-CN': '该结算已审核',
  'th-TH': 'รายการสรุปนี้ได้รับการตรวจสอบแล้ว',
  'vi-VN': 'Bản quyết toán đã được duyệt',
};
const methodOrAccountRefused: LocaleText = {
  'zh-TW': '提領方式無效或收款帳戶未通過審核',
  'en-US': 'Invalid method or payout account not approved',
  'zh-CN': '提现方式无效或收款账户未通过审核',
  'th-TH': 'วิธีถอนไม่ถูกต้องหรือบัญชีรับเงินยังไม่ได้รับการอนุมัติ',
  'vi-VN': 'Phương thức không hợp lệ hoặc tài khoản nhận chưa được duyệt',
};

/**
 * Why the affiliate area says no (shared/domain/refusals.ts): each name with its meaning and its message
 * in every locale; endpoints map the names to their numbers.
 */
export const affiliateRefusals = declareRefusals('affiliate', {
  notAgent: {
    means: 'the calling player is not an agent',
    text: {
      'zh-TW': '您還不是代理',
      'en-US': 'You are not an agent',
      'zh-CN': '您还不是代理',
      'th-TH': 'คุณยังไม่ได้เป็นเอเจนต์',
      'vi-VN': 'Bạn chưa phải là đại lý',
    },
    wordings: {
      asReferralCodeNotFound: referralCodeNotFound,
      asSettlementNotFound: settlementNotFound,
    },
  },
  refCodeUnknown: {
    means: 'the code names no agent of the site',
    text: REFERRAL_CODE_NOT_FOUND,
  },
  codeFormat: {
    means: 'a referral code must be 3 to 30 letters or digits',
    text: {
      'zh-TW': '推薦碼格式錯誤，須為 3 至 30 個英文字母或數字',
      'en-US': 'Invalid code format: use 3 to 30 letters or digits',
      'zh-CN': '推荐码格式错误，须为 3 至 30 位字母或数字',
      'th-TH': 'รูปแบบรหัสไม่ถูกต้อง ต้องเป็นตัวอักษรหรือตัวเลข 3 ถึง 30 ตัว',
      'vi-VN': 'Định dạng mã không hợp lệ: 3 đến 30 chữ cái hoặc chữ số',
    },
  },
  codeTaken: {
    means: 'the code, ignoring case, is already an agent code of the site or a referral code',
    text: {
      'zh-TW': '此推薦碼已被使用',
      'en-US': 'This referral code is already in use',
      'zh-CN': '该推荐码已被使用',
      'th-TH': 'รหัสแนะนำนี้ถูกใช้แล้ว',
      'vi-VN': 'Mã giới thiệu này đã được sử dụng',
    },
    wordings: {
      agentCode: {
        'zh-TW': '代理代碼已被使用',
        'en-US': 'Agent code already in use',
        'zh-CN': '代理代码已被使用',
        'th-TH': 'รหัสเอเจนต์นี้ถูกใช้แล้ว',
        'vi-VN': 'Mã đại lý đã được sử dụng',
      },
    },
  },
  referralCodeLimit: {
    means: 'the agent already has the most referral codes allowed',
    text: {
      'zh-TW': '推薦碼數量已達上限 10 組',
      'en-US': 'Referral code limit of 10 reached',
      'zh-CN': '推荐码数量已达上限 10 个',
      'th-TH': 'รหัสแนะนำครบจำนวนสูงสุด 10 รหัสแล้ว',
      'vi-VN': 'Đã đạt giới hạn 10 mã giới thiệu',
    },
  },
  referralCodeNotFound: {
    means: 'no such referral code of the agent',
    text: referralCodeNotFound,
  },
  playerNotFound: {
    means: 'no such player on the site',
    text: USER_NOT_FOUND,
    wordings: {
      member: {
        'zh-TW': '找不到會員',
        'en-US': 'Member not found',
        'zh-CN': '找不到会员',
        'th-TH': 'ไม่พบสมาชิก',
        'vi-VN': 'Không tìm thấy thành viên',
      },
    },
  },
  alreadyAgent: {
    means: 'the player is already an agent',
    text: {
      'zh-TW': '此用戶已是代理',
      'en-US': 'User is already an agent',
      'zh-CN': '该用户已是代理',
      'th-TH': 'ผู้ใช้นี้เป็นเอเจนต์อยู่แล้ว',
      'vi-VN': 'Người dùng đã là đại lý',
    },
  },
  agentNotFound: {
    means: 'the user named is not an agent of the site',
    text: agentNotFound,
  },
  bindCycle: {
    means: "the agent is the member itself or in the member's downline",
    text: agentNotFound,
  },
  memberAlreadyBound: {
    means: 'the member already has an agent (a bind: use transfer), or already this one (a transfer)',
    text: {
      'zh-TW': '會員已綁定代理；如需更換代理請使用轉移',
      'en-US': 'The member is already bound to an agent; use transfer to move it to another one',
      'zh-CN': '会员已绑定代理；如需更换代理请使用转移',
      'th-TH': 'สมาชิกผูกกับเอเจนต์อยู่แล้ว หากต้องการเปลี่ยนเอเจนต์ให้ใช้การโอนย้าย',
      'vi-VN': 'Thành viên đã được gắn với đại lý; hãy dùng chuyển đại lý để chuyển sang đại lý khác',
    },
  },
  memberNotBoundThere: {
    means: "the member has no agent to transfer or unbind, or the agent an unbind names is not the member's",
    text: {
      'zh-TW': '會員沒有代理，或不是此代理',
      'en-US': 'The member has no agent, or not this one',
      'zh-CN': '会员没有代理，或不是此代理',
      'th-TH': 'สมาชิกไม่มีเอเจนต์ หรือไม่ได้อยู่กับเอเจนต์นี้',
      'vi-VN': 'Thành viên không có đại lý, hoặc không thuộc đại lý này',
    },
  },
  tierNotFound: {
    means: 'no such agent tier on the site',
    text: {
      'zh-TW': '找不到代理等級',
      'en-US': 'Agent tier not found',
      'zh-CN': '找不到代理等级',
      'th-TH': 'ไม่พบระดับเอเจนต์',
      'vi-VN': 'Không tìm thấy cấp đại lý',
    },
    wordings: {
      tierCode: {
        'zh-TW': '代理等級代碼不存在',
        'en-US': 'Agent tier code not found',
        'zh-CN': '代理等级代码不存在',
        'th-TH': 'ไม่พบรหัสระดับเอเจนต์',
        'vi-VN': 'Mã cấp đại lý không tồn tại',
      },
    },
  },
  tierInUse: {
    means: 'agents use the agent tier',
    text: {
      'zh-TW': '此代理等級仍有代理使用中',
      'en-US': 'Agent tier is still in use by agents',
      'zh-CN': '该代理等级仍有代理在使用',
      'th-TH': 'ระดับเอเจนต์นี้ยังมีเอเจนต์ใช้งานอยู่',
      'vi-VN': 'Cấp đại lý này vẫn đang được đại lý sử dụng',
    },
  },
  agentLevelInvalid: {
    means: "a commission rate's agent level must be 1 to 3",
    text: {
      'zh-TW': '代理層級須為 1 至 3',
      'en-US': 'Agent level must be 1 to 3',
      'zh-CN': '代理层级须为 1 至 3',
      'th-TH': 'ชั้นของเอเจนต์ต้องอยู่ระหว่าง 1 ถึง 3',
      'vi-VN': 'Tầng đại lý phải từ 1 đến 3',
    },
  },
  milestoneLevelInvalid: {
    means: "a VIP milestone's VIP level must be 2 to 15",
    text: {
      'zh-TW': 'VIP 等級須介於 2 至 15',
      'en-US': 'VIP level must be between 2 and 15',
      'zh-CN': 'VIP 等级须在 2 至 15 之间',
      'th-TH': 'ระดับ VIP ต้องอยู่ระหว่าง 2 ถึง 15',
      'vi-VN': 'Cấp VIP phải từ 2 đến 15',
    },
  },
  rateNotFound: {
    means: 'no such commission rate on the site',
    text: {
      'zh-TW': '找不到佣金比例',
      'en-US': 'Commission rate not found',
      'zh-CN': '找不到佣金比例',
      'th-TH': 'ไม่พบอัตราค่าคอมมิชชั่น',
      'vi-VN': 'Không tìm thấy tỷ lệ hoa hồng',
    },
  },
  milestoneNotFound: {
    means: 'no such VIP milestone on the site',
    text: {
      'zh-TW': '找不到 VIP 里程碑獎勵',
      'en-US': 'VIP milestone not found',
      'zh-CN': '找不到 VIP 里程碑奖励',
      'th-TH': 'ไม่พบรางวัลเป้าหมาย VIP',
      'vi-VN': 'Không tìm thấy mốc thưởng VIP',
    },
  },
  settlementNotFound: {
    means: 'no such settlement on the site (or of the agent)',
    text: settlementNotFound,
  },
  settlementReviewed: {
    means: 'the settlement was already reviewed',
    text: settlementAlreadyReviewed,
  },
  settlementStatementOnly: {
    means: 'the settlement is a statement (its period type does not pay the week): it is not reviewed and pays nothing',
    text: settlementAlreadyReviewed,
  },
  amountNotPositive: {
    means: 'the amount must be above 0',
    text: AMOUNT_NOT_POSITIVE,
  },
  methodUnknown: {
    means: 'the method must be bank_card or crypto',
    text: methodOrAccountRefused,
  },
  targetNotApproved: {
    means: 'the target is not an approved bank card or crypto address of the agent',
    text: methodOrAccountRefused,
  },
  withdrawalCooldown: {
    means: "the agent's last commission withdrawal is too recent",
    text: {
      'zh-TW': '提領冷卻中，請稍後再試',
      'en-US': 'Withdrawal cooldown in effect, please try again later',
      'zh-CN': '提现冷却中，请稍后再试',
      'th-TH': 'อยู่ในช่วงพักการถอน กรุณาลองใหม่ภายหลัง',
      'vi-VN': 'Đang trong thời gian chờ rút, vui lòng thử lại sau',
    },
  },
  balanceTooLow: {
    means: 'the available commission does not cover the amount',
    text: {
      'zh-TW': '佣金餘額不足',
      'en-US': 'Insufficient commission balance',
      'zh-CN': '佣金余额不足',
      'th-TH': 'ยอดค่าคอมมิชชั่นไม่เพียงพอ',
      'vi-VN': 'Số dư hoa hồng không đủ',
    },
  },
  withdrawalNotFound: {
    means: 'no such commission withdrawal on the site',
    text: {
      'zh-TW': '找不到提領申請',
      'en-US': 'Withdrawal request not found',
      'zh-CN': '找不到提现申请',
      'th-TH': 'ไม่พบคำขอถอนเงิน',
      'vi-VN': 'Không tìm thấy yêu cầu rút tiền',
    },
  },
  withdrawalStatusNotAllowed: {
    means: "the commission withdrawal's status does not allow this step",
    text: {
      'zh-TW': '此提領申請已審核',
      'en-US': 'Withdrawal request already reviewed',
      'zh-CN': '该提现申请已审核',
      'th-TH': 'คำขอถอนเงินนี้ได้รับการตรวจสอบแล้ว',
      'vi-VN': 'Yêu cầu rút tiền đã được duyệt',
    },
    wordings: {
      complete: {
        'zh-TW': '僅已核准的提領可標記完成',
        'en-US': 'Only approved withdrawals can be completed',
        'zh-CN': '仅已批准的提现可标记完成',
        'th-TH': 'ทำรายการให้เสร็จสิ้นได้เฉพาะคำขอที่อนุมัติแล้ว',
        'vi-VN': 'Chỉ có thể hoàn tất yêu cầu đã được duyệt',
      },
    },
  },
});

declare module '../refusals' {
  interface RefusalRegistry {
    affiliate: typeof affiliateRefusals;
  }
}
