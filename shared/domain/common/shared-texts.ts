import type { LocaleText } from '../../i18n/locales';

/**
 * Refusal texts that several areas answer with the same words for their own refusal (each area still
 * names its refusal; shared/domain/<area>/refusals.ts uses the text).
 */
export const AMOUNT_NOT_POSITIVE: LocaleText = {
  'zh-TW': '金額必須大於 0',
  'en-US': 'Amount must be greater than 0',
  'zh-CN': '金额必须大于 0',
  'th-TH': 'จำนวนเงินต้องมากกว่า 0',
  'vi-VN': 'Số tiền phải lớn hơn 0',
};

export const BALANCE_TOO_LOW: LocaleText = {
  'zh-TW': '餘額不足',
  'en-US': 'Insufficient balance',
  'zh-CN': '余额不足',
  'th-TH': 'ยอดเงินไม่เพียงพอ',
  'vi-VN': 'Số dư không đủ',
};

export const PLAYER_NOT_FOUND: LocaleText = {
  'zh-TW': '找不到此站點的玩家',
  'en-US': 'Player not found',
  'zh-CN': '找不到此站点的玩家',
  'th-TH': 'ไม่พบผู้เล่นของไซต์นี้',
  'vi-VN': 'Không tìm thấy người chơi',
};

export const REFERRAL_CODE_NOT_FOUND: LocaleText = {
  'zh-TW': '推薦碼無效',
  'en-US': 'Referral code not found',
  'zh-CN': '推荐码无效',
  'th-TH': 'ไม่พบรหัสแนะนำ',
  'vi-VN': 'Mã giới thiệu không tồn tại',
};

export const USER_NOT_FOUND: LocaleText = {
  'zh-TW': '找不到用戶',
  'en-US': 'User not found',
  'zh-CN': '找不到用户',
  'th-TH': 'ไม่พบผู้ใช้',
  'vi-VN': 'Không tìm thấy người dùng',
};

export const VERIFICATION_CODE_WRONG: LocaleText = {
  'zh-TW': '驗證碼錯誤',
  'en-US': 'Incorrect verification code',
  'zh-CN': '验证码错误',
  'th-TH': 'รหัสยืนยันไม่ถูกต้อง',
  'vi-VN': 'Mã xác minh không đúng',
};

export const WRONG_ACCOUNT_OR_PASSWORD: LocaleText = {
  'zh-TW': '帳號或密碼錯誤',
  'en-US': 'Incorrect account or password',
  'zh-CN': '账号或密码错误',
  'th-TH': 'บัญชีหรือรหัสผ่านไม่ถูกต้อง',
  'vi-VN': 'Tài khoản hoặc mật khẩu không đúng',
};
