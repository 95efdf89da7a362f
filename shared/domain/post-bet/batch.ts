import Decimal from 'decimal.js';
import { BetOrder } from '../../db/models';
import { db } from '../../db/sequelize';
import { countedNow } from './chain';
import { addTurnoverMany, type TurnoverOrder } from './turnover-batch';
import { recalculateVipMany } from '../vip/progress';

/**
 * The post-bet chain of many bet orders in ONE transaction (the worker's batches; docs/decisions.md,
 * "Post-bet in batches"), with the effect of `applyPostBet` on each of them:
 * - orders are locked (FOR UPDATE, id order); missing and unsettled ones are left alone, processed ones
 *   get only their VIP difference (an order changed after its chain ran), the rest the whole chain;
 * - promotion and mission turnover: summed per user (and mission period) in a few statements
 *   (`addTurnoverMany`), ending where adding the orders one by one would leave them;
 * - the orders are marked (postProcessedAt, countedEffective) in one statement;
 * - VIP last: every user's deltas in order id order in two statements (`recalculateVipMany`); it locks
 *   the players' rows, which their bets need too, so they are held only until the commit.
 * Anything failing rolls the whole batch back; the worker then applies the orders one by one.
 */
export interface PostBetBatchResult {
  applied: number[];
  alreadyProcessed: number[];
  notSettled: number[];
  missing: number[];
}

export async function applyPostBetBatch(betOrderIds: readonly number[]): Promise<PostBetBatchResult> {
  const ids = [...new Set(betOrderIds.map(Number).filter((id) => Number.isSafeInteger(id) && id > 0))].sort((a, b) => a - b);
  return db().transaction(async (transaction) => {
    // Plain rows of the columns the chain reads (no model instances: a batch is up to 100 orders).
    const orders = await BetOrder.findAll({
      where: { id: ids },
      attributes: ['id', 'userId', 'siteCode', 'status', 'settled', 'betEffective', 'countedEffective', 'postProcessedAt', 'settledAt'],
      order: [['id', 'ASC']],
      lock: transaction.LOCK.UPDATE,
      transaction,
      raw: true,
    });
    const found = new Set(orders.map((o) => Number(o.id)));
    const result: PostBetBatchResult = { applied: [], alreadyProcessed: [], notSettled: [], missing: ids.filter((id) => !found.has(id)) };
    const vipDeltas = new Map<number, string[]>();
    const turnover: TurnoverOrder[] = [];
    const marks: Array<{ id: number; counted: string; processed: boolean }> = [];
    const now = new Date();

    for (const order of orders) {
      const id = Number(order.id);
      if (!order.settled) {
        result.notSettled.push(id);
        continue;
      }
      const counted = countedNow(order);
      const delta = counted.minus(order.countedEffective);
      if (order.postProcessedAt) {
        result.alreadyProcessed.push(id);
        if (delta.isZero()) continue;
      } else {
        result.applied.push(id);
      }
      vipDeltas.set(order.userId, [...(vipDeltas.get(order.userId) ?? []), delta.toFixed(6)]);
      marks.push({ id, counted: counted.toFixed(6), processed: !order.postProcessedAt });
      const betEffective = new Decimal(order.betEffective).toFixed(6);
      if (order.postProcessedAt || order.status !== 'valid' || new Decimal(betEffective).lte(0)) continue;
      const settledAt = order.settledAt ? new Date(order.settledAt) : now;
      turnover.push({ betOrderId: id, userId: order.userId, siteCode: order.siteCode, betEffective, settledAt });
    }

    await addTurnoverMany(transaction, turnover);
    if (marks.length) {
      await db().query(
        `UPDATE bet_orders o
            SET "countedEffective" = CAST(m.counted AS NUMERIC),
                "postProcessedAt" = CASE WHEN m.processed THEN now() ELSE o."postProcessedAt" END,
                "updatedAt" = now()
           FROM json_to_recordset(CAST(:marks AS JSON)) AS m(id BIGINT, counted TEXT, processed BOOLEAN)
          WHERE o.id = m.id`,
        { replacements: { marks: JSON.stringify(marks) }, transaction },
      );
    }
    // Last, so the players' rows are locked only until the commit that follows: every simulate and
    // provider callback of these players waits for those locks.
    await recalculateVipMany(transaction, vipDeltas);
    return result;
  });
}
