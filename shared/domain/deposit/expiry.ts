import { QueryTypes } from 'sequelize';
import { config } from '../../config';
import { db } from '../../db/sequelize';
import { logger } from '../../logger';

/**
 * The expiry sweep (docs/payments.md, "Expiry"): pending or created orders with no payment
 * DEPOSIT_EXPIRE_AFTER_MINUTES after they were made become failed (failReason `expired`), in batches.
 * Rows a callback holds are skipped (SKIP LOCKED) and looked at again by the next sweep; flagged orders
 * wait for their operator. A payment arriving later is flagged `late-payment` (callbacks.ts). Which
 * statuses may become failed is the status table's (docs/payments.md, "Status moves"), asked without a
 * resolution: pending and created (the inlined function keeps the open-orders index).
 */
export async function expireDeposits(options: { batch?: number } = {}): Promise<{ expired: number }> {
  const batch = options.batch ?? 500;
  let expired = 0;
  for (;;) {
    const rows = await db().query<{ id: string }>(
      `UPDATE deposit_orders SET status = 'failed', "failReason" = 'expired', "updatedAt" = now()
        WHERE id IN (
          SELECT id FROM deposit_orders
           WHERE deposit_status_move_allowed(status, 'failed', NULL) AND flag IS NULL
             AND "createdAt" < now() - make_interval(mins => :minutes)
           ORDER BY "createdAt" LIMIT :batch FOR UPDATE SKIP LOCKED)
        RETURNING id`,
      { replacements: { minutes: config().deposits.expireAfterMinutes, batch }, type: QueryTypes.SELECT },
    );
    expired += rows.length;
    if (rows.length < batch) break;
  }
  if (expired) logger().info({ expired }, 'deposit orders expired');
  return { expired };
}
