import Decimal from 'decimal.js';
import { QueryTypes, type Transaction } from 'sequelize';
import { config } from '../../config';
import { db } from '../../db/sequelize';
import { logger } from '../../logger';
import { moneyAmountOf } from '../wallet/wallet';
import { enqueueDepositCredit } from './credit';
import { toUsd } from './rates';

/**
 * Vendor callbacks (Part B 4.2; ARCHITECTURE.md section 4, "Inbound money callbacks"; docs/payments.md).
 * The signature was checked over the raw bytes before any of this runs. Each callback is one
 * transaction: the order (found by its subOrder and the vendor of its channel) is locked, the callback's
 * effect decided and applied, and the callback recorded in deposit_callbacks with its outcome. N
 * identical callbacks at once queue on the order's lock: the first applies, the others find the order
 * paid ('duplicate'). Every signed callback is acknowledged; only what it names changes:
 * - unknown order, final order, a txHash already used by another order: recorded, nothing changes;
 * - a paid amount that differs from the order's by more than DEPOSIT_AMOUNT_TOLERANCE, or a payment for
 *   an order already failed (expired, refused by the vendor): the order is flagged for an operator with
 *   what was paid, nothing is credited;
 * - otherwise the order becomes paid (usdAmount at its stored rate) and a deposit-credit outbox row is
 *   written in the same transaction.
 * States only go forward: pending → created → paid, pending/created → failed.
 */
export type Vendor = 'fiatvendor' | 'usdt';
export type CallbackOutcome =
  | 'applied'
  | 'duplicate'
  | 'unknown-order'
  | 'final-order'
  | 'amount-mismatch'
  | 'late-payment'
  | 'already-flagged'
  | 'tx-used'
  | 'invalid';

export interface LockedOrder {
  id: string;
  siteCode: string;
  status: 'pending' | 'created' | 'paid' | 'failed';
  orderAmount: string;
  exchangeRate: string;
  flag: string | null;
  /** The callback's txHash already paid another order. */
  txUsed: boolean;
}

interface CallbackInput {
  vendor: Vendor;
  kind: 'add' | 'pay';
  subOrder: string | null;
  txHash?: string | null;
  body: unknown;
}

/**
 * Locks the order the callback names (null: none of this vendor); `txUsed` tells whether the callback's
 * txHash already paid another order (one round trip for both).
 */
async function lockOrder(transaction: Transaction, vendor: Vendor, subOrder: string, txHash: string | null): Promise<LockedOrder | null> {
  const [order] = await db().query<LockedOrder>(
    `SELECT id, "siteCode", status, "orderAmount", "exchangeRate", flag,
            (CAST(:txHash AS TEXT) IS NOT NULL AND EXISTS (SELECT 1 FROM deposit_orders u WHERE u."txHash" = CAST(:txHash AS TEXT) AND u."subOrder" <> :subOrder)) AS "txUsed"
       FROM deposit_orders WHERE "subOrder" = :subOrder AND "channelCode" = :vendor FOR UPDATE`,
    { replacements: { subOrder, vendor, txHash }, type: QueryTypes.SELECT, transaction },
  );
  return order ?? null;
}

/** Runs one callback: lock, decide, record; returns its outcome. */
async function handleCallback(input: CallbackInput, decide: (transaction: Transaction, order: LockedOrder | null) => Promise<CallbackOutcome>): Promise<CallbackOutcome> {
  const outcome = await db().transaction(async (transaction) => {
    const order = input.subOrder ? await lockOrder(transaction, input.vendor, input.subOrder, input.txHash ?? null) : null;
    const result = input.subOrder ? await decide(transaction, order) : 'invalid';
    await db().query(
      `INSERT INTO deposit_callbacks ("siteCode", vendor, kind, "subOrder", "txHash", "depositOrderId", outcome, body)
       VALUES (:siteCode, :vendor, :kind, :subOrder, :txHash, :orderId, :outcome, CAST(:body AS JSONB))`,
      {
        replacements: {
          siteCode: order?.siteCode ?? null,
          vendor: input.vendor,
          kind: input.kind,
          subOrder: input.subOrder?.slice(0, 128) ?? null,
          txHash: input.txHash?.slice(0, 128) ?? null,
          orderId: order?.id ?? null,
          outcome: result,
          body: JSON.stringify(input.body ?? null),
        },
        transaction,
      },
    );
    return result;
  });
  if (outcome !== 'applied' && outcome !== 'duplicate') {
    logger().warn({ vendor: input.vendor, kind: input.kind, subOrder: input.subOrder, outcome }, 'deposit callback recorded without effect');
  }
  return outcome;
}

/** A field's text (string or JSON text), at most `max` characters, else null. */
function textField(fields: Map<string, string>, name: string, max: number): string | null {
  const value = fields.get(name);
  return value !== undefined && value.length > 0 && value.length <= max ? value : null;
}

/** POST /vendor/fiatvendor/callback/add: a pending order becomes created. */
export function fiatvendorAddCallback(fields: Map<string, string>, body: unknown): Promise<CallbackOutcome> {
  const subOrder = textField(fields, 'sub_order', 64);
  return handleCallback({ vendor: 'fiatvendor', kind: 'add', subOrder, body }, async (transaction, order) => {
    if (!order) return 'unknown-order';
    if (order.status === 'created') return 'duplicate';
    if (order.status !== 'pending') return 'final-order';
    await db().query(
      `UPDATE deposit_orders SET status = 'created', "callbackData" = COALESCE("callbackData", '{}'::jsonb) || jsonb_build_object('add', CAST(:body AS JSONB)), "updatedAt" = now() WHERE id = :id`,
      { replacements: { id: order.id, body: JSON.stringify(body) }, transaction },
    );
    return 'applied';
  });
}

interface Payment {
  payAmount: string | null;
  payTime: string | null;
  txHash: string | null;
}

/** POST /vendor/fiatvendor/callback/pay. */
export function fiatvendorPayCallback(fields: Map<string, string>, body: unknown): Promise<CallbackOutcome> {
  const payment = { payAmount: moneyAmountOf(fields.get('pay_amount')), payTime: textField(fields, 'pay_time', 40), txHash: null };
  return handleCallback({ vendor: 'fiatvendor', kind: 'pay', subOrder: textField(fields, 'sub_order', 64), body }, (transaction, order) =>
    applyPayment(transaction, order, payment, body),
  );
}

/** POST /vendor/usdt/callback/pay. */
export function usdtPayCallback(fields: Map<string, string>, body: unknown): Promise<CallbackOutcome> {
  const txHash = textField(fields, 'txHash', 128);
  const payment = { payAmount: moneyAmountOf(fields.get('payAmount')), payTime: textField(fields, 'payTime', 40), txHash };
  return handleCallback({ vendor: 'usdt', kind: 'pay', subOrder: textField(fields, 'subOrder', 64), txHash, body }, (transaction, order) =>
    txHash ? applyPayment(transaction, order, payment, body) : Promise.resolve('invalid'),
  );
}

/** Whether the paid amount is within DEPOSIT_AMOUNT_TOLERANCE of the ordered one. */
export function amountMatches(orderAmount: string, payAmount: string): boolean {
  return new Decimal(payAmount).minus(orderAmount).abs().lte(config().deposits.amountTolerance);
}

async function applyPayment(transaction: Transaction, order: LockedOrder | null, payment: Payment, body: unknown): Promise<CallbackOutcome> {
  if (!order) return 'unknown-order';
  if (payment.payAmount === null) return 'invalid';
  if (order.status === 'paid') return 'duplicate';
  if (order.flag) return 'already-flagged';
  if (order.txUsed) return 'tx-used';
  const flag = order.status === 'failed' ? 'late-payment' : !amountMatches(order.orderAmount, payment.payAmount) ? 'amount-mismatch' : null;
  const replacements = { id: order.id, payAmount: payment.payAmount, payTime: payment.payTime, txHash: payment.txHash, body: JSON.stringify(body) };
  const recordPayment = `"payAmount" = :payAmount, "payTime" = :payTime, "txHash" = :txHash,
    "callbackData" = COALESCE("callbackData", '{}'::jsonb) || jsonb_build_object('pay', CAST(:body AS JSONB)), "updatedAt" = now()`;
  if (flag) {
    await db().query(`UPDATE deposit_orders SET flag = :flag, "flaggedAt" = now(), ${recordPayment} WHERE id = :id`, { replacements: { ...replacements, flag }, transaction });
    return flag;
  }
  await markPaid(transaction, order, recordPayment, replacements, payment.payAmount);
  return 'applied';
}

/** The order becomes paid with its USD amount at its own rate, and its credit goes to the outbox. */
export async function markPaid(transaction: Transaction, order: Pick<LockedOrder, 'id' | 'exchangeRate'>, set: string, replacements: Record<string, unknown>, payAmount: string): Promise<void> {
  await db().query(`UPDATE deposit_orders SET status = 'paid', "paidAt" = now(), "usdAmount" = :usdAmount, ${set} WHERE id = :id`, {
    replacements: { ...replacements, id: order.id, usdAmount: toUsd(payAmount, order.exchangeRate) },
    transaction,
  });
  await enqueueDepositCredit(transaction, order.id);
}
