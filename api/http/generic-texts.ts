import type { Locale, LocaleText } from '../../shared/i18n/locales';

/**
 * The texts of the HTTP statuses the edge answers itself (docs/architecture.md, "Errors and refusals"): the
 * message of an HttpError without its own detail, of a 500 and of an unknown route, the descriptions of the
 * API document's generic responses, and the `*` entry of ERROR_CODES (GET /common/enums). A refusal's
 * text is beside its name, in its area's shared/domain/<area>/refusals.ts.
 */
export const GENERIC_TEXTS = {
  400: {
    'zh-TW': '請求參數無效',
    'en-US': 'Invalid request',
    'zh-CN': '请求参数无效',
    'th-TH': 'คำขอไม่ถูกต้อง',
    'vi-VN': 'Yêu cầu không hợp lệ',
  },
  401: {
    'zh-TW': '未授權，請重新登入',
    'en-US': 'Unauthorized',
    'zh-CN': '未授权，请重新登录',
    'th-TH': 'ไม่ได้รับอนุญาต กรุณาเข้าสู่ระบบใหม่',
    'vi-VN': 'Chưa được xác thực, vui lòng đăng nhập lại',
  },
  403: {
    'zh-TW': '權限不足',
    'en-US': 'Permission denied',
    'zh-CN': '权限不足',
    'th-TH': 'ไม่มีสิทธิ์ดำเนินการ',
    'vi-VN': 'Không có quyền truy cập',
  },
  404: {
    'zh-TW': '找不到此路徑',
    'en-US': 'Route not found',
    'zh-CN': '找不到该路径',
    'th-TH': 'ไม่พบเส้นทางที่ร้องขอ',
    'vi-VN': 'Không tìm thấy đường dẫn',
  },
  405: {
    'zh-TW': '此路徑不支援該請求方法',
    'en-US': 'Method not allowed on this path',
    'zh-CN': '该路径不支持此请求方法',
    'th-TH': 'เส้นทางนี้ไม่รองรับเมธอดของคำขอ',
    'vi-VN': 'Đường dẫn này không hỗ trợ phương thức yêu cầu',
  },
  413: {
    'zh-TW': '請求內容過大',
    'en-US': 'Request body too large',
    'zh-CN': '请求内容过大',
    'th-TH': 'ข้อมูลคำขอมีขนาดใหญ่เกินไป',
    'vi-VN': 'Dữ liệu yêu cầu quá lớn',
  },
  429: {
    'zh-TW': '請求過於頻繁，請稍後再試',
    'en-US': 'Too many requests, try again later',
    'zh-CN': '请求过于频繁，请稍后再试',
    'th-TH': 'มีคำขอมากเกินไป กรุณาลองใหม่ภายหลัง',
    'vi-VN': 'Quá nhiều yêu cầu, vui lòng thử lại sau',
  },
  500: {
    'zh-TW': '伺服器內部錯誤',
    'en-US': 'Internal server error',
    'zh-CN': '服务器内部错误',
    'th-TH': 'เกิดข้อผิดพลาดภายในเซิร์ฟเวอร์',
    'vi-VN': 'Lỗi máy chủ nội bộ',
  },
  503: {
    'zh-TW': '服務暫時無法使用',
    'en-US': 'Service temporarily unavailable',
    'zh-CN': '服务暂时不可用',
    'th-TH': 'บริการไม่พร้อมใช้งานชั่วคราว',
    'vi-VN': 'Dịch vụ tạm thời không khả dụng',
  },
} as const satisfies Record<number, LocaleText>;

export type GenericStatus = keyof typeof GENERIC_TEXTS;

/** A status's text in a locale; undefined for a status without one (415). */
export function genericText(status: number, locale: Locale): string | undefined {
  return (GENERIC_TEXTS as Record<number, LocaleText | undefined>)[status]?.[locale];
}
