import { declareRefusals } from '../refusals';

/**
 * Why the promo area says no (shared/domain/refusals.ts): each name with its meaning and its message in
 * every locale; endpoints map the names to their numbers.
 */
export const promoRefusals = declareRefusals('promo', {
  notFound: {
    means: 'no such promotion on the site (for players: no such enabled one)',
    text: {
      'zh-TW': '找不到優惠活動',
      'en-US': 'Promotion not found',
      'zh-CN': '找不到优惠活动',
      'th-TH': 'ไม่พบโปรโมชั่น',
      'vi-VN': 'Không tìm thấy khuyến mãi',
    },
  },
  notRunning: {
    means: "no such promotion running on the player's site",
    text: {
      'zh-TW': '優惠活動不存在或未在進行中',
      'en-US': 'Promotion not found or not running',
      'zh-CN': '优惠活动不存在或未在进行中',
      'th-TH': 'ไม่พบโปรโมชั่นหรือโปรโมชั่นไม่ได้อยู่ในช่วงเวลา',
      'vi-VN': 'Không tìm thấy khuyến mãi hoặc khuyến mãi không diễn ra',
    },
  },
  alreadyClaimed: {
    means: 'the player already claimed the promotion',
    text: {
      'zh-TW': '您已領取過此優惠',
      'en-US': 'You have already claimed this promotion',
      'zh-CN': '您已领取过此优惠',
      'th-TH': 'คุณรับโปรโมชั่นนี้ไปแล้ว',
      'vi-VN': 'Bạn đã nhận khuyến mãi này rồi',
    },
  },
  quotaExhausted: {
    means: 'the promotion is fully claimed',
    text: {
      'zh-TW': '優惠名額已滿',
      'en-US': 'This promotion is fully claimed',
      'zh-CN': '优惠名额已满',
      'th-TH': 'โปรโมชั่นนี้มีผู้รับครบแล้ว',
      'vi-VN': 'Khuyến mãi đã hết lượt nhận',
    },
  },
  conditionNotMet: {
    means: "the player does not meet the promotion's condition",
    text: {
      'zh-TW': '未符合領取條件',
      'en-US': 'You do not meet the claim conditions',
      'zh-CN': '未符合领取条件',
      'th-TH': 'คุณไม่ตรงตามเงื่อนไขการรับ',
      'vi-VN': 'Bạn chưa đủ điều kiện nhận',
    },
  },
  maxClaimsBelowClaimed: {
    means: 'maxClaims would be below the claims made already (0, unlimited, is always allowed)',
    text: {
      'zh-TW': '領取上限不可低於已領取的次數',
      'en-US': 'The claim limit cannot be below the claims already made',
      'zh-CN': '领取上限不可低于已领取的次数',
      'th-TH': 'จำนวนสิทธิ์รับสูงสุดต้องไม่น้อยกว่าจำนวนที่รับไปแล้ว',
      'vi-VN': 'Giới hạn lượt nhận không được thấp hơn số lượt đã nhận',
    },
  },
});

declare module '../refusals' {
  interface RefusalRegistry {
    promo: typeof promoRefusals;
  }
}
