import { declareRefusals } from '../refusals';

/**
 * Why the inbox area says no (shared/domain/refusals.ts): each name with its meaning and its message in
 * every locale; endpoints map the names to their numbers.
 */
export const inboxRefusals = declareRefusals('inbox', {
  messageNotFound: {
    means: "no such message: not the player's (own or site-wide) or not of the site",
    text: {
      'zh-TW': '找不到訊息',
      'en-US': 'Message not found',
      'zh-CN': '找不到消息',
      'th-TH': 'ไม่พบข้อความ',
      'vi-VN': 'Không tìm thấy tin nhắn',
    },
  },
  playerNotFound: {
    means: "the message's player is not a player of the site",
    text: {
      'zh-TW': '找不到此網站的玩家',
      'en-US': 'Player not found on this site',
      'zh-CN': '找不到此网站的玩家',
      'th-TH': 'ไม่พบผู้เล่นในเว็บไซต์นี้',
      'vi-VN': 'Không tìm thấy người chơi trên trang này',
    },
  },
});

declare module '../refusals' {
  interface RefusalRegistry {
    inbox: typeof inboxRefusals;
  }
}
