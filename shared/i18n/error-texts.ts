import { jurisdictionErrorTexts } from './error-texts-jurisdictions';
import { responsibleGamingErrorTexts } from './error-texts-responsible-gaming';
import type { LocaleText } from './locales';

export interface ErrorText {
  path: string;
  code: number;
  text: LocaleText;
}

/**
 * Localized business-error texts by path and code.
 * Path templates exactly as Express would route them, with the /api prefix and :param placeholders.
 * Path '*' holds the generic, path-independent codes.
 */
export const ERROR_TEXTS: readonly ErrorText[] = [
  // Auth
  {
    path: '/api/auth/register',
    code: 2001,
    text: {
      'zh-TW': '帳號已存在',
      'zh-CN': '账号已存在',
      'en-US': 'Account already exists',
      'th-TH': 'บัญชีนี้มีอยู่แล้ว',
      'vi-VN': 'Tài khoản đã tồn tại',
    },
  },
  {
    path: '/api/auth/register',
    code: 2002,
    text: {
      'zh-TW': '推薦碼無效',
      'zh-CN': '推荐码无效',
      'en-US': 'Referral code not found',
      'th-TH': 'ไม่พบรหัสแนะนำ',
      'vi-VN': 'Mã giới thiệu không tồn tại',
    },
  },
  {
    path: '/api/auth/login',
    code: 2001,
    text: {
      'zh-TW': '帳號或密碼錯誤',
      'zh-CN': '账号或密码错误',
      'en-US': 'Incorrect account or password',
      'th-TH': 'บัญชีหรือรหัสผ่านไม่ถูกต้อง',
      'vi-VN': 'Tài khoản hoặc mật khẩu không đúng',
    },
  },
  {
    path: '/api/auth/send-verify-email',
    code: 2001,
    text: {
      'zh-TW': '此電子郵件已被其他帳號使用',
      'zh-CN': '该邮箱已被其他账号使用',
      'en-US': 'This email is already used by another account',
      'th-TH': 'อีเมลนี้ถูกใช้โดยบัญชีอื่นแล้ว',
      'vi-VN': 'Email này đã được tài khoản khác sử dụng',
    },
  },
  {
    path: '/api/auth/check-verify-email',
    code: 2001,
    text: {
      'zh-TW': '查無驗證資訊，請先發送驗證碼',
      'zh-CN': '没有验证信息，请先发送验证码',
      'en-US': 'No verification found, please request a code first',
      'th-TH': 'ไม่พบข้อมูลการยืนยัน กรุณาขอรหัสก่อน',
      'vi-VN': 'Không có thông tin xác minh, vui lòng gửi mã trước',
    },
  },
  {
    path: '/api/auth/check-verify-email',
    code: 2002,
    text: {
      'zh-TW': '驗證碼錯誤',
      'zh-CN': '验证码错误',
      'en-US': 'Incorrect verification code',
      'th-TH': 'รหัสยืนยันไม่ถูกต้อง',
      'vi-VN': 'Mã xác minh không đúng',
    },
  },
  {
    path: '/api/auth/send-verify-mobile',
    code: 2001,
    text: {
      'zh-TW': '此手機號碼已被其他帳號使用',
      'zh-CN': '该手机号已被其他账号使用',
      'en-US': 'This mobile number is already used by another account',
      'th-TH': 'หมายเลขโทรศัพท์นี้ถูกใช้โดยบัญชีอื่นแล้ว',
      'vi-VN': 'Số điện thoại này đã được tài khoản khác sử dụng',
    },
  },
  {
    path: '/api/auth/send-verify-mobile',
    code: 2002,
    text: {
      'zh-TW': '簡訊發送失敗',
      'zh-CN': '短信发送失败',
      'en-US': 'Failed to send SMS',
      'th-TH': 'ส่ง SMS ไม่สำเร็จ',
      'vi-VN': 'Gửi SMS thất bại',
    },
  },
  {
    path: '/api/auth/check-verify-mobile',
    code: 2001,
    text: {
      'zh-TW': '查無驗證資訊，請先發送驗證碼',
      'zh-CN': '没有验证信息，请先发送验证码',
      'en-US': 'No verification found, please request a code first',
      'th-TH': 'ไม่พบข้อมูลการยืนยัน กรุณาขอรหัสก่อน',
      'vi-VN': 'Không có thông tin xác minh, vui lòng gửi mã trước',
    },
  },
  {
    path: '/api/auth/check-verify-mobile',
    code: 2002,
    text: {
      'zh-TW': '驗證碼錯誤或已過期',
      'zh-CN': '验证码错误或已过期',
      'en-US': 'Verification code is incorrect or expired',
      'th-TH': 'รหัสยืนยันไม่ถูกต้องหรือหมดอายุแล้ว',
      'vi-VN': 'Mã xác minh không đúng hoặc đã hết hạn',
    },
  },
  {
    path: '/api/auth/enable-totp-auth',
    code: 2001,
    text: {
      'zh-TW': '尚未產生驗證器金鑰',
      'zh-CN': '尚未生成验证器密钥',
      'en-US': 'Authenticator secret not generated yet',
      'th-TH': 'ยังไม่ได้สร้างรหัสลับสำหรับแอปยืนยันตัวตน',
      'vi-VN': 'Chưa tạo khóa bí mật cho ứng dụng xác thực',
    },
  },
  {
    path: '/api/auth/enable-totp-auth',
    code: 2002,
    text: {
      'zh-TW': '六位數驗證碼錯誤',
      'zh-CN': '六位验证码错误',
      'en-US': 'Incorrect 6-digit code',
      'th-TH': 'รหัส 6 หลักไม่ถูกต้อง',
      'vi-VN': 'Mã 6 chữ số không đúng',
    },
  },
  {
    path: '/api/auth/edit-password',
    code: 2001,
    text: {
      'zh-TW': '目前密碼錯誤',
      'zh-CN': '当前密码错误',
      'en-US': 'Current password is incorrect',
      'th-TH': 'รหัสผ่านปัจจุบันไม่ถูกต้อง',
      'vi-VN': 'Mật khẩu hiện tại không đúng',
    },
  },
  {
    path: '/api/auth/edit-password',
    code: 2002,
    text: {
      'zh-TW': '密碼驗證失敗：目前密碼錯誤或新密碼與確認密碼不一致',
      'zh-CN': '密码校验失败：当前密码错误或新密码与确认密码不一致',
      'en-US': 'Password check failed: wrong current password or passwords do not match',
      'th-TH': 'ตรวจสอบรหัสผ่านไม่ผ่าน: รหัสผ่านปัจจุบันผิดหรือรหัสผ่านใหม่ไม่ตรงกัน',
      'vi-VN': 'Kiểm tra mật khẩu thất bại: sai mật khẩu hiện tại hoặc mật khẩu mới không khớp',
    },
  },
  {
    path: '/api/auth/set-password',
    code: 2002,
    text: {
      'zh-TW': '兩次輸入的密碼不一致',
      'zh-CN': '两次输入的密码不一致',
      'en-US': 'Passwords do not match',
      'th-TH': 'รหัสผ่านทั้งสองช่องไม่ตรงกัน',
      'vi-VN': 'Mật khẩu nhập lại không khớp',
    },
  },
  {
    path: '/api/auth/set-password',
    code: 2003,
    text: {
      'zh-TW': '已設定過密碼',
      'zh-CN': '已设置过密码',
      'en-US': 'Password already set',
      'th-TH': 'ตั้งรหัสผ่านไว้แล้ว',
      'vi-VN': 'Mật khẩu đã được thiết lập',
    },
  },
  {
    path: '/api/auth/login-config',
    code: 2001,
    text: {
      'zh-TW': 'OAuth 登入尚未設定',
      'zh-CN': 'OAuth 登录尚未配置',
      'en-US': 'OAuth login is not configured',
      'th-TH': 'ยังไม่ได้ตั้งค่าการเข้าสู่ระบบ OAuth',
      'vi-VN': 'Đăng nhập OAuth chưa được cấu hình',
    },
  },
  {
    path: '/api/auth/login-oauth',
    code: 2001,
    text: {
      'zh-TW': 'OAuth 登入尚未設定',
      'zh-CN': 'OAuth 登录尚未配置',
      'en-US': 'OAuth login is not configured',
      'th-TH': 'ยังไม่ได้ตั้งค่าการเข้าสู่ระบบ OAuth',
      'vi-VN': 'Đăng nhập OAuth chưa được cấu hình',
    },
  },
  {
    path: '/api/auth/login-oauth',
    code: 2002,
    text: {
      'zh-TW': '登入狀態參數格式無效',
      'zh-CN': '登录状态参数格式无效',
      'en-US': 'Invalid login state format',
      'th-TH': 'รูปแบบพารามิเตอร์ state ไม่ถูกต้อง',
      'vi-VN': 'Định dạng tham số state không hợp lệ',
    },
  },
  {
    path: '/api/auth/login-oauth',
    code: 2003,
    text: {
      'zh-TW': '登入狀態簽章驗證失敗',
      'zh-CN': '登录状态签名验证失败',
      'en-US': 'Login state signature check failed',
      'th-TH': 'ตรวจสอบลายเซ็นของ state ไม่ผ่าน',
      'vi-VN': 'Xác minh chữ ký state thất bại',
    },
  },
  {
    path: '/api/auth/login-oauth',
    code: 2004,
    text: {
      'zh-TW': '登入狀態解碼失敗',
      'zh-CN': '登录状态解码失败',
      'en-US': 'Failed to decode login state',
      'th-TH': 'ถอดรหัส state ไม่สำเร็จ',
      'vi-VN': 'Giải mã state thất bại',
    },
  },
  {
    path: '/api/auth/login-oauth',
    code: 2005,
    text: {
      'zh-TW': '登入請求已逾時，請重新操作',
      'zh-CN': '登录请求已过期，请重新操作',
      'en-US': 'Login request expired, please try again',
      'th-TH': 'คำขอเข้าสู่ระบบหมดอายุ กรุณาลองใหม่',
      'vi-VN': 'Yêu cầu đăng nhập đã hết hạn, vui lòng thử lại',
    },
  },
  {
    path: '/api/auth/login-oauth',
    code: 2006,
    text: {
      'zh-TW': '登入狀態缺少驗證參數',
      'zh-CN': '登录状态缺少验证参数',
      'en-US': 'Login state is missing the code verifier',
      'th-TH': 'state ไม่มี code verifier',
      'vi-VN': 'State thiếu code verifier',
    },
  },
  {
    path: '/api/auth/login-oauth',
    code: 2007,
    text: {
      'zh-TW': '向登入服務交換權杖失敗',
      'zh-CN': '向登录服务交换令牌失败',
      'en-US': 'Token exchange with the login provider failed',
      'th-TH': 'แลกโทเค็นกับผู้ให้บริการเข้าสู่ระบบไม่สำเร็จ',
      'vi-VN': 'Trao đổi token với nhà cung cấp đăng nhập thất bại',
    },
  },
  {
    path: '/api/auth/login-oauth',
    code: 2008,
    text: {
      'zh-TW': '身分權杖無效',
      'zh-CN': '身份令牌无效',
      'en-US': 'Invalid ID token',
      'th-TH': 'ID token ไม่ถูกต้อง',
      'vi-VN': 'ID token không hợp lệ',
    },
  },
  {
    path: '/api/auth/login-oauth',
    code: 2009,
    text: {
      'zh-TW': '身分權杖缺少使用者識別碼',
      'zh-CN': '身份令牌缺少用户标识',
      'en-US': 'ID token is missing the user ID',
      'th-TH': 'ID token ไม่มีรหัสผู้ใช้',
      'vi-VN': 'ID token thiếu mã người dùng',
    },
  },
  {
    path: '/api/auth/bind-oauth',
    code: 2001,
    text: {
      'zh-TW': 'OAuth 登入尚未設定',
      'zh-CN': 'OAuth 登录尚未配置',
      'en-US': 'OAuth login is not configured',
      'th-TH': 'ยังไม่ได้ตั้งค่าการเข้าสู่ระบบ OAuth',
      'vi-VN': 'Đăng nhập OAuth chưa được cấu hình',
    },
  },
  {
    path: '/api/auth/bind-oauth',
    code: 2002,
    text: {
      'zh-TW': '登入狀態參數格式無效',
      'zh-CN': '登录状态参数格式无效',
      'en-US': 'Invalid login state format',
      'th-TH': 'รูปแบบพารามิเตอร์ state ไม่ถูกต้อง',
      'vi-VN': 'Định dạng tham số state không hợp lệ',
    },
  },
  {
    path: '/api/auth/bind-oauth',
    code: 2003,
    text: {
      'zh-TW': '登入狀態簽章驗證失敗',
      'zh-CN': '登录状态签名验证失败',
      'en-US': 'Login state signature check failed',
      'th-TH': 'ตรวจสอบลายเซ็นของ state ไม่ผ่าน',
      'vi-VN': 'Xác minh chữ ký state thất bại',
    },
  },
  {
    path: '/api/auth/bind-oauth',
    code: 2004,
    text: {
      'zh-TW': '登入狀態解碼失敗',
      'zh-CN': '登录状态解码失败',
      'en-US': 'Failed to decode login state',
      'th-TH': 'ถอดรหัส state ไม่สำเร็จ',
      'vi-VN': 'Giải mã state thất bại',
    },
  },
  {
    path: '/api/auth/bind-oauth',
    code: 2005,
    text: {
      'zh-TW': '登入請求已逾時，請重新操作',
      'zh-CN': '登录请求已过期，请重新操作',
      'en-US': 'Login request expired, please try again',
      'th-TH': 'คำขอเข้าสู่ระบบหมดอายุ กรุณาลองใหม่',
      'vi-VN': 'Yêu cầu đăng nhập đã hết hạn, vui lòng thử lại',
    },
  },
  {
    path: '/api/auth/bind-oauth',
    code: 2006,
    text: {
      'zh-TW': '登入狀態缺少驗證參數',
      'zh-CN': '登录状态缺少验证参数',
      'en-US': 'Login state is missing the code verifier',
      'th-TH': 'state ไม่มี code verifier',
      'vi-VN': 'State thiếu code verifier',
    },
  },
  {
    path: '/api/auth/bind-oauth',
    code: 2007,
    text: {
      'zh-TW': '向登入服務交換權杖失敗',
      'zh-CN': '向登录服务交换令牌失败',
      'en-US': 'Token exchange with the login provider failed',
      'th-TH': 'แลกโทเค็นกับผู้ให้บริการเข้าสู่ระบบไม่สำเร็จ',
      'vi-VN': 'Trao đổi token với nhà cung cấp đăng nhập thất bại',
    },
  },
  {
    path: '/api/auth/bind-oauth',
    code: 2008,
    text: {
      'zh-TW': '身分權杖無效',
      'zh-CN': '身份令牌无效',
      'en-US': 'Invalid ID token',
      'th-TH': 'ID token ไม่ถูกต้อง',
      'vi-VN': 'ID token không hợp lệ',
    },
  },
  {
    path: '/api/auth/bind-oauth',
    code: 2009,
    text: {
      'zh-TW': '身分權杖缺少使用者識別碼',
      'zh-CN': '身份令牌缺少用户标识',
      'en-US': 'ID token is missing the user ID',
      'th-TH': 'ID token ไม่มีรหัสผู้ใช้',
      'vi-VN': 'ID token thiếu mã người dùng',
    },
  },
  {
    path: '/api/auth/bind-oauth',
    code: 2010,
    text: {
      'zh-TW': '此 OAuth 帳號已綁定其他用戶',
      'zh-CN': '该 OAuth 账号已绑定其他用户',
      'en-US': 'This OAuth account is already linked to another user',
      'th-TH': 'บัญชี OAuth นี้ผูกกับผู้ใช้อื่นแล้ว',
      'vi-VN': 'Tài khoản OAuth này đã được liên kết với người dùng khác',
    },
  },
  {
    path: '/api/auth/bind-oauth',
    code: 2011,
    text: {
      'zh-TW': '此 OAuth 帳號的電子郵件已被其他用戶使用',
      'zh-CN': '该 OAuth 账号的邮箱已被其他用户使用',
      'en-US': 'The email of this OAuth account is used by another user',
      'th-TH': 'อีเมลของบัญชี OAuth นี้ถูกใช้โดยผู้ใช้อื่นแล้ว',
      'vi-VN': 'Email của tài khoản OAuth này đã được người dùng khác sử dụng',
    },
  },
  {
    path: '/api/auth/login-widget',
    code: 2001,
    text: {
      'zh-TW': '通訊軟體登入尚未設定',
      'zh-CN': '通讯软件登录尚未配置',
      'en-US': 'Messenger login is not configured',
      'th-TH': 'ยังไม่ได้ตั้งค่าการเข้าสู่ระบบผ่านแอปแชท',
      'vi-VN': 'Đăng nhập qua ứng dụng nhắn tin chưa được cấu hình',
    },
  },
  {
    path: '/api/auth/login-widget',
    code: 2002,
    text: {
      'zh-TW': '登入資料驗證失敗',
      'zh-CN': '登录数据验证失败',
      'en-US': 'Login data verification failed',
      'th-TH': 'ตรวจสอบข้อมูลเข้าสู่ระบบไม่ผ่าน',
      'vi-VN': 'Xác minh dữ liệu đăng nhập thất bại',
    },
  },
  {
    path: '/api/auth/login-widget',
    code: 2003,
    text: {
      'zh-TW': '登入資料已過期，請重新登入',
      'zh-CN': '登录数据已过期，请重新登录',
      'en-US': 'Login data expired, please log in again',
      'th-TH': 'ข้อมูลเข้าสู่ระบบหมดอายุ กรุณาเข้าสู่ระบบใหม่',
      'vi-VN': 'Dữ liệu đăng nhập đã hết hạn, vui lòng đăng nhập lại',
    },
  },
  {
    path: '/api/auth/bind-widget',
    code: 2001,
    text: {
      'zh-TW': '通訊軟體登入尚未設定',
      'zh-CN': '通讯软件登录尚未配置',
      'en-US': 'Messenger login is not configured',
      'th-TH': 'ยังไม่ได้ตั้งค่าการเข้าสู่ระบบผ่านแอปแชท',
      'vi-VN': 'Đăng nhập qua ứng dụng nhắn tin chưa được cấu hình',
    },
  },
  {
    path: '/api/auth/bind-widget',
    code: 2002,
    text: {
      'zh-TW': '登入資料驗證失敗',
      'zh-CN': '登录数据验证失败',
      'en-US': 'Login data verification failed',
      'th-TH': 'ตรวจสอบข้อมูลเข้าสู่ระบบไม่ผ่าน',
      'vi-VN': 'Xác minh dữ liệu đăng nhập thất bại',
    },
  },
  {
    path: '/api/auth/bind-widget',
    code: 2003,
    text: {
      'zh-TW': '授權資料已過期，請重試',
      'zh-CN': '授权数据已过期，请重试',
      'en-US': 'Authorization data expired, please try again',
      'th-TH': 'ข้อมูลการยืนยันหมดอายุ กรุณาลองใหม่',
      'vi-VN': 'Dữ liệu xác thực đã hết hạn, vui lòng thử lại',
    },
  },
  {
    path: '/api/auth/bind-widget',
    code: 2010,
    text: {
      'zh-TW': '此通訊軟體帳號已綁定其他用戶',
      'zh-CN': '该通讯软件账号已绑定其他用户',
      'en-US': 'This messenger account is already linked to another user',
      'th-TH': 'บัญชีแอปแชทนี้ผูกกับผู้ใช้อื่นแล้ว',
      'vi-VN': 'Tài khoản nhắn tin này đã được liên kết với người dùng khác',
    },
  },
  {
    path: '/api/auth/locale',
    code: 2001,
    text: {
      'zh-TW': '不支援此語言',
      'zh-CN': '不支持该语言',
      'en-US': 'Unsupported language',
      'th-TH': 'ไม่รองรับภาษานี้',
      'vi-VN': 'Ngôn ngữ không được hỗ trợ',
    },
  },
  {
    path: '/api/auth/avatar',
    code: 2001,
    text: {
      'zh-TW': '無效的頭像',
      'zh-CN': '无效的头像',
      'en-US': 'Invalid avatar',
      'th-TH': 'อวาตาร์ไม่ถูกต้อง',
      'vi-VN': 'Ảnh đại diện không hợp lệ',
    },
  },

  // Game
  {
    path: '/api/game/launch',
    code: 5001,
    text: {
      'zh-TW': '找不到遊戲供應商',
      'zh-CN': '找不到游戏供应商',
      'en-US': 'Game provider not found',
      'th-TH': 'ไม่พบผู้ให้บริการเกม',
      'vi-VN': 'Không tìm thấy nhà cung cấp trò chơi',
    },
  },
  {
    path: '/api/game/launch',
    code: 5002,
    text: {
      'zh-TW': '遊戲供應商已停用',
      'zh-CN': '游戏供应商已停用',
      'en-US': 'Game provider is disabled',
      'th-TH': 'ผู้ให้บริการเกมถูกปิดใช้งาน',
      'vi-VN': 'Nhà cung cấp trò chơi đã bị vô hiệu hóa',
    },
  },
  {
    path: '/api/game/launch',
    code: 5003,
    text: {
      'zh-TW': '遊戲維護中',
      'zh-CN': '游戏维护中',
      'en-US': 'Game is under maintenance',
      'th-TH': 'เกมอยู่ระหว่างปิดปรับปรุง',
      'vi-VN': 'Trò chơi đang bảo trì',
    },
  },
  {
    path: '/api/game/launch',
    code: 5004,
    text: {
      'zh-TW': '遊戲供應商服務異常，請稍後再試',
      'zh-CN': '游戏供应商服务异常，请稍后再试',
      'en-US': 'Game provider error, please try again later',
      'th-TH': 'ผู้ให้บริการเกมขัดข้อง กรุณาลองใหม่ภายหลัง',
      'vi-VN': 'Nhà cung cấp trò chơi gặp lỗi, vui lòng thử lại sau',
    },
  },
  {
    path: '/api/game/launch',
    code: 5005,
    text: {
      'zh-TW': '遊戲供應商介面尚未設定',
      'zh-CN': '游戏供应商接口尚未配置',
      'en-US': 'Game provider API is not configured',
      'th-TH': 'ยังไม่ได้ตั้งค่า API ของผู้ให้บริการเกม',
      'vi-VN': 'API nhà cung cấp trò chơi chưa được cấu hình',
    },
  },
  {
    path: '/api/game/launch',
    code: 5010,
    text: {
      'zh-TW': '您已被限制進入此遊戲',
      'zh-CN': '您已被限制进入此游戏',
      'en-US': 'You are not allowed to play this game',
      'th-TH': 'คุณถูกจำกัดไม่ให้เล่นเกมนี้',
      'vi-VN': 'Bạn bị hạn chế chơi trò chơi này',
    },
  },
  {
    path: '/api/game/demo',
    code: 5001,
    text: {
      'zh-TW': '找不到遊戲供應商',
      'zh-CN': '找不到游戏供应商',
      'en-US': 'Game provider not found',
      'th-TH': 'ไม่พบผู้ให้บริการเกม',
      'vi-VN': 'Không tìm thấy nhà cung cấp trò chơi',
    },
  },
  {
    path: '/api/game/demo',
    code: 5006,
    text: {
      'zh-TW': '此遊戲不支援試玩',
      'zh-CN': '此游戏不支持试玩',
      'en-US': 'Demo mode is not available for this game',
      'th-TH': 'เกมนี้ไม่มีโหมดทดลองเล่น',
      'vi-VN': 'Trò chơi này không hỗ trợ chơi thử',
    },
  },
  {
    path: '/api/game/simulate',
    code: 5001,
    text: {
      'zh-TW': '找不到遊戲供應商',
      'zh-CN': '找不到游戏供应商',
      'en-US': 'Game provider not found',
      'th-TH': 'ไม่พบผู้ให้บริการเกม',
      'vi-VN': 'Không tìm thấy nhà cung cấp trò chơi',
    },
  },
  {
    path: '/api/game/simulate',
    code: 5010,
    text: {
      'zh-TW': '下注金額須介於 0.01 至 10000',
      'zh-CN': '下注金额须在 0.01 至 10000 之间',
      'en-US': 'Bet amount must be between 0.01 and 10000',
      'th-TH': 'จำนวนเงินเดิมพันต้องอยู่ระหว่าง 0.01 ถึง 10000',
      'vi-VN': 'Số tiền cược phải từ 0.01 đến 10000',
    },
  },
  {
    path: '/api/game/simulate',
    code: 5011,
    text: {
      'zh-TW': '餘額不足',
      'zh-CN': '余额不足',
      'en-US': 'Insufficient balance',
      'th-TH': 'ยอดเงินไม่เพียงพอ',
      'vi-VN': 'Số dư không đủ',
    },
  },
  {
    path: '/api/game/simulate',
    code: 5012,
    text: {
      'zh-TW': '您的公平性種子剛剛建立，請先查看其雜湊值再進行下一局',
      'zh-CN': '您的公平性种子刚刚创建，请先查看其哈希值再进行下一局',
      'en-US': 'Your fairness seed was only just made: check its hash, then play the next round',
      'th-TH': 'เพิ่งสร้างซีดความเป็นธรรมของคุณ โปรดตรวจสอบค่าแฮชก่อนเล่นรอบถัดไป',
      'vi-VN': 'Hạt giống công bằng của bạn vừa được tạo: hãy kiểm tra mã băm rồi chơi ván tiếp theo',
    },
  },
  {
    path: '/api/game/simulate',
    code: 2001,
    text: {
      'zh-TW': '找不到用戶',
      'zh-CN': '找不到用户',
      'en-US': 'User not found',
      'th-TH': 'ไม่พบผู้ใช้',
      'vi-VN': 'Không tìm thấy người dùng',
    },
  },
  {
    path: '/api/game/list',
    code: 5001,
    text: {
      'zh-TW': '找不到遊戲供應商',
      'zh-CN': '找不到游戏供应商',
      'en-US': 'Game provider not found',
      'th-TH': 'ไม่พบผู้ให้บริการเกม',
      'vi-VN': 'Không tìm thấy nhà cung cấp trò chơi',
    },
  },

  // Game administration (not in the spec)
  {
    path: '/api/game/admin/providers',
    code: 2001,
    text: {
      'zh-TW': '此站點已有該遊戲代碼',
      'zh-CN': '此站点已有该游戏代码',
      'en-US': 'This game code already exists in this site',
      'th-TH': 'รหัสเกมนี้มีอยู่แล้วในเว็บไซต์นี้',
      'vi-VN': 'Mã trò chơi này đã tồn tại trên trang',
    },
  },
  {
    path: '/api/game/admin/type-configs',
    code: 2001,
    text: {
      'zh-TW': '此站點已有該遊戲類型的設定',
      'zh-CN': '此站点已有该游戏类型的配置',
      'en-US': 'This site already has a configuration for this game type',
      'th-TH': 'เว็บไซต์นี้มีการตั้งค่าสำหรับประเภทเกมนี้แล้ว',
      'vi-VN': 'Trang đã có cấu hình cho loại trò chơi này',
    },
  },
  {
    path: '/api/game/admin/copy-site-data',
    code: 2001,
    text: {
      'zh-TW': '找不到該網站',
      'zh-CN': '找不到该网站',
      'en-US': 'Site not found',
      'th-TH': 'ไม่พบเว็บไซต์นี้',
      'vi-VN': 'Không tìm thấy trang web',
    },
  },

  // VIP
  {
    path: '/api/vip/levels',
    code: 2003,
    text: {
      'zh-TW': '此 VIP 等級已存在',
      'zh-CN': '该 VIP 等级已存在',
      'en-US': 'This VIP level already exists',
      'th-TH': 'ระดับ VIP นี้มีอยู่แล้ว',
      'vi-VN': 'Cấp VIP này đã tồn tại',
    },
  },
  {
    path: '/api/vip/levels/:id',
    code: 2001,
    text: {
      'zh-TW': '找不到 VIP 等級',
      'zh-CN': '找不到 VIP 等级',
      'en-US': 'VIP level not found',
      'th-TH': 'ไม่พบระดับ VIP',
      'vi-VN': 'Không tìm thấy cấp VIP',
    },
  },
  {
    path: '/api/vip/rebates',
    code: 2004,
    text: {
      'zh-TW': '此等級與遊戲類型的返水規則已存在',
      'zh-CN': '该等级与游戏类型的返水规则已存在',
      'en-US': 'A rebate rule already exists for this level and game type',
      'th-TH': 'มีกฎเงินคืนสำหรับระดับและประเภทเกมนี้แล้ว',
      'vi-VN': 'Quy tắc hoàn trả cho cấp và loại trò chơi này đã tồn tại',
    },
  },
  {
    path: '/api/vip/rebates/:id',
    code: 2002,
    text: {
      'zh-TW': '找不到返水規則',
      'zh-CN': '找不到返水规则',
      'en-US': 'Rebate rule not found',
      'th-TH': 'ไม่พบกฎเงินคืน',
      'vi-VN': 'Không tìm thấy quy tắc hoàn trả',
    },
  },
  {
    path: '/api/vip/users/:userId/hold',
    code: 2001,
    text: {
      'zh-TW': '找不到用戶',
      'zh-CN': '找不到用户',
      'en-US': 'User not found',
      'th-TH': 'ไม่พบผู้ใช้',
      'vi-VN': 'Không tìm thấy người dùng',
    },
  },
  {
    path: '/api/vip/users/:userId/hold',
    code: 2002,
    text: {
      'zh-TW': 'VIP 等級低於 5 級，無法保級',
      'zh-CN': 'VIP 等级低于 5 级，无法保级',
      'en-US': 'VIP level is below 5, hold not allowed',
      'th-TH': 'ระดับ VIP ต่ำกว่า 5 ไม่สามารถคงระดับได้',
      'vi-VN': 'Cấp VIP dưới 5, không thể giữ cấp',
    },
  },
  {
    path: '/api/vip/settlement/monthly-relegation',
    code: 2001,
    text: {
      'zh-TW': '該月份尚未結束，無法執行降級檢查',
      'zh-CN': '该月份尚未结束，无法执行降级检查',
      'en-US': 'The month is not over yet, relegation cannot run',
      'th-TH': 'เดือนนี้ยังไม่สิ้นสุด ไม่สามารถตรวจสอบการลดระดับได้',
      'vi-VN': 'Tháng chưa kết thúc, không thể chạy kiểm tra hạ cấp',
    },
  },
  {
    path: '/api/vip/settlement/monthly-relegation',
    code: 2002,
    text: {
      'zh-TW': '該月份的降級檢查已執行過',
      'zh-CN': '该月份的降级检查已执行过',
      'en-US': 'Relegation for this month has already run',
      'th-TH': 'การตรวจสอบการลดระดับของเดือนนี้ดำเนินการไปแล้ว',
      'vi-VN': 'Kiểm tra hạ cấp của tháng này đã được chạy',
    },
  },

  // Bet record
  {
    path: '/api/bet-record/:orderId/details',
    code: 2001,
    text: {
      'zh-TW': '找不到注單',
      'zh-CN': '找不到注单',
      'en-US': 'Bet order not found',
      'th-TH': 'ไม่พบรายการเดิมพัน',
      'vi-VN': 'Không tìm thấy đơn cược',
    },
  },

  // Mission
  {
    path: '/api/mission/:id/claim',
    code: 3001,
    text: {
      'zh-TW': '找不到任務',
      'zh-CN': '找不到任务',
      'en-US': 'Mission not found',
      'th-TH': 'ไม่พบภารกิจ',
      'vi-VN': 'Không tìm thấy nhiệm vụ',
    },
  },
  {
    path: '/api/mission/:id/claim',
    code: 3002,
    text: {
      'zh-TW': '本期已領取過獎勵',
      'zh-CN': '本期已领取过奖励',
      'en-US': 'Reward already claimed for this period',
      'th-TH': 'รับรางวัลของรอบนี้ไปแล้ว',
      'vi-VN': 'Đã nhận thưởng trong kỳ này',
    },
  },
  {
    path: '/api/mission/:id/claim',
    code: 3003,
    text: {
      'zh-TW': 'VIP 等級不足',
      'zh-CN': 'VIP 等级不足',
      'en-US': 'VIP level too low',
      'th-TH': 'ระดับ VIP ไม่เพียงพอ',
      'vi-VN': 'Cấp VIP chưa đủ',
    },
  },
  {
    path: '/api/mission/:id/claim',
    code: 3004,
    text: {
      'zh-TW': '尚未達成任務目標',
      'zh-CN': '尚未达成任务目标',
      'en-US': 'Mission target not reached yet',
      'th-TH': 'ยังไม่บรรลุเป้าหมายภารกิจ',
      'vi-VN': 'Chưa đạt mục tiêu nhiệm vụ',
    },
  },
  {
    path: '/api/mission/admin/missions',
    code: 2001,
    text: {
      'zh-TW': '此站點已有相同類別、週期與階層的任務',
      'zh-CN': '此站点已有相同类别、周期与层级的任务',
      'en-US': 'The site already has a mission for this category, period and tier',
      'th-TH': 'ไซต์นี้มีภารกิจของหมวดหมู่ รอบเวลา และระดับขั้นนี้อยู่แล้ว',
      'vi-VN': 'Trang đã có nhiệm vụ cho danh mục, chu kỳ và bậc này',
    },
  },
  {
    path: '/api/mission/admin/missions/:id',
    code: 2002,
    text: {
      'zh-TW': '此任務已有領取紀錄，無法刪除，請改為停用',
      'zh-CN': '该任务已有领取记录，无法删除，请改为停用',
      'en-US': 'The mission has claims and cannot be deleted; disable it instead',
      'th-TH': 'ภารกิจนี้มีการรับรางวัลแล้ว จึงลบไม่ได้ กรุณาปิดใช้งานแทน',
      'vi-VN': 'Nhiệm vụ đã có lượt nhận thưởng nên không thể xóa; hãy vô hiệu hóa thay vào đó',
    },
  },

  // Wallet
  {
    path: '/api/wallet/bank-card/add',
    code: 2001,
    text: {
      'zh-TW': '請上傳身分證正面照片',
      'zh-CN': '请上传身份证正面照片',
      'en-US': 'Please upload the front of your ID card',
      'th-TH': 'กรุณาอัปโหลดรูปบัตรประชาชนด้านหน้า',
      'vi-VN': 'Vui lòng tải lên ảnh mặt trước giấy tờ tùy thân',
    },
  },
  {
    path: '/api/wallet/bank-card/add',
    code: 2002,
    text: {
      'zh-TW': '請上傳身分證背面照片',
      'zh-CN': '请上传身份证背面照片',
      'en-US': 'Please upload the back of your ID card',
      'th-TH': 'กรุณาอัปโหลดรูปบัตรประชาชนด้านหลัง',
      'vi-VN': 'Vui lòng tải lên ảnh mặt sau giấy tờ tùy thân',
    },
  },
  {
    path: '/api/wallet/bank-card/add',
    code: 2003,
    text: {
      'zh-TW': '請上傳存摺封面照片',
      'zh-CN': '请上传存折封面照片',
      'en-US': 'Please upload the passbook cover',
      'th-TH': 'กรุณาอัปโหลดรูปหน้าสมุดบัญชีธนาคาร',
      'vi-VN': 'Vui lòng tải lên ảnh bìa sổ ngân hàng',
    },
  },
  {
    path: '/api/wallet/bank-card/add',
    code: 2004,
    text: {
      'zh-TW': '此銀行卡已存在',
      'zh-CN': '该银行卡已存在',
      'en-US': 'This bank card already exists',
      'th-TH': 'บัญชีธนาคารนี้มีอยู่แล้ว',
      'vi-VN': 'Thẻ ngân hàng này đã tồn tại',
    },
  },
  {
    path: '/api/wallet/bank-card/:id',
    code: 2001,
    text: {
      'zh-TW': '找不到銀行卡',
      'zh-CN': '找不到银行卡',
      'en-US': 'Bank card not found',
      'th-TH': 'ไม่พบบัญชีธนาคาร',
      'vi-VN': 'Không tìm thấy thẻ ngân hàng',
    },
  },
  {
    path: '/api/wallet/credit-card/add',
    code: 2001,
    text: {
      'zh-TW': '此信用卡已綁定',
      'zh-CN': '该信用卡已绑定',
      'en-US': 'This credit card is already linked',
      'th-TH': 'บัตรเครดิตนี้ผูกไว้แล้ว',
      'vi-VN': 'Thẻ tín dụng này đã được liên kết',
    },
  },
  {
    path: '/api/wallet/credit-card/:id',
    code: 2001,
    text: {
      'zh-TW': '找不到信用卡',
      'zh-CN': '找不到信用卡',
      'en-US': 'Credit card not found',
      'th-TH': 'ไม่พบบัตรเครดิต',
      'vi-VN': 'Không tìm thấy thẻ tín dụng',
    },
  },
  {
    path: '/api/wallet/crypto-address/add',
    code: 2001,
    text: {
      'zh-TW': '此加密貨幣地址已綁定',
      'zh-CN': '该加密货币地址已绑定',
      'en-US': 'This crypto address is already linked',
      'th-TH': 'ที่อยู่คริปโตนี้ผูกไว้แล้ว',
      'vi-VN': 'Địa chỉ tiền mã hóa này đã được liên kết',
    },
  },
  {
    path: '/api/wallet/crypto-address/:id',
    code: 2001,
    text: {
      'zh-TW': '找不到加密貨幣地址',
      'zh-CN': '找不到加密货币地址',
      'en-US': 'Crypto address not found',
      'th-TH': 'ไม่พบที่อยู่คริปโต',
      'vi-VN': 'Không tìm thấy địa chỉ tiền mã hóa',
    },
  },
  {
    path: '/api/wallet/admin/:kind/:id/review',
    code: 2001,
    text: {
      'zh-TW': '找不到此項目',
      'zh-CN': '找不到此项目',
      'en-US': 'Item not found',
      'th-TH': 'ไม่พบรายการนี้',
      'vi-VN': 'Không tìm thấy mục này',
    },
  },
  {
    path: '/api/wallet/admin/:kind/:id/review',
    code: 2002,
    text: {
      'zh-TW': '此項目已審核或已刪除，無法變更',
      'zh-CN': '此项目已审核或已删除，无法变更',
      'en-US': 'This item was already reviewed or deleted and cannot be changed',
      'th-TH': 'รายการนี้ได้รับการตรวจสอบหรือถูกลบแล้ว ไม่สามารถเปลี่ยนแปลงได้',
      'vi-VN': 'Mục này đã được duyệt hoặc đã bị xóa, không thể thay đổi',
    },
  },

  // Vendor
  {
    path: '/api/vendor/channels',
    code: 2001,
    text: {
      'zh-TW': '尚未分配支付通道群組',
      'zh-CN': '尚未分配支付通道组',
      'en-US': 'No payment channel group assigned',
      'th-TH': 'ยังไม่ได้กำหนดกลุ่มช่องทางชำระเงิน',
      'vi-VN': 'Chưa được gán nhóm kênh thanh toán',
    },
  },
  {
    path: '/api/vendor/channels',
    code: 2002,
    text: {
      'zh-TW': '支付通道群組不存在或已停用',
      'zh-CN': '支付通道组不存在或已停用',
      'en-US': 'Payment channel group not found or disabled',
      'th-TH': 'ไม่พบกลุ่มช่องทางชำระเงินหรือถูกปิดใช้งาน',
      'vi-VN': 'Nhóm kênh thanh toán không tồn tại hoặc đã bị vô hiệu hóa',
    },
  },
  {
    path: '/api/vendor/channels',
    code: 2003,
    text: {
      'zh-TW': '支付通道不存在或不在所屬群組中',
      'zh-CN': '支付通道不存在或不在所属组中',
      'en-US': 'Payment channel not found or not in your group',
      'th-TH': 'ไม่พบช่องทางชำระเงินหรือไม่อยู่ในกลุ่มของคุณ',
      'vi-VN': 'Kênh thanh toán không tồn tại hoặc không thuộc nhóm của bạn',
    },
  },
  {
    path: '/api/vendor/fiatvendor/add-atm',
    code: 2001,
    text: {
      'zh-TW': '目前沒有可用的支付通道',
      'zh-CN': '目前没有可用的支付通道',
      'en-US': 'No payment channel available',
      'th-TH': 'ไม่มีช่องทางชำระเงินที่ใช้งานได้',
      'vi-VN': 'Không có kênh thanh toán khả dụng',
    },
  },
  {
    path: '/api/vendor/fiatvendor/add-atm',
    code: 2002,
    text: {
      'zh-TW': '建立 ATM 訂單失敗',
      'zh-CN': '创建 ATM 订单失败',
      'en-US': 'Failed to create ATM order',
      'th-TH': 'สร้างรายการชำระเงินผ่าน ATM ไม่สำเร็จ',
      'vi-VN': 'Tạo đơn ATM thất bại',
    },
  },
  {
    path: '/api/vendor/fiatvendor/add-atm',
    code: 2003,
    text: {
      'zh-TW': 'ATM 訂單請求錯誤',
      'zh-CN': 'ATM 订单请求错误',
      'en-US': 'ATM order request error',
      'th-TH': 'คำขอรายการชำระเงินผ่าน ATM ผิดพลาด',
      'vi-VN': 'Lỗi yêu cầu đơn ATM',
    },
  },
  {
    path: '/api/vendor/fiatvendor/add-card',
    code: 2001,
    text: {
      'zh-TW': '目前沒有可用的支付通道',
      'zh-CN': '目前没有可用的支付通道',
      'en-US': 'No payment channel available',
      'th-TH': 'ไม่มีช่องทางชำระเงินที่ใช้งานได้',
      'vi-VN': 'Không có kênh thanh toán khả dụng',
    },
  },
  {
    path: '/api/vendor/fiatvendor/add-card',
    code: 2002,
    text: {
      'zh-TW': '建立刷卡訂單失敗',
      'zh-CN': '创建刷卡订单失败',
      'en-US': 'Failed to create card payment order',
      'th-TH': 'สร้างรายการชำระเงินด้วยบัตรไม่สำเร็จ',
      'vi-VN': 'Tạo đơn thanh toán thẻ thất bại',
    },
  },
  {
    path: '/api/vendor/fiatvendor/add-card',
    code: 2003,
    text: {
      'zh-TW': '刷卡訂單請求錯誤',
      'zh-CN': '刷卡订单请求错误',
      'en-US': 'Card payment order request error',
      'th-TH': 'คำขอรายการชำระเงินด้วยบัตรผิดพลาด',
      'vi-VN': 'Lỗi yêu cầu đơn thanh toán thẻ',
    },
  },
  {
    path: '/api/vendor/usdt/callback/pay',
    code: 2001,
    text: {
      'zh-TW': '目前沒有可用的 USDT 通道',
      'zh-CN': '目前没有可用的 USDT 通道',
      'en-US': 'No USDT channel available',
      'th-TH': 'ไม่มีช่องทาง USDT ที่ใช้งานได้',
      'vi-VN': 'Không có kênh USDT khả dụng',
    },
  },
  {
    path: '/api/vendor/usdt/callback/pay',
    code: 2002,
    text: {
      'zh-TW': '此通道尚未設定收款地址',
      'zh-CN': '该通道尚未配置收款地址',
      'en-US': 'This channel has no payment address',
      'th-TH': 'ช่องทางนี้ยังไม่มีที่อยู่รับชำระเงิน',
      'vi-VN': 'Kênh này chưa có địa chỉ nhận thanh toán',
    },
  },

  // Deposit
  {
    path: '/api/deposit/exchange-rate',
    code: 2001,
    text: {
      'zh-TW': '銀行代碼格式錯誤',
      'zh-CN': '银行代码格式错误',
      'en-US': 'Invalid bank code format',
      'th-TH': 'รูปแบบรหัสธนาคารไม่ถูกต้อง',
      'vi-VN': 'Định dạng mã ngân hàng không hợp lệ',
    },
  },
  {
    path: '/api/deposit/exchange-rate',
    code: 2002,
    text: {
      'zh-TW': '匯率解析失敗',
      'zh-CN': '汇率解析失败',
      'en-US': 'Failed to parse exchange rates',
      'th-TH': 'อ่านข้อมูลอัตราแลกเปลี่ยนไม่สำเร็จ',
      'vi-VN': 'Không thể phân tích tỷ giá',
    },
  },
  {
    path: '/api/deposit',
    code: 2001,
    text: {
      'zh-TW': '目前沒有可用的 USDT 通道',
      'zh-CN': '目前没有可用的 USDT 通道',
      'en-US': 'No USDT channel available',
      'th-TH': 'ไม่มีช่องทาง USDT ที่ใช้งานได้',
      'vi-VN': 'Không có kênh USDT khả dụng',
    },
  },
  {
    path: '/api/deposit',
    code: 2002,
    text: {
      'zh-TW': '此通道尚未設定收款地址',
      'zh-CN': '该通道尚未配置收款地址',
      'en-US': 'This channel has no payment address',
      'th-TH': 'ช่องทางนี้ยังไม่มีที่อยู่รับชำระเงิน',
      'vi-VN': 'Kênh này chưa có địa chỉ nhận thanh toán',
    },
  },
  {
    path: '/api/deposit',
    code: 2004,
    text: {
      'zh-TW': '不支援此付款方式',
      'zh-CN': '不支持该付款方式',
      'en-US': 'Payment method not supported',
      'th-TH': 'ไม่รองรับวิธีการชำระเงินนี้',
      'vi-VN': 'Phương thức thanh toán không được hỗ trợ',
    },
  },
  {
    path: '/api/deposit',
    code: 2005,
    text: {
      'zh-TW': '匯率換算失敗',
      'zh-CN': '汇率换算失败',
      'en-US': 'Currency conversion failed',
      'th-TH': 'แปลงสกุลเงินไม่สำเร็จ',
      'vi-VN': 'Quy đổi tỷ giá thất bại',
    },
  },
  {
    path: '/api/deposit',
    code: 2006,
    text: {
      'zh-TW': '此通道尚未開放',
      'zh-CN': '该通道尚未开放',
      'en-US': 'This channel is not available yet',
      'th-TH': 'ช่องทางนี้ยังไม่เปิดให้บริการ',
      'vi-VN': 'Kênh này chưa được mở',
    },
  },

  // A player's deposit order (docs/payments.md, "Where to pay an ATM order")
  {
    path: '/api/deposit/orders/:subOrder',
    code: 2001,
    text: {
      'zh-TW': '找不到存款訂單',
      'zh-CN': '找不到存款订单',
      'en-US': 'Deposit order not found',
      'th-TH': 'ไม่พบรายการฝากเงิน',
      'vi-VN': 'Không tìm thấy đơn nạp tiền',
    },
  },

  // Deposit operators (docs/payments.md)
  {
    path: '/api/deposit/admin/orders/:id/callbacks',
    code: 2001,
    text: {
      'zh-TW': '找不到存款訂單',
      'zh-CN': '找不到存款订单',
      'en-US': 'Deposit order not found',
      'th-TH': 'ไม่พบรายการฝากเงิน',
      'vi-VN': 'Không tìm thấy đơn nạp tiền',
    },
  },
  {
    path: '/api/deposit/admin/orders/:id/resolve',
    code: 2001,
    text: {
      'zh-TW': '找不到存款訂單',
      'zh-CN': '找不到存款订单',
      'en-US': 'Deposit order not found',
      'th-TH': 'ไม่พบรายการฝากเงิน',
      'vi-VN': 'Không tìm thấy đơn nạp tiền',
    },
  },
  {
    path: '/api/deposit/admin/orders/:id/resolve',
    code: 2002,
    text: {
      'zh-TW': '此訂單不需人工處理或已以其他方式處理',
      'zh-CN': '此订单无需人工处理或已以其他方式处理',
      'en-US': 'This order is not awaiting a resolution, or was resolved the other way',
      'th-TH': 'รายการนี้ไม่รอการตัดสินหรือได้รับการจัดการแล้วด้วยวิธีอื่น',
      'vi-VN': 'Đơn này không chờ xử lý hoặc đã được xử lý theo cách khác',
    },
  },

  // Promo
  {
    path: '/api/promo/:id',
    code: 2001,
    text: {
      'zh-TW': '找不到優惠活動',
      'zh-CN': '找不到优惠活动',
      'en-US': 'Promotion not found',
      'th-TH': 'ไม่พบโปรโมชั่น',
      'vi-VN': 'Không tìm thấy khuyến mãi',
    },
  },
  {
    path: '/api/promo/:id',
    code: 2002,
    text: {
      'zh-TW': '領取上限不可低於已領取的次數',
      'zh-CN': '领取上限不可低于已领取的次数',
      'en-US': 'The claim limit cannot be below the claims already made',
      'th-TH': 'จำนวนสิทธิ์รับสูงสุดต้องไม่น้อยกว่าจำนวนที่รับไปแล้ว',
      'vi-VN': 'Giới hạn lượt nhận không được thấp hơn số lượt đã nhận',
    },
  },
  {
    path: '/api/promo/:id/claim',
    code: 2001,
    text: {
      'zh-TW': '您已領取過此優惠',
      'zh-CN': '您已领取过此优惠',
      'en-US': 'You have already claimed this promotion',
      'th-TH': 'คุณรับโปรโมชั่นนี้ไปแล้ว',
      'vi-VN': 'Bạn đã nhận khuyến mãi này rồi',
    },
  },
  {
    path: '/api/promo/:id/claim',
    code: 2002,
    text: {
      'zh-TW': '優惠名額已滿',
      'zh-CN': '优惠名额已满',
      'en-US': 'This promotion is fully claimed',
      'th-TH': 'โปรโมชั่นนี้มีผู้รับครบแล้ว',
      'vi-VN': 'Khuyến mãi đã hết lượt nhận',
    },
  },
  {
    path: '/api/promo/:id/claim',
    code: 2003,
    text: {
      'zh-TW': '未符合領取條件',
      'zh-CN': '未符合领取条件',
      'en-US': 'You do not meet the claim conditions',
      'th-TH': 'คุณไม่ตรงตามเงื่อนไขการรับ',
      'vi-VN': 'Bạn chưa đủ điều kiện nhận',
    },
  },
  {
    path: '/api/promo/:id/claim',
    code: 2004,
    text: {
      'zh-TW': '優惠活動不存在或未在進行中',
      'zh-CN': '优惠活动不存在或未在进行中',
      'en-US': 'Promotion not found or not running',
      'th-TH': 'ไม่พบโปรโมชั่นหรือโปรโมชั่นไม่ได้อยู่ในช่วงเวลา',
      'vi-VN': 'Không tìm thấy khuyến mãi hoặc khuyến mãi không diễn ra',
    },
  },

  // Withdrawal
  {
    path: '/api/withdrawal/send-code',
    code: 2001,
    text: {
      'zh-TW': '電子郵件尚未驗證',
      'zh-CN': '邮箱尚未验证',
      'en-US': 'Email not verified',
      'th-TH': 'อีเมลยังไม่ได้รับการยืนยัน',
      'vi-VN': 'Email chưa được xác minh',
    },
  },
  {
    path: '/api/withdrawal/send-code',
    code: 2002,
    text: {
      'zh-TW': '手機號碼尚未驗證',
      'zh-CN': '手机号尚未验证',
      'en-US': 'Mobile number not verified',
      'th-TH': 'หมายเลขโทรศัพท์ยังไม่ได้รับการยืนยัน',
      'vi-VN': 'Số điện thoại chưa được xác minh',
    },
  },
  {
    path: '/api/withdrawal/request',
    code: 2001,
    text: {
      'zh-TW': '請先取得驗證碼',
      'zh-CN': '请先获取验证码',
      'en-US': 'Please request a verification code first',
      'th-TH': 'กรุณาขอรหัสยืนยันก่อน',
      'vi-VN': 'Vui lòng lấy mã xác minh trước',
    },
  },
  {
    path: '/api/withdrawal/request',
    code: 2002,
    text: {
      'zh-TW': '驗證碼錯誤',
      'zh-CN': '验证码错误',
      'en-US': 'Incorrect verification code',
      'th-TH': 'รหัสยืนยันไม่ถูกต้อง',
      'vi-VN': 'Mã xác minh không đúng',
    },
  },
  {
    path: '/api/withdrawal/request',
    code: 2003,
    text: {
      'zh-TW': '電子郵件尚未驗證',
      'zh-CN': '邮箱尚未验证',
      'en-US': 'Email not verified',
      'th-TH': 'อีเมลยังไม่ได้รับการยืนยัน',
      'vi-VN': 'Email chưa được xác minh',
    },
  },
  {
    path: '/api/withdrawal/request',
    code: 2004,
    text: {
      'zh-TW': '手機號碼尚未驗證',
      'zh-CN': '手机号尚未验证',
      'en-US': 'Mobile number not verified',
      'th-TH': 'หมายเลขโทรศัพท์ยังไม่ได้รับการยืนยัน',
      'vi-VN': 'Số điện thoại chưa được xác minh',
    },
  },
  {
    path: '/api/withdrawal/request',
    code: 2005,
    text: {
      'zh-TW': '提款地址不存在或未通過審核',
      'zh-CN': '提款地址不存在或未通过审核',
      'en-US': 'Withdrawal address not found or not approved',
      'th-TH': 'ไม่พบที่อยู่ถอนเงินหรือยังไม่ได้รับการอนุมัติ',
      'vi-VN': 'Địa chỉ rút tiền không tồn tại hoặc chưa được duyệt',
    },
  },
  {
    path: '/api/withdrawal/request',
    code: 2006,
    text: {
      'zh-TW': '金額必須大於 0',
      'zh-CN': '金额必须大于 0',
      'en-US': 'Amount must be greater than 0',
      'th-TH': 'จำนวนเงินต้องมากกว่า 0',
      'vi-VN': 'Số tiền phải lớn hơn 0',
    },
  },
  {
    path: '/api/withdrawal/request',
    code: 2007,
    text: {
      'zh-TW': '餘額不足',
      'zh-CN': '余额不足',
      'en-US': 'Insufficient balance',
      'th-TH': 'ยอดเงินไม่เพียงพอ',
      'vi-VN': 'Số dư không đủ',
    },
  },
  {
    path: '/api/withdrawal/request',
    code: 2008,
    text: {
      'zh-TW': '尚有優惠流水未完成',
      'zh-CN': '尚有优惠流水未完成',
      'en-US': 'Promotion turnover not completed',
      'th-TH': 'ยอดเทิร์นโอเวอร์ของโปรโมชั่นยังไม่ครบ',
      'vi-VN': 'Chưa hoàn thành doanh thu cược khuyến mãi',
    },
  },
  {
    path: '/api/withdrawal/request',
    code: 2009,
    text: {
      'zh-TW': '存款流水未達標',
      'zh-CN': '存款流水未达标',
      'en-US': 'Deposit turnover requirement not met',
      'th-TH': 'ยอดเทิร์นโอเวอร์จากการฝากเงินยังไม่ครบ',
      'vi-VN': 'Chưa đạt yêu cầu doanh thu cược tiền nạp',
    },
  },
  {
    path: '/api/withdrawal/admin/:id/review',
    code: 2001,
    text: {
      'zh-TW': '找不到提款單',
      'zh-CN': '找不到提款单',
      'en-US': 'Withdrawal not found',
      'th-TH': 'ไม่พบรายการถอนเงิน',
      'vi-VN': 'Không tìm thấy lệnh rút tiền',
    },
  },
  {
    path: '/api/withdrawal/admin/:id/review',
    code: 2002,
    text: {
      'zh-TW': '目前狀態無法審核',
      'zh-CN': '当前状态无法审核',
      'en-US': 'Cannot review in the current status',
      'th-TH': 'ไม่สามารถตรวจสอบได้ในสถานะปัจจุบัน',
      'vi-VN': 'Không thể duyệt ở trạng thái hiện tại',
    },
  },
  {
    path: '/api/withdrawal/admin/:id/complete',
    code: 2001,
    text: {
      'zh-TW': '找不到提款單',
      'zh-CN': '找不到提款单',
      'en-US': 'Withdrawal not found',
      'th-TH': 'ไม่พบรายการถอนเงิน',
      'vi-VN': 'Không tìm thấy lệnh rút tiền',
    },
  },
  {
    path: '/api/withdrawal/admin/:id/complete',
    code: 2002,
    text: {
      'zh-TW': '目前狀態無法完成出款',
      'zh-CN': '当前状态无法完成出款',
      'en-US': 'Cannot complete in the current status',
      'th-TH': 'ไม่สามารถทำรายการให้เสร็จสิ้นในสถานะปัจจุบัน',
      'vi-VN': 'Không thể hoàn tất ở trạng thái hiện tại',
    },
  },

  // Affiliate, agent endpoints
  {
    path: '/api/affiliate/track-click',
    code: 2001,
    text: {
      'zh-TW': '推薦碼無效',
      'zh-CN': '推荐码无效',
      'en-US': 'Referral code not found',
      'th-TH': 'ไม่พบรหัสแนะนำ',
      'vi-VN': 'Mã giới thiệu không tồn tại',
    },
  },
  {
    path: '/api/affiliate/dashboard',
    code: 2001,
    text: {
      'zh-TW': '您還不是代理',
      'zh-CN': '您还不是代理',
      'en-US': 'You are not an agent',
      'th-TH': 'คุณยังไม่ได้เป็นเอเจนต์',
      'vi-VN': 'Bạn chưa phải là đại lý',
    },
  },
  {
    path: '/api/affiliate/downline',
    code: 2001,
    text: {
      'zh-TW': '您還不是代理',
      'zh-CN': '您还不是代理',
      'en-US': 'You are not an agent',
      'th-TH': 'คุณยังไม่ได้เป็นเอเจนต์',
      'vi-VN': 'Bạn chưa phải là đại lý',
    },
  },
  {
    path: '/api/affiliate/commissions',
    code: 2001,
    text: {
      'zh-TW': '您還不是代理',
      'zh-CN': '您还不是代理',
      'en-US': 'You are not an agent',
      'th-TH': 'คุณยังไม่ได้เป็นเอเจนต์',
      'vi-VN': 'Bạn chưa phải là đại lý',
    },
  },
  {
    path: '/api/affiliate/settlements',
    code: 2001,
    text: {
      'zh-TW': '您還不是代理',
      'zh-CN': '您还不是代理',
      'en-US': 'You are not an agent',
      'th-TH': 'คุณยังไม่ได้เป็นเอเจนต์',
      'vi-VN': 'Bạn chưa phải là đại lý',
    },
  },
  {
    path: '/api/affiliate/promo-link',
    code: 2001,
    text: {
      'zh-TW': '您還不是代理',
      'zh-CN': '您还不是代理',
      'en-US': 'You are not an agent',
      'th-TH': 'คุณยังไม่ได้เป็นเอเจนต์',
      'vi-VN': 'Bạn chưa phải là đại lý',
    },
  },
  {
    path: '/api/affiliate/click-stats',
    code: 2001,
    text: {
      'zh-TW': '您還不是代理',
      'zh-CN': '您还不是代理',
      'en-US': 'You are not an agent',
      'th-TH': 'คุณยังไม่ได้เป็นเอเจนต์',
      'vi-VN': 'Bạn chưa phải là đại lý',
    },
  },
  {
    path: '/api/affiliate/settlements/:id',
    code: 2001,
    text: {
      'zh-TW': '找不到結算紀錄',
      'zh-CN': '找不到结算记录',
      'en-US': 'Settlement not found',
      'th-TH': 'ไม่พบรายการสรุปค่าคอมมิชชั่น',
      'vi-VN': 'Không tìm thấy bản quyết toán',
    },
  },
  {
    path: '/api/affiliate/balance',
    code: 2001,
    text: {
      'zh-TW': '您還不是代理',
      'zh-CN': '您还不是代理',
      'en-US': 'You are not an agent',
      'th-TH': 'คุณยังไม่ได้เป็นเอเจนต์',
      'vi-VN': 'Bạn chưa phải là đại lý',
    },
  },
  {
    path: '/api/affiliate/withdrawals',
    code: 2001,
    text: {
      'zh-TW': '您還不是代理',
      'zh-CN': '您还不是代理',
      'en-US': 'You are not an agent',
      'th-TH': 'คุณยังไม่ได้เป็นเอเจนต์',
      'vi-VN': 'Bạn chưa phải là đại lý',
    },
  },
  {
    path: '/api/affiliate/withdrawals/request',
    code: 2001,
    text: {
      'zh-TW': '金額必須大於 0',
      'zh-CN': '金额必须大于 0',
      'en-US': 'Amount must be greater than 0',
      'th-TH': 'จำนวนเงินต้องมากกว่า 0',
      'vi-VN': 'Số tiền phải lớn hơn 0',
    },
  },
  {
    path: '/api/affiliate/withdrawals/request',
    code: 2002,
    text: {
      'zh-TW': '提領方式無效或收款帳戶未通過審核',
      'zh-CN': '提现方式无效或收款账户未通过审核',
      'en-US': 'Invalid method or payout account not approved',
      'th-TH': 'วิธีถอนไม่ถูกต้องหรือบัญชีรับเงินยังไม่ได้รับการอนุมัติ',
      'vi-VN': 'Phương thức không hợp lệ hoặc tài khoản nhận chưa được duyệt',
    },
  },
  {
    path: '/api/affiliate/withdrawals/request',
    code: 2003,
    text: {
      'zh-TW': '提領冷卻中，請稍後再試',
      'zh-CN': '提现冷却中，请稍后再试',
      'en-US': 'Withdrawal cooldown in effect, please try again later',
      'th-TH': 'อยู่ในช่วงพักการถอน กรุณาลองใหม่ภายหลัง',
      'vi-VN': 'Đang trong thời gian chờ rút, vui lòng thử lại sau',
    },
  },
  {
    path: '/api/affiliate/withdrawals/request',
    code: 2004,
    text: {
      'zh-TW': '佣金餘額不足',
      'zh-CN': '佣金余额不足',
      'en-US': 'Insufficient commission balance',
      'th-TH': 'ยอดค่าคอมมิชชั่นไม่เพียงพอ',
      'vi-VN': 'Số dư hoa hồng không đủ',
    },
  },
  {
    path: '/api/affiliate/withdrawals/request',
    code: 2005,
    text: {
      'zh-TW': '您還不是代理',
      'zh-CN': '您还不是代理',
      'en-US': 'You are not an agent',
      'th-TH': 'คุณยังไม่ได้เป็นเอเจนต์',
      'vi-VN': 'Bạn chưa phải là đại lý',
    },
  },
  {
    path: '/api/affiliate/referral-codes',
    code: 2001,
    text: {
      'zh-TW': '您還不是代理',
      'zh-CN': '您还不是代理',
      'en-US': 'You are not an agent',
      'th-TH': 'คุณยังไม่ได้เป็นเอเจนต์',
      'vi-VN': 'Bạn chưa phải là đại lý',
    },
  },
  {
    path: '/api/affiliate/referral-codes',
    code: 2002,
    text: {
      'zh-TW': '此推薦碼已被使用',
      'zh-CN': '该推荐码已被使用',
      'en-US': 'This referral code is already in use',
      'th-TH': 'รหัสแนะนำนี้ถูกใช้แล้ว',
      'vi-VN': 'Mã giới thiệu này đã được sử dụng',
    },
  },
  {
    path: '/api/affiliate/referral-codes',
    code: 2003,
    text: {
      'zh-TW': '推薦碼數量已達上限 10 組',
      'zh-CN': '推荐码数量已达上限 10 个',
      'en-US': 'Referral code limit of 10 reached',
      'th-TH': 'รหัสแนะนำครบจำนวนสูงสุด 10 รหัสแล้ว',
      'vi-VN': 'Đã đạt giới hạn 10 mã giới thiệu',
    },
  },
  {
    path: '/api/affiliate/referral-codes',
    code: 2004,
    text: {
      'zh-TW': '推薦碼格式錯誤，須為 3 至 30 個英文字母或數字',
      'zh-CN': '推荐码格式错误，须为 3 至 30 位字母或数字',
      'en-US': 'Invalid code format: use 3 to 30 letters or digits',
      'th-TH': 'รูปแบบรหัสไม่ถูกต้อง ต้องเป็นตัวอักษรหรือตัวเลข 3 ถึง 30 ตัว',
      'vi-VN': 'Định dạng mã không hợp lệ: 3 đến 30 chữ cái hoặc chữ số',
    },
  },
  {
    path: '/api/affiliate/referral-codes/:id',
    code: 2001,
    text: {
      'zh-TW': '找不到推薦碼',
      'zh-CN': '找不到推荐码',
      'en-US': 'Referral code not found',
      'th-TH': 'ไม่พบรหัสแนะนำ',
      'vi-VN': 'Không tìm thấy mã giới thiệu',
    },
  },
  {
    path: '/api/affiliate/vip-milestones',
    code: 2001,
    text: {
      'zh-TW': '您還不是代理',
      'zh-CN': '您还不是代理',
      'en-US': 'You are not an agent',
      'th-TH': 'คุณยังไม่ได้เป็นเอเจนต์',
      'vi-VN': 'Bạn chưa phải là đại lý',
    },
  },
  {
    path: '/api/affiliate/tier-info',
    code: 2001,
    text: {
      'zh-TW': '您還不是代理',
      'zh-CN': '您还不是代理',
      'en-US': 'You are not an agent',
      'th-TH': 'คุณยังไม่ได้เป็นเอเจนต์',
      'vi-VN': 'Bạn chưa phải là đại lý',
    },
  },

  // Affiliate, administrator endpoints
  {
    path: '/api/affiliate/admin/create-agent',
    code: 2001,
    text: {
      'zh-TW': '找不到用戶',
      'zh-CN': '找不到用户',
      'en-US': 'User not found',
      'th-TH': 'ไม่พบผู้ใช้',
      'vi-VN': 'Không tìm thấy người dùng',
    },
  },
  {
    path: '/api/affiliate/admin/create-agent',
    code: 2002,
    text: {
      'zh-TW': '代理代碼已被使用',
      'zh-CN': '代理代码已被使用',
      'en-US': 'Agent code already in use',
      'th-TH': 'รหัสเอเจนต์นี้ถูกใช้แล้ว',
      'vi-VN': 'Mã đại lý đã được sử dụng',
    },
  },
  {
    path: '/api/affiliate/admin/create-agent',
    code: 2003,
    text: {
      'zh-TW': '此用戶已是代理',
      'zh-CN': '该用户已是代理',
      'en-US': 'User is already an agent',
      'th-TH': 'ผู้ใช้นี้เป็นเอเจนต์อยู่แล้ว',
      'vi-VN': 'Người dùng đã là đại lý',
    },
  },
  {
    path: '/api/affiliate/admin/settlements/:id/risk-logs',
    code: 2001,
    text: {
      'zh-TW': '找不到結算紀錄',
      'zh-CN': '找不到结算记录',
      'en-US': 'Settlement not found',
      'th-TH': 'ไม่พบรายการสรุปค่าคอมมิชชั่น',
      'vi-VN': 'Không tìm thấy bản quyết toán',
    },
  },
  {
    path: '/api/affiliate/admin/settlements/:id/review',
    code: 2001,
    text: {
      'zh-TW': '找不到結算紀錄',
      'zh-CN': '找不到结算记录',
      'en-US': 'Settlement not found',
      'th-TH': 'ไม่พบรายการสรุปค่าคอมมิชชั่น',
      'vi-VN': 'Không tìm thấy bản quyết toán',
    },
  },
  {
    path: '/api/affiliate/admin/settlements/:id/review',
    code: 2002,
    text: {
      'zh-TW': '此結算已審核',
      'zh-CN': '该结算已审核',
      'en-US': 'Settlement already reviewed',
      'th-TH': 'รายการสรุปนี้ได้รับการตรวจสอบแล้ว',
      'vi-VN': 'Bản quyết toán đã được duyệt',
    },
  },
  {
    path: '/api/affiliate/admin/withdrawals/:id/review',
    code: 2001,
    text: {
      'zh-TW': '找不到提領申請',
      'zh-CN': '找不到提现申请',
      'en-US': 'Withdrawal request not found',
      'th-TH': 'ไม่พบคำขอถอนเงิน',
      'vi-VN': 'Không tìm thấy yêu cầu rút tiền',
    },
  },
  {
    path: '/api/affiliate/admin/withdrawals/:id/review',
    code: 2002,
    text: {
      'zh-TW': '此提領申請已審核',
      'zh-CN': '该提现申请已审核',
      'en-US': 'Withdrawal request already reviewed',
      'th-TH': 'คำขอถอนเงินนี้ได้รับการตรวจสอบแล้ว',
      'vi-VN': 'Yêu cầu rút tiền đã được duyệt',
    },
  },
  {
    path: '/api/affiliate/admin/withdrawals/:id/complete',
    code: 2001,
    text: {
      'zh-TW': '找不到提領申請',
      'zh-CN': '找不到提现申请',
      'en-US': 'Withdrawal request not found',
      'th-TH': 'ไม่พบคำขอถอนเงิน',
      'vi-VN': 'Không tìm thấy yêu cầu rút tiền',
    },
  },
  {
    path: '/api/affiliate/admin/withdrawals/:id/complete',
    code: 2002,
    text: {
      'zh-TW': '僅已核准的提領可標記完成',
      'zh-CN': '仅已批准的提现可标记完成',
      'en-US': 'Only approved withdrawals can be completed',
      'th-TH': 'ทำรายการให้เสร็จสิ้นได้เฉพาะคำขอที่อนุมัติแล้ว',
      'vi-VN': 'Chỉ có thể hoàn tất yêu cầu đã được duyệt',
    },
  },
  {
    path: '/api/affiliate/admin/bind',
    code: 2001,
    text: {
      'zh-TW': '找不到會員',
      'zh-CN': '找不到会员',
      'en-US': 'Member not found',
      'th-TH': 'ไม่พบสมาชิก',
      'vi-VN': 'Không tìm thấy thành viên',
    },
  },
  {
    path: '/api/affiliate/admin/bind',
    code: 2002,
    text: {
      'zh-TW': '找不到代理',
      'zh-CN': '找不到代理',
      'en-US': 'Agent not found',
      'th-TH': 'ไม่พบเอเจนต์',
      'vi-VN': 'Không tìm thấy đại lý',
    },
  },
  {
    path: '/api/affiliate/admin/bind',
    code: 2003,
    text: {
      'zh-TW': '會員已綁定代理；如需更換代理請使用轉移',
      'zh-CN': '会员已绑定代理；如需更换代理请使用转移',
      'en-US': 'The member is already bound to an agent; use transfer to move it to another one',
      'th-TH': 'สมาชิกผูกกับเอเจนต์อยู่แล้ว หากต้องการเปลี่ยนเอเจนต์ให้ใช้การโอนย้าย',
      'vi-VN': 'Thành viên đã được gắn với đại lý; hãy dùng chuyển đại lý để chuyển sang đại lý khác',
    },
  },
  {
    path: '/api/affiliate/admin/bind',
    code: 2004,
    text: {
      'zh-TW': '會員沒有代理，或不是此代理',
      'zh-CN': '会员没有代理，或不是此代理',
      'en-US': 'The member has no agent, or not this one',
      'th-TH': 'สมาชิกไม่มีเอเจนต์ หรือไม่ได้อยู่กับเอเจนต์นี้',
      'vi-VN': 'Thành viên không có đại lý, hoặc không thuộc đại lý này',
    },
  },
  {
    path: '/api/affiliate/admin/commission-rates',
    code: 2001,
    text: {
      'zh-TW': '找不到代理等級',
      'zh-CN': '找不到代理等级',
      'en-US': 'Agent tier not found',
      'th-TH': 'ไม่พบระดับเอเจนต์',
      'vi-VN': 'Không tìm thấy cấp đại lý',
    },
  },
  {
    path: '/api/affiliate/admin/commission-rates',
    code: 2002,
    text: {
      'zh-TW': '代理層級須為 1 至 3',
      'zh-CN': '代理层级须为 1 至 3',
      'en-US': 'Agent level must be 1 to 3',
      'th-TH': 'ชั้นของเอเจนต์ต้องอยู่ระหว่าง 1 ถึง 3',
      'vi-VN': 'Tầng đại lý phải từ 1 đến 3',
    },
  },
  {
    path: '/api/affiliate/admin/commission-rates/:id',
    code: 2001,
    text: {
      'zh-TW': '找不到佣金比例',
      'zh-CN': '找不到佣金比例',
      'en-US': 'Commission rate not found',
      'th-TH': 'ไม่พบอัตราค่าคอมมิชชั่น',
      'vi-VN': 'Không tìm thấy tỷ lệ hoa hồng',
    },
  },
  {
    path: '/api/affiliate/admin/vip-milestones',
    code: 2001,
    text: {
      'zh-TW': 'VIP 等級須介於 2 至 15',
      'zh-CN': 'VIP 等级须在 2 至 15 之间',
      'en-US': 'VIP level must be between 2 and 15',
      'th-TH': 'ระดับ VIP ต้องอยู่ระหว่าง 2 ถึง 15',
      'vi-VN': 'Cấp VIP phải từ 2 đến 15',
    },
  },
  {
    path: '/api/affiliate/admin/vip-milestones/:id',
    code: 2001,
    text: {
      'zh-TW': '找不到 VIP 里程碑獎勵',
      'zh-CN': '找不到 VIP 里程碑奖励',
      'en-US': 'VIP milestone not found',
      'th-TH': 'ไม่พบรางวัลเป้าหมาย VIP',
      'vi-VN': 'Không tìm thấy mốc thưởng VIP',
    },
  },
  {
    path: '/api/affiliate/admin/agent-tiers/:id',
    code: 2001,
    text: {
      'zh-TW': '找不到代理等級',
      'zh-CN': '找不到代理等级',
      'en-US': 'Agent tier not found',
      'th-TH': 'ไม่พบระดับเอเจนต์',
      'vi-VN': 'Không tìm thấy cấp đại lý',
    },
  },
  {
    path: '/api/affiliate/admin/agent-tiers/:id',
    code: 2002,
    text: {
      'zh-TW': '此代理等級仍有代理使用中',
      'zh-CN': '该代理等级仍有代理在使用',
      'en-US': 'Agent tier is still in use by agents',
      'th-TH': 'ระดับเอเจนต์นี้ยังมีเอเจนต์ใช้งานอยู่',
      'vi-VN': 'Cấp đại lý này vẫn đang được đại lý sử dụng',
    },
  },
  {
    path: '/api/affiliate/admin/set-agent-tier',
    code: 2001,
    text: {
      'zh-TW': '找不到代理',
      'zh-CN': '找不到代理',
      'en-US': 'Agent not found',
      'th-TH': 'ไม่พบเอเจนต์',
      'vi-VN': 'Không tìm thấy đại lý',
    },
  },
  {
    path: '/api/affiliate/admin/set-agent-tier',
    code: 2002,
    text: {
      'zh-TW': '代理等級代碼不存在',
      'zh-CN': '代理等级代码不存在',
      'en-US': 'Agent tier code not found',
      'th-TH': 'ไม่พบรหัสระดับเอเจนต์',
      'vi-VN': 'Mã cấp đại lý không tồn tại',
    },
  },

  // Inbox
  {
    path: '/api/inbox/:id/read',
    code: 2001,
    text: {
      'zh-TW': '找不到訊息',
      'zh-CN': '找不到消息',
      'en-US': 'Message not found',
      'th-TH': 'ไม่พบข้อความ',
      'vi-VN': 'Không tìm thấy tin nhắn',
    },
  },
  {
    path: '/api/inbox/admin/:id',
    code: 2001,
    text: {
      'zh-TW': '找不到訊息',
      'zh-CN': '找不到消息',
      'en-US': 'Message not found',
      'th-TH': 'ไม่พบข้อความ',
      'vi-VN': 'Không tìm thấy tin nhắn',
    },
  },
  {
    path: '/api/inbox/admin/send',
    code: 2001,
    text: {
      'zh-TW': '找不到此網站的玩家',
      'zh-CN': '找不到此网站的玩家',
      'en-US': 'Player not found on this site',
      'th-TH': 'ไม่พบผู้เล่นในเว็บไซต์นี้',
      'vi-VN': 'Không tìm thấy người chơi trên trang này',
    },
  },

  // Site config
  {
    path: '/api/site-config',
    code: 2001,
    text: {
      'zh-TW': '找不到網站設定',
      'zh-CN': '找不到网站配置',
      'en-US': 'Site configuration not found',
      'th-TH': 'ไม่พบการตั้งค่าเว็บไซต์',
      'vi-VN': 'Không tìm thấy cấu hình trang web',
    },
  },
  {
    path: '/api/site-config/admin/:id',
    code: 2001,
    text: {
      'zh-TW': '找不到網站設定',
      'zh-CN': '找不到网站配置',
      'en-US': 'Site configuration not found',
      'th-TH': 'ไม่พบการตั้งค่าเว็บไซต์',
      'vi-VN': 'Không tìm thấy cấu hình trang web',
    },
  },
  {
    path: '/api/site-config/admin/:id',
    code: 2002,
    text: {
      'zh-TW': '找不到佈景主題',
      'zh-CN': '找不到主题',
      'en-US': 'Theme not found',
      'th-TH': 'ไม่พบธีม',
      'vi-VN': 'Không tìm thấy chủ đề giao diện',
    },
  },
  {
    path: '/api/site-config/admin/:siteConfigId/themes',
    code: 2001,
    text: {
      'zh-TW': '找不到網站設定',
      'zh-CN': '找不到网站配置',
      'en-US': 'Site configuration not found',
      'th-TH': 'ไม่พบการตั้งค่าเว็บไซต์',
      'vi-VN': 'Không tìm thấy cấu hình trang web',
    },
  },
  {
    path: '/api/site-config/admin/themes/:id',
    code: 2002,
    text: {
      'zh-TW': '找不到佈景主題',
      'zh-CN': '找不到主题',
      'en-US': 'Theme not found',
      'th-TH': 'ไม่พบธีม',
      'vi-VN': 'Không tìm thấy chủ đề giao diện',
    },
  },
  {
    path: '/api/site-config/admin',
    code: 2001,
    text: {
      'zh-TW': '找不到要複製的網站設定',
      'zh-CN': '找不到要复制的网站配置',
      'en-US': 'Site configuration to copy from not found',
      'th-TH': 'ไม่พบการตั้งค่าเว็บไซต์ที่จะคัดลอก',
      'vi-VN': 'Không tìm thấy cấu hình trang web để sao chép',
    },
  },
  {
    path: '/api/site-config/admin',
    code: 2003,
    text: {
      'zh-TW': '網站代碼已被使用',
      'zh-CN': '网站代码已被使用',
      'en-US': 'Site code already taken',
      'th-TH': 'รหัสเว็บไซต์นี้ถูกใช้แล้ว',
      'vi-VN': 'Mã trang web đã được sử dụng',
    },
  },
  {
    path: '/api/site-config/admin/:siteConfigId/themes',
    code: 2003,
    text: {
      'zh-TW': '佈景主題 ID 已存在',
      'zh-CN': '主题 ID 已存在',
      'en-US': 'Theme ID already exists in this site',
      'th-TH': 'รหัสธีมนี้มีอยู่แล้วในเว็บไซต์',
      'vi-VN': 'Mã chủ đề đã tồn tại trên trang này',
    },
  },
  {
    path: '/api/site-config/admin/themes/:id',
    code: 2003,
    text: {
      'zh-TW': '佈景主題 ID 已存在',
      'zh-CN': '主题 ID 已存在',
      'en-US': 'Theme ID already exists in this site',
      'th-TH': 'รหัสธีมนี้มีอยู่แล้วในเว็บไซต์',
      'vi-VN': 'Mã chủ đề đã tồn tại trên trang này',
    },
  },
  {
    path: '/api/site-config/admin/:siteConfigId/mascots',
    code: 2001,
    text: {
      'zh-TW': '找不到網站設定',
      'zh-CN': '找不到网站配置',
      'en-US': 'Site configuration not found',
      'th-TH': 'ไม่พบการตั้งค่าเว็บไซต์',
      'vi-VN': 'Không tìm thấy cấu hình trang web',
    },
  },

  // Admin
  {
    path: '/api/admin/login',
    code: 2001,
    text: {
      'zh-TW': '帳號或密碼錯誤',
      'zh-CN': '账号或密码错误',
      'en-US': 'Incorrect account or password',
      'th-TH': 'บัญชีหรือรหัสผ่านไม่ถูกต้อง',
      'vi-VN': 'Tài khoản hoặc mật khẩu không đúng',
    },
  },
  {
    path: '/api/admin/login',
    code: 2002,
    text: {
      'zh-TW': '帳號已停用',
      'zh-CN': '账号已停用',
      'en-US': 'Account is disabled',
      'th-TH': 'บัญชีถูกระงับการใช้งาน',
      'vi-VN': 'Tài khoản đã bị vô hiệu hóa',
    },
  },
  {
    path: '/api/admin/create',
    code: 2001,
    text: {
      'zh-TW': '管理員帳號已存在',
      'zh-CN': '管理员账号已存在',
      'en-US': 'Administrator account already exists',
      'th-TH': 'บัญชีผู้ดูแลระบบนี้มีอยู่แล้ว',
      'vi-VN': 'Tài khoản quản trị viên đã tồn tại',
    },
  },
  {
    path: '/api/admin/create',
    code: 2002,
    text: {
      'zh-TW': '找不到管理群組',
      'zh-CN': '找不到管理组',
      'en-US': 'Admin group not found',
      'th-TH': 'ไม่พบกลุ่มผู้ดูแลระบบ',
      'vi-VN': 'Không tìm thấy nhóm quản trị',
    },
  },
  {
    path: '/api/admin/create',
    code: 2003,
    text: {
      'zh-TW': '指定的站點中有不存在的站點',
      'zh-CN': '指定的站点中有不存在的站点',
      'en-US': 'One of the sites does not exist',
      'th-TH': 'มีไซต์ที่ระบุซึ่งไม่มีอยู่ในระบบ',
      'vi-VN': 'Một trong các trang được chỉ định không tồn tại',
    },
  },
  {
    path: '/api/admin/:id',
    code: 2001,
    text: {
      'zh-TW': '找不到管理員',
      'zh-CN': '找不到管理员',
      'en-US': 'Administrator not found',
      'th-TH': 'ไม่พบผู้ดูแลระบบ',
      'vi-VN': 'Không tìm thấy quản trị viên',
    },
  },
  {
    path: '/api/admin/:id',
    code: 2002,
    text: {
      'zh-TW': '無法刪除自己的帳號',
      'zh-CN': '无法删除自己的账号',
      'en-US': 'You cannot delete your own account',
      'th-TH': 'ไม่สามารถลบบัญชีของตัวเองได้',
      'vi-VN': 'Không thể xóa tài khoản của chính bạn',
    },
  },
  {
    path: '/api/admin/groups/:id',
    code: 2001,
    text: {
      'zh-TW': '找不到管理群組',
      'zh-CN': '找不到管理组',
      'en-US': 'Admin group not found',
      'th-TH': 'ไม่พบกลุ่มผู้ดูแลระบบ',
      'vi-VN': 'Không tìm thấy nhóm quản trị',
    },
  },
  {
    path: '/api/admin/groups/:id',
    code: 2002,
    text: {
      'zh-TW': '群組內仍有管理員，無法刪除',
      'zh-CN': '该组内仍有管理员，无法删除',
      'en-US': 'Group still has administrators and cannot be deleted',
      'th-TH': 'กลุ่มนี้ยังมีผู้ดูแลระบบอยู่ จึงลบไม่ได้',
      'vi-VN': 'Nhóm vẫn còn quản trị viên, không thể xóa',
    },
  },
  {
    path: '/api/admin/groups/create',
    code: 2003,
    text: {
      'zh-TW': '管理群組名稱已被使用',
      'zh-CN': '管理组名称已被使用',
      'en-US': 'An admin group with this name already exists',
      'th-TH': 'มีกลุ่มผู้ดูแลระบบที่ใช้ชื่อนี้อยู่แล้ว',
      'vi-VN': 'Đã có nhóm quản trị mang tên này',
    },
  },

  // Operators' player tools (not in the spec)
  {
    path: '/api/admin/users/:userId',
    code: 2001,
    text: {
      'zh-TW': '找不到玩家',
      'zh-CN': '找不到玩家',
      'en-US': 'User not found',
      'th-TH': 'ไม่พบผู้เล่น',
      'vi-VN': 'Không tìm thấy người chơi',
    },
  },
  {
    path: '/api/admin/users/:userId/ledger',
    code: 2001,
    text: {
      'zh-TW': '找不到玩家',
      'zh-CN': '找不到玩家',
      'en-US': 'User not found',
      'th-TH': 'ไม่พบผู้เล่น',
      'vi-VN': 'Không tìm thấy người chơi',
    },
  },
  {
    path: '/api/admin/users/:userId/balance-adjustments',
    code: 2001,
    text: {
      'zh-TW': '找不到玩家',
      'zh-CN': '找不到玩家',
      'en-US': 'User not found',
      'th-TH': 'ไม่พบผู้เล่น',
      'vi-VN': 'Không tìm thấy người chơi',
    },
  },
  {
    path: '/api/admin/users/:userId/balance-adjustments',
    code: 2002,
    text: {
      'zh-TW': '餘額不足，無法扣款',
      'zh-CN': '余额不足，无法扣款',
      'en-US': 'Insufficient balance for this debit',
      'th-TH': 'ยอดเงินไม่พอสำหรับการหักเงินนี้',
      'vi-VN': 'Số dư không đủ để trừ tiền',
    },
  },

  // Game blocks per player (not in the spec)
  {
    path: '/api/game/admin/user-blocks',
    code: 2001,
    text: {
      'zh-TW': '此站點找不到該玩家',
      'zh-CN': '此站点找不到该玩家',
      'en-US': 'No such player in this site',
      'th-TH': 'ไม่พบผู้เล่นนี้ในเว็บไซต์นี้',
      'vi-VN': 'Không có người chơi này trên trang',
    },
  },
  {
    path: '/api/game/admin/user-blocks',
    code: 2003,
    text: {
      'zh-TW': '此站點找不到該遊戲',
      'zh-CN': '此站点找不到该游戏',
      'en-US': 'No such game in this site',
      'th-TH': 'ไม่พบเกมนี้ในเว็บไซต์นี้',
      'vi-VN': 'Không có trò chơi này trên trang',
    },
  },
  {
    path: '/api/game/admin/user-blocks/:id',
    code: 2002,
    text: {
      'zh-TW': '找不到該封鎖紀錄',
      'zh-CN': '找不到该封锁记录',
      'en-US': 'Game block not found',
      'th-TH': 'ไม่พบรายการบล็อกเกมนี้',
      'vi-VN': 'Không tìm thấy lệnh chặn trò chơi',
    },
  },

  // Generic, path-independent codes (path '*')
  {
    path: '*',
    code: 400,
    text: {
      'zh-TW': '請求參數無效',
      'zh-CN': '请求参数无效',
      'en-US': 'Invalid request',
      'th-TH': 'คำขอไม่ถูกต้อง',
      'vi-VN': 'Yêu cầu không hợp lệ',
    },
  },
  {
    path: '*',
    code: 401,
    text: {
      'zh-TW': '未授權，請重新登入',
      'zh-CN': '未授权，请重新登录',
      'en-US': 'Unauthorized',
      'th-TH': 'ไม่ได้รับอนุญาต กรุณาเข้าสู่ระบบใหม่',
      'vi-VN': 'Chưa được xác thực, vui lòng đăng nhập lại',
    },
  },
  {
    path: '*',
    code: 403,
    text: {
      'zh-TW': '權限不足',
      'zh-CN': '权限不足',
      'en-US': 'Permission denied',
      'th-TH': 'ไม่มีสิทธิ์ดำเนินการ',
      'vi-VN': 'Không có quyền truy cập',
    },
  },
  {
    path: '*',
    code: 404,
    text: {
      'zh-TW': '找不到此路徑',
      'zh-CN': '找不到该路径',
      'en-US': 'Route not found',
      'th-TH': 'ไม่พบเส้นทางที่ร้องขอ',
      'vi-VN': 'Không tìm thấy đường dẫn',
    },
  },
  {
    path: '*',
    code: 405,
    text: {
      'zh-TW': '此路徑不支援該請求方法',
      'zh-CN': '该路径不支持此请求方法',
      'en-US': 'Method not allowed on this path',
      'th-TH': 'เส้นทางนี้ไม่รองรับเมธอดของคำขอ',
      'vi-VN': 'Đường dẫn này không hỗ trợ phương thức yêu cầu',
    },
  },
  {
    path: '*',
    code: 413,
    text: {
      'zh-TW': '請求內容過大',
      'zh-CN': '请求内容过大',
      'en-US': 'Request body too large',
      'th-TH': 'ข้อมูลคำขอมีขนาดใหญ่เกินไป',
      'vi-VN': 'Dữ liệu yêu cầu quá lớn',
    },
  },
  {
    path: '*',
    code: 429,
    text: {
      'zh-TW': '請求過於頻繁，請稍後再試',
      'zh-CN': '请求过于频繁，请稍后再试',
      'en-US': 'Too many requests, try again later',
      'th-TH': 'มีคำขอมากเกินไป กรุณาลองใหม่ภายหลัง',
      'vi-VN': 'Quá nhiều yêu cầu, vui lòng thử lại sau',
    },
  },
  {
    path: '*',
    code: 500,
    text: {
      'zh-TW': '伺服器內部錯誤',
      'zh-CN': '服务器内部错误',
      'en-US': 'Internal server error',
      'th-TH': 'เกิดข้อผิดพลาดภายในเซิร์ฟเวอร์',
      'vi-VN': 'Lỗi máy chủ nội bộ',
    },
  },
  {
    path: '*',
    code: 503,
    text: {
      'zh-TW': '服務暫時無法使用',
      'zh-CN': '服务暂时不可用',
      'en-US': 'Service temporarily unavailable',
      'th-TH': 'บริการไม่พร้อมใช้งานชั่วคราว',
      'vi-VN': 'Dịch vụ tạm thời không khả dụng',
    },
  },
  // Refusals whose numbers the contract leaves without a text: a site's configuration or an account that
  // disappeared meanwhile.
  {
    path: '/api/admin/profile',
    code: 2001,
    text: {
      'zh-TW': '管理員帳號不存在',
      'zh-CN': '管理员账号不存在',
      'en-US': 'Administrator not found',
      'th-TH': 'ไม่พบบัญชีผู้ดูแลระบบ',
      'vi-VN': 'Không tìm thấy quản trị viên',
    },
  },
  {
    path: '/api/vip/status',
    code: 2001,
    text: {
      'zh-TW': '用戶不存在',
      'zh-CN': '用户不存在',
      'en-US': 'User not found',
      'th-TH': 'ไม่พบผู้ใช้',
      'vi-VN': 'Không tìm thấy người dùng',
    },
  },
  {
    path: '/api/site-config/admin/themes/:id',
    code: 2001,
    text: {
      'zh-TW': '找不到此站點的設定',
      'zh-CN': '找不到此站点的配置',
      'en-US': 'Site configuration not found',
      'th-TH': 'ไม่พบการตั้งค่าของไซต์',
      'vi-VN': 'Không tìm thấy cấu hình trang',
    },
  },
  // Authenticator codes (docs/decisions/auth.md, "Authenticator codes at every login")
  ...totpErrorTexts(),
  // Payment channels through the API (docs/payments.md)
  ...paymentChannelErrorTexts(),
  // Know your customer (docs/kyc.md)
  ...kycErrorTexts(),
  // Player protection (docs/decisions/responsible-gaming.md, "Player protection: calendar periods, running totals, checked where the money moves")
  ...responsibleGamingErrorTexts(),
  ...jurisdictionErrorTexts(),
];

/** The authenticator's texts, one per meaning, under every path that answers it (declared after the table, hoisted). */
function totpErrorTexts(): ErrorText[] {
  const needed: LocaleText = {
    'zh-TW': '請輸入驗證器的六位數驗證碼',
    'zh-CN': '请输入验证器的六位验证码',
    'en-US': 'Enter the 6-digit code from your authenticator app',
    'th-TH': 'กรุณากรอกรหัส 6 หลักจากแอปยืนยันตัวตน',
    'vi-VN': 'Vui lòng nhập mã 6 chữ số từ ứng dụng xác thực',
  };
  const wrong: LocaleText = {
    'zh-TW': '驗證器驗證碼錯誤或已使用過',
    'zh-CN': '验证器验证码错误或已使用过',
    'en-US': 'Authenticator code is incorrect or already used',
    'th-TH': 'รหัสจากแอปยืนยันตัวตนไม่ถูกต้องหรือถูกใช้ไปแล้ว',
    'vi-VN': 'Mã xác thực không đúng hoặc đã được sử dụng',
  };
  const locked: LocaleText = {
    'zh-TW': '驗證碼錯誤次數過多，請稍後再試',
    'zh-CN': '验证码错误次数过多，请稍后再试',
    'en-US': 'Too many incorrect authenticator codes, try again later',
    'th-TH': 'กรอกรหัสยืนยันตัวตนผิดหลายครั้งเกินไป กรุณาลองใหม่ภายหลัง',
    'vi-VN': 'Nhập sai mã xác thực quá nhiều lần, vui lòng thử lại sau',
  };
  const notEnabled: LocaleText = {
    'zh-TW': '尚未啟用驗證器',
    'zh-CN': '尚未启用验证器',
    'en-US': 'Authenticator is not enabled',
    'th-TH': 'ยังไม่ได้เปิดใช้แอปยืนยันตัวตน',
    'vi-VN': 'Chưa bật ứng dụng xác thực',
  };
  const logins = ['/api/auth/login', '/api/auth/login-oauth', '/api/auth/login-widget', '/api/admin/login'];
  const checks = ['/api/auth/disable-totp-auth', '/api/admin/enable-totp-auth', '/api/admin/disable-totp-auth'];
  return [
    ...logins.flatMap((path) => [
      { path, code: 2020, text: needed },
      { path, code: 2021, text: wrong },
      { path, code: 2022, text: locked },
    ]),
    {
      path: '/api/admin/login',
      code: 2023,
      text: {
        'zh-TW': '所屬群組要求使用驗證器，請先設定驗證器',
        'zh-CN': '所属群组要求使用验证器，请先设置验证器',
        'en-US': 'Your group requires an authenticator: set one up first',
        'th-TH': 'กลุ่มของคุณกำหนดให้ใช้แอปยืนยันตัวตน กรุณาตั้งค่าก่อน',
        'vi-VN': 'Nhóm của bạn yêu cầu ứng dụng xác thực, vui lòng thiết lập trước',
      },
    },
    { path: '/api/auth/enable-totp-auth', code: 2003, text: locked },
    ...checks.flatMap((path) => [
      { path, code: 2002, text: wrong },
      { path, code: 2003, text: locked },
    ]),
    { path: '/api/auth/disable-totp-auth', code: 2001, text: notEnabled },
    { path: '/api/admin/disable-totp-auth', code: 2001, text: notEnabled },
    {
      path: '/api/admin/disable-totp-auth',
      code: 2004,
      text: {
        'zh-TW': '所屬群組要求使用驗證器，無法停用',
        'zh-CN': '所属群组要求使用验证器，无法停用',
        'en-US': 'Your group requires an authenticator: it cannot be disabled',
        'th-TH': 'กลุ่มของคุณกำหนดให้ใช้แอปยืนยันตัวตน จึงปิดไม่ได้',
        'vi-VN': 'Nhóm của bạn yêu cầu ứng dụng xác thực nên không thể tắt',
      },
    },
    {
      path: '/api/admin/generate-totp-auth',
      code: 2001,
      text: {
        'zh-TW': '驗證器已啟用，請先停用',
        'zh-CN': '验证器已启用，请先停用',
        'en-US': 'Authenticator already enabled: disable it first',
        'th-TH': 'เปิดใช้แอปยืนยันตัวตนอยู่แล้ว กรุณาปิดก่อน',
        'vi-VN': 'Ứng dụng xác thực đã được bật, vui lòng tắt trước',
      },
    },
    {
      path: '/api/admin/login-totp-setup',
      code: 2003,
      text: {
        'zh-TW': '無需在登入時設定驗證器',
        'zh-CN': '无需在登录时设置验证器',
        'en-US': 'No authenticator set-up needed at login',
        'th-TH': 'ไม่จำเป็นต้องตั้งค่าแอปยืนยันตัวตนขณะเข้าสู่ระบบ',
        'vi-VN': 'Không cần thiết lập ứng dụng xác thực khi đăng nhập',
      },
    },
  ];
}

/** The administrators' payment channel and group endpoints (declared after the table, hoisted). */
function paymentChannelErrorTexts(): ErrorText[] {
  const groupNotFound: LocaleText = {
    'zh-TW': '找不到此站點的支付通道群組',
    'zh-CN': '找不到此站点的支付通道组',
    'en-US': 'Payment channel group not found',
    'th-TH': 'ไม่พบกลุ่มช่องทางชำระเงินของไซต์นี้',
    'vi-VN': 'Không tìm thấy nhóm kênh thanh toán',
  };
  return [
    {
      path: '/api/vendor/admin/groups',
      code: 2002,
      text: {
        'zh-TW': '群組列出的通道不是此站點的支付通道',
        'zh-CN': '该组列出的通道不是此站点的支付通道',
        'en-US': 'A channel of the group is not a payment channel of the site',
        'th-TH': 'ช่องทางในกลุ่มไม่ใช่ช่องทางชำระเงินของไซต์นี้',
        'vi-VN': 'Một kênh của nhóm không phải là kênh thanh toán của trang',
      },
    },
    {
      path: '/api/vendor/admin/groups',
      code: 2003,
      text: {
        'zh-TW': '法幣通道的幣別與群組的幣別不同',
        'zh-CN': '法币通道的币种与该组的币种不同',
        'en-US': "A fiat channel of the group serves another currency than the group's",
        'th-TH': 'ช่องทางเงินตราในกลุ่มใช้สกุลเงินที่ต่างจากสกุลเงินของกลุ่ม',
        'vi-VN': 'Một kênh tiền pháp định của nhóm dùng loại tiền khác với loại tiền của nhóm',
      },
    },
    { path: '/api/vendor/admin/groups/:id', code: 2001, text: groupNotFound },
    {
      path: '/api/vendor/admin/channels',
      code: 2002,
      text: {
        'zh-TW': '此站點已有相同代碼的支付通道',
        'zh-CN': '此站点已有相同代码的支付通道',
        'en-US': 'The site has a payment channel with this key already',
        'th-TH': 'ไซต์นี้มีช่องทางชำระเงินที่ใช้คีย์นี้อยู่แล้ว',
        'vi-VN': 'Trang đã có kênh thanh toán với mã này',
      },
    },
    {
      path: '/api/vendor/admin/channels/:id',
      code: 2001,
      text: {
        'zh-TW': '找不到此站點的支付通道',
        'zh-CN': '找不到此站点的支付通道',
        'en-US': 'Payment channel not found',
        'th-TH': 'ไม่พบช่องทางชำระเงินของไซต์นี้',
        'vi-VN': 'Không tìm thấy kênh thanh toán',
      },
    },
    {
      path: '/api/vendor/admin/channels/:id',
      code: 2003,
      text: {
        'zh-TW': '有群組列出此通道且使用其他幣別，無法變更幣別',
        'zh-CN': '有组列出此通道且使用其他币种，无法更改币种',
        'en-US': 'A group that lists the channel serves another currency',
        'th-TH': 'มีกลุ่มที่มีช่องทางนี้อยู่และใช้สกุลเงินอื่น จึงเปลี่ยนสกุลเงินไม่ได้',
        'vi-VN': 'Một nhóm có chứa kênh này đang dùng loại tiền khác',
      },
    },
    {
      path: '/api/vendor/admin/users/:id/group',
      code: 2001,
      text: {
        'zh-TW': '找不到此站點的玩家',
        'zh-CN': '找不到此站点的玩家',
        'en-US': 'Player not found',
        'th-TH': 'ไม่พบผู้เล่นของไซต์นี้',
        'vi-VN': 'Không tìm thấy người chơi',
      },
    },
    { path: '/api/vendor/admin/users/:id/group', code: 2002, text: groupNotFound },
    {
      path: '/api/vendor/admin/users/:id/group',
      code: 2003,
      text: {
        'zh-TW': '支付通道群組已停用',
        'zh-CN': '支付通道组已停用',
        'en-US': 'Payment channel group is disabled',
        'th-TH': 'กลุ่มช่องทางชำระเงินถูกปิดใช้งาน',
        'vi-VN': 'Nhóm kênh thanh toán đã bị vô hiệu hóa',
      },
    },
  ];
}

/** The KYC texts: its own endpoints, and the gates' numbers under POST /deposit (docs/kyc.md). */
function kycErrorTexts(): ErrorText[] {
  return [
    {
      path: '/api/kyc/profile',
      code: 2001,
      text: {
        'zh-TW': '未達本站的最低年齡限制',
        'zh-CN': '未达到本站的最低年龄要求',
        'en-US': 'You are below the minimum age of this site',
        'th-TH': 'อายุของคุณต่ำกว่าอายุขั้นต่ำของเว็บไซต์นี้',
        'vi-VN': 'Bạn chưa đủ độ tuổi tối thiểu của trang này',
      },
    },
    {
      path: '/api/kyc/profile',
      code: 2002,
      text: {
        'zh-TW': '證件審核中或已通過，無法修改個人資料',
        'zh-CN': '证件审核中或已通过，无法修改个人资料',
        'en-US': 'The profile cannot change while a document is pending or approved',
        'th-TH': 'ไม่สามารถแก้ไขข้อมูลได้ขณะที่เอกสารกำลังตรวจสอบหรือได้รับการอนุมัติแล้ว',
        'vi-VN': 'Không thể thay đổi hồ sơ khi có giấy tờ đang chờ duyệt hoặc đã được duyệt',
      },
    },
    {
      path: '/api/kyc/documents',
      code: 2001,
      text: {
        'zh-TW': '此類文件已在審核中',
        'zh-CN': '此类文件已在审核中',
        'en-US': 'A document of this kind is already waiting for review',
        'th-TH': 'มีเอกสารประเภทนี้รอการตรวจสอบอยู่แล้ว',
        'vi-VN': 'Đã có giấy tờ loại này đang chờ duyệt',
      },
    },
    {
      path: '/api/kyc/documents/:id/file',
      code: 2001,
      text: {
        'zh-TW': '找不到文件',
        'zh-CN': '找不到文件',
        'en-US': 'Document not found',
        'th-TH': 'ไม่พบเอกสาร',
        'vi-VN': 'Không tìm thấy giấy tờ',
      },
    },
    {
      path: '/api/kyc/admin/documents/:id/review',
      code: 2002,
      text: {
        'zh-TW': '此文件已審核',
        'zh-CN': '此文件已审核',
        'en-US': 'This document was already reviewed',
        'th-TH': 'เอกสารนี้ได้รับการตรวจสอบแล้ว',
        'vi-VN': 'Giấy tờ này đã được duyệt',
      },
    },
    {
      path: '/api/deposit',
      code: 2301,
      text: {
        'zh-TW': '需完成身分驗證第 2 級（證件與自拍照審核通過）',
        'zh-CN': '需完成身份验证第 2 级（证件与自拍照审核通过）',
        'en-US': 'Identity verification level 2 is required (identity document and selfie approved)',
        'th-TH': 'ต้องยืนยันตัวตนระดับ 2 (เอกสารยืนยันตัวตนและเซลฟี่ได้รับการอนุมัติ)',
        'vi-VN': 'Cần xác minh danh tính cấp 2 (giấy tờ tùy thân và ảnh chân dung được duyệt)',
      },
    },
    {
      path: '/api/deposit',
      code: 2302,
      text: {
        'zh-TW': '需完成身分驗證第 3 級（地址證明審核通過）',
        'zh-CN': '需完成身份验证第 3 级（地址证明审核通过）',
        'en-US': 'Identity verification level 3 is required (proof of address approved)',
        'th-TH': 'ต้องยืนยันตัวตนระดับ 3 (หลักฐานที่อยู่ได้รับการอนุมัติ)',
        'vi-VN': 'Cần xác minh danh tính cấp 3 (giấy tờ chứng minh địa chỉ được duyệt)',
      },
    },
    {
      path: '/api/deposit',
      code: 2303,
      text: {
        'zh-TW': '帳戶已凍結：提供的出生日期未達本站最低年齡，在客服審核前不可存款、投注或領取優惠',
        'zh-CN': '账户已冻结：提供的出生日期未达本站最低年龄，在客服审核前不可存款、投注或领取优惠',
        'en-US': "The account is frozen: the date of birth given is below the site's minimum age; deposits, bets and promotion claims are refused until an operator decides",
        'th-TH': 'บัญชีถูกระงับ: วันเกิดที่ให้ไว้ต่ำกว่าอายุขั้นต่ำของเว็บไซต์ ไม่สามารถฝากเงิน เดิมพัน หรือรับโปรโมชั่นได้จนกว่าเจ้าหน้าที่จะตัดสิน',
        'vi-VN': 'Tài khoản bị đóng băng: ngày sinh đã khai dưới độ tuổi tối thiểu của trang; không thể nạp tiền, đặt cược hay nhận khuyến mãi cho đến khi nhân viên quyết định',
      },
    },
    {
      path: '/api/kyc/documents',
      code: 2002,
      text: {
        'zh-TW': '請先填寫身分資料再上傳文件',
        'zh-CN': '请先填写身份资料再上传文件',
        'en-US': 'Complete the profile before uploading documents',
        'th-TH': 'กรุณากรอกข้อมูลส่วนตัวก่อนอัปโหลดเอกสาร',
        'vi-VN': 'Vui lòng hoàn tất hồ sơ trước khi tải giấy tờ lên',
      },
    },
    {
      path: '/api/kyc/admin/flags/:id/decision',
      code: 2001,
      text: {
        'zh-TW': '找不到此標記',
        'zh-CN': '找不到此标记',
        'en-US': 'No such flag',
        'th-TH': 'ไม่พบการแจ้งเตือนนี้',
        'vi-VN': 'Không tìm thấy cờ này',
      },
    },
    {
      path: '/api/kyc/admin/flags/:id/decision',
      code: 2002,
      text: {
        'zh-TW': '此標記已處理',
        'zh-CN': '此标记已处理',
        'en-US': 'This flag was already decided',
        'th-TH': 'การแจ้งเตือนนี้ได้รับการตัดสินแล้ว',
        'vi-VN': 'Cờ này đã được xử lý',
      },
    },
  ];
}
