import type { LocaleText } from '../../../i18n/locales';

/**
 * Default game type configs. `weight` is the effective-bet
 * weight: betEffective = betAmount x weight.
 */
export interface GameTypeSeed {
  gameType: number;
  typeKey: string;
  weight: string;
  label: LocaleText;
  icon: string;
  sortOrder: number;
}

export const GAME_TYPES: readonly GameTypeSeed[] = [
  {
    gameType: 1,
    typeKey: 'sports',
    weight: '1.0',
    label: { 'zh-TW': '體育', 'en-US': 'Sports', 'zh-CN': '体育', 'th-TH': 'กีฬา', 'vi-VN': 'Thể thao' },
    icon: 'mdi-soccer',
    sortOrder: 10,
  },
  {
    gameType: 2,
    typeKey: 'slot',
    weight: '1.0',
    label: { 'zh-TW': '老虎機', 'en-US': 'Slots', 'zh-CN': '老虎机', 'th-TH': 'สล็อต', 'vi-VN': 'Slot' },
    icon: 'mdi-slot-machine',
    sortOrder: 20,
  },
  {
    gameType: 3,
    typeKey: 'live',
    weight: '1.0',
    label: { 'zh-TW': '真人視訊', 'en-US': 'Live Casino', 'zh-CN': '真人视讯', 'th-TH': 'คาสิโนสด', 'vi-VN': 'Sòng bài trực tiếp' },
    icon: 'mdi-cards-playing',
    sortOrder: 30,
  },
  {
    gameType: 4,
    typeKey: 'lottery',
    weight: '1.0',
    label: { 'zh-TW': '彩票', 'en-US': 'Lottery', 'zh-CN': '彩票', 'th-TH': 'ลอตเตอรี่', 'vi-VN': 'Xổ số' },
    icon: 'mdi-ticket',
    sortOrder: 40,
  },
  {
    gameType: 5,
    typeKey: 'chess',
    weight: '1.0',
    label: { 'zh-TW': '棋牌', 'en-US': 'Card & Board Games', 'zh-CN': '棋牌', 'th-TH': 'เกมไพ่และหมากกระดาน', 'vi-VN': 'Game bài' },
    icon: 'mdi-cards',
    sortOrder: 50,
  },
  {
    gameType: 8,
    typeKey: 'esports',
    weight: '1.0',
    label: { 'zh-TW': '電競', 'en-US': 'Esports', 'zh-CN': '电竞', 'th-TH': 'อีสปอร์ต', 'vi-VN': 'Thể thao điện tử' },
    icon: 'mdi-controller',
    sortOrder: 60,
  },
  {
    gameType: 9,
    typeKey: 'crypto',
    weight: '0.5',
    label: { 'zh-TW': '加密遊戲', 'en-US': 'Crypto Games', 'zh-CN': '加密游戏', 'th-TH': 'เกมคริปโต', 'vi-VN': 'Trò chơi tiền mã hóa' },
    icon: 'mdi-bitcoin',
    sortOrder: 70,
  },
  {
    gameType: 10,
    typeKey: 'fish',
    weight: '0.5',
    label: { 'zh-TW': '捕魚', 'en-US': 'Fishing', 'zh-CN': '捕鱼', 'th-TH': 'เกมยิงปลา', 'vi-VN': 'Bắn cá' },
    icon: 'mdi-fish',
    sortOrder: 80,
  },
];
