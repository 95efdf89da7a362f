import Decimal from 'decimal.js';
import { QueryTypes, type Transaction } from 'sequelize';
import { config } from '../../config';
import { db } from '../../db/sequelize';
import { logger } from '../../logger';
import { GAME_TYPE_TABLE } from '../game';
import { withholdExcludedIn } from '../responsible-gaming';
import { creditFromQuery, money } from '../wallet';
import { checkRebateDay, defaultRebateDay } from './settlement-periods';
import { batchSizeOf, ensureRun, forEverySite, runBatches, type BatchOutcome, type RunRow, type SettlementHooks } from './settlement-runs';

/**
 * Daily VIP rebate: per user and game type, SUM(betEffective) of the day's valid
 * settled bet orders (betDatetime within the day in APP_TIMEZONE) x rebateRate percent of the rule for
 * (user's vipLevel, typeKey), rounded down to 6 decimals, credited through the wallet.
 *
 * A day pays once per site: its run (settlement-runs.ts) takes the site's users in batches, each in its
 * own transaction that locks the run row, pays, and moves the cursor. A user is paid ONE credit per day,
 * the sum over the user's game types (each rounded down first), through the wallet's SQL-sourced
 * creditFromQuery (the batch's sums never leave Postgres); the log keeps one row per game type, all
 * carrying that credit's ledgerId (one INSERT ... SELECT per batch). The unique log row
 * (userId, day, gameType) and the wallet key `vip-rebate:<userId>:<day>` guard every payment in any case.
 *
 * A player excluded at settlement (cooling-off, self-exclusion: rg_exclusion_refusal) is not paid: the
 * batch locks its due players' rows first and reads their exclusions under those locks (withholdExcluded),
 * and their log rows are written with `withheld` set and no ledger row, so the rebate is visible as
 * withheld and, its log row being there, never paid by a later run (docs/decisions/responsible-gaming.md, "An excluded
 * player's money: the cash is withdrawable, rewards are forfeited or withheld").
 */

export interface DailyRebateOptions {
  siteCode?: string;
  /** YYYY-MM-DD in APP_TIMEZONE; default yesterday. */
  day?: string;
  batchSize?: number;
  hooks?: SettlementHooks;
}

export interface DailyRebateResult {
  siteCode: string;
  day: string;
  /** Users of the site scanned by this call. */
  usersProcessed: number;
  /** Users credited by this call. */
  usersPaid: number;
  /** Rebate credited by this call (6-decimal string). */
  totalRebate: string;
  /** True when the day had been fully settled before this call: nothing was paid now. */
  alreadySettled: boolean;
  /** The whole day's run so far (all calls): users scanned and rebate paid. */
  run: { usersProcessed: number; totalRebate: string; status: 'running' | 'done' };
}

/** Users per batch of the daily rebate (all its work is in SQL: memory does not grow with it). */
export const DEFAULT_REBATE_BATCH_SIZE = 20_000;

/** The day of one site being settled. */
interface RebateDay {
  siteCode: string;
  day: string;
  batchSize: number;
}

/** The users of one batch: ids in (cursor, lastUserId]. */
interface UserRange {
  cursor: number;
  lastUserId: number;
}

interface BatchPayment {
  credited: number;
  total: Decimal;
}

interface RebateBatch {
  users: number;
  paid: number;
  total: Decimal;
  run: { usersProcessed: number; total: string; status: 'running' | 'done' };
}

/** `(VALUES ('1','sports'), ...)`: game type code (as stored on bet orders) to typeKey. */
export function gameTypeValuesSql(): string {
  return `(VALUES ${GAME_TYPE_TABLE.map((t) => `('${t.code}', '${t.typeKey}')`).join(', ')}) AS gt(code, "typeKey")`;
}

/**
 * Settles one site's day. Returns what this call paid; a day already settled pays nothing and says so
 * (alreadySettled). Throws InputError (field `day`) for a malformed day or one not over yet.
 */
export async function settleDailyRebate(options: DailyRebateOptions = {}): Promise<DailyRebateResult> {
  const target: RebateDay = {
    siteCode: options.siteCode ?? config().siteCode,
    day: checkRebateDay(options.day ?? defaultRebateDay()),
    batchSize: batchSizeOf(options.batchSize, DEFAULT_REBATE_BATCH_SIZE),
  };
  const initial = await ensureRun(target.siteCode, 'daily-rebate', target.day);
  const result = startingResult(target, initial);
  if (initial.status === 'done') return result;

  let total = new Decimal(0);
  await runBatches(initial.id, options.hooks, (transaction, run, batch) => settleBatch(transaction, run, batch, target), {
    settledMeanwhile: (run) => {
      result.run = { usersProcessed: run.usersProcessed, totalRebate: money(run.total), status: 'done' };
    },
    committed: (b) => {
      result.usersProcessed += b.users;
      result.usersPaid += b.paid;
      total = total.plus(b.total);
      result.run = { usersProcessed: b.run.usersProcessed, totalRebate: money(b.run.total), status: b.run.status };
    },
  });
  result.totalRebate = money(total);
  return result;
}

/** Settles the day for every site (the scheduled job); one failing site does not stop the others. */
export async function settleDailyRebateAllSites(options: Omit<DailyRebateOptions, 'siteCode'> = {}): Promise<DailyRebateResult[]> {
  const day = options.day ?? defaultRebateDay();
  return forEverySite(`daily rebate ${day}`, (siteCode) => settleDailyRebate({ ...options, siteCode, day }));
}

/** Nothing paid yet by this call; the run's figures so far. */
function startingResult({ siteCode, day }: RebateDay, initial: RunRow): DailyRebateResult {
  return {
    siteCode,
    day,
    usersProcessed: 0,
    usersPaid: 0,
    totalRebate: money(0),
    alreadySettled: initial.status === 'done',
    run: { usersProcessed: initial.usersProcessed, totalRebate: money(initial.total), status: initial.status },
  };
}

/** One batch, inside its transaction with the run row locked: pays its users and moves the cursor. */
async function settleBatch(transaction: Transaction, run: RunRow, batch: number, target: RebateDay): Promise<BatchOutcome<RebateBatch>> {
  // Generous memory for the batch's hash aggregate (the default 4MB spills to disk at thousands of users).
  await db().query(`SET LOCAL work_mem = '64MB'`, { transaction });
  const { users, lastUserId } = await nextUsers(transaction, run, target);
  const payment = users ? await payBatch(transaction, batch, target, { cursor: run.lastUserId, lastUserId }) : { credited: 0, total: new Decimal(0) };
  const finished = users < target.batchSize;
  const updated = await advanceRun(transaction, run.id, { lastUserId, users, total: payment.total, finished });
  return { users, lastUserId, finished, value: { users, paid: payment.credited, total: payment.total, run: updated } };
}

/** The next batch of the site's users after the cursor: how many, and the last id (the cursor when none). */
async function nextUsers(transaction: Transaction, run: RunRow, { siteCode, batchSize }: RebateDay): Promise<{ users: number; lastUserId: number }> {
  const [range] = await db().query<{ users: number; lastUserId: number | null }>(
    `SELECT COUNT(*)::integer AS users, MAX(id) AS "lastUserId"
       FROM (SELECT id FROM users WHERE "siteCode" = :siteCode AND id > :cursor ORDER BY id LIMIT :limit) s`,
    { replacements: { siteCode, cursor: run.lastUserId, limit: batchSize }, type: QueryTypes.SELECT, transaction },
  );
  return { users: range.users, lastUserId: range.lastUserId ?? run.lastUserId };
}

/** Computes what the batch's users are due, credits them, logs every (user, game type) line. */
async function payBatch(transaction: Transaction, batch: number, target: RebateDay, range: UserRange): Promise<BatchPayment> {
  const due = `vip_rebate_due_${batch}`;
  const ledgerIds = `vip_rebate_ledger_${batch}`;
  await collectDue(transaction, due, target, range);
  await withholdExcluded(transaction, due);
  const moved = await creditDue(transaction, due, ledgerIds, target.day);
  await logRebates(transaction, due, ledgerIds, target);
  await db().query(`DROP TABLE ${due}, ${ledgerIds}`, { transaction });
  return { credited: moved.credited, total: new Decimal(moved.total) };
}

/**
 * Everything stays in Postgres. One aggregate per batch into a transaction-scoped temp table: sums per
 * (user, game type) joined to the users' levels and the rules; only positive amounts. No "not logged
 * yet" filter: the day's log rows come only from this run's committed batches, all below the cursor (the
 * run is unique per site and day, its row is locked here), so a row above it would mean a broken
 * invariant, and the log's primary key and the wallet key then fail the batch with nothing paid instead
 * of skipping quietly. (Materialized steps: the level and rule joins are joined by hash after the
 * aggregate instead of a nested loop over misestimated rows.)
 */
async function collectDue(transaction: Transaction, due: string, { siteCode, day }: RebateDay, { cursor, lastUserId }: UserRange): Promise<void> {
  await db().query(
    `CREATE TEMP TABLE ${due} ON COMMIT DROP AS
     WITH sums AS MATERIALIZED (
       SELECT b."userId", b."gameType", SUM(b."betEffective") AS effective
         FROM bet_orders b
        WHERE b."siteCode" = :siteCode AND b."userId" > :cursor AND b."userId" <= :lastUserId
          AND b.status = 'valid' AND b.settled
          AND b."betDatetime" >= (CAST(:day AS date)::timestamp AT TIME ZONE :tz)
          AND b."betDatetime" <  ((CAST(:day AS date) + 1)::timestamp AT TIME ZONE :tz)
        GROUP BY b."userId", b."gameType"
     ), leveled AS MATERIALIZED (
       SELECT s."userId", s."gameType", s.effective, u.level
         FROM sums s
         JOIN (SELECT id, CASE WHEN "vipLevel" ~ '^[0-9]{1,4}$' THEN CAST("vipLevel" AS integer) END AS level
                 FROM users WHERE "siteCode" = :siteCode AND id > :cursor AND id <= :lastUserId) u ON u.id = s."userId"
     ), rates AS MATERIALIZED (
       SELECT r.level, gt.code, gt."typeKey", r."rebateRate"
         FROM vip_rebates r JOIN ${gameTypeValuesSql()} ON gt."typeKey" = r."gameType"
        WHERE r."siteCode" = :siteCode
     )
     SELECT d."userId", d."vipLevel", d."gameType", d.effective, d.rate, d.amount, CAST(NULL AS VARCHAR(20)) AS withheld
       FROM (SELECT l."userId", l.level AS "vipLevel", CAST(rt.code AS smallint) AS "gameType", l.effective, rt."rebateRate" AS rate,
                    trunc(l.effective * rt."rebateRate" / 100, 6) AS amount
               FROM leveled l JOIN rates rt ON rt.level = l.level AND rt.code = l."gameType") d
      WHERE d.amount > 0`,
    { replacements: { siteCode, cursor, lastUserId, day, tz: config().appTimezone }, transaction },
  );
}

/**
 * Marks the due rows of excluded players `withheld`. First the due players' `users` rows are locked in id
 * order (the order creditFromQuery locks them in; an exclusion starts with that row locked:
 * shared/domain/responsible-gaming/changes.ts), then, in a later statement so that it sees an exclusion
 * committed while it waited, their protection rows are read: an exclusion starting meanwhile either was
 * seen here or starts after this batch paid.
 */
async function withholdExcluded(transaction: Transaction, due: string): Promise<void> {
  await db().query(`SELECT u.id FROM users u WHERE u.id IN (SELECT "userId" FROM ${due}) ORDER BY u.id FOR UPDATE OF u`, { transaction });
  const withheld = await withholdExcludedIn(transaction, due);
  const count = withheld as { rowCount?: number } | number | undefined;
  const rows = typeof count === 'number' ? count : (count?.rowCount ?? 0);
  if (rows) logger().info({ rows }, 'daily rebate withheld from excluded players');
}

/**
 * One credit per user and day (the sum of the user's game types, each rounded down before summing)
 * through the wallet's SQL-sourced path, which records each credit's ledger id in a temp table. The
 * wallet key makes a replay move nothing.
 */
async function creditDue(transaction: Transaction, due: string, ledgerIds: string, day: string) {
  await db().query(`CREATE TEMP TABLE ${ledgerIds} ("userId" integer PRIMARY KEY, "ledgerId" bigint NOT NULL) ON COMMIT DROP`, {
    transaction,
  });
  const key = `'vip-rebate:' || "userId" || ':' || :day`;
  return creditFromQuery(transaction, {
    source: `SELECT "userId", SUM(amount) AS amount, ${key} AS "idempotencyKey" FROM ${due} WHERE withheld IS NULL GROUP BY "userId"`,
    replacements: { day },
    kind: 'rebate',
    ref: { type: 'vip-rebate', id: day },
    remark: `VIP rebate ${day}`,
    recordLedgerIdsIn: ledgerIds,
  });
}

/**
 * Every log row (user, day, type) with its credit's ledger id (none when withheld) in one INSERT ... SELECT (in key order).
 * No ON CONFLICT (it cost a third of the insert): a duplicate log row fails the batch, its credits with it.
 */
async function logRebates(transaction: Transaction, due: string, ledgerIds: string, { siteCode, day }: RebateDay): Promise<void> {
  await db().query(
    `INSERT INTO vip_rebate_logs ("siteCode", "userId", day, "gameType", "vipLevel", "effectiveBet", "rebateRate", amount, "ledgerId", withheld)
     SELECT :siteCode, d."userId", CAST(:day AS date), d."gameType", d."vipLevel", d.effective, d.rate, d.amount, g."ledgerId", d.withheld
       FROM ${due} d LEFT JOIN ${ledgerIds} g ON g."userId" = d."userId"
      ORDER BY d."userId", d."gameType"`,
    { replacements: { siteCode, day }, transaction },
  );
}

/** Moves the cursor and adds the batch to the run's figures; the run is done after a short batch. */
async function advanceRun(
  transaction: Transaction,
  id: number,
  batch: { lastUserId: number; users: number; total: Decimal; finished: boolean },
): Promise<RebateBatch['run']> {
  const [updated] = await db().query<RebateBatch['run']>(
    `UPDATE vip_settlement_runs
        SET "lastUserId" = :lastUserId, "usersProcessed" = "usersProcessed" + :users, total = total + CAST(:total AS NUMERIC),
            status = :status, "finishedAt" = CASE WHEN :status = 'done' THEN now() ELSE NULL END
      WHERE id = :id
      RETURNING "usersProcessed", total::text AS total, status`,
    {
      replacements: { lastUserId: batch.lastUserId, users: batch.users, total: batch.total.toFixed(), status: batch.finished ? 'done' : 'running', id },
      type: QueryTypes.SELECT,
      transaction,
    },
  );
  return updated;
}
