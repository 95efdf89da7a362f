import { QueryTypes, type Transaction } from 'sequelize';
import { db } from '../../db/sequelize';
import type { HistoryTable, Month } from './partitions';

/**
 * What the readers of old history see of an archived month (docs/audit-chains.md, "Archived months";
 * docs/reports.md): the months archived and not restored, and, for the ledger, each account's chain
 * links at the ends of each archived month, as its manifest keeps them.
 */

/**
 * SQL: one row per account and archived ledger month: account (text), "firstSeq", "lastSeq", "lastHash",
 * "lastId", "balanceAfter", "frozenAfter" (numeric), month (date).
 */
export const ARCHIVED_LEDGER_LINKS = `
  SELECT x->>'account' AS account, (x->>'firstSeq')::BIGINT AS "firstSeq", (x->>'lastSeq')::BIGINT AS "lastSeq",
         x->>'lastHash' AS "lastHash", (x->>'lastId')::BIGINT AS "lastId", (x->>'balanceAfter')::NUMERIC AS "balanceAfter",
         (x->>'frozenAfter')::NUMERIC AS "frozenAfter", a.month
    FROM history_archives a, jsonb_array_elements(a.manifest->'heads') x
   WHERE a."table" = 'game_transactions' AND a."restoredAt" IS NULL`;

/** The months of a table that are archived and not restored, oldest first. */
export async function archivedMonths(table?: HistoryTable, transaction?: Transaction): Promise<Month[]> {
  const rows = await db().query<{ month: string }>(
    `SELECT DISTINCT to_char(month, 'YYYY-MM') AS month FROM history_archives
      WHERE "restoredAt" IS NULL AND (:table::TEXT IS NULL OR "table" = :table) ORDER BY 1`,
    { replacements: { table: table ?? null }, type: QueryTypes.SELECT, transaction },
  );
  return rows.map((r) => r.month);
}
