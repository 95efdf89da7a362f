import type { LocaleText } from '../../../i18n/locales';

/**
 * Default deposit channels and channel groups. One group per
 * locale currency; groups reference channels by `key`.
 */
export interface ChannelSeed {
  key: string;
  name: LocaleText;
  code: 'fiatvendor' | 'usdt';
  currency: string;
  paymentMethods: Array<'fiat' | 'credit' | 'crypto'>;
  network: string | null;
  enabled: 0 | 1;
}

export interface ChannelGroupSeed {
  groupName: LocaleText;
  currency: string;
  channelKeys: string[];
  enabled: 0 | 1;
}

export const PAYMENT_CHANNELS: readonly ChannelSeed[] = [
  {
    key: 'fiatvendor-twd',
    name: {
      'zh-TW': '新台幣轉帳與信用卡',
      'en-US': 'TWD Bank Transfer & Card',
      'zh-CN': '新台币转账与信用卡',
      'th-TH': 'โอนเงินและบัตรเครดิต (TWD)',
      'vi-VN': 'Chuyển khoản & thẻ tín dụng (TWD)',
    },
    code: 'fiatvendor',
    currency: 'TWD',
    paymentMethods: ['fiat', 'credit'],
    network: null,
    enabled: 1,
  },
  {
    key: 'usdt-trc20',
    name: {
      'zh-TW': 'USDT 泰達幣（TRC20）',
      'en-US': 'USDT (TRC20)',
      'zh-CN': 'USDT 泰达币（TRC20）',
      'th-TH': 'USDT (เครือข่าย TRC20)',
      'vi-VN': 'USDT (mạng TRC20)',
    },
    code: 'usdt',
    currency: 'USDT',
    paymentMethods: ['crypto'],
    network: 'TRC20',
    enabled: 1,
  },
  {
    key: 'usdt-erc20',
    name: {
      'zh-TW': 'USDT 泰達幣（ERC20）',
      'en-US': 'USDT (ERC20)',
      'zh-CN': 'USDT 泰达币（ERC20）',
      'th-TH': 'USDT (เครือข่าย ERC20)',
      'vi-VN': 'USDT (mạng ERC20)',
    },
    code: 'usdt',
    currency: 'USDT',
    paymentMethods: ['crypto'],
    network: 'ERC20',
    enabled: 1,
  },
];

const USDT_KEYS = ['usdt-trc20', 'usdt-erc20'] as const;

export const PAYMENT_CHANNEL_GROUPS: readonly ChannelGroupSeed[] = [
  {
    groupName: {
      'zh-TW': '新台幣存款',
      'en-US': 'TWD Deposit',
      'zh-CN': '新台币存款',
      'th-TH': 'ฝากเงินดอลลาร์ไต้หวัน (TWD)',
      'vi-VN': 'Nạp tiền Đài tệ (TWD)',
    },
    currency: 'TWD',
    channelKeys: ['fiatvendor-twd', ...USDT_KEYS],
    enabled: 1,
  },
  {
    groupName: {
      'zh-TW': '美元存款',
      'en-US': 'USD Deposit',
      'zh-CN': '美元存款',
      'th-TH': 'ฝากเงินดอลลาร์สหรัฐ (USD)',
      'vi-VN': 'Nạp tiền Đô la Mỹ (USD)',
    },
    currency: 'USD',
    channelKeys: [...USDT_KEYS],
    enabled: 1,
  },
  {
    groupName: {
      'zh-TW': '人民幣存款',
      'en-US': 'CNY Deposit',
      'zh-CN': '人民币存款',
      'th-TH': 'ฝากเงินหยวน (CNY)',
      'vi-VN': 'Nạp tiền Nhân dân tệ (CNY)',
    },
    currency: 'CNY',
    channelKeys: [...USDT_KEYS],
    enabled: 1,
  },
  {
    groupName: {
      'zh-TW': '泰銖存款',
      'en-US': 'THB Deposit',
      'zh-CN': '泰铢存款',
      'th-TH': 'ฝากเงินบาท (THB)',
      'vi-VN': 'Nạp tiền Baht Thái (THB)',
    },
    currency: 'THB',
    channelKeys: [...USDT_KEYS],
    enabled: 1,
  },
  {
    groupName: {
      'zh-TW': '越南盾存款',
      'en-US': 'VND Deposit',
      'zh-CN': '越南盾存款',
      'th-TH': 'ฝากเงินดอง (VND)',
      'vi-VN': 'Nạp tiền Việt Nam đồng (VND)',
    },
    currency: 'VND',
    channelKeys: [...USDT_KEYS],
    enabled: 1,
  },
];
