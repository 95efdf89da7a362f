import { QueryTypes, type Transaction } from 'sequelize';
import { db } from '../../db/sequelize';
import { Refusal } from '../../errors';
import type { Locale } from '../../i18n/locales';
import { type Actor, recordActorAction } from '../audit';
import { rowsInDays, whereEquals } from '../common';
import { requireDepositLevel } from '../kyc';
import { checkDepositCredit } from '../responsible-gaming';
import { money } from '../wallet';
import { markPaid } from './callbacks';
import { ORDER_COLUMNS, pagedOrders, type DepositStatus } from './order-list';
import { refusingForbiddenMoves } from './status-moves';
import { channelNames, orderView, type OrderRow } from './views';

/**
 * Operators' deposit tools (permission module `deposit`; docs/payments.md, "Operators"): the site's
 * orders with filters, an order's callback history, and the resolution of a flagged order. Every order
 * of another site is not found (`orderNotFound`).
 */
export interface AdminOrderFilter {
  page: number;
  pageSize: number;
  userId?: number;
  status?: DepositStatus;
  paymentMethod?: string;
  channelId?: number;
  subOrder?: string;
  /** 1: only orders flagged and not resolved; 0: only orders without an open flag. */
  flagged?: number;
  startDate?: string;
  endDate?: string;
}

interface AdminOrderRow extends OrderRow {
  userId: number;
  txHash: string | null;
  failReason: string | null;
  flag: string | null;
  flaggedAt: Date | null;
  resolution: string | null;
  resolutionReason: string | null;
  resolvedBy: number | null;
  resolvedAt: Date | null;
  paidAt: Date | null;
  creditedAt: Date | null;
}

const ADMIN_COLUMNS = `${ORDER_COLUMNS}, "userId", "txHash", "failReason", flag, "flaggedAt", resolution, "resolutionReason", "resolvedBy", "resolvedAt", "paidAt", "creditedAt"`;

function adminView(row: AdminOrderRow, names: Map<number, string>) {
  return {
    ...orderView(row, names),
    userId: row.userId,
    txHash: row.txHash,
    failReason: row.failReason,
    flag: row.flag,
    flaggedAt: row.flaggedAt,
    resolution: row.resolution,
    resolutionReason: row.resolutionReason,
    resolvedBy: row.resolvedBy,
    resolvedAt: row.resolvedAt,
    paidAt: row.paidAt,
    creditedAt: row.creditedAt,
  };
}

/** GET /deposit/admin/orders: the site's orders, newest first, {items, pagination}. */
export async function listSiteDeposits(siteCode: string, filter: AdminOrderFilter, locale: Locale) {
  const { clauses, replacements } = whereEquals(
    rowsInDays(['"siteCode" = :siteCode'], { siteCode }, 'createdAt', filter),
    ['"userId"', 'userId', filter.userId],
    ['status', 'status', filter.status],
    ['"paymentMethod"', 'paymentMethod', filter.paymentMethod],
    ['"channelId"', 'channelId', filter.channelId],
    ['"subOrder"', 'subOrder', filter.subOrder],
  );
  if (filter.flagged !== undefined) clauses.push(filter.flagged ? '(flag IS NOT NULL AND resolution IS NULL)' : '(flag IS NULL OR resolution IS NOT NULL)');
  const { rows, pagination } = await pagedOrders<AdminOrderRow>(ADMIN_COLUMNS, clauses, replacements, filter);
  const names = await channelNames(rows, locale);
  return { items: rows.map((row) => adminView(row, names)), pagination };
}

/** GET /deposit/admin/orders/:id/callbacks: every callback recorded for the order, oldest first. */
export async function depositCallbackHistory(siteCode: string, orderId: number) {
  const [order] = await db().query(`SELECT id FROM deposit_orders WHERE id = :orderId AND "siteCode" = :siteCode`, {
    replacements: { orderId, siteCode },
    type: QueryTypes.SELECT,
  });
  if (!order) throw new Refusal('deposit.orderNotFound');
  return db().query(
    `SELECT id, vendor, kind, "subOrder", "txHash", outcome, body, "createdAt" FROM deposit_callbacks WHERE "depositOrderId" = :orderId ORDER BY id`,
    { replacements: { orderId }, type: QueryTypes.SELECT },
  );
}

export type Resolution = 'credit' | 'fail';

interface ResolvableOrder {
  id: string;
  siteCode: string;
  userId: number;
  subOrder: string;
  exchangeRate: string;
  status: string;
  flag: string | null;
  resolution: Resolution | null;
  payAmount: string | null;
}

/**
 * The rules a new order of what was paid would meet, asked before a flagged order is credited (docs/decisions/deposit.md,
 * "An operator's credit of a flagged deposit asks the rules a new order would"): the KYC deposit gate
 * (kyc_deposit_level_needed, the order itself left out of lifetime deposits; it locks the player's row)
 * and the deposit limit (rg_deposit_credit_refusal, under the protection lock). A refusal leaves the
 * order flagged and unresolved: it waits until the rule allows the credit, or an operator fails it and
 * pays the money back. An exclusion does not refuse it: credited, the money can be withdrawn, not played.
 */
async function checkCreditAllowed(transaction: Transaction, order: ResolvableOrder & { payAmount: string }): Promise<void> {
  await requireDepositLevel(transaction, {
    siteCode: order.siteCode,
    userId: order.userId,
    subOrder: order.subOrder,
    orderAmount: order.payAmount,
    exchangeRate: order.exchangeRate,
  });
  await checkDepositCredit(transaction, order.id);
}

/**
 * POST /deposit/admin/orders/:id/resolve: a flagged order is credited (it becomes paid with what was
 * actually paid, converted at its stored rate, and is credited by the deposit-credit worker) or failed,
 * with the operator's reason, logged. Repeating the same resolution answers the first one and changes
 * nothing (two operators at once queue on the order's lock); `orderNotFound`; `notAwaitingResolution`
 * not flagged, or already resolved the other way; `nothingPaid` a credit of an order nothing was paid for;
 * `statusMoveNotAllowed` a status the order may not leave that way (a paid order is neither failed nor
 * paid again: docs/payments.md, "Status moves"); a credit the KYC gate or the deposit limit refuses
 * (`kyc.level2Required`, `kyc.level3Required`, `responsible-gaming.depositLimit`: checkCreditAllowed);
 * nothing changed.
 */
export async function resolveFlaggedDeposit(actor: Actor, siteCode: string, orderId: number, action: Resolution, reason: string, locale: Locale) {
  await refusingForbiddenMoves(() =>
    db().transaction(async (transaction) => {
      const [order] = await db().query<ResolvableOrder>(
        `SELECT id, "siteCode", "userId", "subOrder", "exchangeRate", status, flag, resolution, "payAmount" FROM deposit_orders WHERE id = :orderId AND "siteCode" = :siteCode FOR UPDATE`,
        { replacements: { orderId, siteCode }, type: QueryTypes.SELECT, transaction },
      );
      if (!order) throw new Refusal('deposit.orderNotFound');
      if (order.resolution === action) return;
      if (!order.flag || order.resolution) throw new Refusal('deposit.notAwaitingResolution');
      if (action === 'credit' && order.payAmount === null) throw new Refusal('deposit.nothingPaid');
      if (action === 'credit') await checkCreditAllowed(transaction, { ...order, payAmount: order.payAmount as string });
      const failed = action === 'fail' ? `status = 'failed', "failReason" = COALESCE("failReason", 'rejected'),` : '';
      await db().query(
        `UPDATE deposit_orders SET ${failed} resolution = :action, "resolutionReason" = :reason, "resolvedBy" = :adminId, "resolvedAt" = now(), "updatedAt" = now() WHERE id = :id`,
        { replacements: { id: order.id, action, reason, adminId: actor.adminId }, transaction },
      );
      if (action === 'credit') await markPaid(transaction, order.id);
      await recordActorAction(actor, transaction, {
        module: 'deposit',
        action: `resolve-${action}`,
        targetId: Number(order.id),
        summary: `resolved flagged deposit order ${order.id} (${order.flag}): ${action}`,
        detail: { flag: order.flag, statusBefore: order.status, payAmount: order.payAmount === null ? null : money(order.payAmount), reason },
      });
    }),
  );
  return adminOrder(siteCode, orderId, locale);
}

async function adminOrder(siteCode: string, orderId: number, locale: Locale) {
  const [row] = await db().query<AdminOrderRow>(`SELECT ${ADMIN_COLUMNS} FROM deposit_orders WHERE id = :orderId AND "siteCode" = :siteCode`, {
    replacements: { orderId, siteCode },
    type: QueryTypes.SELECT,
  });
  return adminView(row, await channelNames([row], locale));
}
