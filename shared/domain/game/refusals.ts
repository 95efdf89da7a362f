import type { LocaleText } from '../../i18n/locales';
import { declareRefusals } from '../refusals';
import { BALANCE_TOO_LOW, USER_NOT_FOUND } from '../common';

/** Texts the area answers for more than one refusal (or wording), written once. */
const gameProviderNotFound: LocaleText = {
  'zh-TW': '找不到遊戲供應商',
  'en-US': 'Game provider not found',
  'zh-CN': '找不到游戏供应商',
  'th-TH': 'ไม่พบผู้ให้บริการเกม',
  'vi-VN': 'Không tìm thấy nhà cung cấp trò chơi',
};
const betAmountRange: LocaleText = {
  'zh-TW': '下注金額須介於 0.01 至 10000',
  'en-US': 'Bet amount must be between 0.01 and 10000',
  'zh-CN': '下注金额须在 0.01 至 10000 之间',
  'th-TH': 'จำนวนเงินเดิมพันต้องอยู่ระหว่าง 0.01 ถึง 10000',
  'vi-VN': 'Số tiền cược phải từ 0.01 đến 10000',
};

/**
 * Why the game area says no (shared/domain/refusals.ts): each name with its meaning and its message in
 * every locale; endpoints map the names to their numbers.
 */
export const gameRefusals = declareRefusals('game', {
  notFound: {
    means: 'no such game in the site',
    text: gameProviderNotFound,
    wordings: {
      noSuchGame: {
        'zh-TW': '此站點找不到該遊戲',
        'en-US': 'No such game in this site',
        'zh-CN': '此站点找不到该游戏',
        'th-TH': 'ไม่พบเกมนี้ในเว็บไซต์นี้',
        'vi-VN': 'Không có trò chơi này trên trang',
      },
    },
  },
  disabled: {
    means: 'the game is disabled',
    text: {
      'zh-TW': '遊戲供應商已停用',
      'en-US': 'Game provider is disabled',
      'zh-CN': '游戏供应商已停用',
      'th-TH': 'ผู้ให้บริการเกมถูกปิดใช้งาน',
      'vi-VN': 'Nhà cung cấp trò chơi đã bị vô hiệu hóa',
    },
    wordings: {
      asNotFound: gameProviderNotFound,
    },
  },
  underMaintenance: {
    means: 'the game is under maintenance',
    text: {
      'zh-TW': '遊戲維護中',
      'en-US': 'Game is under maintenance',
      'zh-CN': '游戏维护中',
      'th-TH': 'เกมอยู่ระหว่างปิดปรับปรุง',
      'vi-VN': 'Trò chơi đang bảo trì',
    },
  },
  playerBlocked: {
    means: 'a game block of the player covers the game (risk check)',
    text: {
      'zh-TW': '您已被限制進入此遊戲',
      'en-US': 'You are not allowed to play this game',
      'zh-CN': '您已被限制进入此游戏',
      'th-TH': 'คุณถูกจำกัดไม่ให้เล่นเกมนี้',
      'vi-VN': 'Bạn bị hạn chế chơi trò chơi này',
    },
  },
  providerNotConfigured: {
    means: "the provider's API is not configured, or the project has no integration for the provider",
    text: {
      'zh-TW': '遊戲供應商介面尚未設定',
      'en-US': 'Game provider API is not configured',
      'zh-CN': '游戏供应商接口尚未配置',
      'th-TH': 'ยังไม่ได้ตั้งค่า API ของผู้ให้บริการเกม',
      'vi-VN': 'API nhà cung cấp trò chơi chưa được cấu hình',
    },
  },
  providerFailed: {
    means: 'the provider refused, failed or did not answer in time',
    text: {
      'zh-TW': '遊戲供應商服務異常，請稍後再試',
      'en-US': 'Game provider error, please try again later',
      'zh-CN': '游戏供应商服务异常，请稍后再试',
      'th-TH': 'ผู้ให้บริการเกมขัดข้อง กรุณาลองใหม่ภายหลัง',
      'vi-VN': 'Nhà cung cấp trò chơi gặp lỗi, vui lòng thử lại sau',
    },
  },
  demoUnavailable: {
    means: 'demo mode is only for provy slot games',
    text: {
      'zh-TW': '此遊戲不支援試玩',
      'en-US': 'Demo mode is not available for this game',
      'zh-CN': '此游戏不支持试玩',
      'th-TH': 'เกมนี้ไม่มีโหมดทดลองเล่น',
      'vi-VN': 'Trò chơi này không hỗ trợ chơi thử',
    },
  },
  betInvalid: {
    means: 'betAmount must be a number with at most 6 decimals from 0.01 to 10000',
    text: betAmountRange,
  },
  winTooLarge: {
    means: 'the win would take the balance past what it can hold',
    text: betAmountRange,
  },
  balanceTooLow: {
    means: 'the balance does not cover the bet',
    text: BALANCE_TOO_LOW,
  },
  seedsNotCommitted: {
    means: 'the player had no server seed: one was made now, and its hash is shown (GET /game/fairness) before any round is drawn with it',
    text: {
      'zh-TW': '您的公平性種子剛剛建立，請先查看其雜湊值再進行下一局',
      'en-US': 'Your fairness seed was only just made: check its hash, then play the next round',
      'zh-CN': '您的公平性种子刚刚创建，请先查看其哈希值再进行下一局',
      'th-TH': 'เพิ่งสร้างซีดความเป็นธรรมของคุณ โปรดตรวจสอบค่าแฮชก่อนเล่นรอบถัดไป',
      'vi-VN': 'Hạt giống công bằng của bạn vừa được tạo: hãy kiểm tra mã băm rồi chơi ván tiếp theo',
    },
  },
  playerNotFound: {
    means: 'no such player in the site',
    text: USER_NOT_FOUND,
    wordings: {
      noSuchPlayer: {
        'zh-TW': '此站點找不到該玩家',
        'en-US': 'No such player in this site',
        'zh-CN': '此站点找不到该玩家',
        'th-TH': 'ไม่พบผู้เล่นนี้ในเว็บไซต์นี้',
        'vi-VN': 'Không có người chơi này trên trang',
      },
    },
  },
  blockNotFound: {
    means: 'no such game block in the site',
    text: {
      'zh-TW': '找不到該封鎖紀錄',
      'en-US': 'Game block not found',
      'zh-CN': '找不到该封锁记录',
      'th-TH': 'ไม่พบรายการบล็อกเกมนี้',
      'vi-VN': 'Không tìm thấy lệnh chặn trò chơi',
    },
  },
  gameCodeTaken: {
    means: 'another provider of the site has the gameCode already',
    text: {
      'zh-TW': '此站點已有該遊戲代碼',
      'en-US': 'This game code already exists in this site',
      'zh-CN': '此站点已有该游戏代码',
      'th-TH': 'รหัสเกมนี้มีอยู่แล้วในเว็บไซต์นี้',
      'vi-VN': 'Mã trò chơi này đã tồn tại trên trang',
    },
  },
  typeConfigExists: {
    means: 'the site has a type config for the gameType already',
    text: {
      'zh-TW': '此站點已有該遊戲類型的設定',
      'en-US': 'This site already has a configuration for this game type',
      'zh-CN': '此站点已有该游戏类型的配置',
      'th-TH': 'เว็บไซต์นี้มีการตั้งค่าสำหรับประเภทเกมนี้แล้ว',
      'vi-VN': 'Trang đã có cấu hình cho loại trò chơi này',
    },
  },
  siteNotFound: {
    means: 'no configured site has the site code',
    text: {
      'zh-TW': '找不到該網站',
      'en-US': 'Site not found',
      'zh-CN': '找不到该网站',
      'th-TH': 'ไม่พบเว็บไซต์นี้',
      'vi-VN': 'Không tìm thấy trang web',
    },
  },
});

declare module '../refusals' {
  interface RefusalRegistry {
    game: typeof gameRefusals;
  }
}
