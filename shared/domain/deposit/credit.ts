import { QueryTypes, type Transaction } from 'sequelize';
import { db } from '../../db/sequelize';
import { addToOutbox } from '../../queues/outbox';
import type { OutboxReconciler, OutboxRow } from '../../queues/reconcile';
import { addMissionDepositProgress } from '../mission/progress';
import { moveBalance } from '../wallet/wallet';

/**
 * Crediting a paid deposit (ARCHITECTURE.md sections 4 and 5; docs/payments.md, "Crediting"). The
 * transaction that makes an order paid writes a `deposit-credit` outbox row; the worker then, in ONE
 * transaction: locks the order (the order before the player, as every deposit path does), credits its
 * usdAmount (computed when it was paid, at the rate stored on the order) through the wallet under the
 * key `deposit:<orderId>`, adds deposit mission progress, and marks the order credited. A job delivered
 * twice, or a row written again by the reconciler, finds the mark and does nothing. Rows are delivered
 * in batches (definitions.ts `batch`), credited together in one transaction.
 */
export async function enqueueDepositCredit(transaction: Transaction, depositOrderId: number | string): Promise<void> {
  await addToOutbox(transaction, 'deposit-credit', 'deposit-paid', { depositOrderId: Number(depositOrderId) });
}

export type CreditResult =
  | { depositOrderId: number; credited: true; usdAmount: string; balanceAfter: string }
  | { depositOrderId: number; credited: false; reason: 'missing' | 'not-paid' | 'already-credited' };

interface LockedOrder {
  id: string;
  userId: number;
  status: string;
  usdAmount: string | null;
  creditedAt: Date | null;
}

/** Credits one order (a batch of one). */
export async function creditDeposit(depositOrderId: number): Promise<CreditResult> {
  const [result] = await creditDeposits([depositOrderId]);
  return result;
}

/**
 * Credits the orders in ONE transaction (the relay delivers them many to a job): the orders are locked
 * in id order, then the players' balances move in (user, order) order, so two batches never wait on each
 * other in opposite orders. One result per distinct id, in id order.
 */
export async function creditDeposits(depositOrderIds: readonly number[]): Promise<CreditResult[]> {
  const ids = [...new Set(depositOrderIds)].sort((a, b) => a - b);
  if (!ids.length) return [];
  return db().transaction(async (transaction) => {
    const rows = await db().query<LockedOrder>(
      `SELECT id, "userId", status, "usdAmount", "creditedAt" FROM deposit_orders WHERE id IN (:ids) ORDER BY id FOR UPDATE`,
      { replacements: { ids }, type: QueryTypes.SELECT, transaction },
    );
    const byId = new Map(rows.map((row) => [Number(row.id), row]));
    const results = new Map<number, CreditResult>();
    const due: LockedOrder[] = [];
    for (const id of ids) {
      const order = byId.get(id);
      if (!order) results.set(id, { depositOrderId: id, credited: false, reason: 'missing' });
      else if (order.status !== 'paid' || order.usdAmount === null) results.set(id, { depositOrderId: id, credited: false, reason: 'not-paid' });
      else if (order.creditedAt) results.set(id, { depositOrderId: id, credited: false, reason: 'already-credited' });
      else due.push(order);
    }
    due.sort((a, b) => a.userId - b.userId || Number(a.id) - Number(b.id));
    for (const order of due) {
      const move = await moveBalance(transaction, {
        userId: order.userId,
        amount: order.usdAmount as string,
        kind: 'deposit',
        idempotencyKey: `deposit:${order.id}`,
        ref: { type: 'deposit-order', id: order.id },
      });
      await addMissionDepositProgress(transaction, order.userId, order.usdAmount as string, order.id);
      results.set(Number(order.id), { depositOrderId: Number(order.id), credited: true, usdAmount: move.amount, balanceAfter: move.balanceAfter });
    }
    if (due.length) {
      await db().query(`UPDATE deposit_orders SET "creditedAt" = now(), "updatedAt" = now() WHERE id IN (:ids)`, { replacements: { ids: due.map((o) => o.id) }, transaction });
    }
    return ids.map((id) => results.get(id) as CreditResult);
  });
}

/**
 * The credit's effect looked up in Postgres for `deposit-credit` outbox rows sent a while ago
 * (shared/queues/reconcile.ts): a paid order not yet credited is written to the outbox again.
 */
export const depositCreditReconciler: OutboxReconciler = {
  queue: 'deposit-credit',
  async redeliver(transaction: Transaction, rows: readonly OutboxRow[]): Promise<number> {
    const ids = [...new Set(rows.map((row) => Number(row.payload.depositOrderId)).filter((id) => Number.isSafeInteger(id) && id > 0))];
    if (!ids.length) return 0;
    const owing = await db().query<{ id: string }>(
      `SELECT id FROM deposit_orders WHERE id IN (:ids) AND status = 'paid' AND "creditedAt" IS NULL ORDER BY id`,
      { replacements: { ids }, type: QueryTypes.SELECT, transaction },
    );
    for (const order of owing) await enqueueDepositCredit(transaction, order.id);
    return owing.length;
  },
};
