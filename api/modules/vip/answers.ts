import { array, bool, int, type JsonSchema, localeTexts, money, nullable, num, obj, oneOfValues, str } from '../../http/answer-schemas';

/**
 * The answers of the vip endpoints (their `result`), as the API document shows them and the tests check them
 * (docs/architecture.md, "Where to add", an endpoint's answer).
 */

export const patchVipUsersByUserIdHold = obj({ userId: int(), vipHold: num() });

export const getVipLevels = array(obj({
  id: int(),
  level: num(),
  name: str(),
  tier: oneOfValues(['gold', 'bronze', 'platinum', 'diamond']),
  minChip: money(),
  relegationChip: money(),
  sortOrder: num(),
  enabled: num(),
  siteCode: str(),
  createdAt: str(),
  updatedAt: str(),
}));

export const getVipRebates = array(obj({ id: int(), createdAt: str(), updatedAt: str(), gameType: str(), level: num(), rebateRate: str() }));

export const getVipStatus = obj({
  level: num(),
  name: str(),
  tier: nullable(oneOfValues(['gold', 'bronze', 'platinum', 'diamond'])),
  totalEffectiveBet: str(),
  currentChip: str(),
  nextLevelMinChip: nullable(str()),
  progress: num(),
  relegationChip: money(),
  monthlyEffective: str(),
  relegationMissCount: int(),
  vipHold: num(),
  rebates: array(obj({ gameType: str(), rebateRate: str() })),
  allLevels: array(obj({
    level: num(),
    name: str(),
    tier: oneOfValues(['gold', 'bronze', 'platinum', 'diamond']),
    minChip: money(),
    relegationChip: money(),
  })),
});

export const postVipSettlementDailyRebate = obj({ usersProcessed: num(), totalRebate: str(), usersPaid: num(), day: str(), alreadySettled: bool() });

export const postVipSettlementMonthlyRelegation = obj({ checked: num(), warned: num(), demoted: num(), month: str(), alreadySettled: bool() });

/** A VIP level as administrators see it: the name as its stored locale map. */
export const adminVipLevel = obj({ ...(getVipLevels.items as { properties: Record<string, JsonSchema> }).properties, name: localeTexts() });

/** A rebate rule. */
export const vipRebate = getVipRebates.items as JsonSchema;
