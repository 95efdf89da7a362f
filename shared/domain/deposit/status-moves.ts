import { Refusal } from '../../errors';

/**
 * The deposit order's status moves are one table in the database (docs/payments.md, "Status moves";
 * shared/db/functions/deposit/status-moves.sql), checked on every UPDATE of the status whoever writes
 * it. A move it refuses raises SQLSTATE DP000 and changes nothing; here that becomes the refusal
 * `deposit.statusMoveNotAllowed`, which the endpoints map.
 */
const MOVE_REFUSED = 'DP000';

/** Runs `write` (a transaction that moves an order); a status move the table refuses becomes `deposit.statusMoveNotAllowed`. */
export async function refusingForbiddenMoves<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    const original = (err as { original?: { code?: string; message?: string } } | null)?.original;
    if (original?.code === MOVE_REFUSED) throw new Refusal('deposit.statusMoveNotAllowed', original.message);
    throw err;
  }
}
