import { QueryTypes, type Transaction } from 'sequelize';
import { db } from '../../db/sequelize';
import type { OutboxReconciler, OutboxRow } from '../../queues/reconcile';
import { enqueuePostBet } from './chain';

/**
 * The post-bet chain's effect, looked up in Postgres for outbox rows whose jobs were sent a while ago
 * (shared/queues/reconcile.ts): an order still owes the chain when it is settled and either was never
 * post-processed (`postProcessedAt` null) or counts another effective bet than it has added to its
 * user's total (a change after processing, "VIP totals by delta"). Those are enqueued again, in the
 * sweep's transaction, through enqueuePostBet: the chain applies each order once, whoever delivers it.
 * Missing or unsettled orders owe nothing (an order that settles later writes its own row). An order
 * whose chain keeps failing is written again once per grace time, and its failed jobs name it.
 */
export const postBetReconciler: OutboxReconciler = {
  queue: 'post-bet',
  async redeliver(transaction: Transaction, rows: readonly OutboxRow[]): Promise<number> {
    const ids = [...new Set(rows.map((row) => Number(row.payload.betOrderId)).filter((id) => Number.isSafeInteger(id) && id > 0))];
    if (!ids.length) return 0;
    const owing = await db().query<{ id: string }>(
      `SELECT id FROM bet_orders
        WHERE id IN (:ids) AND settled
          AND ("postProcessedAt" IS NULL OR "countedEffective" <> CASE WHEN status = 'valid' THEN "betEffective" ELSE 0 END)
        ORDER BY id`,
      { replacements: { ids }, type: QueryTypes.SELECT, transaction },
    );
    for (const order of owing) await enqueuePostBet(transaction, order.id);
    return owing.length;
  },
};
