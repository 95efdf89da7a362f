import Decimal from 'decimal.js';
import { QueryTypes, type Transaction } from 'sequelize';
import { config } from '../../config';
import { SiteConfig } from '../../db/models';
import { db } from '../../db/sequelize';
import { GAME_TYPE_TABLE } from '../game/types';
import { creditFromQuery, money } from '../wallet/wallet';

/**
 * Daily VIP rebate (Part A 4.4, section 6): per user and game type, SUM(betEffective) of the day's valid
 * settled bet orders (betDatetime within the day in APP_TIMEZONE) x rebateRate percent of the rule for
 * (user's vipLevel, typeKey), rounded down to 6 decimals, credited through the wallet.
 *
 * A day pays once per site: the run row (vip_settlement_runs, UNIQUE siteCode/kind/period) carries a
 * cursor (lastUserId). Users are processed in batches by ascending id, each batch in its own
 * transaction that locks the run row, pays, and moves the cursor: a crash resumes after the last
 * committed batch, and concurrent runs of the same day take batches one after the other. A user is paid
 * ONE credit per day, the sum over the user's game types (each rounded down first), through the
 * wallet's SQL-sourced creditFromQuery (the batch's sums never leave Postgres); the log keeps one row
 * per game type, all carrying that credit's ledgerId (one INSERT ... SELECT per batch). The unique log row
 * (userId, day, gameType) and the wallet key `vip-rebate:<userId>:<day>` guard every payment in any case.
 */

export interface SettlementHooks {
  /** Inside the batch transaction, after its payments and cursor update, before commit (tests: throw to roll back). */
  beforeCommit?: (info: BatchInfo) => Promise<void> | void;
  /** After a batch committed (tests: throw to simulate a crash between batches). */
  afterBatch?: (info: BatchInfo) => Promise<void> | void;
}

export interface BatchInfo {
  batch: number;
  fromUserId: number;
  lastUserId: number;
  users: number;
  transaction?: Transaction;
}

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

/** Users per batch of the monthly relegation. */
export const DEFAULT_BATCH_SIZE = 1000;
/** Users per batch of the daily rebate (all its work is in SQL: memory does not grow with it). */
export const DEFAULT_REBATE_BATCH_SIZE = 20_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MONTH = /^\d{4}-\d{2}$/;

/** Today's date (YYYY-MM-DD) in a time zone. */
export function todayIn(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

function shiftDay(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

function isRealDay(day: string): boolean {
  return DAY.test(day) && shiftDay(day, 0) === day;
}

/** Yesterday in APP_TIMEZONE. */
export function defaultRebateDay(now = new Date()): string {
  return shiftDay(todayIn(config().appTimezone, now), -1);
}

/** Last month (YYYY-MM) in APP_TIMEZONE. */
export function defaultRelegationMonth(now = new Date()): string {
  const [y, m] = todayIn(config().appTimezone, now).split('-').map(Number);
  return new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 7);
}

/** A period that cannot be settled: malformed, or not over yet in APP_TIMEZONE. */
export class SettlementPeriodError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SettlementPeriodError';
  }
}

export function checkRebateDay(day: string, now = new Date()): string {
  if (!isRealDay(day)) throw new SettlementPeriodError(`day must be a date YYYY-MM-DD (got "${day.slice(0, 20)}")`);
  if (day >= todayIn(config().appTimezone, now)) throw new SettlementPeriodError(`day ${day} is not over yet in ${config().appTimezone}`);
  return day;
}

export function checkRelegationMonth(month: string, now = new Date()): string {
  if (!MONTH.test(month) || !isRealDay(`${month}-01`)) throw new SettlementPeriodError(`month must be YYYY-MM (got "${month.slice(0, 20)}")`);
  if (month >= todayIn(config().appTimezone, now).slice(0, 7)) throw new SettlementPeriodError(`month ${month} is not over yet in ${config().appTimezone}`);
  return month;
}

/** Site codes the scheduled jobs cover: every configured site plus SITE_CODE. */
export async function allSiteCodes(): Promise<string[]> {
  const rows = await SiteConfig.findAll({ attributes: ['siteCode'], raw: true });
  return [...new Set([config().siteCode, ...rows.map((r) => r.siteCode)])].sort();
}

export interface RunRow {
  id: number;
  status: 'running' | 'done';
  lastUserId: number;
  usersProcessed: number;
  total: string;
  checked: number;
  warned: number;
  demoted: number;
}

/** The run of (site, kind, period), created when missing. */
export async function ensureRun(siteCode: string, kind: 'daily-rebate' | 'monthly-relegation', period: string): Promise<RunRow> {
  const sequelize = db();
  await sequelize.query(
    `INSERT INTO vip_settlement_runs ("siteCode", kind, period) VALUES (:siteCode, :kind, :period)
     ON CONFLICT ("siteCode", kind, period) DO NOTHING`,
    { replacements: { siteCode, kind, period } },
  );
  const [run] = await sequelize.query<RunRow>(
    `SELECT id, status, "lastUserId", "usersProcessed", total::text AS total, checked, warned, demoted
       FROM vip_settlement_runs WHERE "siteCode" = :siteCode AND kind = :kind AND period = :period`,
    { replacements: { siteCode, kind, period }, type: QueryTypes.SELECT },
  );
  return run;
}

/** Locks the run row for one batch (concurrent runs of one period take batches in turn). */
export async function lockRun(transaction: Transaction, id: number): Promise<RunRow> {
  const [run] = await db().query<RunRow>(
    `SELECT id, status, "lastUserId", "usersProcessed", total::text AS total, checked, warned, demoted
       FROM vip_settlement_runs WHERE id = :id FOR UPDATE`,
    { replacements: { id }, type: QueryTypes.SELECT, transaction },
  );
  return run;
}

/** `(VALUES ('1','sports'), ...)`: game type code (as stored on bet orders) to typeKey. */
export function gameTypeValuesSql(): string {
  return `(VALUES ${GAME_TYPE_TABLE.map((t) => `('${t.code}', '${t.typeKey}')`).join(', ')}) AS gt(code, "typeKey")`;
}

/**
 * Settles one site's day. Returns what this call paid; a day already settled pays nothing and says so
 * (alreadySettled). Throws SettlementPeriodError for a malformed day or one not over yet.
 */
export async function settleDailyRebate(options: DailyRebateOptions = {}): Promise<DailyRebateResult> {
  const siteCode = options.siteCode ?? config().siteCode;
  const day = checkRebateDay(options.day ?? defaultRebateDay());
  const batchSize = Math.max(1, Math.floor(options.batchSize ?? DEFAULT_REBATE_BATCH_SIZE));
  const sequelize = db();
  const tz = config().appTimezone;

  const initial = await ensureRun(siteCode, 'daily-rebate', day);
  const result: DailyRebateResult = {
    siteCode,
    day,
    usersProcessed: 0,
    usersPaid: 0,
    totalRebate: money(0),
    alreadySettled: initial.status === 'done',
    run: { usersProcessed: initial.usersProcessed, totalRebate: money(initial.total), status: initial.status },
  };
  if (initial.status === 'done') return result;

  let total = new Decimal(0);
  for (let batch = 1; ; batch += 1) {
    let info: BatchInfo | undefined;
    const done = await sequelize.transaction(async (transaction) => {
      const run = await lockRun(transaction, initial.id);
      if (run.status === 'done') {
        result.run = { usersProcessed: run.usersProcessed, totalRebate: money(run.total), status: 'done' };
        return true;
      }
      // Generous memory for the batch's hash aggregate (the default 4MB spills to disk at thousands of users).
      await sequelize.query(`SET LOCAL work_mem = '64MB'`, { transaction });
      const [range] = await sequelize.query<{ users: number; lastUserId: number | null }>(
        `SELECT COUNT(*)::integer AS users, MAX(id) AS "lastUserId"
           FROM (SELECT id FROM users WHERE "siteCode" = :siteCode AND id > :cursor ORDER BY id LIMIT :limit) s`,
        { replacements: { siteCode, cursor: run.lastUserId, limit: batchSize }, type: QueryTypes.SELECT, transaction },
      );
      const userCount = range.users;
      const lastUserId = range.lastUserId ?? run.lastUserId;
      let batchTotal = new Decimal(0);
      let paidUsers = 0;
      if (userCount) {
        // Everything stays in Postgres. One aggregate per batch into a transaction-scoped temp table:
        // sums per (user, game type) joined to the users' levels and the rules; only positive amounts.
        // No "not logged yet" filter: the day's log rows come only from this run's committed batches,
        // all below the cursor (the run is unique per site and day, its row is locked here), so a row
        // above it would mean a broken invariant, and the log's primary key and the wallet key then
        // fail the batch with nothing paid instead of skipping quietly. (Materialized steps: the level
        // and rule joins are joined by hash after the aggregate instead of a nested loop over
        // misestimated rows.)
        const due = `vip_rebate_due_${batch}`;
        await sequelize.query(
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
           SELECT d."userId", d."vipLevel", d."gameType", d.effective, d.rate, d.amount
             FROM (SELECT l."userId", l.level AS "vipLevel", CAST(rt.code AS smallint) AS "gameType", l.effective, rt."rebateRate" AS rate,
                          trunc(l.effective * rt."rebateRate" / 100, 6) AS amount
                     FROM leveled l JOIN rates rt ON rt.level = l.level AND rt.code = l."gameType") d
            WHERE d.amount > 0`,
          { replacements: { siteCode, cursor: run.lastUserId, lastUserId, day, tz }, transaction },
        );
        // One credit per user and day (the sum of the user's game types, each rounded down before
        // summing) through the wallet's SQL-sourced path, which records each credit's ledger id in a
        // temp table; then every log row (user, day, type) with its credit's ledger id in one
        // INSERT ... SELECT (in key order). Both guards stay in this transaction: the wallet key (a
        // replay moves nothing) and the log's primary key. No ON CONFLICT (it cost a third of the
        // insert): a duplicate log row fails the batch, its credits with it.
        const ledgerIds = `vip_rebate_ledger_${batch}`;
        await sequelize.query(`CREATE TEMP TABLE ${ledgerIds} ("userId" integer PRIMARY KEY, "ledgerId" bigint NOT NULL) ON COMMIT DROP`, {
          transaction,
        });
        const key = `'vip-rebate:' || "userId" || ':' || :day`;
        const moved = await creditFromQuery(transaction, {
          source: `SELECT "userId", SUM(amount) AS amount, ${key} AS "idempotencyKey" FROM ${due} GROUP BY "userId"`,
          replacements: { day },
          kind: 'rebate',
          ref: { type: 'vip-rebate', id: day },
          remark: `VIP rebate ${day}`,
          recordLedgerIdsIn: ledgerIds,
        });
        await sequelize.query(
          `INSERT INTO vip_rebate_logs ("siteCode", "userId", day, "gameType", "vipLevel", "effectiveBet", "rebateRate", amount, "ledgerId")
           SELECT :siteCode, d."userId", CAST(:day AS date), d."gameType", d."vipLevel", d.effective, d.rate, d.amount, g."ledgerId"
             FROM ${due} d JOIN ${ledgerIds} g ON g."userId" = d."userId"
            ORDER BY d."userId", d."gameType"`,
          { replacements: { siteCode, day }, transaction },
        );
        await sequelize.query(`DROP TABLE ${due}, ${ledgerIds}`, { transaction });
        batchTotal = batchTotal.plus(moved.total);
        paidUsers = moved.credited;
      }
      const finished = userCount < batchSize;
      const [updated] = await sequelize.query<{ usersProcessed: number; total: string; status: 'running' | 'done' }>(
        `UPDATE vip_settlement_runs
            SET "lastUserId" = :lastUserId, "usersProcessed" = "usersProcessed" + :users, total = total + CAST(:total AS NUMERIC),
                status = :status, "finishedAt" = CASE WHEN :status = 'done' THEN now() ELSE NULL END
          WHERE id = :id
          RETURNING "usersProcessed", total::text AS total, status`,
        {
          replacements: { lastUserId, users: userCount, total: batchTotal.toFixed(), status: finished ? 'done' : 'running', id: run.id },
          type: QueryTypes.SELECT,
          transaction,
        },
      );
      info = { batch, fromUserId: run.lastUserId, lastUserId, users: userCount, transaction };
      await options.hooks?.beforeCommit?.(info);
      return { finished, users: userCount, paid: paidUsers, batchTotal, run: updated };
    });
    // Counted once the batch committed.
    if (done === true) break;
    result.usersProcessed += done.users;
    result.usersPaid += done.paid;
    total = total.plus(done.batchTotal);
    result.run = { usersProcessed: done.run.usersProcessed, totalRebate: money(done.run.total), status: done.run.status };
    if (info) await options.hooks?.afterBatch?.({ ...info, transaction: undefined });
    if (done.finished) break;
  }
  result.totalRebate = money(total);
  return result;
}

/** Settles the day for every site (the scheduled job); one failing site does not stop the others. */
export async function settleDailyRebateAllSites(options: Omit<DailyRebateOptions, 'siteCode'> = {}): Promise<DailyRebateResult[]> {
  const day = options.day ?? defaultRebateDay();
  const results: DailyRebateResult[] = [];
  const failures: string[] = [];
  for (const siteCode of await allSiteCodes()) {
    try {
      results.push(await settleDailyRebate({ ...options, siteCode, day }));
    } catch (err) {
      if (err instanceof SettlementPeriodError) throw err;
      failures.push(`${siteCode}: ${(err as Error).message}`);
    }
  }
  if (failures.length) throw new Error(`daily rebate ${day} failed for ${failures.length} site(s): ${failures.join('; ')}`);
  return results;
}
