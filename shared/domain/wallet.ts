import Decimal from 'decimal.js';
import { QueryTypes, type Transaction } from 'sequelize';
import { db } from '../db/sequelize';

/**
 * The only code that changes a player's balance (ARCHITECTURE.md section 4). Every movement is one call
 * inside the caller's transaction: a conditional UPDATE that never takes the balance (or the frozen
 * balance) below zero, plus one ledger row in game_transactions with the balance before and after and a
 * unique idempotency key. A key seen before moves nothing and returns the first result; the same key
 * with another user or amount is refused.
 *
 * Invariant (tested): for every user, balance = sum of the ledger's amounts and frozenBalance = sum of
 * its frozenAmounts; neither is ever negative.
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

export type WalletErrorReason = 'INSUFFICIENT_FUNDS' | 'INSUFFICIENT_FROZEN' | 'USER_NOT_FOUND' | 'IDEMPOTENCY_CONFLICT' | 'INVALID_AMOUNT';

/** A movement the wallet refused; callers map it to their own error codes. Nothing moved. */
export class WalletError extends Error {
  constructor(public readonly reason: WalletErrorReason, message?: string) {
    super(message ?? reason);
    this.name = 'WalletError';
  }
}

const SCALE = 6;
const MAX_ABS = new Decimal('999999999999.999999');

/** Money as the 6-decimal string the API returns. */
export function money(value: string | number | Decimal): string {
  return new Decimal(value).toFixed(SCALE, Decimal.ROUND_HALF_UP);
}

function parseAmount(value: string | Decimal | undefined, field: string): Decimal {
  if (value === undefined) return new Decimal(0);
  let d: Decimal;
  try {
    d = new Decimal(value);
  } catch {
    throw new WalletError('INVALID_AMOUNT', `${field} is not a number`);
  }
  if (!d.isFinite() || d.abs().gt(MAX_ABS) || d.decimalPlaces() > SCALE) {
    throw new WalletError('INVALID_AMOUNT', `${field} must be finite with at most ${SCALE} decimals`);
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

/** The ledger row of an idempotency key, if it was applied. */
export async function findMovement(idempotencyKey: string, transaction?: Transaction): Promise<WalletResult | null> {
  const rows = await db().query<LedgerRow>(
    `SELECT id, "userId", amount, "frozenAmount", "balanceBefore", "balanceAfter", "frozenBefore", "frozenAfter"
       FROM game_transactions WHERE "idempotencyKey" = :key`,
    { replacements: { key: idempotencyKey }, type: QueryTypes.SELECT, transaction },
  );
  return rows[0] ? result(rows[0], true) : null;
}

/**
 * Applies one movement in the caller's transaction. Concurrent calls with the same key are serialized
 * by a transaction-scoped advisory lock on the key, so exactly one applies and the others replay it.
 */
export async function moveBalance(transaction: Transaction, move: WalletMove): Promise<WalletResult> {
  const amount = parseAmount(move.amount, 'amount');
  const frozen = parseAmount(move.frozenAmount, 'frozenAmount');
  if (!move.idempotencyKey || move.idempotencyKey.length > 160) {
    throw new WalletError('INVALID_AMOUNT', 'idempotencyKey must be 1 to 160 characters');
  }
  const sequelize = db();
  await sequelize.query('SELECT pg_advisory_xact_lock(hashtextextended(:key, 0))', {
    replacements: { key: move.idempotencyKey },
    transaction,
  });

  const previous = await findMovement(move.idempotencyKey, transaction);
  if (previous) {
    const sameAmount = new Decimal(previous.amount).eq(amount);
    if (previous.userId !== move.userId || !sameAmount) {
      throw new WalletError('IDEMPOTENCY_CONFLICT', `key ${move.idempotencyKey} was used for another movement`);
    }
    return previous;
  }

  const updated = await sequelize.query<{ siteCode: string; balance: string; frozenBalance: string }>(
    `UPDATE users
        SET balance = balance + CAST(:amount AS NUMERIC), "frozenBalance" = "frozenBalance" + CAST(:frozen AS NUMERIC)
      WHERE id = :userId
        AND balance + CAST(:amount AS NUMERIC) >= 0
        AND "frozenBalance" + CAST(:frozen AS NUMERIC) >= 0
      RETURNING "siteCode", balance, "frozenBalance"`,
    { replacements: { amount: amount.toFixed(), frozen: frozen.toFixed(), userId: move.userId }, type: QueryTypes.SELECT, transaction },
  );
  if (!updated[0]) {
    const [user] = await sequelize.query<{ balance: string; frozenBalance: string }>(
      'SELECT balance, "frozenBalance" FROM users WHERE id = :userId',
      { replacements: { userId: move.userId }, type: QueryTypes.SELECT, transaction },
    );
    if (!user) throw new WalletError('USER_NOT_FOUND');
    if (new Decimal(user.balance).plus(amount).lt(0)) throw new WalletError('INSUFFICIENT_FUNDS');
    throw new WalletError('INSUFFICIENT_FROZEN');
  }
  const after = new Decimal(updated[0].balance);
  const frozenAfter = new Decimal(updated[0].frozenBalance);
  const [row] = await sequelize.query<LedgerRow>(
    `INSERT INTO game_transactions
       ("siteCode", "userId", kind, amount, "balanceBefore", "balanceAfter", "frozenAmount", "frozenBefore", "frozenAfter",
        "idempotencyKey", "refType", "refId", "betOrderId", remark)
     VALUES (:siteCode, :userId, :kind, :amount, :before, :after, :frozen, :frozenBefore, :frozenAfter,
        :key, :refType, :refId, :betOrderId, :remark)
     RETURNING id, "userId", amount, "frozenAmount", "balanceBefore", "balanceAfter", "frozenBefore", "frozenAfter"`,
    {
      replacements: {
        siteCode: updated[0].siteCode,
        userId: move.userId,
        kind: move.kind,
        amount: amount.toFixed(),
        before: after.minus(amount).toFixed(),
        after: after.toFixed(),
        frozen: frozen.toFixed(),
        frozenBefore: frozenAfter.minus(frozen).toFixed(),
        frozenAfter: frozenAfter.toFixed(),
        key: move.idempotencyKey,
        refType: move.ref?.type ?? null,
        refId: move.ref ? String(move.ref.id) : null,
        betOrderId: move.betOrderId ?? null,
        remark: move.remark?.slice(0, 255) ?? null,
      },
      type: QueryTypes.SELECT,
      transaction,
    },
  );
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
