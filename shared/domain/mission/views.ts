import Decimal from 'decimal.js';
import { QueryTypes } from 'sequelize';
import { Mission, User } from '../../db/models';
import { db } from '../../db/sequelize';
import { money } from '../wallet';
import { periodKeys } from './periods';
import { currentProgress } from './progress';
import { vipLevelNumber, type MissionCategory, type MissionPeriodType } from './types';

/** What a mission is, as both players and administrators see it. */
export interface MissionFields {
  id: number;
  category: MissionCategory;
  periodType: MissionPeriodType;
  tier: number;
  threshold: string;
  rewardAmount: string;
  vipRequired: number;
  turnoverMultiplier: string;
}

/** A mission as a player sees it (GET /mission). */
export interface MissionView extends MissionFields {
  currentProgress: string | null;
  isClaimed: boolean;
  isClaimable: boolean;
  meetsVip: boolean;
}

export function missionFields(m: Mission): MissionFields {
  return {
    id: m.id,
    category: m.category,
    periodType: m.periodType,
    tier: m.tier,
    threshold: money(m.threshold),
    rewardAmount: money(m.rewardAmount),
    vipRequired: m.vipRequired,
    turnoverMultiplier: new Decimal(m.turnoverMultiplier).toFixed(2),
  };
}

/** The (missionId, periodKey) pairs the user has claimed among the given periods. */
async function claimedIn(userId: number, keys: Record<MissionPeriodType, string>): Promise<Set<string>> {
  const claims = await db().query<{ missionId: number; periodKey: string }>(
    `SELECT "missionId", "periodKey" FROM mission_claims WHERE "userId" = :userId AND "periodKey" IN (:daily, :weekly, :monthly)`,
    { replacements: { userId, ...keys }, type: QueryTypes.SELECT },
  );
  return new Set(claims.map((c) => `${c.missionId}:${c.periodKey}`));
}

/**
 * GET /mission: the enabled missions of the site, by sortOrder, category, period type and tier.
 * Anonymous (userId null): currentProgress null, isClaimed and isClaimable false, and meetsVip true only
 * for a mission without a VIP requirement (vipRequired <= 0: the formula with no level to compare).
 */
export async function listMissions(siteCode: string, userId: number | null, now: Date = new Date()): Promise<MissionView[]> {
  const missions = await Mission.findAll({
    where: { siteCode, enabled: 1 },
    order: [
      ['sortOrder', 'ASC'],
      ['category', 'ASC'],
      ['periodType', 'ASC'],
      ['tier', 'ASC'],
      ['id', 'ASC'],
    ],
  });
  const user = userId === null ? null : await User.findByPk(userId, { attributes: ['id', 'vipLevel'] });
  if (!user) {
    return missions.map((m) => ({ ...missionFields(m), currentProgress: null, isClaimed: false, isClaimable: false, meetsVip: m.vipRequired <= 0 }));
  }
  const keys = periodKeys(now);
  const progress = await currentProgress(user.id, keys);
  const claimed = await claimedIn(user.id, keys);
  const level = vipLevelNumber(user.vipLevel);
  return missions.map((m) => {
    const current = new Decimal(progress.get(`${m.category}:${m.periodType}`) ?? 0);
    const isClaimed = claimed.has(`${m.id}:${keys[m.periodType]}`);
    const meetsVip = m.vipRequired <= 0 || level >= m.vipRequired;
    return { ...missionFields(m), currentProgress: money(current), isClaimed, isClaimable: !isClaimed && meetsVip && current.gte(m.threshold), meetsVip };
  });
}
