import type { LocaleText } from '../../../i18n/locales';

/**
 * Default VIP ladder. minChip is the cumulative effective bet (USD)
 * needed to reach a level; relegationChip is the monthly effective bet needed to
 * keep it (about 10% of minChip; none for level 1). Money is decimal(18,6) as strings.
 * Fifteen levels so that the affiliate VIP milestones (levels 2 to 15) all exist.
 */
export interface VipLevelSeed {
  level: number;
  name: LocaleText;
  tier: 'bronze' | 'gold' | 'platinum' | 'diamond';
  minChip: string;
  relegationChip: string;
  sortOrder: number;
  enabled: 0 | 1;
}

export const VIP_LEVELS: readonly VipLevelSeed[] = [
  {
    level: 1,
    tier: 'bronze',
    minChip: '0.000000',
    relegationChip: '0.000000',
    sortOrder: 1,
    enabled: 1,
    name: { 'zh-TW': '青銅 I', 'en-US': 'Bronze I', 'zh-CN': '青铜 I', 'th-TH': 'บรอนซ์ I', 'vi-VN': 'Đồng I' },
  },
  {
    level: 2,
    tier: 'bronze',
    minChip: '1000.000000',
    relegationChip: '100.000000',
    sortOrder: 2,
    enabled: 1,
    name: { 'zh-TW': '青銅 II', 'en-US': 'Bronze II', 'zh-CN': '青铜 II', 'th-TH': 'บรอนซ์ II', 'vi-VN': 'Đồng II' },
  },
  {
    level: 3,
    tier: 'bronze',
    minChip: '5000.000000',
    relegationChip: '500.000000',
    sortOrder: 3,
    enabled: 1,
    name: { 'zh-TW': '青銅 III', 'en-US': 'Bronze III', 'zh-CN': '青铜 III', 'th-TH': 'บรอนซ์ III', 'vi-VN': 'Đồng III' },
  },
  {
    level: 4,
    tier: 'bronze',
    minChip: '20000.000000',
    relegationChip: '2000.000000',
    sortOrder: 4,
    enabled: 1,
    name: { 'zh-TW': '青銅 IV', 'en-US': 'Bronze IV', 'zh-CN': '青铜 IV', 'th-TH': 'บรอนซ์ IV', 'vi-VN': 'Đồng IV' },
  },
  {
    level: 5,
    tier: 'gold',
    minChip: '50000.000000',
    relegationChip: '5000.000000',
    sortOrder: 5,
    enabled: 1,
    name: { 'zh-TW': '黃金 I', 'en-US': 'Gold I', 'zh-CN': '黄金 I', 'th-TH': 'โกลด์ I', 'vi-VN': 'Vàng I' },
  },
  {
    level: 6,
    tier: 'gold',
    minChip: '100000.000000',
    relegationChip: '10000.000000',
    sortOrder: 6,
    enabled: 1,
    name: { 'zh-TW': '黃金 II', 'en-US': 'Gold II', 'zh-CN': '黄金 II', 'th-TH': 'โกลด์ II', 'vi-VN': 'Vàng II' },
  },
  {
    level: 7,
    tier: 'gold',
    minChip: '200000.000000',
    relegationChip: '20000.000000',
    sortOrder: 7,
    enabled: 1,
    name: { 'zh-TW': '黃金 III', 'en-US': 'Gold III', 'zh-CN': '黄金 III', 'th-TH': 'โกลด์ III', 'vi-VN': 'Vàng III' },
  },
  {
    level: 8,
    tier: 'gold',
    minChip: '500000.000000',
    relegationChip: '50000.000000',
    sortOrder: 8,
    enabled: 1,
    name: { 'zh-TW': '黃金 IV', 'en-US': 'Gold IV', 'zh-CN': '黄金 IV', 'th-TH': 'โกลด์ IV', 'vi-VN': 'Vàng IV' },
  },
  {
    level: 9,
    tier: 'platinum',
    minChip: '1000000.000000',
    relegationChip: '100000.000000',
    sortOrder: 9,
    enabled: 1,
    name: { 'zh-TW': '白金 I', 'en-US': 'Platinum I', 'zh-CN': '铂金 I', 'th-TH': 'แพลทินัม I', 'vi-VN': 'Bạch Kim I' },
  },
  {
    level: 10,
    tier: 'platinum',
    minChip: '2000000.000000',
    relegationChip: '200000.000000',
    sortOrder: 10,
    enabled: 1,
    name: { 'zh-TW': '白金 II', 'en-US': 'Platinum II', 'zh-CN': '铂金 II', 'th-TH': 'แพลทินัม II', 'vi-VN': 'Bạch Kim II' },
  },
  {
    level: 11,
    tier: 'platinum',
    minChip: '3500000.000000',
    relegationChip: '350000.000000',
    sortOrder: 11,
    enabled: 1,
    name: { 'zh-TW': '白金 III', 'en-US': 'Platinum III', 'zh-CN': '铂金 III', 'th-TH': 'แพลทินัม III', 'vi-VN': 'Bạch Kim III' },
  },
  {
    level: 12,
    tier: 'platinum',
    minChip: '5000000.000000',
    relegationChip: '500000.000000',
    sortOrder: 12,
    enabled: 1,
    name: { 'zh-TW': '白金 IV', 'en-US': 'Platinum IV', 'zh-CN': '铂金 IV', 'th-TH': 'แพลทินัม IV', 'vi-VN': 'Bạch Kim IV' },
  },
  {
    level: 13,
    tier: 'diamond',
    minChip: '10000000.000000',
    relegationChip: '1000000.000000',
    sortOrder: 13,
    enabled: 1,
    name: { 'zh-TW': '鑽石 I', 'en-US': 'Diamond I', 'zh-CN': '钻石 I', 'th-TH': 'ไดมอนด์ I', 'vi-VN': 'Kim Cương I' },
  },
  {
    level: 14,
    tier: 'diamond',
    minChip: '20000000.000000',
    relegationChip: '2000000.000000',
    sortOrder: 14,
    enabled: 1,
    name: { 'zh-TW': '鑽石 II', 'en-US': 'Diamond II', 'zh-CN': '钻石 II', 'th-TH': 'ไดมอนด์ II', 'vi-VN': 'Kim Cương II' },
  },
  {
    level: 15,
    tier: 'diamond',
    minChip: '50000000.000000',
    relegationChip: '5000000.000000',
    sortOrder: 15,
    enabled: 1,
    name: { 'zh-TW': '鑽石 III', 'en-US': 'Diamond III', 'zh-CN': '钻石 III', 'th-TH': 'ไดมอนด์ III', 'vi-VN': 'Kim Cương III' },
  },
];
