import { array, bool, int, localeTexts, money, nullable, num, obj, oneOfValues, str } from '../../http/answer-schemas';

/**
 * The answers of the vip endpoints (their `result`), as the API document shows them and the tests check them
 * (docs/architecture.md, "Where to add", an endpoint's answer).
 */

const tier = oneOfValues(['gold', 'bronze', 'platinum', 'diamond']);

/** A VIP level as the status lists it; `levelRow`: as the level list answers it. */
const level = { level: num(), name: str(), tier, minChip: money(), relegationChip: money() };
const levelRow = { id: int(), ...level, sortOrder: num(), enabled: num(), siteCode: str(), createdAt: str(), updatedAt: str() };

/** A rebate rule. */
export const vipRebate = obj({ id: int(), createdAt: str(), updatedAt: str(), gameType: str(), level: num(), rebateRate: str() });

export const patchVipUsersByUserIdHold = obj({ userId: int(), vipHold: num() });

export const getVipLevels = array(obj(levelRow));

export const getVipRebates = array(vipRebate);

export const getVipStatus = obj({
  level: num(),
  name: str(),
  tier: nullable(tier),
  totalEffectiveBet: str(),
  currentChip: str(),
  nextLevelMinChip: nullable(str()),
  progress: num(),
  relegationChip: money(),
  monthlyEffective: str(),
  relegationMissCount: int(),
  vipHold: num(),
  rebates: array(obj({ gameType: str(), rebateRate: str() })),
  allLevels: array(obj(level)),
});

export const postVipSettlementDailyRebate = obj({ usersProcessed: num(), totalRebate: str(), usersPaid: num(), day: str(), alreadySettled: bool() });

export const postVipSettlementMonthlyRelegation = obj({ checked: num(), warned: num(), demoted: num(), month: str(), alreadySettled: bool() });

/** A VIP level as administrators see it: the name as its stored locale map, and the upgrade bonus's terms. */
export const adminVipLevel = obj({
  ...levelRow,
  name: localeTexts(),
  upgradeBonus: money('What reaching the level pays once (0: nothing)'),
  upgradeBonusKind: oneOfValues(['cash', 'bonus'], 'cash: paid to the balance; bonus: a bonus grant (source vip) with the terms below'),
  upgradeBonusWageringMultiplier: str('Bonus money: the wagering required is upgradeBonus x this'),
  upgradeBonusMaxBet: nullable(money('Bonus money: the max bet while the grant is active')),
  upgradeBonusMaxConversion: nullable(money('Bonus money: the most that converts to cash')),
  upgradeBonusValidDays: int('Bonus money: days the grant stays active'),
});
