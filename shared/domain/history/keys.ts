import { QueryTypes } from 'sequelize';
import { config } from '../../config';
import { db } from '../../db/sequelize';

/**
 * Removes the keys older than the providers' reconciliation window (PROVIDER_RECONCILIATION_MONTHS)
 * from the key tables that exactly once goes through, and moves the window's start forward
 * (shared/db/functions/history/keys.sql; docs/decisions/bet-record.md, "Exactly once goes through the
 * key tables of the reconciliation window"). Answers the keys removed.
 */
export async function pruneKeys(): Promise<number> {
  const [row] = await db().query<{ removed: string }>('SELECT history_prune_keys(:months) AS removed', {
    replacements: { months: config().history.keyWindowMonths },
    type: QueryTypes.SELECT,
  });
  return Number(row.removed);
}
