import { array, bool, int, localeTexts, money, nothing, nullable, num, obj, oneOfValues, str } from '../../http/answer-schemas';

/**
 * The answers of the promo endpoints (their `result`), as the API document shows them and the tests check them
 * (docs/architecture.md, "Where to add", an endpoint's answer).
 */

export const getPromo = obj({
  items: array(obj({
    id: int(),
    imgPc: nullable(str()),
    imgMobile: nullable(str()),
    actionHtml: str(),
    startTime: str(),
    endTime: str(),
    tag: str(),
    enabled: num(),
    conditionType: oneOfValues(['deposit_threshold', 'vip_level', 'first_deposit']),
    conditionValue: str(),
    rewardAmount: money(),
    turnoverMultiplier: str(),
    maxClaims: num(),
    claimedCount: int(),
    createdAt: str(),
    updatedAt: str(),
    isActive: bool(),
    title: str(),
    content: str(),
    isClaimed: bool(),
    isClaimable: bool(),
  }, { optional: ['isClaimed', 'isClaimable'] })),
  pagination: obj({ page: int(), pageSize: int(), total: int(), totalPages: int() }),
});

export const getPromoClaims = obj({
  items: array(obj({
    id: int(),
    promoId: int(),
    promoTitle: str(),
    promoTag: str(),
    rewardAmount: money(),
    requiredTurnover: str(),
    completedTurnover: str(),
    turnoverCompleted: num(),
    claimedAt: str(),
  })),
  pagination: obj({ page: int(), pageSize: int(), total: int(), totalPages: int() }),
});

export const getPromoAdminList = obj({
  items: array(obj({
    id: int(),
    imgPc: nullable(str()),
    imgMobile: nullable(str()),
    actionHtml: str(),
    startTime: str(),
    endTime: str(),
    tag: str(),
    enabled: num(),
    conditionType: oneOfValues(['deposit_threshold', 'vip_level', 'first_deposit']),
    conditionValue: str(),
    rewardAmount: money(),
    turnoverMultiplier: str(),
    maxClaims: num(),
    claimedCount: int(),
    createdAt: str(),
    updatedAt: str(),
    isActive: bool(),
    title: localeTexts(),
    content: localeTexts(),
  })),
  pagination: obj({ page: int(), pageSize: int(), total: int(), totalPages: int() }),
});

export const postPromo = obj({
  id: int(),
  imgPc: nullable(str()),
  imgMobile: nullable(str()),
  actionHtml: str(),
  startTime: str(),
  endTime: str(),
  tag: str(),
  enabled: num(),
  conditionType: oneOfValues(['deposit_threshold', 'vip_level', 'first_deposit']),
  conditionValue: str(),
  rewardAmount: money(),
  turnoverMultiplier: str(),
  maxClaims: num(),
  claimedCount: int(),
  createdAt: str(),
  updatedAt: str(),
  isActive: bool(),
  title: localeTexts(),
  content: localeTexts(),
});

export const getPromoById = obj({
  id: int(),
  imgPc: nullable(str()),
  imgMobile: nullable(str()),
  actionHtml: str(),
  startTime: str(),
  endTime: str(),
  tag: str(),
  enabled: num(),
  conditionType: oneOfValues(['deposit_threshold', 'vip_level', 'first_deposit']),
  conditionValue: str(),
  rewardAmount: money(),
  turnoverMultiplier: str(),
  maxClaims: num(),
  claimedCount: int(),
  createdAt: str(),
  updatedAt: str(),
  isActive: bool(),
  title: str(),
  content: str(),
  isClaimed: bool(),
  isClaimable: bool(),
}, { optional: ['isClaimed', 'isClaimable'] });

export const deletePromoById = nothing;

export const postPromoByIdClaim = obj({ rewardAmount: money(), newBalance: str() });
