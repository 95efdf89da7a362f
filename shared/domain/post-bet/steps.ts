import type { Transaction } from 'sequelize';
import { awardVipMilestones } from '../affiliate';
import { addMissionProgress } from '../mission';
import { payUpgradeBonuses, recalculateVip } from '../vip';
import { advanceClaimTurnover } from './claim-turnover';
import { addPromotionTurnover, type TurnoverAmount } from './turnover';

/**
 * The steps of the post-bet chain. `applyPostBetBatch` (chain.ts) runs every step
 * once over the orders of a batch, in one transaction; a single order is a batch of one. A step added
 * here runs on every path.
 */

/** One order of the batch that gets the chain. */
export interface PostBetOrder {
  betOrderId: number;
  userId: number;
  siteCode: string;
  /** The order's stored (weighted) effective bet, 6 decimals. */
  betEffective: string;
  /** What the order adds to totalEffectiveBet now minus what it added before (signed, 6 decimals). */
  effectiveDelta: string;
  /** False for an order processed before whose count changed since (a bet refunded or added later). */
  firstRun: boolean;
  /** First run of a valid order with a positive betEffective: only those add promotion and mission turnover. */
  countsAsTurnover: boolean;
  /** When the order settled (the time of the run when unknown): its mission periods. */
  settledAt: Date;
}

/** What a step sees: the transaction and the batch's orders, in id order. */
export interface PostBetContext {
  transaction: Transaction;
  orders: readonly PostBetOrder[];
}

/** A step's results by user id (for a batch of one, the order's result). */
export type PostBetStepResults = ReadonlyMap<number, unknown>;

export interface PostBetStep {
  name: string;
  run: (ctx: PostBetContext) => Promise<PostBetStepResults | void>;
}

const turnoverOf = (orders: readonly PostBetOrder[]): TurnoverAmount[] =>
  orders.filter((o) => o.countsAsTurnover).map((o) => ({ userId: o.userId, amount: o.betEffective }));

/** Step 3: bet-mission progress in the periods of each order's settlement, then the turnover of open mission claims. */
async function addMissionTurnover({ transaction, orders }: PostBetContext): Promise<PostBetStepResults> {
  const counted = orders.filter((o) => o.countsAsTurnover);
  await addMissionProgress(
    transaction,
    counted.map((o) => ({ siteCode: o.siteCode, userId: o.userId, category: 'bet' as const, amount: o.betEffective, at: o.settledAt })),
  );
  return advanceClaimTurnover(transaction, 'mission_claims', turnoverOf(counted));
}

/** Step 1: every order's effective-bet delta, per user in order id order. */
function vipDeltas(orders: readonly PostBetOrder[]): Map<number, string[]> {
  const deltas = new Map<number, string[]>();
  for (const o of orders) deltas.set(o.userId, [...(deltas.get(o.userId) ?? []), o.effectiveDelta]);
  return deltas;
}

/**
 * Step 1 and what follows from it: the VIP recalculation (locks the players' rows), the upgrade bonuses
 * of the players it moved up (cash or a bonus grant: their users rows, then bonus_grants), then the
 * affiliate VIP milestones of those members (locks their agents' affiliate accounts, after the users
 * rows: the lock order of every path). Answers the VIP results.
 */
async function vipAndMilestones({ transaction, orders }: PostBetContext): Promise<PostBetStepResults> {
  const vip = await recalculateVip(transaction, vipDeltas(orders));
  const upgraded = [...vip.values()].filter((r) => r.upgraded);
  await payUpgradeBonuses(transaction, upgraded);
  await awardVipMilestones(transaction, upgraded);
  return vip;
}

/**
 * The chain. VIP comes last although the contract lists it first: it locks the players' rows, which their
 * bets need too, so they are held only until the commit that follows. The steps do not depend on each
 * other, so their order changes no result.
 */
export const POST_BET_STEPS: readonly PostBetStep[] = Object.freeze([
  { name: 'promotion', run: ({ transaction, orders }: PostBetContext) => addPromotionTurnover(transaction, turnoverOf(orders)) },
  { name: 'mission', run: addMissionTurnover },
  { name: 'vip', run: vipAndMilestones },
]);
