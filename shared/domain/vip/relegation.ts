import { QueryTypes } from 'sequelize';
import { config } from '../../config';
import { db } from '../../db/sequelize';
import {
  allSiteCodes,
  checkRelegationMonth,
  DEFAULT_BATCH_SIZE,
  defaultRelegationMonth,
  ensureRun,
  lockRun,
  SettlementPeriodError,
  type BatchInfo,
  type SettlementHooks,
} from './rebate';

/**
 * Monthly relegation check (Part A section 3, vipLevel row; section 6: 1st of month 01:00).
 *
 * For the users of a site with vipLevel >= 2 and vipHold 0: monthly effective = SUM(betEffective) of
 * their valid settled bet orders with betDatetime in the judged month (APP_TIMEZONE). Below the level's
 * relegationChip: relegationMissCount + 1 (1 = warning); on the second consecutive miss the level drops
 * by one and the count returns to 0 (demoted). Reaching the threshold resets the count to 0. Users on
 * hold and level 1 are not checked; a level without a vip_levels row is not checked either.
 *
 * One run per site and month (vip_settlement_runs): batches of users by ascending id, each in its own
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

interface Judged {
  id: number;
  outcome: 'kept' | 'warned' | 'demoted';
}

export async function runMonthlyRelegation(options: RelegationOptions = {}): Promise<RelegationResult> {
  const siteCode = options.siteCode ?? config().siteCode;
  const month = checkRelegationMonth(options.month ?? defaultRelegationMonth());
  const batchSize = Math.max(1, Math.floor(options.batchSize ?? DEFAULT_BATCH_SIZE));
  const sequelize = db();
  const tz = config().appTimezone;

  const initial = await ensureRun(siteCode, 'monthly-relegation', month);
  const result: RelegationResult = {
    siteCode,
    month,
    checked: 0,
    warned: 0,
    demoted: 0,
    alreadySettled: initial.status === 'done',
    run: { checked: initial.checked, warned: initial.warned, demoted: initial.demoted, status: initial.status },
  };
  if (initial.status === 'done') return result;

  for (let batch = 1; ; batch += 1) {
    let info: BatchInfo | undefined;
    const done = await sequelize.transaction(async (transaction) => {
      const run = await lockRun(transaction, initial.id);
      if (run.status === 'done') {
        result.run = { checked: run.checked, warned: run.warned, demoted: run.demoted, status: 'done' };
        return true;
      }
      // The batch: candidates by ascending id, locked so a concurrent post-bet upgrade waits.
      const users = await sequelize.query<{ id: number }>(
        `SELECT id FROM users
          WHERE "siteCode" = :siteCode AND id > :cursor AND "vipHold" = 0
            AND "vipLevel" ~ '^[0-9]{1,4}$' AND CAST("vipLevel" AS integer) >= 2
          ORDER BY id LIMIT :limit FOR UPDATE`,
        { replacements: { siteCode, cursor: run.lastUserId, limit: batchSize }, type: QueryTypes.SELECT, transaction },
      );
      const lastUserId = users.length ? users[users.length - 1].id : run.lastUserId;
      let judged: Judged[] = [];
      if (users.length) {
        judged = await sequelize.query<Judged>(
          `WITH candidates AS (
             SELECT u.id, CAST(u."vipLevel" AS integer) AS level, u."relegationMissCount" AS misses, u."totalEffectiveBet" AS total,
                    l."relegationChip" AS chip,
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
             "vipProgress" = CASE WHEN j.outcome <> 'demoted' THEN users."vipProgress" ELSE (
               SELECT COALESCE(CAST(LEAST(100, GREATEST(0, floor(j.total / NULLIF(n."minChip", 0) * 100))) AS integer), 100)::text
                 FROM (SELECT MIN(level) AS level FROM vip_levels WHERE "siteCode" = :siteCode AND enabled = 1 AND level > j.level - 1) nx
                 LEFT JOIN vip_levels n ON n."siteCode" = :siteCode AND n.level = nx.level) END,
             "updatedAt" = now()
           FROM judged j
           WHERE users.id = j.id
           RETURNING users.id, j.outcome`,
          {
            replacements: { siteCode, tz, monthStart: `${month}-01`, ids: users.map((u) => u.id) },
            type: QueryTypes.SELECT,
            transaction,
          },
        );
      }
      const counts = {
        checked: judged.length,
        warned: judged.filter((j) => j.outcome === 'warned').length,
        demoted: judged.filter((j) => j.outcome === 'demoted').length,
      };
      const finished = users.length < batchSize;
      const [updated] = await sequelize.query<{ checked: number; warned: number; demoted: number; status: 'running' | 'done' }>(
        `UPDATE vip_settlement_runs
            SET "lastUserId" = :lastUserId, "usersProcessed" = "usersProcessed" + :users,
                checked = checked + :checked, warned = warned + :warned, demoted = demoted + :demoted,
                status = :status, "finishedAt" = CASE WHEN :status = 'done' THEN now() ELSE NULL END
          WHERE id = :id
          RETURNING checked, warned, demoted, status`,
        {
          replacements: { lastUserId, users: users.length, ...counts, status: finished ? 'done' : 'running', id: run.id },
          type: QueryTypes.SELECT,
          transaction,
        },
      );
      info = { batch, fromUserId: run.lastUserId, lastUserId, users: users.length, transaction };
      await options.hooks?.beforeCommit?.(info);
      return { finished, counts, run: updated };
    });
    // Counted once the batch committed.
    if (done === true) break;
    result.checked += done.counts.checked;
    result.warned += done.counts.warned;
    result.demoted += done.counts.demoted;
    result.run = { ...done.run };
    if (info) await options.hooks?.afterBatch?.({ ...info, transaction: undefined });
    if (done.finished) break;
  }
  return result;
}

/** The check for every site (the scheduled job); one failing site does not stop the others. */
export async function runMonthlyRelegationAllSites(options: Omit<RelegationOptions, 'siteCode'> = {}): Promise<RelegationResult[]> {
  const month = options.month ?? defaultRelegationMonth();
  const results: RelegationResult[] = [];
  const failures: string[] = [];
  for (const siteCode of await allSiteCodes()) {
    try {
      results.push(await runMonthlyRelegation({ ...options, siteCode, month }));
    } catch (err) {
      if (err instanceof SettlementPeriodError) throw err;
      failures.push(`${siteCode}: ${(err as Error).message}`);
    }
  }
  if (failures.length) throw new Error(`monthly relegation ${month} failed for ${failures.length} site(s): ${failures.join('; ')}`);
  return results;
}
