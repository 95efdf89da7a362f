import { QueryTypes, type Transaction } from 'sequelize';
import { config } from '../../config';
import { SiteConfig } from '../../db/models';
import { db } from '../../db/sequelize';
import { InputError } from '../../errors';

/**
 * The runs of the VIP settlements (vip_settlement_runs, UNIQUE siteCode/kind/period): one per site, kind
 * and period, with a cursor (lastUserId). A run works through the site's users in batches by ascending
 * id, each batch in its own transaction that locks the run row, does its work and moves the cursor: a
 * crash resumes after the last committed batch, and concurrent runs of one period take batches in turn.
 */

export type SettlementKind = 'daily-rebate' | 'monthly-relegation';

export interface SettlementHooks {
  /** Inside the batch transaction, after its work and cursor update, before commit (tests: throw to roll back). */
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

/** A batch size option as a whole number of at least 1. */
export function batchSizeOf(requested: number | undefined, fallback: number): number {
  return Math.max(1, Math.floor(requested ?? fallback));
}

/** The run of (site, kind, period), created when missing. */
export async function ensureRun(siteCode: string, kind: SettlementKind, period: string): Promise<RunRow> {
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

/** What one batch did: its users, the new cursor, whether the run is finished, and the batch's own figures. */
export interface BatchOutcome<T> {
  users: number;
  lastUserId: number;
  finished: boolean;
  value: T;
}

export interface BatchListener<T> {
  /** The run was found done (by a concurrent run) when a batch locked it. */
  settledMeanwhile: (run: RunRow) => void;
  /** A batch committed. */
  committed: (value: T) => void;
}

/**
 * Runs the batches of a run until it is done: each batch locks the run row, stops when the run is done,
 * else runs `work` (which moves the cursor) and the beforeCommit hook, all in one transaction. A batch
 * counts (`committed`, then the afterBatch hook) only once it committed.
 */
export async function runBatches<T>(
  runId: number,
  hooks: SettlementHooks | undefined,
  work: (transaction: Transaction, run: RunRow, batch: number) => Promise<BatchOutcome<T>>,
  listener: BatchListener<T>,
): Promise<void> {
  for (let batch = 1; ; batch += 1) {
    let info: BatchInfo | undefined;
    const done = await db().transaction(async (transaction): Promise<{ settled: RunRow } | { outcome: BatchOutcome<T> }> => {
      const run = await lockRun(transaction, runId);
      if (run.status === 'done') return { settled: run };
      const outcome = await work(transaction, run, batch);
      info = { batch, fromUserId: run.lastUserId, lastUserId: outcome.lastUserId, users: outcome.users, transaction };
      await hooks?.beforeCommit?.(info);
      return { outcome };
    });
    if ('settled' in done) {
      listener.settledMeanwhile(done.settled);
      return;
    }
    listener.committed(done.outcome.value);
    if (info) await hooks?.afterBatch?.({ ...info, transaction: undefined });
    if (done.outcome.finished) return;
  }
}

/** Site codes the scheduled jobs cover: every configured site plus SITE_CODE. */
export async function allSiteCodes(): Promise<string[]> {
  const rows = await SiteConfig.findAll({ attributes: ['siteCode'], raw: true });
  return [...new Set([config().siteCode, ...rows.map((r) => r.siteCode)])].sort();
}

/**
 * Runs a settlement for every site (the scheduled jobs); one failing site does not stop the others, and
 * the failures are thrown together at the end. A bad period (InputError) fails at once: it is the same
 * for every site.
 */
export async function forEverySite<R>(what: string, settle: (siteCode: string) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  const failures: string[] = [];
  for (const siteCode of await allSiteCodes()) {
    try {
      results.push(await settle(siteCode));
    } catch (err) {
      if (err instanceof InputError) throw err;
      failures.push(`${siteCode}: ${(err as Error).message}`);
    }
  }
  if (failures.length) throw new Error(`${what} failed for ${failures.length} site(s): ${failures.join('; ')}`);
  return results;
}
