import { QueryTypes, type Transaction } from 'sequelize';
import { db } from '../../db/sequelize';
import { countWalletMovement } from '../../metrics';
import { isNumericOverflow, money, MONEY_SCALE, WalletError, type LedgerKind, type WalletErrorReason } from './wallet';

/**
 * Credits many users at once, the credits computed in SQL: the moves never travel to Node and back.
 * The source query is materialized once into a transaction-scoped temp table, then everything is
 * set-based: one validation pass (credits only: positive amounts, one move per user, distinct keys), the
 * row locks of the fresh users in id order (a missing one: USER_NOT_FOUND), and ONE statement that
 * updates the balances and inserts one ledger row per credit (balanceBefore/After). WalletError leaves
 * nothing moved. The wallet's own rules are the SQL functions wallet_move applies to one movement
 * (shared/db/functions/wallet/movement-rules.sql), called here row by row in the same statements: an
 * amount of money (wallet_amount_refusal: INVALID_AMOUNT), the balance after the credit
 * (wallet_balance_refusal: BALANCE_OVERFLOW), a key already in the ledger (wallet_replay_refusal:
 * IDEMPOTENCY_CONFLICT unless the same user and amount).
 *
 * Unlike moveBalance it takes NO per-key advisory locks (thousands of them in one transaction would
 * exhaust the shared lock table, max_locks_per_transaction). What guards replays instead: the unique
 * ledger key (game_transaction_keys, filled by the ledger's insert trigger; a key applied concurrently by another transaction makes the insert
 * fail, all balance updates with it: IDEMPOTENCY_CONFLICT, nothing moved, retry to replay), and the
 * caller serializing its own keys (the VIP rebate holds its run row FOR UPDATE; its keys
 * `vip-rebate:<user>:<day>` are used by nothing else). Returns counts, not per-key results: the ledger
 * ids stay in SQL, in the caller's table named by recordLedgerIdsIn.
 */
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

export async function creditFromQuery(transaction: Transaction, credit: CreditFromQuery): Promise<CreditFromQueryResult> {
  checkTableName(credit.recordLedgerIdsIn);
  const table = await materializeCredits(transaction, credit);
  try {
    const { fresh, replayed } = await validateCredits(transaction, table);
    if (credit.recordLedgerIdsIn && replayed) await recordReplayedLedgerIds(transaction, table, credit.recordLedgerIdsIn);
    if (!fresh) return { credited: 0, total: money(0), replayed };
    await lockFreshUsers(transaction, table, fresh);
    const total = await applyCredits(transaction, table, credit, fresh);
    transaction.afterCommit(() => countWalletMovement(credit.kind, fresh));
    return { credited: fresh, total, replayed };
  } finally {
    await dropCreditTable(transaction, table);
  }
}

function checkTableName(name: string | undefined): void {
  if (name !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(name)) {
    throw new Error('creditFromQuery: recordLedgerIdsIn must be a plain table name');
  }
}

let creditTableSeq = 0;

/** Evaluates the source once into a temp table, each credit beside its key's earlier ledger row (if any). */
async function materializeCredits(transaction: Transaction, credit: CreditFromQuery): Promise<string> {
  creditTableSeq = (creditTableSeq + 1) % 1_000_000;
  const table = `wallet_credits_${creditTableSeq}`;
  await db().query(
    `CREATE TEMP TABLE ${table} ON COMMIT DROP AS
     SELECT s.user_id, s.amount, s.key, g.id AS prev_id, g."userId" AS prev_user, g.amount AS prev_amount
       FROM (SELECT CAST(q."userId" AS integer) AS user_id, CAST(q.amount AS numeric) AS amount, CAST(q."idempotencyKey" AS text) AS key
               FROM (${credit.source}) q) s
       LEFT JOIN game_transactions g ON g."idempotencyKey" = s.key
      ORDER BY s.user_id`,
    { replacements: credit.replacements, transaction },
  );
  return table;
}

/** One pass over the credits; refuses the whole set on any bad row. Returns how many are new and how many replay. */
async function validateCredits(transaction: Transaction, table: string): Promise<{ fresh: number; replayed: number }> {
  const [check] = await db().query<{
    n: string;
    bad: string | null;
    badKey: string | null;
    dupUsers: string;
    dupKeys: string;
    conflict: string | null;
    replayed: string;
  }>(
    `SELECT COUNT(*)::text AS n,
            MIN(COALESCE(key, '(null key)')) FILTER (WHERE user_id IS NULL OR amount IS NULL OR NOT (amount > 0)
                                  OR wallet_amount_refusal(amount) IS NOT NULL) AS bad,
            MIN(COALESCE(key, '')) FILTER (WHERE key IS NULL OR length(key) NOT BETWEEN 1 AND 160) AS "badKey",
            (COUNT(*) - COUNT(DISTINCT user_id))::text AS "dupUsers",
            (COUNT(*) - COUNT(DISTINCT key))::text AS "dupKeys",
            MIN(key) FILTER (WHERE prev_id IS NOT NULL AND wallet_replay_refusal(user_id, amount, prev_user, prev_amount) IS NOT NULL) AS conflict,
            COUNT(*) FILTER (WHERE prev_id IS NOT NULL)::text AS replayed
       FROM ${table}`,
    { type: QueryTypes.SELECT, transaction },
  );
  if (check.badKey !== null) throw new WalletError('INVALID_AMOUNT', 'idempotencyKey must be 1 to 160 characters');
  if (check.bad !== null)
    throw new WalletError('INVALID_AMOUNT', `credit ${check.bad}: amounts must be positive, finite, with at most ${MONEY_SCALE} decimals`);
  if (check.dupUsers !== '0') throw new WalletError('INVALID_AMOUNT', 'creditFromQuery takes at most one move per user');
  if (check.dupKeys !== '0') throw new WalletError('INVALID_AMOUNT', 'an idempotencyKey is given twice');
  if (check.conflict !== null) throw new WalletError('IDEMPOTENCY_CONFLICT', `key ${check.conflict} was used for another movement`);
  return { fresh: Number(check.n) - Number(check.replayed), replayed: Number(check.replayed) };
}

async function recordReplayedLedgerIds(transaction: Transaction, table: string, target: string): Promise<void> {
  await db().query(`INSERT INTO ${target} ("userId", "ledgerId") SELECT user_id, prev_id FROM ${table} WHERE prev_id IS NOT NULL`, { transaction });
}

/**
 * Row locks of the users of the new credits in id order (no deadlock between two settlements crediting
 * overlapping users), the existence check and the balance rule on the locked balances (the first user
 * it refuses, and why), before anything moves.
 */
async function lockFreshUsers(transaction: Transaction, table: string, fresh: number): Promise<void> {
  const [locked] = await db().query<{ n: string; missing: number | null; refused: number | null; refusal: WalletErrorReason | null }>(
    `WITH l AS (SELECT u.id, u.balance, u."frozenBalance" FROM users u JOIN ${table} m ON m.user_id = u.id WHERE m.prev_id IS NULL ORDER BY u.id FOR UPDATE OF u),
          r AS (SELECT l.id, wallet_balance_refusal(l.balance + m.amount, l."frozenBalance") AS refusal FROM l JOIN ${table} m ON m.user_id = l.id),
          first_refused AS (SELECT id, refusal FROM r WHERE refusal IS NOT NULL ORDER BY id LIMIT 1)
     SELECT (SELECT COUNT(*) FROM l)::text AS n,
            (SELECT MIN(m.user_id) FROM ${table} m WHERE m.prev_id IS NULL AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = m.user_id)) AS missing,
            (SELECT id FROM first_refused) AS refused,
            (SELECT refusal FROM first_refused) AS refusal`,
    { type: QueryTypes.SELECT, transaction },
  );
  if (Number(locked.n) !== fresh) throw new WalletError('USER_NOT_FOUND', `user ${locked.missing} not found`);
  if (locked.refusal !== null) throw new WalletError(locked.refusal, `the credit of user ${locked.refused} would take the balance out of its bounds`);
}

/** ONE statement: the new credits' balance updates and ledger rows (and their ids in the caller's table). Returns their sum. */
async function applyCredits(transaction: Transaction, table: string, credit: CreditFromQuery, fresh: number): Promise<string> {
  let applied: { n: string; total: string | null };
  try {
    [applied] = await db().query<{ n: string; total: string | null }>(
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
    if (original?.code === '23505' && original.constraint === 'game_transaction_keys_pkey') {
      throw new WalletError('IDEMPOTENCY_CONFLICT', 'a key was applied concurrently by another transaction; retry to replay it');
    }
    // Checked on the locked balances above; kept as the rule's last word should a column still overflow.
    if (isNumericOverflow(err)) throw new WalletError('BALANCE_OVERFLOW', 'a credit would take a balance past what its column holds');
    throw err;
  }
  // Cannot happen with the rows locked above; refuse rather than report a partial credit.
  if (Number(applied.n) !== fresh) throw new WalletError('USER_NOT_FOUND', 'a user disappeared during creditFromQuery');
  return money(applied.total ?? 0);
}

/**
 * The table goes with the transaction anyway; dropping it now keeps a long transaction's catalog small.
 * (Skipped when the transaction is already aborted: the rollback drops it.)
 */
async function dropCreditTable(transaction: Transaction, table: string): Promise<void> {
  await db()
    .query(`DROP TABLE IF EXISTS ${table}`, { transaction })
    .catch(() => undefined);
}
