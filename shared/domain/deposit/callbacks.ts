import { QueryTypes, type Transaction } from 'sequelize';
import { config } from '../../config';
import { db } from '../../db/sequelize';
import { logger } from '../../logger';
import { pushAfterCommit, type CommittedRow } from '../../queues/outbox';
import { moneyAmountOf } from '../wallet';
import { readPayee } from './payee';

/**
 * Vendor callbacks (docs/architecture.md, "A deposit"; docs/payments.md).
 * The signature was checked over the raw bytes before any of this runs; here the fields are read and
 * the rest is one database function (deposit_callback, shared/db/functions/deposit/apply-callback.sql), one statement and one
 * transaction: the order (found by its subOrder and the vendor of its channel) is locked, the callback's
 * effect decided and applied, and the callback recorded in deposit_callbacks with its outcome. N
 * identical callbacks at once queue on the order's lock: the first applies, the others find the order
 * paid ('duplicate'). Every signed callback is acknowledged; only what it names changes:
 * - unknown order, final order, a txHash already used by another order: recorded, nothing changes (a
 *   txHash paid to two orders at the same moment: the txHash's unique index lets one win, the other is
 *   'tx-used' too, never an error);
 * - a paid amount that differs from the order's by more than DEPOSIT_AMOUNT_TOLERANCE, or a payment for
 *   an order already failed (expired, refused by the vendor): the order is flagged for an operator with
 *   what was paid, nothing is credited;
 * - otherwise the order becomes paid (usdAmount at its stored rate) and a deposit-credit outbox row is
 *   written in the same transaction.
 * States only go forward, as the one table of status moves says (docs/payments.md, "Status moves"):
 * deposit_callback asks it, and the table refuses any other move on deposit_orders itself.
 */
export type Vendor = 'fiatvendor' | 'usdt';
export type CallbackOutcome =
  'applied' | 'duplicate' | 'unknown-order' | 'final-order' | 'amount-mismatch' | 'late-payment' | 'already-flagged' | 'tx-used' | 'invalid';

interface CallbackInput {
  vendor: Vendor;
  kind: 'add' | 'pay';
  subOrder: string | null;
  txHash?: string | null;
  payAmount?: string | null;
  payTime?: string | null;
  /** An add callback whose payee (where to pay an ATM order) is malformed: 'invalid' on an ATM order. */
  payeeMalformed?: boolean;
  body: unknown;
}

/**
 * Runs one callback in ONE statement, the database function deposit_callback (shared/db/functions/deposit/apply-callback.sql),
 * which is its own transaction: it locks the order, decides and applies the outcome, writes the
 * deposit-credit outbox row (outbox_add) when the order becomes paid, and records the callback. The
 * outbox row it returns is pushed to its queue after that commit, as addToOutbox does.
 */
async function handleCallback(input: CallbackInput): Promise<CallbackOutcome> {
  const [row] = await db().query<{ outcome: CallbackOutcome; credit: CommittedRow | null }>(
    'SELECT outcome, credit FROM deposit_callback($1, $2, $3, $4, $5, $6, CAST($7 AS JSONB), $8, $9)',
    {
      bind: [
        input.vendor,
        input.kind,
        input.subOrder,
        input.txHash ?? null,
        input.payAmount ?? null,
        input.payTime ?? null,
        JSON.stringify(input.body ?? null),
        config().deposits.amountTolerance,
        input.payeeMalformed ?? false,
      ],
      type: QueryTypes.SELECT,
    },
  );
  if (row.credit) pushAfterCommit(row.credit);
  if (row.outcome !== 'applied' && row.outcome !== 'duplicate') {
    logger().warn({ vendor: input.vendor, kind: input.kind, subOrder: input.subOrder, outcome: row.outcome }, 'deposit callback recorded without effect');
  }
  return row.outcome;
}

/** A field's text (string or JSON text), at most `max` characters, else null. */
function textField(fields: Map<string, string>, name: string, max: number): string | null {
  const value = fields.get(name);
  return value !== undefined && value.length > 0 && value.length <= max ? value : null;
}

/**
 * POST /vendor/fiatvendor/callback/add: a pending order becomes created, its body (with where to pay an ATM
 * order) kept in callbackData. A malformed payee on an ATM order is 'invalid' and changes nothing.
 */
export function fiatvendorAddCallback(fields: Map<string, string>, body: unknown): Promise<CallbackOutcome> {
  const { malformed } = readPayee(body);
  if (malformed) logger().warn({ subOrder: fields.get('sub_order')?.slice(0, 64), field: malformed }, 'fiat vendor add callback: malformed payee');
  return handleCallback({ vendor: 'fiatvendor', kind: 'add', subOrder: textField(fields, 'sub_order', 64), payeeMalformed: !!malformed, body });
}

/** POST /vendor/fiatvendor/callback/pay. */
export function fiatvendorPayCallback(fields: Map<string, string>, body: unknown): Promise<CallbackOutcome> {
  return handleCallback({
    vendor: 'fiatvendor',
    kind: 'pay',
    subOrder: textField(fields, 'sub_order', 64),
    payAmount: moneyAmountOf(fields.get('pay_amount')),
    payTime: textField(fields, 'pay_time', 40),
    body,
  });
}

/** POST /vendor/usdt/callback/pay (without a txHash: 'invalid'). */
export function usdtPayCallback(fields: Map<string, string>, body: unknown): Promise<CallbackOutcome> {
  return handleCallback({
    vendor: 'usdt',
    kind: 'pay',
    subOrder: textField(fields, 'subOrder', 64),
    txHash: textField(fields, 'txHash', 128),
    payAmount: moneyAmountOf(fields.get('payAmount')),
    payTime: textField(fields, 'payTime', 40),
    body,
  });
}

/**
 * An operator's credit of a flagged order (admin.ts): the order becomes paid with what was paid, at its
 * stored rate, and its deposit-credit outbox row is written, by the same database function the
 * callbacks use (deposit_mark_paid); the row is pushed after `transaction` commits.
 */
export async function markPaid(transaction: Transaction, orderId: number | string): Promise<void> {
  const [row] = await db().query<{ credit: CommittedRow }>('SELECT to_jsonb(deposit_mark_paid($1)) AS credit', {
    bind: [orderId],
    type: QueryTypes.SELECT,
    transaction,
  });
  transaction.afterCommit(() => pushAfterCommit(row.credit));
}
