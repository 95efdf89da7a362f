import { QueryTypes, type Transaction } from 'sequelize';
import { config } from '../../config';
import { db } from '../../db/sequelize';
import { recalculateVip } from './progress';
import { checkRelegationMonth, defaultRelegationMonth } from './settlement-periods';
import { batchSizeOf, ensureRun, forEverySite, runBatches, type BatchOutcome, type RunRow, type SettlementHooks } from './settlement-runs';

/**
 * Monthly relegation check (scheduled on the 1st of the month at 01:00).
 *
 * For the users of a site with vipLevel >= 2 and vipHold 0: monthly effective = SUM(betEffective) of
 * their valid settled bet orders with betDatetime in the judged month (APP_TIMEZONE). Below the level's
 * relegationChip: relegationMissCount + 1 (1 = warning); on the second consecutive miss the level drops
 * by one and the count returns to 0 (demoted), and the level lost must be earned again from the start of
 * the level demoted to (judgeAndApply). Reaching the threshold resets the count to 0. Users on
 * hold and level 1 are not checked; a level without a vip_levels row is not checked either.
 *
 * One run per site and month (settlement-runs.ts): batches of users by ascending id, each in its own
 * transaction that locks the run row and the batch's users and moves the cursor, so a crash resumes
 * and a repeated run applies nothing twice.
 */
export interface RelegationOptions {
  siteCode?: string;
  /** YYYY-MM, the month judged; default last month in APP_TIMEZONE. */
  month?: string;
  batchSize?: number;
  hooks?: SettlementHooks;
}

export interface RelegationResult {
  siteCode: string;
  month: string;
  /** Users checked, warned and demoted by this call. */
  checked: number;
  warned: number;
  demoted: number;
  /** True when the month had been judged before this call: nothing was applied now. */
  alreadySettled: boolean;
  run: { checked: number; warned: number; demoted: number; status: 'running' | 'done' };
}

/** Users per batch of the monthly relegation. */
export const DEFAULT_RELEGATION_BATCH_SIZE = 1000;

/** The month of one site being judged. */
interface RelegationMonth {
  siteCode: string;
  month: string;
  batchSize: number;
}

interface Judged {
  id: number;
  outcome: 'kept' | 'warned' | 'demoted';
}

interface Counts {
  checked: number;
  warned: number;
  demoted: number;
}

interface RelegationBatch {
  counts: Counts;
  run: RelegationResult['run'];
}

/** Judges one site's month. Throws InputError (field `month`) for a malformed month or one not over yet. */
export async function runMonthlyRelegation(options: RelegationOptions = {}): Promise<RelegationResult> {
  const target: RelegationMonth = {
    siteCode: options.siteCode ?? config().siteCode,
    month: checkRelegationMonth(options.month ?? defaultRelegationMonth()),
    batchSize: batchSizeOf(options.batchSize, DEFAULT_RELEGATION_BATCH_SIZE),
  };
  const initial = await ensureRun(target.siteCode, 'monthly-relegation', target.month);
  const result = startingResult(target, initial);
  if (initial.status === 'done') return result;

  let appliedAny = false;
  await runBatches(initial.id, options.hooks, (transaction, run) => judgeBatch(transaction, run, target), {
    settledMeanwhile: (run) => {
      result.run = { checked: run.checked, warned: run.warned, demoted: run.demoted, status: 'done' };
      // A concurrent run judged the whole month while this one waited: nothing was applied by this call.
      if (!appliedAny) result.alreadySettled = true;
    },
    committed: (b) => {
      appliedAny = true;
      result.checked += b.counts.checked;
      result.warned += b.counts.warned;
      result.demoted += b.counts.demoted;
      result.run = { ...b.run };
    },
  });
  return result;
}

/** The check for every site (the scheduled job); one failing site does not stop the others. */
export async function runMonthlyRelegationAllSites(options: Omit<RelegationOptions, 'siteCode'> = {}): Promise<RelegationResult[]> {
  const month = options.month ?? defaultRelegationMonth();
  return forEverySite(`monthly relegation ${month}`, (siteCode) => runMonthlyRelegation({ ...options, siteCode, month }));
}

/** Nothing applied yet by this call; the run's figures so far. */
function startingResult({ siteCode, month }: RelegationMonth, initial: RunRow): RelegationResult {
  return {
    siteCode,
    month,
    checked: 0,
    warned: 0,
    demoted: 0,
    alreadySettled: initial.status === 'done',
    run: { checked: initial.checked, warned: initial.warned, demoted: initial.demoted, status: initial.status },
  };
}

/** One batch, inside its transaction with the run row locked: judges its users and moves the cursor. */
async function judgeBatch(transaction: Transaction, run: RunRow, target: RelegationMonth): Promise<BatchOutcome<RelegationBatch>> {
  const ids = await lockCandidates(transaction, run, target);
  const lastUserId = ids.length ? ids[ids.length - 1] : run.lastUserId;
  const judged = ids.length ? await judgeAndApply(transaction, ids, target) : [];
  const counts = countOutcomes(judged);
  const finished = ids.length < target.batchSize;
  const updated = await advanceRun(transaction, run.id, { lastUserId, users: ids.length, counts, finished });
  return { users: ids.length, lastUserId, finished, value: { counts, run: updated } };
}

/**
 * The batch: candidates by ascending id, locked so a concurrent post-bet upgrade waits. FOR NO KEY UPDATE
 * (the lock of an UPDATE, as the post-bet chain takes): FOR UPDATE would also block the key-share lock a
 * row referencing a user takes, and the chain, holding its members' rows, inserts such rows for their
 * agents (milestone awards, affiliate ledger): the two would deadlock.
 */
async function lockCandidates(transaction: Transaction, run: RunRow, { siteCode, batchSize }: RelegationMonth): Promise<number[]> {
  const users = await db().query<{ id: number }>(
    `SELECT id FROM users
      WHERE "siteCode" = :siteCode AND id > :cursor AND "vipHold" = 0
        AND "vipLevel" ~ '^[0-9]{1,4}$' AND CAST("vipLevel" AS integer) >= 2
      ORDER BY id LIMIT :limit FOR NO KEY UPDATE`,
    { replacements: { siteCode, cursor: run.lastUserId, limit: batchSize }, type: QueryTypes.SELECT, transaction },
  );
  return users.map((u) => u.id);
}

/**
 * Judges the candidates against their level's relegationChip and applies the outcome in one statement:
 * kept (count back to 0), warned (count + 1), demoted (one level down, count 0). A demotion forfeits the
 * effective bet above the minChip of the level demoted to (0 when the site has no row for it), so the
 * player stands at the start of that level and earns the lost one again (docs/decisions/vip.md, "A VIP
 * demotion sticks until the level is earned again"); the demoted players' progress is then recomputed
 * by the post-bet chain's own rule (recalculateVip with no new bet).
 */
async function judgeAndApply(transaction: Transaction, ids: number[], { month }: RelegationMonth): Promise<Judged[]> {
  const judged = await db().query<Judged>(
    `WITH candidates AS (
       SELECT u.id, CAST(u."vipLevel" AS integer) AS level, u."relegationMissCount" AS misses, u."totalEffectiveBet" AS total,
              l."relegationChip" AS chip,
              (SELECT k."minChip" FROM vip_levels k WHERE k."siteCode" = u."siteCode" AND k.level = CAST(u."vipLevel" AS integer) - 1) AS "belowChip",
              (SELECT COALESCE(SUM(b."betEffective"), 0) FROM bet_orders b
                WHERE b."userId" = u.id AND b.status = 'valid' AND b.settled
                  AND b."betDatetime" >= (CAST(:monthStart AS date)::timestamp AT TIME ZONE :tz)
                  AND b."betDatetime" <  ((CAST(:monthStart AS date) + interval '1 month')::timestamp AT TIME ZONE :tz)) AS effective
         FROM users u
         JOIN vip_levels l ON l."siteCode" = u."siteCode" AND l.level = CAST(u."vipLevel" AS integer)
        WHERE u.id IN (:ids)
     ), judged AS (
       SELECT c.*, CASE WHEN c.effective >= c.chip THEN 'kept' WHEN c.misses + 1 >= 2 THEN 'demoted' ELSE 'warned' END AS outcome
         FROM candidates c
     )
     UPDATE users SET
       "relegationMissCount" = CASE WHEN j.outcome = 'warned' THEN j.misses + 1 ELSE 0 END,
       "vipLevel" = CASE WHEN j.outcome = 'demoted' THEN CAST(j.level - 1 AS text) ELSE users."vipLevel" END,
       "vipForfeitedBet" = CASE WHEN j.outcome <> 'demoted' THEN users."vipForfeitedBet"
                           ELSE GREATEST(users."vipForfeitedBet", j.total - COALESCE(j."belowChip", 0)) END,
       "updatedAt" = now()
     FROM judged j
     WHERE users.id = j.id
     RETURNING users.id, j.outcome`,
    {
      replacements: { tz: config().appTimezone, monthStart: `${month}-01`, ids },
      type: QueryTypes.SELECT,
      transaction,
    },
  );
  const demoted = judged.filter((j) => j.outcome === 'demoted');
  if (demoted.length) await recalculateVip(transaction, new Map(demoted.map((j) => [Number(j.id), []])));
  return judged;
}

function countOutcomes(judged: Judged[]): Counts {
  return {
    checked: judged.length,
    warned: judged.filter((j) => j.outcome === 'warned').length,
    demoted: judged.filter((j) => j.outcome === 'demoted').length,
  };
}

/** Moves the cursor and adds the batch's counts to the run; the run is done after a short batch. */
async function advanceRun(
  transaction: Transaction,
  id: number,
  batch: { lastUserId: number; users: number; counts: Counts; finished: boolean },
): Promise<RelegationBatch['run']> {
  const [updated] = await db().query<RelegationBatch['run']>(
    `UPDATE vip_settlement_runs
        SET "lastUserId" = :lastUserId, "usersProcessed" = "usersProcessed" + :users,
            checked = checked + :checked, warned = warned + :warned, demoted = demoted + :demoted,
            status = :status, "finishedAt" = CASE WHEN :status = 'done' THEN now() ELSE NULL END
      WHERE id = :id
      RETURNING checked, warned, demoted, status`,
    {
      replacements: { lastUserId: batch.lastUserId, users: batch.users, ...batch.counts, status: batch.finished ? 'done' : 'running', id },
      type: QueryTypes.SELECT,
      transaction,
    },
  );
  return updated;
}
