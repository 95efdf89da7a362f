import { QueryTypes, type Transaction } from 'sequelize';
import { db } from '../../db/sequelize';

/**
 * The history tables, partitioned by UTC month of "createdAt" (docs/decisions/bet-record.md, "History
 * tables are partitioned by month"; SQL in shared/db/functions/history/partitions.sql).
 */
export const HISTORY_TABLES = ['bet_orders', 'game_transactions', 'provider_transactions'] as const;
export type HistoryTable = (typeof HISTORY_TABLES)[number];

/** How many months ahead of this one the history job keeps partitions for. */
export const MONTHS_AHEAD = 3;

/** A month as `YYYY-MM`. */
export type Month = string;

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

export function isMonth(value: string): value is Month {
  return MONTH.test(value);
}

/** The partition of a table's month: `<table>_YYYY_MM`. */
export function partitionName(table: HistoryTable, month: Month): string {
  return `${table}_${month.replace('-', '_')}`;
}

/** The UTC bounds of a month: [from, to). */
export function monthBounds(month: Month): { from: Date; to: Date } {
  const [, year, m] = MONTH.exec(month) ?? [];
  if (!year) throw new Error(`not a month: ${month}`);
  return { from: new Date(Date.UTC(Number(year), Number(m) - 1, 1)), to: new Date(Date.UTC(Number(year), Number(m), 1)) };
}

/** The months ahead, and the month of any row waiting in a default partition; answers the partitions created. */
export async function createMonthsAhead(transaction?: Transaction): Promise<string[]> {
  const [row] = await db().query<{ made: string[] }>('SELECT history_partitions_ahead(:ahead) AS made', {
    replacements: { ahead: MONTHS_AHEAD },
    type: QueryTypes.SELECT,
    transaction,
  });
  return row.made;
}

/** The attached month partitions of a table, oldest first. */
export async function attachedMonths(table: HistoryTable, transaction?: Transaction): Promise<Month[]> {
  const rows = await db().query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = :table::regclass AND c.relname ~ '_[0-9]{4}_[0-9]{2}$' ORDER BY c.relname`,
    { replacements: { table }, type: QueryTypes.SELECT, transaction },
  );
  return rows.map((r) => r.name.slice(-7).replace('_', '-'));
}
