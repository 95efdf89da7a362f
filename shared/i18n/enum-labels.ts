import type { LocaleText } from './locales';

/** Login log actions; labels are served by GET /common/enums. */
export const LOGIN_LOG_ACTIONS = ['LOGIN', 'LOGOUT', 'LOGIN_FAIL', 'DEL', 'UNCAPTURED'] as const;
export type LoginLogAction = (typeof LOGIN_LOG_ACTIONS)[number];

export const LOGIN_LOG_ACTION_LABELS: Record<LoginLogAction, LocaleText> = {
  LOGIN: {
    'zh-TW': '登入',
    'zh-CN': '登录',
    'en-US': 'Log in',
    'th-TH': 'เข้าสู่ระบบ',
    'vi-VN': 'Đăng nhập',
  },
  LOGOUT: {
    'zh-TW': '登出',
    'zh-CN': '退出登录',
    'en-US': 'Log out',
    'th-TH': 'ออกจากระบบ',
    'vi-VN': 'Đăng xuất',
  },
  LOGIN_FAIL: {
    'zh-TW': '登入失敗',
    'zh-CN': '登录失败',
    'en-US': 'Login failed',
    'th-TH': 'เข้าสู่ระบบไม่สำเร็จ',
    'vi-VN': 'Đăng nhập thất bại',
  },
  DEL: {
    'zh-TW': '已刪除',
    'zh-CN': '已删除',
    'en-US': 'Deleted',
    'th-TH': 'ลบแล้ว',
    'vi-VN': 'Đã xóa',
  },
  UNCAPTURED: {
    'zh-TW': '未記錄',
    'zh-CN': '未记录',
    'en-US': 'Not recorded',
    'th-TH': 'ไม่ได้บันทึก',
    'vi-VN': 'Không được ghi nhận',
  },
};
