import { QueryTypes, type Transaction } from 'sequelize';
import { db } from '../../db/sequelize';
import { pushAfterCommit, type CommittedRow } from '../../queues/outbox';
import type { OutboxReconciler, OutboxRow } from '../../queues/reconcile';
import { logger } from '../../logger';
import { grantDepositOffer } from '../bonus';
import { addMissionDepositProgress } from '../mission';
import { ledgerKeys, moveBalance } from '../wallet';

/**
 * Crediting a paid deposit (docs/architecture.md, "A deposit"; docs/payments.md, "Crediting"). The
 * transaction that makes an order paid writes a `deposit-credit` outbox row; the worker then, in ONE
 * transaction: locks the order (the order before the player, as every deposit path does), credits its
 * usdAmount (computed when it was paid, at the rate stored on the order) through the wallet under the
 * key `deposit:<orderId>`, adds deposit mission progress, and marks the order credited. A job delivered
 * twice, or a row written again by the reconciler, finds the mark and does nothing.
 */
export async function enqueueDepositCredit(transaction: Transaction, depositOrderId: number | string): Promise<void> {
  // The row deposit_mark_paid writes too (deposit_credit_enqueue, shared/db/functions/deposit/enqueue-credit.sql), pushed after commit.
  const [row] = await db().query<{ credit: CommittedRow }>('SELECT to_jsonb(deposit_credit_enqueue($1)) AS credit', {
    bind: [depositOrderId],
    type: QueryTypes.SELECT,
    transaction,
  });
  transaction.afterCommit(() => pushAfterCommit(row.credit));
}

export type CreditResult =
  | { depositOrderId: number; credited: true; usdAmount: string; balanceAfter: string }
  | { depositOrderId: number; credited: false; reason: 'missing' | 'not-paid' | 'already-credited' | 'held' };

/** Thrown inside the credit's transaction to roll it back: the player is frozen (the KYC under-age freeze). */
class FrozenPlayer extends Error {}

interface LockedOrder {
  id: string;
  userId: number;
  status: string;
  usdAmount: string | null;
  creditedAt: Date | null;
  siteCode: string;
  bonusOfferId: string | null;
}

/**
 * A paid deposit of a player the KYC under-age freeze stops (kyc_freeze_refusal, docs/kyc.md, "Under age:
 * the freeze") is not credited: the credit is rolled back and the order marked held ("creditHeldAt",
 * which the reconciler skips). An operator's dismissal of the flag credits it
 * (shared/domain/kyc/flags.ts); after a confirmation it waits for an operator to settle it outside.
 */
export async function creditDeposit(depositOrderId: number): Promise<CreditResult> {
  try {
    return await creditOnce(depositOrderId);
  } catch (err) {
    if (!(err instanceof FrozenPlayer)) throw err;
    return holdCredit(depositOrderId);
  }
}

/**
 * Marks the order held, under the order's and the player's row locks (that order), if the player is still
 * frozen; a dismissal that came first (it locks the player's row) means the credit is tried again.
 */
async function holdCredit(depositOrderId: number): Promise<CreditResult> {
  const held = await db().transaction(async (transaction) => {
    const [order] = await db().query<{ userId: number }>(`SELECT "userId" FROM deposit_orders WHERE id = :id FOR UPDATE`, {
      replacements: { id: depositOrderId },
      type: QueryTypes.SELECT,
      transaction,
    });
    if (!order) return false;
    await db().query(`SELECT 1 FROM users WHERE id = :userId FOR NO KEY UPDATE`, { replacements: { userId: order.userId }, transaction });
    const rows = await db().query(
      `UPDATE deposit_orders SET "creditHeldAt" = now(), "updatedAt" = now()
        WHERE id = :id AND "creditedAt" IS NULL AND kyc_freeze_refusal("userId") IS NOT NULL RETURNING id`,
      { replacements: { id: depositOrderId }, type: QueryTypes.SELECT, transaction },
    );
    return rows.length > 0;
  });
  return held ? { depositOrderId, credited: false, reason: 'held' } : creditDeposit(depositOrderId);
}

async function creditOnce(depositOrderId: number): Promise<CreditResult> {
  return db().transaction(async (transaction) => {
    const [order] = await db().query<LockedOrder>(
      `SELECT id, "userId", status, "usdAmount", "creditedAt", "siteCode", "bonusOfferId" FROM deposit_orders WHERE id = :id FOR UPDATE`,
      {
        replacements: { id: depositOrderId },
        type: QueryTypes.SELECT,
        transaction,
      },
    );
    if (!order) return { depositOrderId, credited: false, reason: 'missing' };
    if (order.status !== 'paid' || order.usdAmount === null) return { depositOrderId, credited: false, reason: 'not-paid' };
    if (order.creditedAt) return { depositOrderId, credited: false, reason: 'already-credited' };
    // The lock order of every money path (docs/decisions/platform.md, "One lock order"): the order, then the
    // mission rows, then the player's row (the wallet move).
    await addMissionDepositProgress(transaction, order.userId, order.usdAmount, order.id);
    const move = await moveBalance(transaction, {
      userId: order.userId,
      amount: order.usdAmount,
      kind: 'deposit',
      idempotencyKey: ledgerKeys.deposit(order.id),
      ref: { type: 'deposit-order', id: order.id },
    });
    // Under the player's row lock the credit took: a frozen player's deposit is rolled back and held.
    const [frozen] = await db().query<{ refusal: string | null }>('SELECT kyc_freeze_refusal(:userId) AS refusal', {
      replacements: { userId: order.userId },
      type: QueryTypes.SELECT,
      transaction,
    });
    if (frozen?.refusal) throw new FrozenPlayer(frozen.refusal);
    // The deposit offer the player opted into (docs/decisions/bonus.md, "Deposit offers"), under the player's row the credit locked.
    if (order.bonusOfferId) {
      const offer = await grantDepositOffer(transaction, {
        id: order.id,
        userId: order.userId,
        siteCode: order.siteCode,
        usdAmount: order.usdAmount,
        offerId: order.bonusOfferId,
      });
      if (offer.skipped) logger().info({ depositOrderId: order.id, offerId: order.bonusOfferId, skipped: offer.skipped }, 'deposit offer not granted');
    }
    await db().query(`UPDATE deposit_orders SET "creditedAt" = now(), "updatedAt" = now() WHERE id = :id`, { replacements: { id: order.id }, transaction });
    return { depositOrderId, credited: true, usdAmount: move.amount, balanceAfter: move.balanceAfter };
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
      `SELECT id FROM deposit_orders WHERE id IN (:ids) AND status = 'paid' AND "creditedAt" IS NULL AND "creditHeldAt" IS NULL ORDER BY id`,
      { replacements: { ids }, type: QueryTypes.SELECT, transaction },
    );
    for (const order of owing) await enqueueDepositCredit(transaction, order.id);
    return owing.length;
  },
};
