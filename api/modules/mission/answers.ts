import { array, bool, int, money, nothing, nullable, num, obj, oneOfValues, pagination, str } from '../../http/answer-schemas';
import { MISSION_CATEGORIES, MISSION_PERIOD_TYPES } from '../../../shared/domain/mission';

/**
 * The answers of the mission endpoints (their `result`), as the API document shows them and the tests check them
 * (docs/architecture.md, "Where to add", an endpoint's answer).
 */

/** Which mission: its category, period and tier. */
const missionKind = {
  category: oneOfValues(MISSION_CATEGORIES),
  periodType: oneOfValues(MISSION_PERIOD_TYPES),
  tier: num(),
};

/** A mission's terms. */
const mission = {
  id: int(),
  ...missionKind,
  threshold: money(),
  rewardAmount: money(),
  vipRequired: num(),
  turnoverMultiplier: str(),
};

/** A mission as the administrators see it. */
const adminMission = obj({
  ...mission,
  siteCode: str(),
  enabled: num(),
  sortOrder: num(),
  createdAt: str(),
  updatedAt: str(),
});

/** A claimed mission reward and its turnover. */
const claim = {
  id: int(),
  missionId: int(),
  ...missionKind,
  periodKey: str(),
  rewardAmount: money(),
  requiredTurnover: str(),
  completedTurnover: str(),
  turnoverCompleted: num(),
  claimedAt: str(),
};

export const getMission = array(
  obj({
    ...mission,
    currentProgress: nullable(str()),
    isClaimed: bool(),
    isClaimable: bool(),
    meetsVip: bool(),
  }),
);

export const getMissionClaims = obj({ items: array(obj(claim)), pagination });

export const postMissionByIdClaim = obj({ rewardAmount: money(), requiredTurnover: str(), newBalance: str() });

export const getMissionAdminMissions = array(adminMission);

export const postMissionAdminMissions = adminMission;

export const deleteMissionAdminMissionsById = nothing;

export const getMissionAdminClaims = obj({ items: array(obj({ ...claim, userId: int() })), pagination });
