import type { Locale } from './locales';

/** The welcome mail sent after registration, in each player locale: {site}, {name}, {account} are filled in. */
export interface WelcomeTexts {
  subject: (site: string) => string;
  greeting: (name: string) => string;
  ready: (site: string, account: string) => string;
  closing: string;
}

export const WELCOME_MAIL_TEXTS: Record<Locale, WelcomeTexts> = {
  'zh-TW': {
    subject: (s) => `歡迎加入 ${s}`,
    greeting: (n) => `${n} 您好：`,
    ready: (s, a) => `您在 ${s} 的帳號 ${a} 已建立完成，現在就可以登入開始遊戲。`,
    closing: '若這個帳號不是您註冊的，請聯絡客服。',
  },
  'zh-CN': {
    subject: (s) => `欢迎加入 ${s}`,
    greeting: (n) => `${n} 您好：`,
    ready: (s, a) => `您在 ${s} 的账号 ${a} 已创建完成，现在就可以登录开始游戏。`,
    closing: '如果这个账号不是您注册的，请联系客服。',
  },
  'en-US': {
    subject: (s) => `Welcome to ${s}`,
    greeting: (n) => `Hello ${n},`,
    ready: (s, a) => `Your account ${a} on ${s} is ready: you can log in and play now.`,
    closing: 'If you did not register this account, please contact customer service.',
  },
  'th-TH': {
    subject: (s) => `ยินดีต้อนรับสู่ ${s}`,
    greeting: (n) => `สวัสดีคุณ ${n}`,
    ready: (s, a) => `บัญชี ${a} ของคุณที่ ${s} พร้อมใช้งานแล้ว คุณสามารถเข้าสู่ระบบและเริ่มเล่นได้ทันที`,
    closing: 'หากคุณไม่ได้สมัครบัญชีนี้ โปรดติดต่อฝ่ายบริการลูกค้า',
  },
  'vi-VN': {
    subject: (s) => `Chào mừng bạn đến với ${s}`,
    greeting: (n) => `Xin chào ${n},`,
    ready: (s, a) => `Tài khoản ${a} của bạn tại ${s} đã sẵn sàng: bạn có thể đăng nhập và chơi ngay.`,
    closing: 'Nếu bạn không đăng ký tài khoản này, vui lòng liên hệ bộ phận chăm sóc khách hàng.',
  },
};
