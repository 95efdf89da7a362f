import Decimal from 'decimal.js';
import { QueryTypes, type Transaction } from 'sequelize';
import { db } from '../../db/sequelize';
import { selectRows, type Tx } from '../../db/pg-tx';

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
 * - creditFromQuery: the set-based path for settlements that credit many players at once (VIP rebate),
 *   with the credits computed in SQL (see its comment).
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
export async function findMovement(idempotencyKey: string, transaction?: Tx): Promise<WalletResult | null> {
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
async function lockAndFind(idempotencyKey: string, transaction: Tx): Promise<WalletResult | null> {
  await selectRows(transaction, 'SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [idempotencyKey]);
  return findMovement(idempotencyKey, transaction);
}

/**
 * Applies one movement in the caller's transaction. Concurrent calls with the same key are serialized
 * by a transaction-scoped advisory lock on the key, so exactly one applies and the others replay it.
 */
export async function moveBalance(transaction: Tx, move: WalletMove, options: MoveOptions = {}): Promise<WalletResult> {
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
  // user is missing or a balance would go below zero, told apart below.
  const [row] = await selectRows<LedgerRow>(
    transaction,
    `WITH updated AS (
       UPDATE users
          SET balance = balance + CAST($1 AS NUMERIC), "frozenBalance" = "frozenBalance" + CAST($2 AS NUMERIC)
        WHERE id = CAST($3 AS INTEGER) AND balance + CAST($1 AS NUMERIC) >= 0 AND "frozenBalance" + CAST($2 AS NUMERIC) >= 0
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
    if (new Decimal(user.balance).plus(amount).lt(0)) throw new WalletError('INSUFFICIENT_FUNDS');
    throw new WalletError('INSUFFICIENT_FROZEN');
  }
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

export interface CreditFromQuery {
  /**
   * A SELECT yielding one row per credit with the columns "userId" (integer), amount (numeric, > 0, at
   * most 6 decimals) and "idempotencyKey" (text, 1 to 160 characters). Evaluated once, in the caller's
   * transaction; may use `:name` replacements from `replacements` and the caller's temp tables.
   */
  source: string;
  replacements?: Record<string, unknown>;
  kind: LedgerKind;
  ref?: { type: string; id: string | number };
  remark?: string;
  /**
   * A table of the caller's (columns "userId" integer, "ledgerId" bigint) that receives the user and
   * ledger row id of every credit of the source: applied now (written by the same statement as the
   * credits) or replayed (the earlier row).
   */
  recordLedgerIdsIn?: string;
}

export interface CreditFromQueryResult {
  /** Credits applied now (one ledger row each). */
  credited: number;
  /** Sum of the credits applied now (6-decimal string). */
  total: string;
  /** Keys already in the ledger with the same user and amount: nothing moved for them. */
  replayed: number;
}

let creditTableSeq = 0;

/**
 * Credits many users at once, the credits computed in SQL: the moves never travel to Node and back.
 * The source query is materialized once into a transaction-scoped temp table, then everything is
 * set-based: one validation pass (credits only: positive amounts with at most 6 decimals, one move per
 * user, distinct keys, a key already in the ledger replays only with the same user and amount
 * else IDEMPOTENCY_CONFLICT), the row locks of the fresh users in id order (a missing one:
 * USER_NOT_FOUND), and ONE statement that updates the balances and inserts one ledger row per credit
 * (balanceBefore/After). WalletError leaves nothing moved.
 *
 * Unlike moveBalance it takes NO per-key advisory locks (thousands of them in one transaction would
 * exhaust the shared lock table, max_locks_per_transaction). What guards replays instead: the unique
 * ledger index on idempotencyKey (a key applied concurrently by another transaction makes the insert
 * fail, all balance updates with it: IDEMPOTENCY_CONFLICT, nothing moved, retry to replay), and the
 * caller serializing its own keys (the VIP rebate holds its run row FOR UPDATE; its keys
 * `vip-rebate:<user>:<day>` are used by nothing else). Returns counts, not per-key results: the ledger
 * ids stay in SQL, in the caller's table named by recordLedgerIdsIn.
 */
export async function creditFromQuery(transaction: Transaction, credit: CreditFromQuery): Promise<CreditFromQueryResult> {
  const sequelize = db();
  if (credit.recordLedgerIdsIn !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(credit.recordLedgerIdsIn)) {
    throw new Error('creditFromQuery: recordLedgerIdsIn must be a plain table name');
  }
  creditTableSeq = (creditTableSeq + 1) % 1_000_000;
  const table = `wallet_credits_${creditTableSeq}`;
  await sequelize.query(
    `CREATE TEMP TABLE ${table} ON COMMIT DROP AS
     SELECT s.user_id, s.amount, s.key, g.id AS prev_id, g."userId" AS prev_user, g.amount AS prev_amount
       FROM (SELECT CAST(q."userId" AS integer) AS user_id, CAST(q.amount AS numeric) AS amount, CAST(q."idempotencyKey" AS text) AS key
               FROM (${credit.source}) q) s
       LEFT JOIN game_transactions g ON g."idempotencyKey" = s.key
      ORDER BY s.user_id`,
    { replacements: credit.replacements, transaction },
  );
  try {
    const [check] = await sequelize.query<{
      n: string;
      bad: string | null;
      badKey: string | null;
      dupUsers: string;
      dupKeys: string;
      conflict: string | null;
      replayed: string;
    }>(
      `SELECT COUNT(*)::text AS n,
              MIN(COALESCE(key, '(null key)')) FILTER (WHERE user_id IS NULL OR amount IS NULL OR NOT (amount > 0) OR amount > ${MAX_ABS.toFixed()}
                                    OR amount <> trunc(amount, ${SCALE})) AS bad,
              MIN(COALESCE(key, '')) FILTER (WHERE key IS NULL OR length(key) NOT BETWEEN 1 AND 160) AS "badKey",
              (COUNT(*) - COUNT(DISTINCT user_id))::text AS "dupUsers",
              (COUNT(*) - COUNT(DISTINCT key))::text AS "dupKeys",
              MIN(key) FILTER (WHERE prev_id IS NOT NULL AND (prev_user <> user_id OR prev_amount <> amount)) AS conflict,
              COUNT(*) FILTER (WHERE prev_id IS NOT NULL)::text AS replayed
         FROM ${table}`,
      { type: QueryTypes.SELECT, transaction },
    );
    if (check.badKey !== null) throw new WalletError('INVALID_AMOUNT', 'idempotencyKey must be 1 to 160 characters');
    if (check.bad !== null) throw new WalletError('INVALID_AMOUNT', `credit ${check.bad}: amounts must be positive, finite, with at most ${SCALE} decimals`);
    if (check.dupUsers !== '0') throw new WalletError('INVALID_AMOUNT', 'creditFromQuery takes at most one move per user');
    if (check.dupKeys !== '0') throw new WalletError('INVALID_AMOUNT', 'an idempotencyKey is given twice');
    if (check.conflict !== null) throw new WalletError('IDEMPOTENCY_CONFLICT', `key ${check.conflict} was used for another movement`);
    const fresh = Number(check.n) - Number(check.replayed);
    const outcome: CreditFromQueryResult = { credited: 0, total: money(0), replayed: Number(check.replayed) };
    if (credit.recordLedgerIdsIn && outcome.replayed) {
      await sequelize.query(
        `INSERT INTO ${credit.recordLedgerIdsIn} ("userId", "ledgerId") SELECT user_id, prev_id FROM ${table} WHERE prev_id IS NOT NULL`,
        { transaction },
      );
    }
    if (!fresh) return outcome;

    // Row locks in id order (no deadlock between two settlements crediting overlapping users), and the
    // existence check, before anything moves.
    const [locked] = await sequelize.query<{ n: string; missing: number | null }>(
      `WITH l AS (SELECT u.id FROM users u JOIN ${table} m ON m.user_id = u.id WHERE m.prev_id IS NULL ORDER BY u.id FOR UPDATE OF u)
       SELECT (SELECT COUNT(*) FROM l)::text AS n,
              (SELECT MIN(m.user_id) FROM ${table} m WHERE m.prev_id IS NULL AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = m.user_id)) AS missing`,
      { type: QueryTypes.SELECT, transaction },
    );
    if (Number(locked.n) !== fresh) throw new WalletError('USER_NOT_FOUND', `user ${locked.missing} not found`);

    let applied: { n: string; total: string | null };
    try {
      [applied] = await sequelize.query<{ n: string; total: string | null }>(
        `WITH upd AS (
           UPDATE users u SET balance = u.balance + m.amount
             FROM ${table} m WHERE m.prev_id IS NULL AND u.id = m.user_id
           RETURNING u.id, u."siteCode", u.balance, u."frozenBalance", m.amount, m.key
         ), ins AS (
           INSERT INTO game_transactions
             ("siteCode", "userId", kind, amount, "balanceBefore", "balanceAfter", "frozenAmount", "frozenBefore", "frozenAfter",
              "idempotencyKey", "refType", "refId", "betOrderId", remark)
           SELECT "siteCode", id, :walletKind, amount, balance - amount, balance, 0, "frozenBalance", "frozenBalance",
                  key, :walletRefType, :walletRefId, NULL, :walletRemark
             FROM upd
           RETURNING id, "userId", amount
         )${credit.recordLedgerIdsIn ? `, recorded AS (INSERT INTO ${credit.recordLedgerIdsIn} ("userId", "ledgerId") SELECT "userId", id FROM ins)` : ''}
         SELECT COUNT(*)::text AS n, SUM(amount)::text AS total FROM ins`,
        {
          replacements: {
            walletKind: credit.kind,
            walletRefType: credit.ref?.type ?? null,
            walletRefId: credit.ref ? String(credit.ref.id) : null,
            walletRemark: credit.remark?.slice(0, 255) ?? null,
          },
          type: QueryTypes.SELECT,
          transaction,
        },
      );
    } catch (err) {
      const original = (err as { original?: { code?: string; constraint?: string } }).original;
      if (original?.code === '23505' && original.constraint === 'game_transactions_idempotencyKey_key') {
        throw new WalletError('IDEMPOTENCY_CONFLICT', 'a key was applied concurrently by another transaction; retry to replay it');
      }
      throw err;
    }
    // Cannot happen with the rows locked above; refuse rather than report a partial credit.
    if (Number(applied.n) !== fresh) throw new WalletError('USER_NOT_FOUND', 'a user disappeared during creditFromQuery');
    outcome.credited = fresh;
    outcome.total = money(applied.total ?? 0);
    return outcome;
  } finally {
    // The table goes with the transaction anyway; dropping it now keeps a long transaction's catalog small.
    // (Skipped when the transaction is already aborted: the rollback drops it.)
    await sequelize.query(`DROP TABLE IF EXISTS ${table}`, { transaction }).catch(() => undefined);
  }
}
