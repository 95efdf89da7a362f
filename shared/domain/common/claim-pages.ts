import { QueryTypes } from 'sequelize';
import { db } from '../../db/sequelize';
import { playerRowsInDays, type DayRange } from './day-range';
import { pageOffset, pagination, type Pagination } from './paging';

/** The tables of claims whose turnover the post-bet chain advances (missions' and promotions'). */
export type ClaimTable = 'mission_claims' | 'promotion_claims';

/** A player's claims listed (GET /mission/claims, GET /promo/claims): a page, a tab, and whole days of claimedAt. */
export interface ClaimFilter extends DayRange {
  page: number;
  pageSize: number;
  tab?: 'pending' | 'completed';
}

/** One page of the player's claims of `table` (its `columns`), newest first: pending = turnover not completed yet. */
export async function playerClaimPage<T extends object>(
  table: ClaimTable,
  columns: string,
  userId: number,
  siteCode: string,
  filter: ClaimFilter,
): Promise<{ rows: T[]; pagination: Pagination }> {
  const { clauses, replacements } = playerRowsInDays(userId, siteCode, 'claimedAt', filter);
  if (filter.tab === 'pending') clauses.push('"turnoverCompleted" = 0');
  if (filter.tab === 'completed') clauses.push('"turnoverCompleted" = 1');
  const where = clauses.join(' AND ');
  const [{ total }] = await db().query<{ total: string }>(`SELECT COUNT(*)::text AS total FROM ${table} WHERE ${where}`, {
    replacements,
    type: QueryTypes.SELECT,
  });
  const rows = await db().query<T>(`SELECT ${columns} FROM ${table} WHERE ${where} ORDER BY "claimedAt" DESC, id DESC LIMIT :limit OFFSET :offset`, {
    replacements: { ...replacements, limit: filter.pageSize, offset: pageOffset(filter.page, filter.pageSize) },
    type: QueryTypes.SELECT,
  });
  return { rows, pagination: pagination(filter.page, filter.pageSize, Number(total)) };
}
