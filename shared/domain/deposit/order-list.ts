import { QueryTypes } from 'sequelize';
import { db } from '../../db/sequelize';
import { Refusal } from '../../errors';
import type { Locale } from '../../i18n/locales';
import { pagedRows, type Paging, playerRowsInDays, whereEquals } from '../common';
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

export const ORDER_COLUMNS = `id, "channelId", currency, "subOrder", "orderAmount", "paymentMethod", status, "payAmount", "payTime", "usdAmount", "exchangeRate", "createdAt", "updatedAt", "callbackData"->'add' AS "addCallback"`;

/** GET /deposit/orders: the player's orders, newest first, {items, pagination}. */
export async function listPlayerDeposits(siteCode: string, userId: number, filter: PlayerOrderFilter, locale: Locale) {
  const { clauses, replacements } = whereEquals(playerRowsInDays(userId, siteCode, 'createdAt', filter), ['status', 'status', filter.status]);
  const { rows, pagination } = await pagedOrders<OrderRow>(ORDER_COLUMNS, clauses, replacements, filter);
  const names = await channelNames(rows, locale);
  return { items: rows.map((row) => orderView(row, names)), pagination };
}

/** GET /deposit/orders/:subOrder: one of the player's orders (`orderNotFound` for another player's or none). */
export async function playerDeposit(siteCode: string, userId: number, subOrder: string, locale: Locale) {
  const [row] = await db().query<OrderRow>(
    `SELECT ${ORDER_COLUMNS} FROM deposit_orders WHERE "subOrder" = :subOrder AND "userId" = :userId AND "siteCode" = :siteCode`,
    {
      replacements: { subOrder, userId, siteCode },
      type: QueryTypes.SELECT,
    },
  );
  if (!row) throw new Refusal('deposit.orderNotFound', 'no such deposit order of the player');
  return orderView(row, await channelNames([row], locale));
}

/** One page of deposit orders matching the clauses, newest first: {rows, pagination}. */
export function pagedOrders<T extends object>(columns: string, clauses: string[], replacements: Record<string, unknown>, page: Paging) {
  return pagedRows<T>({ select: columns, from: 'deposit_orders', where: clauses, orderBy: '"createdAt" DESC, id DESC' }, replacements, page);
}
