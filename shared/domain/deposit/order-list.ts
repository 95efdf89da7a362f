import { QueryTypes } from 'sequelize';
import { db } from '../../db/sequelize';
import type { Locale } from '../../i18n/locales';
import { pageOffset, pagination } from '../common/paging';
import { playerRowsInDays } from '../common/day-range';
import { channelNames, orderView, type OrderRow } from './views';

export const DEPOSIT_STATUSES = ['pending', 'created', 'paid', 'failed'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

export interface PlayerOrderFilter {
  page: number;
  pageSize: number;
  status?: DepositStatus;
  /** YYYY-MM-DD on createdAt, whole days in APP_TIMEZONE, both included. */
  startDate?: string;
  endDate?: string;
}

export const ORDER_COLUMNS = `id, "channelId", currency, "subOrder", "orderAmount", "paymentMethod", status, "payAmount", "payTime", "usdAmount", "exchangeRate", "createdAt", "updatedAt"`;

/** GET /deposit/orders: the player's orders, newest first, {items, pagination}. */
export async function listPlayerDeposits(siteCode: string, userId: number, filter: PlayerOrderFilter, locale: Locale) {
  const { clauses, replacements } = playerRowsInDays(userId, siteCode, 'createdAt', filter);
  if (filter.status) {
    clauses.push('status = :status');
    replacements.status = filter.status;
  }
  const { rows, total } = await pagedOrders<OrderRow>(ORDER_COLUMNS, clauses, replacements, filter);
  const names = await channelNames(rows, locale);
  return { items: rows.map((row) => orderView(row, names)), pagination: pagination(filter.page, filter.pageSize, total) };
}

/** One page of deposit orders matching the clauses, newest first, and how many match. */
export async function pagedOrders<T extends object>(columns: string, clauses: string[], replacements: Record<string, unknown>, page: { page: number; pageSize: number }) {
  const where = clauses.join(' AND ');
  const [rows, [count]] = await Promise.all([
    db().query<T>(`SELECT ${columns} FROM deposit_orders WHERE ${where} ORDER BY "createdAt" DESC, id DESC LIMIT :limit OFFSET :offset`, {
      replacements: { ...replacements, limit: page.pageSize, offset: pageOffset(page.page, page.pageSize) },
      type: QueryTypes.SELECT,
    }),
    db().query<{ total: string }>(`SELECT COUNT(*)::text AS total FROM deposit_orders WHERE ${where}`, { replacements, type: QueryTypes.SELECT }),
  ]);
  return { rows, total: Number(count.total) };
}
