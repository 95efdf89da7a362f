import Decimal from 'decimal.js';
import { QueryTypes, type Transaction } from 'sequelize';
import { db } from '../../db/sequelize';
import { countWalletMovement } from '../../metrics';

/**
 * The only code that changes a player's balance (docs/architecture.md, "Invariants"). Every movement is one call
 * inside the caller's transaction: a conditional UPDATE that never takes the balance (or the frozen
 * balance) below zero, plus one ledger row in game_transactions with the balance before and after and a
 * unique idempotency key. A key seen before moves nothing and returns the first result; the same key
 * with another user or amount is refused.
 *
 * Invariant (tested): for every user, balance = sum of the ledger's amounts and frozenBalance = sum of
 * its frozenAmounts; neither is ever negative.
 *
 * Two entry points:
 * - moveBalance: one movement (credit or debit, balance and/or frozen balance), one statement: the
 *   database function wallet_move, which the provider callbacks' database functions call as well.
 * - creditFromQuery (credit-from-query.ts): the set-based path for settlements that credit many players
 *   at once (VIP rebate), with the credits computed in SQL (see its comment).
 */
export type LedgerKind =
  | 'bet'
  | 'win'
  | 'cancel'
  | 'refund'
  | 'jackpot'
  | 'adjustment'
  | 'deposit'
  | 'rebate'
  | 'promo-reward'
  | 'promo-forfeit'
  | 'mission-reward'
  | 'withdrawal-freeze'
  | 'withdrawal-release'
  | 'withdrawal-payout'
  | 'affiliate'
  /** Bonus money converted to cash (docs/decisions/bonus.md; its bonus side is a bonus_ledger row). */
  | 'bonus-convert';

export interface WalletMove {
  userId: number;
  /** Signed change of the balance: positive credits, negative debits. Decimal string or Decimal. */
  amount: string | Decimal;
  /** Signed change of the frozen balance (withdrawals); default 0. */
  frozenAmount?: string | Decimal;
  kind: LedgerKind;
  /** Unique per movement, e.g. `provy:bet:<transactionId>`; at most 160 characters. */
  idempotencyKey: string;
  ref?: { type: string; id: string | number };
  betOrderId?: number | string | null;
  remark?: string;
}

export interface WalletResult {
  ledgerId: string;
  userId: number;
  amount: string;
  balanceBefore: string;
  balanceAfter: string;
  frozenBefore: string;
  frozenAfter: string;
  /** True when the key had been applied before: nothing moved now. */
  replayed: boolean;
}

/**
 * Why a movement was refused. BALANCE_OVERFLOW: it would take a balance (or a money total kept with it,
 * see checkMoneyTotal) past MAX_MONEY, the largest value a NUMERIC(18,6) column holds.
 */
export type WalletErrorReason =
  'INSUFFICIENT_FUNDS' | 'INSUFFICIENT_FROZEN' | 'USER_NOT_FOUND' | 'IDEMPOTENCY_CONFLICT' | 'INVALID_AMOUNT' | 'BALANCE_OVERFLOW';

/** A movement the wallet refused; callers map it to their own error codes. Nothing moved. */
export class WalletError extends Error {
  constructor(
    public readonly reason: WalletErrorReason,
    message?: string,
  ) {
    super(message ?? reason);
    this.name = 'WalletError';
  }
}

/** Decimals of money. */
export const MONEY_SCALE = 6;
/**
 * The largest amount a money column (NUMERIC(18,6)) holds, for input validation; the database functions
 * call money_max() (shared/db/functions/wallet/money-max.sql), the same value (test/shared/db-functions.test.ts).
 */
export const MAX_MONEY = new Decimal('999999999999.999999');

export interface MoneyAmountRules {
  /** A negative amount is accepted (a debit or an adjustment); default false. */
  signed?: boolean;
}

const DECIMAL_TEXT = /^\d+(\.\d+)?$/;
const SIGNED_DECIMAL_TEXT = /^[+-]?\d+(\.\d+)?$/;

/**
 * A single money amount as requests send it (a decimal string, or a JSON number whose shortest form is
 * a plain decimal) when a money column holds it: at most 6 decimals and at most MAX_MONEY in size (not
 * negative unless `signed`); as its plain decimal string, else null. A string is taken as sent: `" 5"`
 * or `"5 "` is not an amount. The one bound request validation (api/http/schema-helpers.ts
 * moneyAmount, the provider body readers) applies to amounts.
 */
export function moneyAmountOf(value: unknown, rules: MoneyAmountRules = {}): string | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : null) : typeof value === 'string' ? value : null;
  if (text === null || text.length > 40 || !(rules.signed ? SIGNED_DECIMAL_TEXT : DECIMAL_TEXT).test(text)) return null;
  const d = new Decimal(text);
  if (d.decimalPlaces() > MONEY_SCALE || d.abs().gt(MAX_MONEY)) return null;
  return d.isZero() ? '0' : d.toFixed();
}

/**
 * Refuses (BALANCE_OVERFLOW) a money total that a NUMERIC(18,6) column cannot hold, before it is
 * written: the one overflow rule for balances and for the totals recorded with a movement (a bet
 * order's bet and win sums).
 */
export function checkMoneyTotal(value: Decimal.Value, what: string): void {
  if (new Decimal(value).abs().gt(MAX_MONEY)) {
    throw new WalletError('BALANCE_OVERFLOW', `${what} would exceed ${MAX_MONEY.toFixed(MONEY_SCALE)}`);
  }
}

/** True for the numeric overflow Postgres raises when a value does not fit its column (22003). */
export function isNumericOverflow(err: unknown): boolean {
  const original = (err as { original?: { code?: string }; parent?: { code?: string }; code?: string } | null) ?? {};
  return (original.original?.code ?? original.parent?.code ?? original.code) === '22003';
}

/** Money as the 6-decimal string the API returns. */
export function money(value: string | number | Decimal): string {
  return new Decimal(value).toFixed(MONEY_SCALE, Decimal.ROUND_HALF_UP);
}

/** A movement's signed amount as a number (undefined = 0), or WalletError INVALID_AMOUNT when it is not one. */
function numberOf(value: string | Decimal | undefined, field: string): Decimal {
  if (value === undefined) return new Decimal(0);
  try {
    return new Decimal(value);
  } catch {
    throw new WalletError('INVALID_AMOUNT', `${field} is not a number`);
  }
}

/**
 * A movement's signed amount (undefined = 0), or WalletError INVALID_AMOUNT: finite, at most MAX_MONEY,
 * at most 6 decimals. For amounts computed in Node (the affiliate account); moveBalance leaves the rule
 * to wallet_move (wallet_amount_refusal).
 */
export function parseAmount(value: string | Decimal | undefined, field: string): Decimal {
  const d = numberOf(value, field);
  if (!d.isFinite() || d.abs().gt(MAX_MONEY) || d.decimalPlaces() > MONEY_SCALE) {
    throw new WalletError('INVALID_AMOUNT', `${field} must be finite with at most ${MONEY_SCALE} decimals`);
  }
  return d;
}

interface LedgerRow {
  id: string;
  userId: number;
  amount: string;
  frozenAmount: string;
  balanceBefore: string;
  balanceAfter: string;
  frozenBefore: string;
  frozenAfter: string;
}

function result(row: LedgerRow, replayed: boolean): WalletResult {
  return {
    ledgerId: String(row.id),
    userId: row.userId,
    amount: money(row.amount),
    balanceBefore: money(row.balanceBefore),
    balanceAfter: money(row.balanceAfter),
    frozenBefore: money(row.frozenBefore),
    frozenAfter: money(row.frozenAfter),
    replayed,
  };
}

/** Runs one statement with positional ($1...) parameters in `transaction` (or on its own) and returns its rows. */
function selectRows<T extends object>(transaction: Transaction | undefined, text: string, bind: unknown[]): Promise<T[]> {
  return db().query<T>(text, { bind, type: QueryTypes.SELECT, transaction });
}

/** The ledger row of an idempotency key, if it was applied. */
export async function findMovement(idempotencyKey: string, transaction?: Transaction): Promise<WalletResult | null> {
  const rows = await selectRows<LedgerRow>(
    transaction,
    `SELECT id, "userId", amount, "frozenAmount", "balanceBefore", "balanceAfter", "frozenBefore", "frozenAfter"
       FROM game_transactions WHERE "idempotencyKey" = $1`,
    [idempotencyKey],
  );
  return rows[0] ? result(rows[0], true) : null;
}

export interface MoveOptions {
  /**
   * The caller made the key just now from a value nobody else can know yet (simulate's random round
   * id), so it cannot have been applied: the advisory lock and the replay lookup are skipped. A key that
   * was used after all still fails, on the ledger's unique index, and the caller's transaction with it.
   */
  newKey?: boolean;
}

/** What wallet_move answers: the ledger row (applied now or replayed), or why nothing moved. */
interface MoveRow extends LedgerRow {
  refusal: WalletErrorReason | null;
  replayed: boolean;
}

const REFUSAL_MESSAGES: Partial<Record<WalletErrorReason, (move: WalletMove) => string>> = {
  INVALID_AMOUNT: (move) =>
    `amount ${move.amount} and frozenAmount ${move.frozenAmount ?? 0} must be finite, at most ${MAX_MONEY.toFixed(MONEY_SCALE)}, with at most ${MONEY_SCALE} decimals`,
  IDEMPOTENCY_CONFLICT: (move) => `key ${move.idempotencyKey} was used for another movement`,
  BALANCE_OVERFLOW: () => `a balance would exceed ${MAX_MONEY.toFixed(MONEY_SCALE)}`,
};

/**
 * Applies one movement in the caller's transaction, in one statement: the database function
 * wallet_move (shared/db/functions/wallet/move-balance.sql), which the provider callbacks' functions
 * call too, so the rule is written once; its rules (an amount of money, the balances' bounds, a key's
 * replay) are the SQL functions creditFromQuery calls as well (movement-rules.sql). Concurrent calls
 * with the same key are serialized by a transaction-scoped advisory lock on the key, so exactly one
 * applies and the others replay it. A refusal moves nothing and leaves the caller's transaction usable.
 */
export async function moveBalance(transaction: Transaction, move: WalletMove, options: MoveOptions = {}): Promise<WalletResult> {
  const amount = numberOf(move.amount, 'amount');
  const frozen = numberOf(move.frozenAmount, 'frozenAmount');
  if (!move.idempotencyKey || move.idempotencyKey.length > 160) {
    throw new WalletError('INVALID_AMOUNT', 'idempotencyKey must be 1 to 160 characters');
  }
  const [row] = await selectRows<MoveRow>(transaction, 'SELECT * FROM wallet_move($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)', [
    move.userId,
    amount.toFixed(),
    frozen.toFixed(),
    move.kind,
    move.idempotencyKey,
    move.ref?.type ?? null,
    move.ref ? String(move.ref.id) : null,
    move.betOrderId ?? null,
    move.remark ?? null,
    options.newKey === true,
  ]);
  if (row.refusal) throw new WalletError(row.refusal, REFUSAL_MESSAGES[row.refusal]?.(move));
  if (!row.replayed) transaction.afterCommit(() => countWalletMovement(move.kind));
  return result(row, row.replayed);
}

/** A user's balance as stored (6-decimal string); null when the user does not exist. */
export async function balanceOf(userId: number, transaction?: Transaction): Promise<string | null> {
  const [user] = await db().query<{ balance: string }>('SELECT balance FROM users WHERE id = :userId', {
    replacements: { userId },
    type: QueryTypes.SELECT,
    transaction,
  });
  return user ? money(user.balance) : null;
}
