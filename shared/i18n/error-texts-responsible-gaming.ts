import type { ErrorText } from './error-texts';
import type { LocaleText } from './locales';

/**
 * Player protection's texts (docs/decisions/responsible-gaming.md, "Player protection: calendar periods, running totals,
 * checked where the money moves"). The money paths' refusals (4101 to 4107) are kept once, under
 * GET /responsible-gaming, and every money endpoint names them with `textOf`.
 */
const playerNotFound: LocaleText = {
  'zh-TW': '找不到此站點的玩家',
  'zh-CN': '找不到此站点的玩家',
  'en-US': 'Player not found',
  'th-TH': 'ไม่พบผู้เล่นของไซต์นี้',
  'vi-VN': 'Không tìm thấy người chơi',
};

export function responsibleGamingErrorTexts(): ErrorText[] {
  const money = '/api/responsible-gaming';
  return [
    {
      path: money,
      code: 4101,
      text: {
        'zh-TW': '您已自我排除，排除期間不能存款、下注或領取優惠',
        'zh-CN': '您已自我排除，排除期间不能存款、下注或领取优惠',
        'en-US': 'You are self-excluded: deposits, bets and promotions are closed until it ends',
        'th-TH': 'คุณได้แยกตัวเองออก: ไม่สามารถฝากเงิน เดิมพัน หรือรับโปรโมชันได้จนกว่าจะสิ้นสุด',
        'vi-VN': 'Bạn đang tự loại trừ: không thể nạp tiền, đặt cược hoặc nhận khuyến mãi cho đến khi kết thúc',
      },
    },
    {
      path: money,
      code: 4102,
      text: {
        'zh-TW': '您正在冷靜期，期間不能存款、下注或領取優惠',
        'zh-CN': '您正在冷静期，期间不能存款、下注或领取优惠',
        'en-US': 'You are cooling off: deposits, bets and promotions are closed until it ends',
        'th-TH': 'คุณอยู่ในช่วงพักการเล่น: ไม่สามารถฝากเงิน เดิมพัน หรือรับโปรโมชันได้จนกว่าจะสิ้นสุด',
        'vi-VN': 'Bạn đang trong thời gian tạm nghỉ: không thể nạp tiền, đặt cược hoặc nhận khuyến mãi cho đến khi kết thúc',
      },
    },
    {
      path: money,
      code: 4103,
      text: {
        'zh-TW': '本次遊戲時間已達您設定的上限，請休息 30 分鐘後再玩',
        'zh-CN': '本次游戏时间已达您设置的上限，请休息 30 分钟后再玩',
        'en-US': 'Your session time limit has been reached; take a 30-minute break to start a new session',
        'th-TH': 'ถึงเวลาจำกัดของเซสชันแล้ว กรุณาพัก 30 นาทีเพื่อเริ่มเซสชันใหม่',
        'vi-VN': 'Đã hết thời gian phiên chơi của bạn; hãy nghỉ 30 phút để bắt đầu phiên mới',
      },
    },
    {
      path: money,
      code: 4104,
      text: {
        'zh-TW': '此筆存款將超過您的存款限額',
        'zh-CN': '此笔存款将超过您的存款限额',
        'en-US': 'This deposit would exceed your deposit limit',
        'th-TH': 'การฝากเงินนี้จะเกินวงเงินฝากของคุณ',
        'vi-VN': 'Khoản nạp này sẽ vượt quá hạn mức nạp tiền của bạn',
      },
    },
    {
      path: money,
      code: 4105,
      text: {
        'zh-TW': '此注將超過您的虧損限額',
        'zh-CN': '此注将超过您的亏损限额',
        'en-US': 'This bet would exceed your loss limit',
        'th-TH': 'การเดิมพันนี้จะเกินวงเงินขาดทุนของคุณ',
        'vi-VN': 'Cược này sẽ vượt quá hạn mức thua lỗ của bạn',
      },
    },
    {
      path: money,
      code: 4106,
      text: {
        'zh-TW': '此注將超過您的投注限額',
        'zh-CN': '此注将超过您的投注限额',
        'en-US': 'This bet would exceed your wager limit',
        'th-TH': 'การเดิมพันนี้จะเกินวงเงินเดิมพันของคุณ',
        'vi-VN': 'Cược này sẽ vượt quá hạn mức đặt cược của bạn',
      },
    },
    {
      path: money,
      code: 4107,
      text: {
        'zh-TW': '存款前請先設定本站要求的限額',
        'zh-CN': '存款前请先设置本站要求的限额',
        'en-US': 'Set the limits this site requires before depositing',
        'th-TH': 'กรุณาตั้งวงเงินที่ไซต์นี้กำหนดก่อนฝากเงิน',
        'vi-VN': 'Hãy đặt các hạn mức mà trang yêu cầu trước khi nạp tiền',
      },
    },
    {
      path: '/api/responsible-gaming/self-exclusion',
      code: 2002,
      text: {
        'zh-TW': '自我排除期間短於本站的最短期限',
        'zh-CN': '自我排除期限短于本站的最短期限',
        'en-US': "The self-exclusion is shorter than this site's minimum",
        'th-TH': 'ระยะเวลาแยกตัวเองสั้นกว่าขั้นต่ำของไซต์นี้',
        'vi-VN': 'Thời gian tự loại trừ ngắn hơn mức tối thiểu của trang',
      },
    },
    {
      path: money,
      code: 4108,
      text: {
        'zh-TW': '請先確認現實檢查（本次遊戲時間與輸贏），才能繼續下注',
        'zh-CN': '请先确认现实检查（本次游戏时间与输赢），才能继续下注',
        'en-US': 'Acknowledge your reality check (time played and net result) to keep betting',
        'th-TH': 'โปรดรับทราบการตรวจสอบความจริง (เวลาที่เล่นและผลได้เสีย) เพื่อเดิมพันต่อ',
        'vi-VN': 'Vui lòng xác nhận kiểm tra thực tế (thời gian chơi và kết quả) để tiếp tục đặt cược',
      },
    },
    {
      path: '/api/responsible-gaming/session',
      code: 2002,
      text: {
        'zh-TW': '現實檢查間隔超過本站允許的最長間隔',
        'zh-CN': '现实检查间隔超过本站允许的最长间隔',
        'en-US': 'The reality-check interval is longer than this site allows',
        'th-TH': 'ช่วงเวลาการตรวจสอบความจริงยาวกว่าที่เว็บไซต์นี้อนุญาต',
        'vi-VN': 'Khoảng thời gian kiểm tra thực tế dài hơn mức trang web này cho phép',
      },
    },
    { path: '/api/responsible-gaming/admin/players/:id', code: 2001, text: playerNotFound },
    { path: '/api/responsible-gaming/admin/players/:id/limits', code: 2001, text: playerNotFound },
    { path: '/api/responsible-gaming/admin/players/:id/exclusion', code: 2001, text: playerNotFound },
    {
      path: '/api/responsible-gaming/admin/players/:id/exclusion',
      code: 2003,
      text: {
        'zh-TW': '排除期間不能縮短',
        'zh-CN': '排除期限不能缩短',
        'en-US': 'An exclusion cannot be shortened',
        'th-TH': 'ไม่สามารถลดระยะเวลาการแยกตัวได้',
        'vi-VN': 'Không thể rút ngắn thời gian loại trừ',
      },
    },
  ];
}
