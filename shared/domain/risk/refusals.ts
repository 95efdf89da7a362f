import { declareRefusals } from '../refusals';
import { PLAYER_NOT_FOUND } from '../common';

/**
 * Why the linked-player rules say no (shared/domain/refusals.ts): each name with its meaning and its
 * message in every locale; endpoints map the names to their numbers.
 */
export const riskRefusals = declareRefusals('risk', {
  identityExcluded: {
    means: 'the e-mail, mobile or name and date of birth belongs to a person excluded from play in this group of sites',
    text: {
      'zh-TW': '此身分資料屬於已排除遊戲的玩家，無法使用',
      'en-US': 'These details belong to a person who is excluded from play, so they cannot be used',
      'zh-CN': '此身份资料属于已排除游戏的玩家，无法使用',
      'th-TH': 'ข้อมูลนี้เป็นของบุคคลที่ถูกแยกออกจากการเล่น จึงไม่สามารถใช้ได้',
      'vi-VN': 'Thông tin này thuộc về người đang bị loại trừ khỏi việc chơi nên không thể sử dụng',
    },
  },
  registerExcluded: {
    means: 'the national self-exclusion register lists the person',
    text: {
      'zh-TW': '您已登記於國家自我排除名單，無法開立或使用博弈帳號',
      'en-US': 'You are registered with the national self-exclusion scheme, so gambling accounts cannot be opened or used',
      'zh-CN': '您已登记于国家自我排除名单，无法开立或使用博彩账号',
      'th-TH': 'คุณลงทะเบียนในระบบแยกตัวเองระดับชาติ จึงไม่สามารถเปิดหรือใช้บัญชีพนันได้',
      'vi-VN': 'Bạn đã đăng ký trong chương trình tự loại trừ quốc gia nên không thể mở hoặc sử dụng tài khoản cá cược',
    },
  },
  registerUnavailable: {
    means: 'the national self-exclusion register did not answer and the site fails closed',
    text: {
      'zh-TW': '暫時無法查核國家自我排除名單，請稍後再試',
      'en-US': 'The national self-exclusion register cannot be checked right now; please try again later',
      'zh-CN': '暂时无法查核国家自我排除名单，请稍后再试',
      'th-TH': 'ไม่สามารถตรวจสอบทะเบียนการแยกตัวเองระดับชาติได้ในขณะนี้ กรุณาลองใหม่ภายหลัง',
      'vi-VN': 'Hiện không thể kiểm tra danh sách tự loại trừ quốc gia; vui lòng thử lại sau',
    },
  },
  offerTakenByLinked: {
    means: 'an account linked to this one already took the same offer, and the site gives one offer per person',
    text: {
      'zh-TW': '此優惠每人限領一次，已由關聯帳號領取',
      'en-US': 'This offer is one per person and a linked account has already taken it',
      'zh-CN': '此优惠每人限领一次，已由关联账号领取',
      'th-TH': 'ข้อเสนอนี้จำกัดหนึ่งครั้งต่อคน และบัญชีที่เชื่อมโยงได้รับไปแล้ว',
      'vi-VN': 'Ưu đãi này mỗi người một lần và một tài khoản liên kết đã nhận',
    },
  },
  playerNotFound: { means: 'no player with this id in the site', text: PLAYER_NOT_FOUND },
  linkNotFound: {
    means: 'the two accounts share no signal, so there is no link to decide',
    text: {
      'zh-TW': '這兩個帳號沒有關聯',
      'en-US': 'These two accounts are not linked',
      'zh-CN': '这两个账号没有关联',
      'th-TH': 'บัญชีทั้งสองนี้ไม่มีการเชื่อมโยงกัน',
      'vi-VN': 'Hai tài khoản này không có liên kết',
    },
  },
});

declare module '../refusals' {
  interface RefusalRegistry {
    risk: typeof riskRefusals;
  }
}
