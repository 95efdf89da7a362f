import { QueryTypes, type Transaction } from 'sequelize';
import { db } from '../../../db/sequelize';

/** The statements over rg_history, one row per change of a player's protection. */
export interface HistoryRowInput {
  userId: number;
  site: string;
  adminId: number | null;
  action: string;
  detail: Record<string, unknown>;
  reason: string | null;
}

/** Adds the history row of one change, in its transaction. */
export async function insertHistoryRow(t: Transaction, row: HistoryRowInput): Promise<void> {
  await db().query(
    'INSERT INTO rg_history ("userId", "siteCode", "adminId", action, detail, reason) VALUES (:userId, :site, :adminId, :action, :detail, :reason)',
    {
      replacements: { userId: row.userId, site: row.site, adminId: row.adminId, action: row.action, detail: JSON.stringify(row.detail), reason: row.reason },
      transaction: t,
    },
  );
}

export interface HistoryRow {
  id: number;
  adminId: number | null;
  action: string;
  detail: unknown;
  reason: string | null;
  createdAt: Date;
}

/** The player's history rows, newest first, at most `limit`. */
export async function historyRows(userId: number, limit: number): Promise<HistoryRow[]> {
  return db().query<HistoryRow>(
    'SELECT id, "adminId", action, detail, reason, "createdAt" FROM rg_history WHERE "userId" = :userId ORDER BY id DESC LIMIT :limit',
    { replacements: { userId, limit }, type: QueryTypes.SELECT },
  );
}
