import { declareRefusals } from '../refusals';

/**
 * Why the wallet area (the player's instruments and their review) says no (shared/domain/refusals.ts):
 * each name with its meaning and its message in every locale; endpoints map the names to their numbers.
 */
export const walletRefusals = declareRefusals('wallet', {
  idCardFrontMissing: {
    means: "a bank card needs the photo of the ID card's front",
    text: {
      'zh-TW': '請上傳身分證正面照片',
      'en-US': 'Please upload the front of your ID card',
      'zh-CN': '请上传身份证正面照片',
      'th-TH': 'กรุณาอัปโหลดรูปบัตรประชาชนด้านหน้า',
      'vi-VN': 'Vui lòng tải lên ảnh mặt trước giấy tờ tùy thân',
    },
  },
  idCardBackMissing: {
    means: "a bank card needs the photo of the ID card's back",
    text: {
      'zh-TW': '請上傳身分證背面照片',
      'en-US': 'Please upload the back of your ID card',
      'zh-CN': '请上传身份证背面照片',
      'th-TH': 'กรุณาอัปโหลดรูปบัตรประชาชนด้านหลัง',
      'vi-VN': 'Vui lòng tải lên ảnh mặt sau giấy tờ tùy thân',
    },
  },
  passbookCoverMissing: {
    means: 'a bank card needs the photo of the passbook cover',
    text: {
      'zh-TW': '請上傳存摺封面照片',
      'en-US': 'Please upload the passbook cover',
      'zh-CN': '请上传存折封面照片',
      'th-TH': 'กรุณาอัปโหลดรูปหน้าสมุดบัญชีธนาคาร',
      'vi-VN': 'Vui lòng tải lên ảnh bìa sổ ngân hàng',
    },
  },
  bankCardExists: {
    means: 'the player already has a live bank card with this bank code and account',
    text: {
      'zh-TW': '此銀行卡已存在',
      'en-US': 'This bank card already exists',
      'zh-CN': '该银行卡已存在',
      'th-TH': 'บัญชีธนาคารนี้มีอยู่แล้ว',
      'vi-VN': 'Thẻ ngân hàng này đã tồn tại',
    },
  },
  creditCardExists: {
    means: 'the player already has a live credit card with this number',
    text: {
      'zh-TW': '此信用卡已綁定',
      'en-US': 'This credit card is already linked',
      'zh-CN': '该信用卡已绑定',
      'th-TH': 'บัตรเครดิตนี้ผูกไว้แล้ว',
      'vi-VN': 'Thẻ tín dụng này đã được liên kết',
    },
  },
  cryptoAddressExists: {
    means: 'the player already has this address (same currency and network) live',
    text: {
      'zh-TW': '此加密貨幣地址已綁定',
      'en-US': 'This crypto address is already linked',
      'zh-CN': '该加密货币地址已绑定',
      'th-TH': 'ที่อยู่คริปโตนี้ผูกไว้แล้ว',
      'vi-VN': 'Địa chỉ tiền mã hóa này đã được liên kết',
    },
  },
  bankCardNotFound: {
    means: 'no such live bank card of the player (or, for an operator, of the site)',
    text: {
      'zh-TW': '找不到銀行卡',
      'en-US': 'Bank card not found',
      'zh-CN': '找不到银行卡',
      'th-TH': 'ไม่พบบัญชีธนาคาร',
      'vi-VN': 'Không tìm thấy thẻ ngân hàng',
    },
  },
  creditCardNotFound: {
    means: 'no such live credit card of the player',
    text: {
      'zh-TW': '找不到信用卡',
      'en-US': 'Credit card not found',
      'zh-CN': '找不到信用卡',
      'th-TH': 'ไม่พบบัตรเครดิต',
      'vi-VN': 'Không tìm thấy thẻ tín dụng',
    },
  },
  cryptoAddressNotFound: {
    means: 'no such live crypto address of the player',
    text: {
      'zh-TW': '找不到加密貨幣地址',
      'en-US': 'Crypto address not found',
      'zh-CN': '找不到加密货币地址',
      'th-TH': 'ไม่พบที่อยู่คริปโต',
      'vi-VN': 'Không tìm thấy địa chỉ tiền mã hóa',
    },
  },
  instrumentNotFound: {
    means: 'no such instrument of that kind on the site',
    text: {
      'zh-TW': '找不到此項目',
      'en-US': 'Item not found',
      'zh-CN': '找不到此项目',
      'th-TH': 'ไม่พบรายการนี้',
      'vi-VN': 'Không tìm thấy mục này',
    },
  },
  instrumentReviewed: {
    means: 'the instrument was already reviewed the other way, or the player deleted it',
    text: {
      'zh-TW': '此項目已審核或已刪除，無法變更',
      'en-US': 'This item was already reviewed or deleted and cannot be changed',
      'zh-CN': '此项目已审核或已删除，无法变更',
      'th-TH': 'รายการนี้ได้รับการตรวจสอบหรือถูกลบแล้ว ไม่สามารถเปลี่ยนแปลงได้',
      'vi-VN': 'Mục này đã được duyệt hoặc đã bị xóa, không thể thay đổi',
    },
  },
});

declare module '../refusals' {
  interface RefusalRegistry {
    wallet: typeof walletRefusals;
  }
}
