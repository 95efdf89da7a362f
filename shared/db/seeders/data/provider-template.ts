import type { LocaleText } from '../../../i18n/locales';

/**
 * Built-in game provider template (preview-template / load-template).
 * Two `provx` and two `provy` games per game type, ordered by game type.
 */
export interface ProviderSeed {
  gameCode: string;
  providerCode: 'provx' | 'provy';
  gameType: number;
  name: LocaleText;
  sortOrder: number;
  enable: boolean;
  maintain: boolean;
  areaBlock: boolean;
}

const ON = { enable: true, maintain: false, areaBlock: false } as const;

export const PROVIDER_TEMPLATE: readonly ProviderSeed[] = [
  // 1 sports
  {
    gameCode: 'provx-sports-01',
    providerCode: 'provx',
    gameType: 1,
    sortOrder: 10,
    ...ON,
    name: { 'zh-TW': '環球體育', 'en-US': 'Global Sportsbook', 'zh-CN': '环球体育', 'th-TH': 'โกลบอล สปอร์ตบุ๊ก', 'vi-VN': 'Cá cược Thể thao Toàn cầu' },
  },
  {
    gameCode: 'provx-sports-02',
    providerCode: 'provx',
    gameType: 1,
    sortOrder: 20,
    ...ON,
    name: { 'zh-TW': '冠軍體育', 'en-US': 'Champion Sports', 'zh-CN': '冠军体育', 'th-TH': 'แชมเปี้ยน สปอร์ต', 'vi-VN': 'Thể thao Nhà Vô Địch' },
  },
  {
    gameCode: 'provy-sports-01',
    providerCode: 'provy',
    gameType: 1,
    sortOrder: 30,
    ...ON,
    name: { 'zh-TW': '黃金進球', 'en-US': 'Golden Goal', 'zh-CN': '黄金进球', 'th-TH': 'โกลทองคำ', 'vi-VN': 'Bàn Thắng Vàng' },
  },
  {
    gameCode: 'provy-sports-02',
    providerCode: 'provy',
    gameType: 1,
    sortOrder: 40,
    ...ON,
    name: { 'zh-TW': '勝利競技場', 'en-US': 'Victory Arena', 'zh-CN': '胜利竞技场', 'th-TH': 'สนามแห่งชัยชนะ', 'vi-VN': 'Đấu Trường Chiến Thắng' },
  },

  // 2 slot
  {
    gameCode: 'provx-slot-01',
    providerCode: 'provx',
    gameType: 2,
    sortOrder: 50,
    ...ON,
    name: { 'zh-TW': '龍之財富', 'en-US': 'Dragon Fortune', 'zh-CN': '龙之财富', 'th-TH': 'มังกรนำโชค', 'vi-VN': 'Rồng Tài Lộc' },
  },
  {
    gameCode: 'provx-slot-02',
    providerCode: 'provx',
    gameType: 2,
    sortOrder: 60,
    ...ON,
    name: { 'zh-TW': '幸運熊貓', 'en-US': 'Lucky Panda', 'zh-CN': '幸运熊猫', 'th-TH': 'แพนด้านำโชค', 'vi-VN': 'Gấu Trúc May Mắn' },
  },
  {
    gameCode: 'provy-slot-01',
    providerCode: 'provy',
    gameType: 2,
    sortOrder: 70,
    ...ON,
    name: { 'zh-TW': '黃金法老', 'en-US': 'Golden Pharaoh', 'zh-CN': '黄金法老', 'th-TH': 'ฟาโรห์ทองคำ', 'vi-VN': 'Pharaoh Vàng' },
  },
  {
    gameCode: 'provy-slot-02',
    providerCode: 'provy',
    gameType: 2,
    sortOrder: 80,
    ...ON,
    name: { 'zh-TW': '金銀島', 'en-US': 'Treasure Island', 'zh-CN': '金银岛', 'th-TH': 'เกาะมหาสมบัติ', 'vi-VN': 'Đảo Châu Báu' },
  },

  // 3 live
  {
    gameCode: 'provx-live-01',
    providerCode: 'provx',
    gameType: 3,
    sortOrder: 90,
    ...ON,
    name: { 'zh-TW': '皇家百家樂', 'en-US': 'Royal Baccarat', 'zh-CN': '皇家百家乐', 'th-TH': 'บาคาร่ารอยัล', 'vi-VN': 'Baccarat Hoàng Gia' },
  },
  {
    gameCode: 'provx-live-02',
    providerCode: 'provx',
    gameType: 3,
    sortOrder: 100,
    ...ON,
    name: { 'zh-TW': '極速輪盤', 'en-US': 'Speed Roulette', 'zh-CN': '极速轮盘', 'th-TH': 'รูเล็ตสปีด', 'vi-VN': 'Roulette Tốc Độ' },
  },
  {
    gameCode: 'provy-live-01',
    providerCode: 'provy',
    gameType: 3,
    sortOrder: 110,
    ...ON,
    name: { 'zh-TW': '真人龍虎', 'en-US': 'Live Dragon Tiger', 'zh-CN': '真人龙虎', 'th-TH': 'เสือมังกรสด', 'vi-VN': 'Rồng Hổ Trực Tiếp' },
  },
  {
    gameCode: 'provy-live-02',
    providerCode: 'provy',
    gameType: 3,
    sortOrder: 120,
    ...ON,
    name: { 'zh-TW': '貴賓二十一點', 'en-US': 'VIP Blackjack', 'zh-CN': '贵宾二十一点', 'th-TH': 'แบล็คแจ็ค VIP', 'vi-VN': 'Blackjack VIP' },
  },

  // 4 lottery
  {
    gameCode: 'provx-lottery-01',
    providerCode: 'provx',
    gameType: 4,
    sortOrder: 130,
    ...ON,
    name: { 'zh-TW': '幸運5D', 'en-US': 'Lucky 5D', 'zh-CN': '幸运5D', 'th-TH': 'ลัคกี้ 5D', 'vi-VN': '5D May Mắn' },
  },
  {
    gameCode: 'provx-lottery-02',
    providerCode: 'provx',
    gameType: 4,
    sortOrder: 140,
    ...ON,
    name: { 'zh-TW': '極速基諾', 'en-US': 'Fast Keno', 'zh-CN': '极速基诺', 'th-TH': 'คีโนด่วน', 'vi-VN': 'Keno Siêu Tốc' },
  },
  {
    gameCode: 'provy-lottery-01',
    providerCode: 'provy',
    gameType: 4,
    sortOrder: 150,
    ...ON,
    name: { 'zh-TW': '每日頭獎', 'en-US': 'Daily Jackpot Draw', 'zh-CN': '每日头奖', 'th-TH': 'ออกรางวัลแจ็คพอตรายวัน', 'vi-VN': 'Quay Số Jackpot Hằng Ngày' },
  },
  {
    gameCode: 'provy-lottery-02',
    providerCode: 'provy',
    gameType: 4,
    sortOrder: 160,
    ...ON,
    name: { 'zh-TW': '幸運號碼', 'en-US': 'Lucky Numbers', 'zh-CN': '幸运号码', 'th-TH': 'เลขนำโชค', 'vi-VN': 'Con Số May Mắn' },
  },

  // 5 chess (card and board games)
  {
    gameCode: 'provx-chess-01',
    providerCode: 'provx',
    gameType: 5,
    sortOrder: 170,
    ...ON,
    name: { 'zh-TW': '德州撲克', 'en-US': "Texas Hold'em", 'zh-CN': '德州扑克', 'th-TH': 'เท็กซัสโฮลเดม', 'vi-VN': "Poker Texas Hold'em" },
  },
  {
    gameCode: 'provx-chess-02',
    providerCode: 'provx',
    gameType: 5,
    sortOrder: 180,
    ...ON,
    name: { 'zh-TW': '麻將大師', 'en-US': 'Mahjong Master', 'zh-CN': '麻将大师', 'th-TH': 'เซียนไพ่นกกระจอก', 'vi-VN': 'Cao Thủ Mạt Chược' },
  },
  {
    gameCode: 'provy-chess-01',
    providerCode: 'provy',
    gameType: 5,
    sortOrder: 190,
    ...ON,
    name: { 'zh-TW': '拉密俱樂部', 'en-US': 'Rummy Club', 'zh-CN': '拉密俱乐部', 'th-TH': 'รัมมี่คลับ', 'vi-VN': 'Câu Lạc Bộ Rummy' },
  },
  {
    gameCode: 'provy-chess-02',
    providerCode: 'provy',
    gameType: 5,
    sortOrder: 200,
    ...ON,
    name: { 'zh-TW': '象棋競技場', 'en-US': 'Chinese Chess Arena', 'zh-CN': '象棋竞技场', 'th-TH': 'สนามหมากรุกจีน', 'vi-VN': 'Đấu Trường Cờ Tướng' },
  },

  // 8 esports
  {
    gameCode: 'provx-esports-01',
    providerCode: 'provx',
    gameType: 8,
    sortOrder: 210,
    ...ON,
    name: { 'zh-TW': '電競競技場', 'en-US': 'Esports Arena', 'zh-CN': '电竞竞技场', 'th-TH': 'อีสปอร์ตอารีนา', 'vi-VN': 'Đấu Trường Esports' },
  },
  {
    gameCode: 'provx-esports-02',
    providerCode: 'provx',
    gameType: 8,
    sortOrder: 220,
    ...ON,
    name: { 'zh-TW': '職業聯賽', 'en-US': 'Pro League', 'zh-CN': '职业联赛', 'th-TH': 'โปรลีก', 'vi-VN': 'Giải Chuyên Nghiệp' },
  },
  {
    gameCode: 'provy-esports-01',
    providerCode: 'provy',
    gameType: 8,
    sortOrder: 230,
    ...ON,
    name: { 'zh-TW': '電競對決', 'en-US': 'Cyber Clash', 'zh-CN': '电竞对决', 'th-TH': 'ไซเบอร์แคลช', 'vi-VN': 'Đại Chiến Cyber' },
  },
  {
    gameCode: 'provy-esports-02',
    providerCode: 'provy',
    gameType: 8,
    sortOrder: 240,
    ...ON,
    name: { 'zh-TW': '傳奇盃', 'en-US': 'Legends Cup', 'zh-CN': '传奇杯', 'th-TH': 'ถ้วยแห่งตำนาน', 'vi-VN': 'Cúp Huyền Thoại' },
  },

  // 9 crypto (provably fair)
  {
    gameCode: 'provx-crypto-01',
    providerCode: 'provx',
    gameType: 9,
    sortOrder: 250,
    ...ON,
    name: { 'zh-TW': '火箭爆點', 'en-US': 'Rocket Crash', 'zh-CN': '火箭爆点', 'th-TH': 'จรวดแครช', 'vi-VN': 'Tên Lửa Crash' },
  },
  {
    gameCode: 'provx-crypto-02',
    providerCode: 'provx',
    gameType: 9,
    sortOrder: 260,
    ...ON,
    name: { 'zh-TW': '加密骰子', 'en-US': 'Crypto Dice', 'zh-CN': '加密骰子', 'th-TH': 'ลูกเต๋าคริปโต', 'vi-VN': 'Xúc Xắc Crypto' },
  },
  {
    gameCode: 'provy-crypto-01',
    providerCode: 'provy',
    gameType: 9,
    sortOrder: 270,
    ...ON,
    name: { 'zh-TW': '彈珠台', 'en-US': 'Plinko', 'zh-CN': '弹珠台', 'th-TH': 'พลินโก', 'vi-VN': 'Plinko' },
  },
  {
    gameCode: 'provy-crypto-02',
    providerCode: 'provy',
    gameType: 9,
    sortOrder: 280,
    ...ON,
    name: { 'zh-TW': '踩地雷', 'en-US': 'Mines', 'zh-CN': '扫雷', 'th-TH': 'เหมืองระเบิด', 'vi-VN': 'Dò Mìn' },
  },

  // 10 fish
  {
    gameCode: 'provx-fish-01',
    providerCode: 'provx',
    gameType: 10,
    sortOrder: 290,
    ...ON,
    name: { 'zh-TW': '海洋之王', 'en-US': 'Ocean King', 'zh-CN': '海洋之王', 'th-TH': 'ราชันแห่งมหาสมุทร', 'vi-VN': 'Vua Đại Dương' },
  },
  {
    gameCode: 'provx-fish-02',
    providerCode: 'provx',
    gameType: 10,
    sortOrder: 300,
    ...ON,
    name: { 'zh-TW': '金蟾捕魚', 'en-US': 'Golden Toad Fishing', 'zh-CN': '金蟾捕鱼', 'th-TH': 'ยิงปลาคางคกทองคำ', 'vi-VN': 'Bắn Cá Cóc Vàng' },
  },
  {
    gameCode: 'provy-fish-01',
    providerCode: 'provy',
    gameType: 10,
    sortOrder: 310,
    ...ON,
    name: { 'zh-TW': '龍王捕魚', 'en-US': 'Dragon King Fishing', 'zh-CN': '龙王捕鱼', 'th-TH': 'ยิงปลาราชามังกร', 'vi-VN': 'Bắn Cá Long Vương' },
  },
  {
    gameCode: 'provy-fish-02',
    providerCode: 'provy',
    gameType: 10,
    sortOrder: 320,
    ...ON,
    name: { 'zh-TW': '深海探險', 'en-US': 'Deep Sea Adventure', 'zh-CN': '深海探险', 'th-TH': 'ผจญภัยใต้ทะเลลึก', 'vi-VN': 'Phiêu Lưu Biển Sâu' },
  },
];
