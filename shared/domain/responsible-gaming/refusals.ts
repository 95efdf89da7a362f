import { declareRefusals } from '../refusals';
import { PLAYER_NOT_FOUND } from '../common';

/**
 * Why player protection says no (shared/domain/refusals.ts): each name with its meaning and its message in
 * every locale; endpoints map the names to their numbers.
 */
export const responsibleGamingRefusals = declareRefusals('responsible-gaming', {
  selfExcluded: {
    means: 'the player is self-excluded: no deposits, bets or promotion claims until it ends',
    text: {
      'zh-TW': '您已自我排除，排除期間不能存款、下注或領取優惠',
      'en-US': 'You are self-excluded: deposits, bets and promotions are closed until it ends',
      'zh-CN': '您已自我排除，排除期间不能存款、下注或领取优惠',
      'th-TH': 'คุณได้แยกตัวเองออก: ไม่สามารถฝากเงิน เดิมพัน หรือรับโปรโมชันได้จนกว่าจะสิ้นสุด',
      'vi-VN': 'Bạn đang tự loại trừ: không thể nạp tiền, đặt cược hoặc nhận khuyến mãi cho đến khi kết thúc',
    },
  },
  coolingOff: {
    means: 'the player is cooling off: no deposits, bets or promotion claims until it ends',
    text: {
      'zh-TW': '您正在冷靜期，期間不能存款、下注或領取優惠',
      'en-US': 'You are cooling off: deposits, bets and promotions are closed until it ends',
      'zh-CN': '您正在冷静期，期间不能存款、下注或领取优惠',
      'th-TH': 'คุณอยู่ในช่วงพักการเล่น: ไม่สามารถฝากเงิน เดิมพัน หรือรับโปรโมชันได้จนกว่าจะสิ้นสุด',
      'vi-VN': 'Bạn đang trong thời gian tạm nghỉ: không thể nạp tiền, đặt cược hoặc nhận khuyến mãi cho đến khi kết thúc',
    },
  },
  sessionLimit: {
    means: "the session's time limit has run out; a pause of 30 minutes starts a new session",
    text: {
      'zh-TW': '本次遊戲時間已達您設定的上限，請休息 30 分鐘後再玩',
      'en-US': 'Your session time limit has been reached; take a 30-minute break to start a new session',
      'zh-CN': '本次游戏时间已达您设置的上限，请休息 30 分钟后再玩',
      'th-TH': 'ถึงเวลาจำกัดของเซสชันแล้ว กรุณาพัก 30 นาทีเพื่อเริ่มเซสชันใหม่',
      'vi-VN': 'Đã hết thời gian phiên chơi của bạn; hãy nghỉ 30 phút để bắt đầu phiên mới',
    },
  },
  limitsRequired: {
    means: 'the site requires limit types the player has not set before a deposit',
    text: {
      'zh-TW': '存款前請先設定本站要求的限額',
      'en-US': 'Set the limits this site requires before depositing',
      'zh-CN': '存款前请先设置本站要求的限额',
      'th-TH': 'กรุณาตั้งวงเงินที่ไซต์นี้กำหนดก่อนฝากเงิน',
      'vi-VN': 'Hãy đặt các hạn mức mà trang yêu cầu trước khi nạp tiền',
    },
  },
  depositLimit: {
    means: "the order would take the period's deposits past the player's deposit limit",
    text: {
      'zh-TW': '此筆存款將超過您的存款限額',
      'en-US': 'This deposit would exceed your deposit limit',
      'zh-CN': '此笔存款将超过您的存款限额',
      'th-TH': 'การฝากเงินนี้จะเกินวงเงินฝากของคุณ',
      'vi-VN': 'Khoản nạp này sẽ vượt quá hạn mức nạp tiền của bạn',
    },
  },
  lossLimit: {
    means: "the bet would take the period's losses (stakes minus wins) past the player's loss limit",
    text: {
      'zh-TW': '此注將超過您的虧損限額',
      'en-US': 'This bet would exceed your loss limit',
      'zh-CN': '此注将超过您的亏损限额',
      'th-TH': 'การเดิมพันนี้จะเกินวงเงินขาดทุนของคุณ',
      'vi-VN': 'Cược này sẽ vượt quá hạn mức thua lỗ của bạn',
    },
  },
  wagerLimit: {
    means: "the bet would take the period's stakes past the player's wager limit",
    text: {
      'zh-TW': '此注將超過您的投注限額',
      'en-US': 'This bet would exceed your wager limit',
      'zh-CN': '此注将超过您的投注限额',
      'th-TH': 'การเดิมพันนี้จะเกินวงเงินเดิมพันของคุณ',
      'vi-VN': 'Cược này sẽ vượt quá hạn mức đặt cược của bạn',
    },
  },
  exclusionTooShort: {
    means: "a self-exclusion shorter than the site's minimum",
    text: {
      'zh-TW': '自我排除期間短於本站的最短期限',
      'en-US': "The self-exclusion is shorter than this site's minimum",
      'zh-CN': '自我排除期限短于本站的最短期限',
      'th-TH': 'ระยะเวลาแยกตัวเองสั้นกว่าขั้นต่ำของไซต์นี้',
      'vi-VN': 'Thời gian tự loại trừ ngắn hơn mức tối thiểu của trang',
    },
  },
  exclusionNotShortened: {
    means: 'an exclusion is never shortened: the new end is before the current one',
    text: {
      'zh-TW': '排除期間不能縮短',
      'en-US': 'An exclusion cannot be shortened',
      'zh-CN': '排除期限不能缩短',
      'th-TH': 'ไม่สามารถลดระยะเวลาการแยกตัวได้',
      'vi-VN': 'Không thể rút ngắn thời gian loại trừ',
    },
  },
  playerNotFound: {
    means: 'no such player in the site',
    text: PLAYER_NOT_FOUND,
  },
  realityCheckUnacknowledged: {
    means: 'a reality check fell due more than the grace ago and the player has not acknowledged it: no bets until it is',
    text: {
      'zh-TW': '請先確認現實檢查（本次遊戲時間與輸贏），才能繼續下注',
      'en-US': 'Acknowledge your reality check (time played and net result) to keep betting',
      'zh-CN': '请先确认现实检查（本次游戏时间与输赢），才能继续下注',
      'th-TH': 'โปรดรับทราบการตรวจสอบความจริง (เวลาที่เล่นและผลได้เสีย) เพื่อเดิมพันต่อ',
      'vi-VN': 'Vui lòng xác nhận kiểm tra thực tế (thời gian chơi và kết quả) để tiếp tục đặt cược',
    },
  },
  realityCheckTooLong: {
    means: "the reality-check interval is longer than the site's jurisdiction profile allows",
    text: {
      'zh-TW': '現實檢查間隔超過本站允許的最長間隔',
      'en-US': 'The reality-check interval is longer than this site allows',
      'zh-CN': '现实检查间隔超过本站允许的最长间隔',
      'th-TH': 'ช่วงเวลาการตรวจสอบความจริงยาวกว่าที่เว็บไซต์นี้อนุญาต',
      'vi-VN': 'Khoảng thời gian kiểm tra thực tế dài hơn mức trang web này cho phép',
    },
  },
});

declare module '../refusals' {
  interface RefusalRegistry {
    'responsible-gaming': typeof responsibleGamingRefusals;
  }
}

/** The refusals a bet, a deposit or a claim can meet, as the database functions name them. */
export const PLAY_REFUSALS = [
  'selfExcluded',
  'coolingOff',
  'sessionLimit',
  'limitsRequired',
  'depositLimit',
  'lossLimit',
  'wagerLimit',
  'realityCheckUnacknowledged',
] as const;
export type PlayRefusal = (typeof PLAY_REFUSALS)[number];
