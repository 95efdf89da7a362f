import Decimal from 'decimal.js';
import type { Transaction } from 'sequelize';
import { BetOrder } from '../../db/models';
import { db } from '../../db/sequelize';
import { logger } from '../../logger';
import type { VipRecalculation } from '../vip';
import { POST_BET_STEPS, type PostBetOrder, type PostBetStep, type PostBetStepResults } from './steps';
import type { TurnoverResult } from './turnover';

/**
 * The post-bet chain (docs/decisions/post-bet.md, "Post-bet chain" and "Post-bet in batches").
 * A settlement (simulate, provy bet and win, provx BetResult) writes the post-bet outbox row in its own
 * transaction (their database functions call post_bet_enqueue, which `enqueuePostBet` runs too); the
 * `post-bet` worker then applies the steps (steps.ts), exactly once per settled order, to a batch of
 * orders in ONE transaction (`applyPostBetBatch`); `applyPostBet` is the batch of one order. A job Redis
 * lost is found by the workers' reconcile sweep (reconcile.ts), which calls `enqueuePostBet` again.
 */
export async function enqueuePostBet(transaction: Transaction, betOrderId: number | string): Promise<void> {
  // The row the settlements' database functions write (post_bet_enqueue: outbox_add of the `post-bet`
  // queue, a batched queue, so nothing is pushed after commit: the relay delivers it).
  await db().query('SELECT post_bet_enqueue($1)', { bind: [Number(betOrderId)], transaction });
}

export interface PostBetBatchResult {
  applied: number[];
  alreadyProcessed: number[];
  notSettled: number[];
  missing: number[];
}

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

/** The columns of a bet order the chain reads. */
interface LockedOrder {
  id: string;
  userId: number;
  siteCode: string;
  status: BetOrder['status'];
  settled: boolean;
  betEffective: string;
  countedEffective: string;
  postProcessedAt: Date | null;
  settledAt: Date | null;
}

/** What one run of the chain did: the batch's answer, the orders that got the steps and the steps' results. */
interface ChainRun {
  result: PostBetBatchResult;
  orders: PostBetOrder[];
  steps: Record<string, PostBetStepResults | void>;
  processedAt: Date;
}

/**
 * Locks the orders (FOR NO KEY UPDATE, id order): plain rows, a batch is up to 100 orders. Orders before
 * their users' rows (the VIP step locks those last), as on every path (docs/decisions/platform.md, "One lock
 * order"); NO KEY UPDATE, what an UPDATE of the row takes, so the key-share locks of rows that merely
 * reference an order (a bet detail, a provider call being recorded) never wait for the chain.
 */
async function lockOrders(transaction: Transaction, ids: readonly number[]): Promise<LockedOrder[]> {
  return (await BetOrder.findAll({
    where: { id: [...ids] },
    attributes: ['id', 'userId', 'siteCode', 'status', 'settled', 'betEffective', 'countedEffective', 'postProcessedAt', 'settledAt'],
    order: [['id', 'ASC']],
    lock: transaction.LOCK.NO_KEY_UPDATE,
    transaction,
    raw: true,
  })) as unknown as LockedOrder[];
}

/** What a bet order adds to its user's totalEffectiveBet: its betEffective when valid and settled. */
function countedNow(order: LockedOrder): Decimal {
  return order.status === 'valid' && order.settled ? new Decimal(order.betEffective) : new Decimal(0);
}

/**
 * Sorts the locked orders: missing and unsettled ones are left alone (an unsettled order is not
 * marked, so its settlement's own job applies it later); an order never processed gets the chain; a
 * processed one only when what it counts changed since (its VIP difference; promotion and mission
 * turnover stay once per order); a processed one that did not change gets nothing.
 */
function ordersForChain(ids: readonly number[], rows: readonly LockedOrder[], now: Date): { result: PostBetBatchResult; orders: PostBetOrder[] } {
  const found = new Set(rows.map((o) => Number(o.id)));
  const result: PostBetBatchResult = { applied: [], alreadyProcessed: [], notSettled: [], missing: ids.filter((id) => !found.has(id)) };
  const orders: PostBetOrder[] = [];
  for (const row of rows) {
    const id = Number(row.id);
    if (!row.settled) {
      result.notSettled.push(id);
      continue;
    }
    const firstRun = !row.postProcessedAt;
    const delta = countedNow(row).minus(row.countedEffective);
    (firstRun ? result.applied : result.alreadyProcessed).push(id);
    if (!firstRun && delta.isZero()) continue;
    const betEffective = new Decimal(row.betEffective).toFixed(6);
    orders.push({
      betOrderId: id,
      userId: row.userId,
      siteCode: row.siteCode,
      betEffective,
      effectiveDelta: delta.toFixed(6),
      firstRun,
      countsAsTurnover: firstRun && row.status === 'valid' && new Decimal(betEffective).gt(0),
      settledAt: row.settledAt ? new Date(row.settledAt) : now,
    });
  }
  return { result, orders };
}

/** Marks the orders in one statement: what each counts now (countedEffective), and postProcessedAt on a first run. */
async function markOrders(transaction: Transaction, orders: readonly PostBetOrder[], now: Date): Promise<void> {
  if (!orders.length) return;
  const marks = orders.map((o) => ({ id: o.betOrderId, delta: o.effectiveDelta, processed: o.firstRun }));
  await db().query(
    `UPDATE bet_orders o
        SET "countedEffective" = o."countedEffective" + CAST(m.delta AS NUMERIC),
            "postProcessedAt" = CASE WHEN m.processed THEN CAST(:now AS TIMESTAMPTZ) ELSE o."postProcessedAt" END,
            "updatedAt" = now()
       FROM json_to_recordset(CAST(:marks AS JSON)) AS m(id BIGINT, delta TEXT, processed BOOLEAN)
      WHERE o.id = m.id`,
    { replacements: { marks: JSON.stringify(marks), now: now.toISOString() }, transaction },
  );
}

/**
 * The chain over `betOrderIds` in ONE transaction (the caller's, when given): lock the orders, mark
 * them, run every step once over those that get the chain. Anything failing rolls it all back, so a
 * retry applies each order once; a second run for the same order waits for its lock, then finds it
 * processed.
 */
async function runChain(betOrderIds: readonly number[], options: ApplyPostBetOptions): Promise<ChainRun> {
  const ids = [...new Set(betOrderIds.map(Number).filter((id) => Number.isSafeInteger(id) && id > 0))].sort((a, b) => a - b);
  const steps = options.steps ?? POST_BET_STEPS;
  const run = async (transaction: Transaction): Promise<ChainRun> => {
    const processedAt = new Date();
    const { result, orders } = ordersForChain(ids, await lockOrders(transaction, ids), processedAt);
    if (result.notSettled.length) logger().warn({ betOrderIds: result.notSettled }, 'post-bet: bet orders not settled yet; left for their settlement jobs');
    await markOrders(transaction, orders, processedAt);
    const results: ChainRun['steps'] = {};
    for (const step of steps) results[step.name] = await step.run({ transaction, orders });
    return { result, orders, steps: results, processedAt };
  };
  if (!ids.length) return { result: { applied: [], alreadyProcessed: [], notSettled: [], missing: [] }, orders: [], steps: {}, processedAt: new Date() };
  return options.transaction ? run(options.transaction) : db().transaction(run);
}

/** The chain of many bet orders in one transaction (the worker's batches). */
export async function applyPostBetBatch(betOrderIds: readonly number[], options: ApplyPostBetOptions = {}): Promise<PostBetBatchResult> {
  return (await runChain(betOrderIds, options)).result;
}

/**
 * The chain of one bet order: the batch of one, answered for that order. Missing: `{skipped, reason:
 * 'missing'}` (the worker makes that unrecoverable); not settled, or processed before (then only its
 * VIP difference applies, if any): skipped with that reason; else what each step did.
 */
export async function applyPostBet(betOrderId: number | string, options: ApplyPostBetOptions = {}): Promise<PostBetResult> {
  const id = Number(betOrderId);
  if (!Number.isSafeInteger(id) || id <= 0) return { betOrderId: id, skipped: true, reason: 'missing' };
  const run = await runChain([id], options);
  if (run.result.missing.length) return { betOrderId: id, skipped: true, reason: 'missing' };
  if (run.result.notSettled.length) return { betOrderId: id, skipped: true, reason: 'not-settled' };
  if (run.result.alreadyProcessed.length) return { betOrderId: id, skipped: true, reason: 'already-processed' };
  const { userId } = run.orders[0];
  const resultOf = <T>(name: string): T | null | undefined => (name in run.steps ? ((run.steps[name]?.get(userId) ?? null) as T | null) : undefined);
  return {
    betOrderId: id,
    skipped: false,
    userId,
    postProcessedAt: run.processedAt.toISOString(),
    vip: resultOf<VipRecalculation>('vip') ?? undefined,
    promotion: resultOf<TurnoverResult>('promotion'),
    mission: resultOf<TurnoverResult>('mission'),
  };
}
