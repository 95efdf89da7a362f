import { array, bool, int, money, nothing, nullable, num, obj, oneOfValues, str } from '../../http/answer-schemas';

/**
 * The answers of the mission endpoints (their `result`), as the API document shows them and the tests check them
 * (docs/architecture.md, "Where to add", an endpoint's answer).
 */

export const getMission = array(obj({
  currentProgress: nullable(str()),
  isClaimed: bool(),
  isClaimable: bool(),
  meetsVip: bool(),
  id: int(),
  category: oneOfValues(['deposit', 'bet']),
  periodType: oneOfValues(['weekly', 'daily', 'monthly']),
  tier: num(),
  threshold: money(),
  rewardAmount: money(),
  vipRequired: num(),
  turnoverMultiplier: str(),
}));

export const getMissionClaims = obj({
  items: array(obj({
    id: int(),
    missionId: int(),
    category: oneOfValues(['deposit', 'bet']),
    periodType: oneOfValues(['weekly', 'daily', 'monthly']),
    tier: num(),
    periodKey: str(),
    rewardAmount: money(),
    requiredTurnover: str(),
    completedTurnover: str(),
    turnoverCompleted: num(),
    claimedAt: str(),
  })),
  pagination: obj({ page: int(), pageSize: int(), total: int(), totalPages: int() }),
});

export const postMissionByIdClaim = obj({ rewardAmount: money(), requiredTurnover: str(), newBalance: str() });

export const getMissionAdminMissions = array(obj({
  siteCode: str(),
  enabled: num(),
  sortOrder: num(),
  createdAt: str(),
  updatedAt: str(),
  id: int(),
  category: oneOfValues(['deposit', 'bet']),
  periodType: oneOfValues(['weekly', 'daily', 'monthly']),
  tier: num(),
  threshold: money(),
  rewardAmount: money(),
  vipRequired: num(),
  turnoverMultiplier: str(),
}));

export const postMissionAdminMissions = obj({
  siteCode: str(),
  enabled: num(),
  sortOrder: num(),
  createdAt: str(),
  updatedAt: str(),
  id: int(),
  category: oneOfValues(['deposit', 'bet']),
  periodType: oneOfValues(['weekly', 'daily', 'monthly']),
  tier: num(),
  threshold: money(),
  rewardAmount: money(),
  vipRequired: num(),
  turnoverMultiplier: str(),
});

export const deleteMissionAdminMissionsById = nothing;

export const getMissionAdminClaims = obj({
  items: array(obj({
    id: int(),
    missionId: int(),
    category: oneOfValues(['deposit', 'bet']),
    periodType: oneOfValues(['weekly', 'daily', 'monthly']),
    tier: num(),
    periodKey: str(),
    rewardAmount: money(),
    requiredTurnover: str(),
    completedTurnover: str(),
    turnoverCompleted: num(),
    claimedAt: str(),
    userId: int(),
  })),
  pagination: obj({ page: int(), pageSize: int(), total: int(), totalPages: int() }),
});
