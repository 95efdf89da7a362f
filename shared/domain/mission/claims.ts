import Decimal from 'decimal.js';
import { UniqueConstraintError, type Transaction } from 'sequelize';
import { Mission, MissionClaim, User } from '../../db/models';
import { db } from '../../db/sequelize';
import { Refusal } from '../../errors';
import { type ClaimFilter, type Pagination, playerClaimPage } from '../common';
import { checkNotExcludedLocked } from '../responsible-gaming';
import { ledgerKeys, money, moveBalance } from '../wallet';
import { periodKeys } from './periods';
import { currentProgress } from './progress';
import { vipLevelNumber, type MissionCategory, type MissionPeriodType } from './types';

/**
 * Mission claims (POST /mission/:id/claim, GET /mission/claims). A claim pays `rewardAmount` through
 * the wallet (kind `mission-reward`, key `mission:<missionId>:<userId>:<periodKey>`) and writes the
 * claim row in ONE transaction; requiredTurnover = rewardAmount x turnoverMultiplier (post-bet/claim-turnover.ts).
 * A claim whose requiredTurnover is 0 is complete at once.
 */
export interface ClaimResult {
  rewardAmount: string;
  requiredTurnover: string;
  newBalance: string;
}

/** Locks the user row (claims of one user are serialized) and reads the mission; `notClaimable` unless both are of the site and the mission is enabled. */
async function lockClaimant(transaction: Transaction, siteCode: string, userId: number, missionId: number): Promise<{ user: User; mission: Mission }> {
  const user = await User.findByPk(userId, { attributes: ['id', 'siteCode', 'vipLevel'], transaction, lock: transaction.LOCK.UPDATE });
  const mission = await Mission.findByPk(missionId, { transaction });
  if (!user || !mission || mission.siteCode !== siteCode || user.siteCode !== siteCode || mission.enabled !== 1) throw new Refusal('mission.notClaimable');
  return { user, mission };
}

/** `alreadyClaimed` this period, `vipTooLow`, `belowThreshold` (progress), in this order. */
async function checkClaimable(transaction: Transaction, user: User, mission: Mission, now: Date): Promise<void> {
  const keys = periodKeys(now);
  const existing = await MissionClaim.findOne({
    where: { userId: user.id, missionId: mission.id, periodKey: keys[mission.periodType] },
    attributes: ['id'],
    transaction,
  });
  if (existing) throw new Refusal('mission.alreadyClaimed');
  if (mission.vipRequired > 0 && vipLevelNumber(user.vipLevel) < mission.vipRequired) throw new Refusal('mission.vipTooLow');
  const progress = (await currentProgress(user.id, keys, transaction)).get(`${mission.category}:${mission.periodType}`);
  if (new Decimal(progress ?? 0).lt(mission.threshold)) throw new Refusal('mission.belowThreshold');
}

async function writeClaim(
  transaction: Transaction,
  siteCode: string,
  userId: number,
  mission: Mission,
  key: string,
): Promise<{ claim: MissionClaim; reward: Decimal; required: Decimal }> {
  const reward = new Decimal(mission.rewardAmount);
  const required = reward.mul(mission.turnoverMultiplier).toDecimalPlaces(6, Decimal.ROUND_HALF_UP);
  const claim = await MissionClaim.create(
    {
      siteCode,
      userId,
      missionId: mission.id,
      category: mission.category,
      periodType: mission.periodType,
      tier: mission.tier,
      periodKey: key,
      rewardAmount: reward.toFixed(6),
      requiredTurnover: required.toFixed(6),
      completedTurnover: '0',
      turnoverCompleted: required.lte(0) ? 1 : 0,
    },
    { transaction },
  );
  return { claim, reward, required };
}

/** Credits the reward once (a replayed wallet key is a concurrent duplicate: `alreadyClaimed`) and links the ledger row to the claim. */
async function payReward(transaction: Transaction, claim: MissionClaim, mission: Mission, reward: Decimal): Promise<string> {
  const moved = await moveBalance(transaction, {
    userId: claim.userId,
    amount: reward.toFixed(6),
    kind: 'mission-reward',
    idempotencyKey: ledgerKeys.missionReward(mission.id, claim.userId, claim.periodKey),
    ref: { type: 'mission-claim', id: claim.id },
    remark: `mission ${mission.category} ${mission.periodType} tier ${mission.tier} (${claim.periodKey})`,
  });
  if (moved.replayed) throw new Refusal('mission.alreadyClaimed', 'replayed');
  await MissionClaim.update({ ledgerId: moved.ledgerId }, { where: { id: claim.id }, transaction });
  return moved.balanceAfter;
}

/**
 * POST /mission/:id/claim, in one transaction: lock the claimant, refuse an excluded player
 * (`responsible-gaming.selfExcluded`, `coolingOff`: rg_exclusion_refusal under the protection lock), check
 * the mission can be claimed in its current period, write the claim, pay the reward. The unique claim row and the wallet key make a
 * concurrent duplicate an `alreadyClaimed` that pays nothing.
 */
export async function claimMission(siteCode: string, userId: number, missionId: number, now: Date = new Date()): Promise<ClaimResult> {
  try {
    return await db().transaction(async (transaction) => {
      const { user, mission } = await lockClaimant(transaction, siteCode, userId, missionId);
      // Player protection's exclusions under the protection lock, taken after the user's row as the lock
      // order wants: an exclusion starting meanwhile waits for this claim or refuses it.
      await checkNotExcludedLocked(transaction, userId);
      await checkClaimable(transaction, user, mission, now);
      const { claim, reward, required } = await writeClaim(transaction, siteCode, userId, mission, periodKeys(now)[mission.periodType]);
      const newBalance = await payReward(transaction, claim, mission, reward);
      return { rewardAmount: money(reward), requiredTurnover: money(required), newBalance };
    });
  } catch (err) {
    if (err instanceof UniqueConstraintError) throw new Refusal('mission.alreadyClaimed', 'concurrent claim');
    throw err;
  }
}

export type { ClaimFilter };

export interface ClaimItem {
  id: number;
  missionId: number;
  category: MissionCategory;
  periodType: MissionPeriodType;
  tier: number;
  periodKey: string;
  rewardAmount: string;
  requiredTurnover: string;
  completedTurnover: string;
  turnoverCompleted: number;
  claimedAt: string;
}

export interface ClaimRow {
  id: number | string;
  missionId: number;
  category: MissionCategory;
  periodType: MissionPeriodType;
  tier: number | string;
  periodKey: string;
  rewardAmount: string;
  requiredTurnover: string;
  completedTurnover: string;
  turnoverCompleted: number | string;
  claimedAt: Date | string;
}

/** A mission claim as the API returns it: money as 6-decimal strings, ISO time. */
export function claimView(r: ClaimRow): ClaimItem {
  return {
    id: Number(r.id),
    missionId: r.missionId,
    category: r.category,
    periodType: r.periodType,
    tier: Number(r.tier),
    periodKey: r.periodKey,
    rewardAmount: money(r.rewardAmount),
    requiredTurnover: money(r.requiredTurnover),
    completedTurnover: money(r.completedTurnover),
    turnoverCompleted: Number(r.turnoverCompleted),
    claimedAt: new Date(r.claimedAt).toISOString(),
  };
}

/** GET /mission/claims: the caller's claims, newest first. */
export async function listMissionClaims(userId: number, siteCode: string, filter: ClaimFilter): Promise<{ items: ClaimItem[]; pagination: Pagination }> {
  const { rows, pagination } = await playerClaimPage<ClaimRow>(
    'mission_claims',
    `id, "missionId", category, "periodType", tier, "periodKey", "rewardAmount", "requiredTurnover", "completedTurnover", "turnoverCompleted", "claimedAt"`,
    userId,
    siteCode,
    filter,
  );
  return { items: rows.map(claimView), pagination };
}
