import type { LocaleText } from '../../i18n/locales';
import { declareRefusals } from '../refusals';
import { REFERRAL_CODE_NOT_FOUND, VERIFICATION_CODE_WRONG, WRONG_ACCOUNT_OR_PASSWORD } from '../common';

/** Texts the area answers for more than one refusal (or wording), written once. */
const noVerificationFound: LocaleText = {
  'zh-TW': '查無驗證資訊，請先發送驗證碼',
  'en-US': 'No verification found, please request a code first',
  'zh-CN': '没有验证信息，请先发送验证码',
  'th-TH': 'ไม่พบข้อมูลการยืนยัน กรุณาขอรหัสก่อน',
  'vi-VN': 'Không có thông tin xác minh, vui lòng gửi mã trước',
};
const incorrectVerificationCode: LocaleText = VERIFICATION_CODE_WRONG;
const failedToSendSms: LocaleText = {
  'zh-TW': '簡訊發送失敗',
  'en-US': 'Failed to send SMS',
  'zh-CN': '短信发送失败',
  'th-TH': 'ส่ง SMS ไม่สำเร็จ',
  'vi-VN': 'Gửi SMS thất bại',
};
const codeWrongOrExpired: LocaleText = {
  'zh-TW': '驗證碼錯誤或已過期',
  'en-US': 'Verification code is incorrect or expired',
  'zh-CN': '验证码错误或已过期',
  'th-TH': 'รหัสยืนยันไม่ถูกต้องหรือหมดอายุแล้ว',
  'vi-VN': 'Mã xác minh không đúng hoặc đã hết hạn',
};

/**
 * Why the auth area says no (shared/domain/refusals.ts): each name with its meaning and its message in
 * every locale; endpoints map the names to their numbers.
 */
export const authRefusals = declareRefusals('auth', {
  accountTaken: {
    means: 'the site already has this account name, as typed or as a look-alike',
    text: {
      'zh-TW': '帳號已存在',
      'en-US': 'Account already exists',
      'zh-CN': '账号已存在',
      'th-TH': 'บัญชีนี้มีอยู่แล้ว',
      'vi-VN': 'Tài khoản đã tồn tại',
    },
  },
  refCodeUnknown: {
    means: 'the refCode names no agent of the site',
    text: REFERRAL_CODE_NOT_FOUND,
  },
  credentialsWrong: {
    means: 'no such account, a wrong password, or an account without a password',
    text: WRONG_ACCOUNT_OR_PASSWORD,
  },
  accountClosed: {
    means: 'the player closed this account; it cannot be used again',
    text: {
      'zh-TW': '此帳號已關閉，無法再使用',
      'en-US': 'This account has been closed and cannot be used again',
      'zh-CN': '此账号已关闭，无法再使用',
      'th-TH': 'บัญชีนี้ถูกปิดแล้วและไม่สามารถใช้งานได้อีก',
      'vi-VN': 'Tài khoản này đã bị đóng và không thể sử dụng lại',
    },
  },
  closeBalanceLeft: {
    means: 'the account still holds cash: it is withdrawn first, through the normal withdrawal',
    text: {
      'zh-TW': '帳號仍有餘額，請先提款再關閉帳號',
      'en-US': 'Your account still holds a balance: withdraw it before closing the account',
      'zh-CN': '账号仍有余额，请先提款再关闭账号',
      'th-TH': 'บัญชียังมียอดเงินคงเหลือ กรุณาถอนเงินก่อนปิดบัญชี',
      'vi-VN': 'Tài khoản vẫn còn số dư: hãy rút tiền trước khi đóng tài khoản',
    },
  },
  closeUnconfirmed: {
    means: 'neither the password nor the authenticator code confirms the closure',
    text: {
      'zh-TW': '請以正確的密碼或驗證器代碼確認關閉帳號',
      'en-US': 'Confirm the closure with your correct password or authenticator code',
      'zh-CN': '请以正确的密码或验证器代码确认关闭账号',
      'th-TH': 'กรุณายืนยันการปิดบัญชีด้วยรหัสผ่านหรือรหัสยืนยันตัวตนที่ถูกต้อง',
      'vi-VN': 'Hãy xác nhận việc đóng tài khoản bằng mật khẩu hoặc mã xác thực đúng',
    },
  },
  currentPasswordWrong: {
    means: "the current password is not the account's",
    text: {
      'zh-TW': '目前密碼錯誤',
      'en-US': 'Current password is incorrect',
      'zh-CN': '当前密码错误',
      'th-TH': 'รหัสผ่านปัจจุบันไม่ถูกต้อง',
      'vi-VN': 'Mật khẩu hiện tại không đúng',
    },
  },
  passwordsDiffer: {
    means: 'the new password and its confirmation differ',
    text: {
      'zh-TW': '兩次輸入的密碼不一致',
      'en-US': 'Passwords do not match',
      'zh-CN': '两次输入的密码不一致',
      'th-TH': 'รหัสผ่านทั้งสองช่องไม่ตรงกัน',
      'vi-VN': 'Mật khẩu nhập lại không khớp',
    },
    wordings: {
      passwordCheck: {
        'zh-TW': '密碼驗證失敗：目前密碼錯誤或新密碼與確認密碼不一致',
        'en-US': 'Password check failed: wrong current password or passwords do not match',
        'zh-CN': '密码校验失败：当前密码错误或新密码与确认密码不一致',
        'th-TH': 'ตรวจสอบรหัสผ่านไม่ผ่าน: รหัสผ่านปัจจุบันผิดหรือรหัสผ่านใหม่ไม่ตรงกัน',
        'vi-VN': 'Kiểm tra mật khẩu thất bại: sai mật khẩu hiện tại hoặc mật khẩu mới không khớp',
      },
    },
  },
  passwordAlreadySet: {
    means: 'the account already has a password',
    text: {
      'zh-TW': '已設定過密碼',
      'en-US': 'Password already set',
      'zh-CN': '已设置过密码',
      'th-TH': 'ตั้งรหัสผ่านไว้แล้ว',
      'vi-VN': 'Mật khẩu đã được thiết lập',
    },
  },
  localeUnsupported: {
    means: 'not one of the supported locales',
    text: {
      'zh-TW': '不支援此語言',
      'en-US': 'Unsupported language',
      'zh-CN': '不支持该语言',
      'th-TH': 'ไม่รองรับภาษานี้',
      'vi-VN': 'Ngôn ngữ không được hỗ trợ',
    },
  },
  mascotUnknown: {
    means: 'no mascot of the site has this id',
    text: {
      'zh-TW': '無效的頭像',
      'en-US': 'Invalid avatar',
      'zh-CN': '无效的头像',
      'th-TH': 'อวาตาร์ไม่ถูกต้อง',
      'vi-VN': 'Ảnh đại diện không hợp lệ',
    },
  },
  emailTaken: {
    means: 'another account of the site uses the e-mail address',
    text: {
      'zh-TW': '此電子郵件已被其他帳號使用',
      'en-US': 'This email is already used by another account',
      'zh-CN': '该邮箱已被其他账号使用',
      'th-TH': 'อีเมลนี้ถูกใช้โดยบัญชีอื่นแล้ว',
      'vi-VN': 'Email này đã được tài khoản khác sử dụng',
    },
  },
  emailCodeMissing: {
    means: 'no e-mail verification code on record: never sent, or the pending address is gone',
    text: noVerificationFound,
  },
  emailNotPending: {
    means: 'the address is not the one the code was sent to',
    text: incorrectVerificationCode,
  },
  emailCodeWrong: {
    means: 'the e-mail verification code is not the one sent',
    text: incorrectVerificationCode,
  },
  mobileTaken: {
    means: 'another account of the site uses the mobile number',
    text: {
      'zh-TW': '此手機號碼已被其他帳號使用',
      'en-US': 'This mobile number is already used by another account',
      'zh-CN': '该手机号已被其他账号使用',
      'th-TH': 'หมายเลขโทรศัพท์นี้ถูกใช้โดยบัญชีอื่นแล้ว',
      'vi-VN': 'Số điện thoại này đã được tài khoản khác sử dụng',
    },
  },
  smsNotConfigured: {
    means: 'SMS verification is not configured: no code can be sent or checked',
    text: failedToSendSms,
    wordings: {
      check: codeWrongOrExpired,
    },
  },
  smsNotSent: {
    means: 'the SMS verification could not be started',
    text: failedToSendSms,
  },
  mobileCodeMissing: {
    means: 'no mobile verification on record: never sent, or replaced by a concurrent check or send',
    text: noVerificationFound,
  },
  mobileNotPending: {
    means: 'the number is not the one the code was sent to',
    text: codeWrongOrExpired,
  },
  mobileCodeWrong: {
    means: 'the SMS code is wrong or expired',
    text: codeWrongOrExpired,
  },
  totpNotGenerated: {
    means: 'no authenticator secret generated yet',
    text: {
      'zh-TW': '尚未產生驗證器金鑰',
      'en-US': 'Authenticator secret not generated yet',
      'zh-CN': '尚未生成验证器密钥',
      'th-TH': 'ยังไม่ได้สร้างรหัสลับสำหรับแอปยืนยันตัวตน',
      'vi-VN': 'Chưa tạo khóa bí mật cho ứng dụng xác thực',
    },
  },
  totpCodeWrong: {
    means: 'the 6-digit code is not valid for the current secret, or was already accepted once',
    text: {
      'zh-TW': '驗證器驗證碼錯誤或已使用過',
      'en-US': 'Authenticator code is incorrect or already used',
      'zh-CN': '验证器验证码错误或已使用过',
      'th-TH': 'รหัสจากแอปยืนยันตัวตนไม่ถูกต้องหรือถูกใช้ไปแล้ว',
      'vi-VN': 'Mã xác thực không đúng hoặc đã được sử dụng',
    },
    wordings: {
      sixDigits: {
        'zh-TW': '六位數驗證碼錯誤',
        'en-US': 'Incorrect 6-digit code',
        'zh-CN': '六位验证码错误',
        'th-TH': 'รหัส 6 หลักไม่ถูกต้อง',
        'vi-VN': 'Mã 6 chữ số không đúng',
      },
    },
  },
  totpRequired: {
    means: 'the account logs in with an authenticator code and none was sent',
    text: {
      'zh-TW': '請輸入驗證器的六位數驗證碼',
      'en-US': 'Enter the 6-digit code from your authenticator app',
      'zh-CN': '请输入验证器的六位验证码',
      'th-TH': 'กรุณากรอกรหัส 6 หลักจากแอปยืนยันตัวตน',
      'vi-VN': 'Vui lòng nhập mã 6 chữ số từ ứng dụng xác thực',
    },
  },
  totpLocked: {
    means: 'too many wrong authenticator codes in a row: code checks are refused for a while',
    text: {
      'zh-TW': '驗證碼錯誤次數過多，請稍後再試',
      'en-US': 'Too many incorrect authenticator codes, try again later',
      'zh-CN': '验证码错误次数过多，请稍后再试',
      'th-TH': 'กรอกรหัสยืนยันตัวตนผิดหลายครั้งเกินไป กรุณาลองใหม่ภายหลัง',
      'vi-VN': 'Nhập sai mã xác thực quá nhiều lần, vui lòng thử lại sau',
    },
  },
  totpNotEnabled: {
    means: 'the account has no authenticator enabled',
    text: {
      'zh-TW': '尚未啟用驗證器',
      'en-US': 'Authenticator is not enabled',
      'zh-CN': '尚未启用验证器',
      'th-TH': 'ยังไม่ได้เปิดใช้แอปยืนยันตัวตน',
      'vi-VN': 'Chưa bật ứng dụng xác thực',
    },
  },
  totpAlreadyEnabled: {
    means: 'the account already has an authenticator enabled: disable it first, with a code',
    text: {
      'zh-TW': '驗證器已啟用，請先停用',
      'en-US': 'Authenticator already enabled: disable it first',
      'zh-CN': '验证器已启用，请先停用',
      'th-TH': 'เปิดใช้แอปยืนยันตัวตนอยู่แล้ว กรุณาปิดก่อน',
      'vi-VN': 'Ứng dụng xác thực đã được bật, vui lòng tắt trước',
    },
  },
  oauthNotConfigured: {
    means: 'OAuth login is not configured',
    text: {
      'zh-TW': 'OAuth 登入尚未設定',
      'en-US': 'OAuth login is not configured',
      'zh-CN': 'OAuth 登录尚未配置',
      'th-TH': 'ยังไม่ได้ตั้งค่าการเข้าสู่ระบบ OAuth',
      'vi-VN': 'Đăng nhập OAuth chưa được cấu hình',
    },
  },
  oauthStateMalformed: {
    means: 'the OAuth state is not a signed state of the known format and version',
    text: {
      'zh-TW': '登入狀態參數格式無效',
      'en-US': 'Invalid login state format',
      'zh-CN': '登录状态参数格式无效',
      'th-TH': 'รูปแบบพารามิเตอร์ state ไม่ถูกต้อง',
      'vi-VN': 'Định dạng tham số state không hợp lệ',
    },
  },
  oauthStateSignatureWrong: {
    means: "the OAuth state's signature does not match",
    text: {
      'zh-TW': '登入狀態簽章驗證失敗',
      'en-US': 'Login state signature check failed',
      'zh-CN': '登录状态签名验证失败',
      'th-TH': 'ตรวจสอบลายเซ็นของ state ไม่ผ่าน',
      'vi-VN': 'Xác minh chữ ký state thất bại',
    },
  },
  oauthStateUnreadable: {
    means: "the OAuth state's payload is not a JSON object with an issue time",
    text: {
      'zh-TW': '登入狀態解碼失敗',
      'en-US': 'Failed to decode login state',
      'zh-CN': '登录状态解码失败',
      'th-TH': 'ถอดรหัส state ไม่สำเร็จ',
      'vi-VN': 'Giải mã state thất bại',
    },
  },
  oauthStateExpired: {
    means: 'the OAuth state is too old (or issued in the future)',
    text: {
      'zh-TW': '登入請求已逾時，請重新操作',
      'en-US': 'Login request expired, please try again',
      'zh-CN': '登录请求已过期，请重新操作',
      'th-TH': 'คำขอเข้าสู่ระบบหมดอายุ กรุณาลองใหม่',
      'vi-VN': 'Yêu cầu đăng nhập đã hết hạn, vui lòng thử lại',
    },
  },
  oauthStateNoVerifier: {
    means: 'the OAuth state carries no valid PKCE code verifier',
    text: {
      'zh-TW': '登入狀態缺少驗證參數',
      'en-US': 'Login state is missing the code verifier',
      'zh-CN': '登录状态缺少验证参数',
      'th-TH': 'state ไม่มี code verifier',
      'vi-VN': 'State thiếu code verifier',
    },
  },
  oauthExchangeFailed: {
    means: 'the provider refused the authorization code exchange',
    text: {
      'zh-TW': '向登入服務交換權杖失敗',
      'en-US': 'Token exchange with the login provider failed',
      'zh-CN': '向登录服务交换令牌失败',
      'th-TH': 'แลกโทเค็นกับผู้ให้บริการเข้าสู่ระบบไม่สำเร็จ',
      'vi-VN': 'Trao đổi token với nhà cung cấp đăng nhập thất bại',
    },
  },
  oauthIdTokenInvalid: {
    means: "the provider's id_token does not verify",
    text: {
      'zh-TW': '身分權杖無效',
      'en-US': 'Invalid ID token',
      'zh-CN': '身份令牌无效',
      'th-TH': 'ID token ไม่ถูกต้อง',
      'vi-VN': 'ID token không hợp lệ',
    },
  },
  oauthNoSubject: {
    means: 'the id_token names no subject',
    text: {
      'zh-TW': '身分權杖缺少使用者識別碼',
      'en-US': 'ID token is missing the user ID',
      'zh-CN': '身份令牌缺少用户标识',
      'th-TH': 'ID token ไม่มีรหัสผู้ใช้',
      'vi-VN': 'ID token thiếu mã người dùng',
    },
  },
  oauthBoundElsewhere: {
    means: 'another user of the site is bound to this OAuth identity',
    text: {
      'zh-TW': '此 OAuth 帳號已綁定其他用戶',
      'en-US': 'This OAuth account is already linked to another user',
      'zh-CN': '该 OAuth 账号已绑定其他用户',
      'th-TH': 'บัญชี OAuth นี้ผูกกับผู้ใช้อื่นแล้ว',
      'vi-VN': 'Tài khoản OAuth này đã được liên kết với người dùng khác',
    },
  },
  oauthEmailUsedElsewhere: {
    means: "another user of the site uses the OAuth account's e-mail",
    text: {
      'zh-TW': '此 OAuth 帳號的電子郵件已被其他用戶使用',
      'en-US': 'The email of this OAuth account is used by another user',
      'zh-CN': '该 OAuth 账号的邮箱已被其他用户使用',
      'th-TH': 'อีเมลของบัญชี OAuth นี้ถูกใช้โดยผู้ใช้อื่นแล้ว',
      'vi-VN': 'Email của tài khoản OAuth này đã được người dùng khác sử dụng',
    },
  },
  widgetNotConfigured: {
    means: 'messenger login is not configured',
    text: {
      'zh-TW': '通訊軟體登入尚未設定',
      'en-US': 'Messenger login is not configured',
      'zh-CN': '通讯软件登录尚未配置',
      'th-TH': 'ยังไม่ได้ตั้งค่าการเข้าสู่ระบบผ่านแอปแชท',
      'vi-VN': 'Đăng nhập qua ứng dụng nhắn tin chưa được cấu hình',
    },
  },
  widgetHashWrong: {
    means: "the widget data's hash does not verify",
    text: {
      'zh-TW': '登入資料驗證失敗',
      'en-US': 'Login data verification failed',
      'zh-CN': '登录数据验证失败',
      'th-TH': 'ตรวจสอบข้อมูลเข้าสู่ระบบไม่ผ่าน',
      'vi-VN': 'Xác minh dữ liệu đăng nhập thất bại',
    },
  },
  widgetAuthStale: {
    means: "the widget data's auth_date is too old",
    text: {
      'zh-TW': '登入資料已過期，請重新登入',
      'en-US': 'Login data expired, please log in again',
      'zh-CN': '登录数据已过期，请重新登录',
      'th-TH': 'ข้อมูลเข้าสู่ระบบหมดอายุ กรุณาเข้าสู่ระบบใหม่',
      'vi-VN': 'Dữ liệu đăng nhập đã hết hạn, vui lòng đăng nhập lại',
    },
    wordings: {
      bind: {
        'zh-TW': '授權資料已過期，請重試',
        'en-US': 'Authorization data expired, please try again',
        'zh-CN': '授权数据已过期，请重试',
        'th-TH': 'ข้อมูลการยืนยันหมดอายุ กรุณาลองใหม่',
        'vi-VN': 'Dữ liệu xác thực đã hết hạn, vui lòng thử lại',
      },
    },
  },
  widgetBoundElsewhere: {
    means: 'another user of the site is bound to this messenger account',
    text: {
      'zh-TW': '此通訊軟體帳號已綁定其他用戶',
      'en-US': 'This messenger account is already linked to another user',
      'zh-CN': '该通讯软件账号已绑定其他用户',
      'th-TH': 'บัญชีแอปแชทนี้ผูกกับผู้ใช้อื่นแล้ว',
      'vi-VN': 'Tài khoản nhắn tin này đã được liên kết với người dùng khác',
    },
  },
});

declare module '../refusals' {
  interface RefusalRegistry {
    auth: typeof authRefusals;
  }
}
