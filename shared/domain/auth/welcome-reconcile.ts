import { QueryTypes, type Transaction } from 'sequelize';
import { db } from '../../db/sequelize';
import { addToOutbox } from '../../queues/outbox';
import type { OutboxReconciler, OutboxRow } from '../../queues/reconcile';

/**
 * The welcome mail's effect, looked up in Postgres for `mail` outbox rows whose jobs were sent a while
 * ago (shared/queues/reconcile.ts): a user still owes the welcome while `welcomeMailAt` is null
 * (welcome-mail.ts sets it once the mail was sent or skipped for good). Those get a welcome row again, in
 * the sweep's transaction; deliverWelcomeMail skips a user already marked, so a duplicate job sends
 * nothing (mail stays at least once: see deliverWelcomeMail). Deleted users owe nothing.
 *
 * Only rows of kind `welcome` are looked at. The code mails (verify-email, withdrawal-code) have their
 * own reconciler, code-mail-reconcile.ts, joined with this one for the `mail` queue's rows.
 */
export const welcomeMailReconciler: OutboxReconciler = {
  queue: 'mail',
  async redeliver(transaction: Transaction, rows: readonly OutboxRow[]): Promise<number> {
    const ids = [
      ...new Set(
        rows
          .filter((row) => row.payload.kind === 'welcome')
          .map((row) => Number(row.payload.userId))
          .filter((id) => Number.isSafeInteger(id) && id > 0),
      ),
    ];
    if (!ids.length) return 0;
    const owing = await db().query<{ id: number }>(`SELECT id FROM users WHERE id IN (:ids) AND "welcomeMailAt" IS NULL ORDER BY id`, {
      replacements: { ids },
      type: QueryTypes.SELECT,
      transaction,
    });
    for (const user of owing) await addToOutbox(transaction, 'mail', 'welcome', { kind: 'welcome', userId: Number(user.id) });
    return owing.length;
  },
};
