import Decimal from 'decimal.js';
import { QueryTypes, type Transaction } from 'sequelize';
import { db } from '../../db/sequelize';
import { countWalletMovement } from '../../metrics';

/**
 * The only code that changes a player's balance (ARCHITECTURE.md section 4). Every movement is one call
 * inside the caller's transaction: a conditional UPDATE that never takes the balance (or the frozen
 * balance) below zero, plus one ledger row in game_transactions with the balance before and after and a
 * unique idempotency key. A key seen before moves nothing and returns the first result; the same key
 * with another user or amount is refused.
 *
 * Invariant (tested): for every user, balance = sum of the ledger's amounts and frozenBalance = sum of
 * its frozenAmounts; neither is ever negative.
 *
 * Two entry points:
 * - moveBalance: one movement (credit or debit, balance and/or frozen balance), a few statements.
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
  | 'mission-reward'
  | 'withdrawal-freeze'
  | 'withdrawal-release'
  | 'withdrawal-payout'
  | 'affiliate';

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
export type WalletErrorReason = 'INSUFFICIENT_FUNDS' | 'INSUFFICIENT_FROZEN' | 'USER_NOT_FOUND' | 'IDEMPOTENCY_CONFLICT' | 'INVALID_AMOUNT' | 'BALANCE_OVERFLOW';

/** A movement the wallet refused; callers map it to their own error codes. Nothing moved. */
export class WalletError extends Error {
  constructor(public readonly reason: WalletErrorReason, message?: string) {
    super(message ?? reason);
    this.name = 'WalletError';
  }
}

/** Decimals of money. */
export const MONEY_SCALE = 6;
/** The largest amount a money column holds. */
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
 * negative unless `signed`); as its plain decimal string, else null. The one bound request validation
 * (api/http/schema-helpers.ts moneyAmount, the provider body readers) applies to amounts.
 */
export function moneyAmountOf(value: unknown, rules: MoneyAmountRules = {}): string | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : null) : typeof value === 'string' ? value.trim() : null;
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

function parseAmount(value: string | Decimal | undefined, field: string): Decimal {
  if (value === undefined) return new Decimal(0);
  let d: Decimal;
  try {
    d = new Decimal(value);
  } catch {
    throw new WalletError('INVALID_AMOUNT', `${field} is not a number`);
  }
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

/** Takes the key's advisory lock (until the transaction ends) and returns its earlier movement, if any. */
async function lockAndFind(idempotencyKey: string, transaction: Transaction): Promise<WalletResult | null> {
  await selectRows(transaction, 'SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [idempotencyKey]);
  return findMovement(idempotencyKey, transaction);
}

/**
 * Applies one movement in the caller's transaction. Concurrent calls with the same key are serialized
 * by a transaction-scoped advisory lock on the key, so exactly one applies and the others replay it.
 */
export async function moveBalance(transaction: Transaction, move: WalletMove, options: MoveOptions = {}): Promise<WalletResult> {
  const amount = parseAmount(move.amount, 'amount');
  const frozen = parseAmount(move.frozenAmount, 'frozenAmount');
  if (!move.idempotencyKey || move.idempotencyKey.length > 160) {
    throw new WalletError('INVALID_AMOUNT', 'idempotencyKey must be 1 to 160 characters');
  }
  const previous = options.newKey ? null : await lockAndFind(move.idempotencyKey, transaction);
  if (previous) {
    const sameAmount = new Decimal(previous.amount).eq(amount);
    if (previous.userId !== move.userId || !sameAmount) {
      throw new WalletError('IDEMPOTENCY_CONFLICT', `key ${move.idempotencyKey} was used for another movement`);
    }
    return previous;
  }

  // The balance update and its ledger row in one statement (one round trip): no row back means the
  // user is missing, or a balance would go below zero or past MAX_MONEY, told apart below. The bounds
  // are in the WHERE, so an overflow never reaches the column (no 22003, the caller's transaction stays usable).
  const [row] = await selectRows<LedgerRow>(
    transaction,
    `WITH updated AS (
       UPDATE users
          SET balance = balance + CAST($1 AS NUMERIC), "frozenBalance" = "frozenBalance" + CAST($2 AS NUMERIC)
        WHERE id = CAST($3 AS INTEGER)
          AND balance + CAST($1 AS NUMERIC) BETWEEN 0 AND ${MAX_MONEY.toFixed()}
          AND "frozenBalance" + CAST($2 AS NUMERIC) BETWEEN 0 AND ${MAX_MONEY.toFixed()}
        RETURNING "siteCode", balance, "frozenBalance"
     )
     INSERT INTO game_transactions
       ("siteCode", "userId", kind, amount, "balanceBefore", "balanceAfter", "frozenAmount", "frozenBefore", "frozenAfter",
        "idempotencyKey", "refType", "refId", "betOrderId", remark)
     SELECT "siteCode", CAST($3 AS INTEGER), CAST($4 AS TEXT), CAST($1 AS NUMERIC), balance - CAST($1 AS NUMERIC), balance, CAST($2 AS NUMERIC),
            "frozenBalance" - CAST($2 AS NUMERIC), "frozenBalance", CAST($5 AS TEXT), CAST($6 AS TEXT), CAST($7 AS TEXT),
            CAST($8 AS BIGINT), CAST($9 AS TEXT)
       FROM updated
     RETURNING id, "userId", amount, "frozenAmount", "balanceBefore", "balanceAfter", "frozenBefore", "frozenAfter"`,
    [
      amount.toFixed(),
      frozen.toFixed(),
      move.userId,
      move.kind,
      move.idempotencyKey,
      move.ref?.type ?? null,
      move.ref ? String(move.ref.id) : null,
      move.betOrderId ?? null,
      move.remark?.slice(0, 255) ?? null,
    ],
  );
  if (!row) {
    const [user] = await selectRows<{ balance: string; frozenBalance: string }>(transaction, 'SELECT balance, "frozenBalance" FROM users WHERE id = $1', [
      move.userId,
    ]);
    if (!user) throw new WalletError('USER_NOT_FOUND');
    const balance = new Decimal(user.balance).plus(amount);
    const frozenBalance = new Decimal(user.frozenBalance).plus(frozen);
    if (balance.lt(0)) throw new WalletError('INSUFFICIENT_FUNDS');
    if (frozenBalance.lt(0)) throw new WalletError('INSUFFICIENT_FROZEN');
    checkMoneyTotal(balance, 'the balance');
    checkMoneyTotal(frozenBalance, 'the frozen balance');
    // The balance that refused the update changed since (a concurrent movement): the refusal stands.
    throw new WalletError(amount.lt(0) ? 'INSUFFICIENT_FUNDS' : frozen.lt(0) ? 'INSUFFICIENT_FROZEN' : 'BALANCE_OVERFLOW');
  }
  transaction.afterCommit(() => countWalletMovement(move.kind));
  return result(row, false);
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
