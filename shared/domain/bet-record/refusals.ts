import { declareRefusals } from '../refusals';

/**
 * Why the bet-record area says no (shared/domain/refusals.ts): each name with its meaning and its message
 * in every locale; endpoints map the names to their numbers.
 */
export const betRecordRefusals = declareRefusals('bet-record', {
  orderNotFound: {
    means: 'no such bet order of the caller',
    text: {
      'zh-TW': '找不到注單',
      'en-US': 'Bet order not found',
      'zh-CN': '找不到注单',
      'th-TH': 'ไม่พบรายการเดิมพัน',
      'vi-VN': 'Không tìm thấy đơn cược',
    },
  },
});

declare module '../refusals' {
  interface RefusalRegistry {
    'bet-record': typeof betRecordRefusals;
  }
}
