import { QueryTypes, type Transaction } from 'sequelize';
import { db } from '../../db/sequelize';
import { ARCHIVED_LEDGER_LINKS } from '../history';

/**
 * The state against the chains (docs/audit-chains.md, "State against the chains"): a balance changed
 * behind the wallet's back leaves every chained row intact, so `npm run audit:verify` also compares
 * each account's state with what its chained history says it is:
 * - a player's `balance` and `frozenBalance` with the last `game_transactions` row's `balanceAfter` and
 *   `frozenAfter` (0 without rows), and `frozenBalance` with the open withdrawal holds (pending or
 *   approved withdrawals); a player's `bonusBalance` with the last `bonus_ledger` row's `bonusAfter` (0 without
 *   rows; docs/decisions/bonus.md);
 * - an agent's `available` and `frozen` (affiliate_accounts) with the last `affiliate_ledger` row's
 *   `availableAfter` and `frozenAfter`, and `frozen` with the open commission withdrawals;
 * - a player's `coolingOffUntil` and `selfExcludedUntil` (rg_accounts) with the `to` of the last
 *   cooling-off or self-exclusion in rg_history (the player's or an operator's).
 * Each query is one pass: a lateral probe of the last row per account on the table's ("userId", id)
 * index, and one aggregate of the open holds; never a query per account. Run in the verifier's
 * REPEATABLE READ transaction, so state and rows are read at one moment.
 */
export interface StateProblem {
  table: string;
  id: string;
  field: string;
  expected: string | null;
  found: string | null;
  /** Where the expected value comes from. */
  source: string;
}

/** At most this many differences per check are read. */
const STATE_PROBLEMS_PER_CHECK = 1000;

const money = (sql: string) => `coalesce(${sql}, 0)::NUMERIC(18, 6)::TEXT`;

/** Players' balances: the last ledger row and the open withdrawal holds. */
const USERS = `
  SELECT u.id::TEXT AS id, v.field, v.expected, v.found, v.source
    FROM users u
    LEFT JOIN LATERAL (SELECT g.id, g."balanceAfter", g."frozenAfter" FROM game_transactions g
                        WHERE g."userId" = u.id ORDER BY g.id DESC LIMIT 1) attached ON TRUE
    -- A player whose rows are all in archived months: the last row as the latest archive's manifest keeps it.
    LEFT JOIN (SELECT DISTINCT ON (a.account) a.account, a."lastId", a."balanceAfter", a."frozenAfter"
                 FROM (${ARCHIVED_LEDGER_LINKS}) a ORDER BY a.account, a."lastSeq" DESC) archived
           ON attached.id IS NULL AND archived.account = u.id::TEXT
   CROSS JOIN LATERAL (SELECT coalesce(attached.id, archived."lastId") AS id, coalesce(attached."balanceAfter", archived."balanceAfter") AS "balanceAfter",
                              coalesce(attached."frozenAfter", archived."frozenAfter") AS "frozenAfter") last
    LEFT JOIN LATERAL (SELECT b.id, b."bonusAfter" FROM bonus_ledger b WHERE b."userId" = u.id ORDER BY b.id DESC LIMIT 1) lastb ON TRUE
    LEFT JOIN (SELECT "userId", sum(amount) AS held FROM withdrawals WHERE status IN ('pending', 'approved') GROUP BY "userId") w
           ON w."userId" = u.id
   CROSS JOIN LATERAL (VALUES
     ('balance', ${money('last."balanceAfter"')}, u.balance::TEXT,
      coalesce('the balanceAfter of game_transactions row ' || last.id, 'no game_transactions row')),
     ('frozenBalance', ${money('last."frozenAfter"')}, u."frozenBalance"::TEXT,
      coalesce('the frozenAfter of game_transactions row ' || last.id, 'no game_transactions row')),
     ('frozenBalance', ${money('w.held')}, u."frozenBalance"::TEXT, 'the sum of the pending and approved withdrawals'),
     ('bonusBalance', ${money('lastb."bonusAfter"')}, u."bonusBalance"::TEXT,
      coalesce('the bonusAfter of bonus_ledger row ' || lastb.id, 'no bonus_ledger row'))
   ) AS v(field, expected, found, source)
   WHERE v.expected::NUMERIC <> v.found::NUMERIC
   ORDER BY u.id, v.field, v.source
   LIMIT ${STATE_PROBLEMS_PER_CHECK}`;

/** Agents' commission balances: the last affiliate ledger row and the open commission withdrawals. */
const AGENTS = `
  SELECT a."userId"::TEXT AS id, v.field, v.expected, v.found, v.source
    FROM affiliate_accounts a
    LEFT JOIN LATERAL (SELECT l.id, l."availableAfter", l."frozenAfter" FROM affiliate_ledger l
                        WHERE l."userId" = a."userId" ORDER BY l.id DESC LIMIT 1) last ON TRUE
    LEFT JOIN (SELECT "agentId", sum(amount) AS held FROM affiliate_withdrawals WHERE status IN ('pending', 'approved') GROUP BY "agentId") w
           ON w."agentId" = a."userId"
   CROSS JOIN LATERAL (VALUES
     ('available', ${money('last."availableAfter"')}, a.available::TEXT,
      coalesce('the availableAfter of affiliate_ledger row ' || last.id, 'no affiliate_ledger row')),
     ('frozen', ${money('last."frozenAfter"')}, a.frozen::TEXT,
      coalesce('the frozenAfter of affiliate_ledger row ' || last.id, 'no affiliate_ledger row')),
     ('frozen', ${money('w.held')}, a.frozen::TEXT, 'the sum of the pending and approved commission withdrawals')
   ) AS v(field, expected, found, source)
   WHERE v.expected::NUMERIC <> v.found::NUMERIC
   ORDER BY a."userId", v.field, v.source
   LIMIT ${STATE_PROBLEMS_PER_CHECK}`;

/** An instant as the history writes it (ISO 8601, milliseconds, UTC). */
const iso = (sql: string) => `to_char(${sql} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The last exclusion of one kind in the player's history (its rg_history_user index, newest first). */
const lastOf = (alias: string, actions: string) => `
    LEFT JOIN LATERAL (SELECT h.id, h.detail->>'to' AS "to" FROM rg_history h
                        WHERE h."userId" = a."userId" AND h.action IN (${actions}) ORDER BY h.id DESC LIMIT 1) ${alias} ON TRUE`;

/**
 * Exclusion ends: the column against the last history row's `to`. The history keeps milliseconds (a
 * JavaScript date), the column microseconds: they agree within a millisecond.
 */
const EXCLUSIONS = `
  SELECT a."userId"::TEXT AS id, v.field, v.expected, f.found, v.source
    FROM rg_accounts a
    ${lastOf('c', `'cooling-off', 'operator-cooling-off'`)}
    ${lastOf('s', `'self-exclusion', 'operator-self-exclusion'`)}
   CROSS JOIN LATERAL (VALUES
     ('coolingOffUntil', c."to", a."coolingOffUntil", coalesce('the end of rg_history row ' || c.id, 'no cooling-off in rg_history')),
     ('selfExcludedUntil', s."to", a."selfExcludedUntil", coalesce('the end of rg_history row ' || s.id, 'no self-exclusion in rg_history'))
   ) AS v(field, expected, "foundAt", source)
   CROSS JOIN LATERAL (SELECT ${iso('v."foundAt"')} AS found) f
   WHERE CASE WHEN v.expected IS NULL OR v."foundAt" IS NULL THEN v.expected IS DISTINCT FROM f.found
              ELSE abs(extract(epoch FROM v."foundAt" - v.expected::TIMESTAMPTZ)) >= 0.001 END
   ORDER BY a."userId", v.field
   LIMIT ${STATE_PROBLEMS_PER_CHECK}`;

const CHECKS: ReadonlyArray<{ table: string; sql: string }> = [
  { table: 'users', sql: USERS },
  { table: 'affiliate_accounts', sql: AGENTS },
  { table: 'rg_accounts', sql: EXCLUSIONS },
];

export async function checkState(transaction: Transaction): Promise<StateProblem[]> {
  const problems: StateProblem[] = [];
  for (const check of CHECKS) {
    const rows = await db().query<Omit<StateProblem, 'table'>>(check.sql, { type: QueryTypes.SELECT, transaction });
    problems.push(...rows.map((row) => ({ table: check.table, ...row })));
  }
  return problems;
}

/** One difference as the report names it: table, id, field, expected (and from where), found. */
export const stateProblemText = (p: StateProblem): string =>
  `${p.table} ${p.id} ${p.field}: expected ${p.expected ?? 'null'} (${p.source}), found ${p.found ?? 'null'}`;
