import type { WithdrawalStatus } from '../../db/models';
import { type DayRange, pagedRows, rowsInDays, whereEquals } from '../common';
import { accountsOf, addressesOf, adminView, playerView, type WithdrawalRow } from './views';

export const WITHDRAWAL_STATUSES = ['pending', 'approved', 'rejected', 'completed'] as const satisfies readonly WithdrawalStatus[];

export interface WithdrawalFilter extends DayRange {
  page: number;
  pageSize: number;
  status?: WithdrawalStatus;
  /** Operators only: one player's withdrawals. */
  userId?: number;
}

/** One page of the site's withdrawals matching the filter (dates on createdAt, whole days in APP_TIMEZONE), newest first. */
async function pagedWithdrawals(siteCode: string, filter: WithdrawalFilter) {
  const { clauses, replacements } = whereEquals(
    rowsInDays(['"siteCode" = :siteCode'], { siteCode }, 'createdAt', filter),
    ['"userId"', 'userId', filter.userId],
    ['status', 'status', filter.status],
  );
  const { rows, pagination } = await pagedRows<WithdrawalRow>(
    { select: '*', from: 'withdrawals', where: clauses, orderBy: '"createdAt" DESC, id DESC' },
    replacements,
    filter,
  );
  return { rows, page: pagination };
}

/** GET /withdrawal/list: the player's withdrawals, {items, pagination}. */
export async function listPlayerWithdrawals(siteCode: string, userId: number, filter: Omit<WithdrawalFilter, 'userId'>) {
  const { rows, page } = await pagedWithdrawals(siteCode, { ...filter, userId });
  const addresses = await addressesOf(rows);
  return { items: rows.map((row) => playerView(row, addresses)), pagination: page };
}

/** GET /withdrawal/admin/list: the site's withdrawals, with the player's account and the whole address. */
export async function listSiteWithdrawals(siteCode: string, filter: WithdrawalFilter) {
  const { rows, page } = await pagedWithdrawals(siteCode, filter);
  const [addresses, accounts] = await Promise.all([addressesOf(rows), accountsOf(rows)]);
  return { items: rows.map((row) => adminView(row, addresses, accounts)), pagination: page };
}
