import Decimal from 'decimal.js';
import type { Transaction } from 'sequelize';
import { BetOrder } from '../../db/models';
import type { Tx } from '../../db/pg-tx';
import { db } from '../../db/sequelize';
import { logger } from '../../logger';
import { addToOutbox } from '../../queues/outbox';
import { addMissionBetProgress, addPromotionTurnover, type TurnoverResult } from './turnover';
import { recalculateVip, type VipRecalculation } from '../vip/progress';

/**
 * The post-bet chain (Part A section 6). A settlement (simulate, provy bet, provx BetResult) calls
 * `enqueuePostBet` in its own transaction; the `post-bet` worker then applies, exactly once per bet
 * order, VIP recalculation, promotion turnover and mission bet progress (`applyPostBet`).
 */
export async function enqueuePostBet(transaction: Tx, betOrderId: number | string): Promise<void> {
  await addToOutbox(transaction, 'post-bet', 'settled', { betOrderId: Number(betOrderId) });
}

/** What one step of the chain sees. */
export interface PostBetContext {
  transaction: Transaction;
  order: BetOrder;
  betOrderId: number;
  userId: number;
  /** The order's stored (weighted) effective bet, 6 decimals. */
  betEffective: string;
  /** What the order adds to totalEffectiveBet now minus what it added before (signed, 6 decimals). */
  effectiveDelta: string;
  /** Valid order with a positive betEffective: only those add promotion and mission turnover. */
  countsAsTurnover: boolean;
}

export interface PostBetStep {
  name: string;
  run: (ctx: PostBetContext) => Promise<unknown>;
}

/** The chain, in the order of Part A section 6. */
export const POST_BET_STEPS: readonly PostBetStep[] = Object.freeze([
  { name: 'vip', run: (ctx: PostBetContext) => recalculateVip(ctx.transaction, ctx.userId, ctx.effectiveDelta) },
  {
    name: 'promotion',
    run: (ctx: PostBetContext) =>
      ctx.countsAsTurnover ? addPromotionTurnover(ctx.transaction, ctx.userId, ctx.betEffective, ctx.betOrderId) : Promise.resolve(null),
  },
  {
    name: 'mission',
    run: (ctx: PostBetContext) =>
      ctx.countsAsTurnover ? addMissionBetProgress(ctx.transaction, ctx.userId, ctx.betEffective, ctx.betOrderId, ctx.order) : Promise.resolve(null),
  },
]);

export type PostBetSkipReason = 'missing' | 'not-settled' | 'already-processed';

export type PostBetResult =
  | {
      betOrderId: number;
      skipped: false;
      userId: number;
      postProcessedAt: string;
      vip?: VipRecalculation;
      promotion?: TurnoverResult | null;
      mission?: TurnoverResult | null;
    }
  | { betOrderId: number; skipped: true; reason: PostBetSkipReason };

export interface ApplyPostBetOptions {
  /** Run inside this transaction instead of an own one (the caller commits or rolls back). */
  transaction?: Transaction;
  /** The steps to run; default POST_BET_STEPS. Tests inject failing or counting steps. */
  steps?: readonly PostBetStep[];
}

/** What a bet order adds to its user's totalEffectiveBet: its betEffective when valid and settled. */
export function countedNow(order: BetOrder): Decimal {
  return order.status === 'valid' && order.settled ? new Decimal(order.betEffective) : new Decimal(0);
}

/**
 * Applies the post-bet chain of one bet order, exactly once, in ONE transaction:
 * lock the order (FOR UPDATE) → missing: `{skipped, reason: 'missing'}` (the worker makes that
 * unrecoverable) → not settled: nothing, not marked, so the settlement's own job applies it later →
 * postProcessedAt set: `{skipped, reason: 'already-processed'}` → run the steps → set postProcessedAt.
 * A crash or a failing step rolls everything back, so a retry applies it once; a second job for the same
 * order waits for the lock and then finds it processed.
 *
 * The VIP total moves by delta (countedEffective). An order changed after it was processed (a bet
 * refunded or added later: provider-wallet enqueues the chain again) has only that difference applied,
 * VIP step alone, still reported as already-processed.
 */
export async function applyPostBet(betOrderId: number | string, options: ApplyPostBetOptions = {}): Promise<PostBetResult> {
  const id = Number(betOrderId);
  if (!Number.isSafeInteger(id) || id <= 0) return { betOrderId: id, skipped: true, reason: 'missing' };
  const steps = options.steps ?? POST_BET_STEPS;
  const run = async (transaction: Transaction): Promise<PostBetResult> => {
    const order = await BetOrder.findByPk(id, { transaction, lock: transaction.LOCK.UPDATE });
    if (!order) return { betOrderId: id, skipped: true, reason: 'missing' };
    if (!order.settled) {
      logger().warn({ betOrderId: id }, 'post-bet: bet order not settled yet; left for its settlement job');
      return { betOrderId: id, skipped: true, reason: 'not-settled' };
    }
    const counted = countedNow(order);
    const effectiveDelta = counted.minus(order.countedEffective).toFixed(6);
    if (order.postProcessedAt) {
      if (!new Decimal(effectiveDelta).isZero()) {
        await recalculateVip(transaction, order.userId, effectiveDelta);
        await BetOrder.update({ countedEffective: counted.toFixed(6) }, { where: { id }, transaction });
      }
      return { betOrderId: id, skipped: true, reason: 'already-processed' };
    }

    const betEffective = new Decimal(order.betEffective).toFixed(6);
    const ctx: PostBetContext = {
      transaction,
      order,
      betOrderId: id,
      userId: order.userId,
      betEffective,
      effectiveDelta,
      countsAsTurnover: order.status === 'valid' && new Decimal(betEffective).gt(0),
    };
    const results: Record<string, unknown> = {};
    for (const step of steps) results[step.name] = await step.run(ctx);

    const postProcessedAt = new Date();
    // The order counts what the VIP step added (tests may run the chain without that step).
    const countedEffective = 'vip' in results ? counted.toFixed(6) : order.countedEffective;
    await BetOrder.update({ postProcessedAt, countedEffective }, { where: { id }, transaction });
    return {
      betOrderId: id,
      skipped: false,
      userId: order.userId,
      postProcessedAt: postProcessedAt.toISOString(),
      vip: results.vip as VipRecalculation | undefined,
      promotion: results.promotion as TurnoverResult | null | undefined,
      mission: results.mission as TurnoverResult | null | undefined,
    };
  };
  return options.transaction ? run(options.transaction) : db().transaction(run);
}
