import { randomBytes } from 'node:crypto';
import { QueryTypes } from 'sequelize';
import { config } from '../../shared/config';
import { db } from '../../shared/db/sequelize';
import { runAffiliateSettlement } from '../../shared/domain/affiliate';
import { GAME_TYPE_TABLE } from '../../shared/domain/game';
import { runStandalone } from './lib';
import { verdicts } from './verdict';

/**
 * Weekly affiliate settlement at scale, in-process against DATABASE_URL: a fresh site with
 * BENCH_AFF_AGENTS (1 000) agents in three levels (10 % top, 30 % under a top agent, 60 % under those),
 * BENCH_AFF_MEMBERS (100 000) members spread over the agents (so over three levels of uplines),
 * BENCH_AFF_ORDERS (1 000 000) valid settled bet orders in one week (each member on about three game
 * types, some winning) and BENCH_AFF_REWARDS (50 000) reward ledger rows, seeded with generate_series.
 * Measures runAffiliateSettlement (wall time, peak RSS sampled every 50 ms) beside, in the same run:
 * (a) one plain SQL aggregate of the same net loss per (agent, level), and (b) the floor of the writes
 * any run must make: the same aggregate per (member, game type, agent, level) into a temp table, then
 * the same number of settlement and commission rows inserted into scratch copies of the two tables
 * (same columns and indexes), all in a transaction rolled back.
 *
 *   BENCH_ONLY=affiliate npm run bench   (or: npx tsx scripts/bench/affiliate.ts)
 *   BENCH_AFF_AGENTS  BENCH_AFF_MEMBERS  BENCH_AFF_ORDERS  BENCH_AFF_REWARDS
 */
const WEEK_START = '2020-01-13'; // a Monday
const RUN_DATE = '2020-01-15';

/** The week's valid settled orders of the bench site (what (a), (b) and the run all read). */
const WEEK_ORDERS = `b."siteCode" = :siteCode AND b.status = 'valid' AND b.settled
  AND COALESCE(b."settledAt", b."betDatetime") >= (CAST(:weekStart AS date)::timestamp AT TIME ZONE :tz)
  AND COALESCE(b."settledAt", b."betDatetime") <  ((CAST(:weekStart AS date) + 7)::timestamp AT TIME ZONE :tz)`;

export async function benchAffiliate(): Promise<void> {
  const agents = Number(process.env.BENCH_AFF_AGENTS ?? 1_000);
  const members = Number(process.env.BENCH_AFF_MEMBERS ?? 100_000);
  const orders = Number(process.env.BENCH_AFF_ORDERS ?? 1_000_000);
  const rewards = Number(process.env.BENCH_AFF_REWARDS ?? 50_000);
  const siteCode = `benchaff${randomBytes(3).toString('hex')}`;
  const tz = config().appTimezone;
  const r = { siteCode, weekStart: WEEK_START, tz };

  console.log(
    `\naffiliate: seeding site ${siteCode}: ${agents} agents, ${members} members, ${orders} bet orders, ${rewards} rewards in the week of ${WEEK_START} (${tz})`,
  );
  let t0 = Date.now();
  await seed(siteCode, { agents, members, orders, rewards, tz });
  console.log(`affiliate: seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

  // (a) the plain aggregate of the same net loss per (agent, level), result consumed in Postgres.
  t0 = Date.now();
  const [agg] = await db().query<{ groups: string }>(
    `SELECT COUNT(*)::text AS groups FROM (
       SELECT up."agentId", up.level, SUM(s.net) FROM (
         SELECT b."userId", SUM(b."betAmount" - b."winAmount") AS net FROM bet_orders b WHERE ${WEEK_ORDERS} GROUP BY b."userId") s
       JOIN users m ON m.id = s."userId"
       CROSS JOIN LATERAL (VALUES (1, m."level1AgentId"), (2, m."level2AgentId"), (3, m."level3AgentId")) up(level, "agentId")
      WHERE up."agentId" IS NOT NULL GROUP BY 1, 2) x`,
    { replacements: r, type: QueryTypes.SELECT },
  );
  const aggregateMs = Date.now() - t0;

  const floor = await writeFloor(r);

  const baseRss = process.memoryUsage().rss;
  let peakRss = baseRss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 50);
  t0 = Date.now();
  const result = await runAffiliateSettlement({ periodType: 'weekly', date: RUN_DATE, siteCode }).finally(() => clearInterval(sampler));
  const runMs = Date.now() - t0;
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  const [written] = await db().query<{ commissions: string }>(`SELECT COUNT(*)::text AS commissions FROM affiliate_commissions WHERE "siteCode" = :siteCode`, {
    replacements: r,
    type: QueryTypes.SELECT,
  });

  if (result.settlementsCreated === 0) verdicts.fail('affiliate: the settlement run created no settlement');
  const s = (ms: number) => (ms / 1000).toFixed(2);
  const mb = (n: number) => (n / 1024 / 1024).toFixed(0);
  console.log('\n| measurement | wall s | rows | peak RSS MB (start) |');
  console.log('|---|---:|---:|---:|');
  console.log(`| (a) one SQL aggregate of net loss per (agent, level) | ${s(aggregateMs)} | ${orders} orders -> ${agg.groups} groups | - |`);
  console.log(
    `| (b) floor: lines aggregate + ${floor.settlements} settlement + ${floor.commissions} commission rows (scratch tables) | ${s(floor.total)} | aggregate ${s(floor.aggregate)} + inserts ${s(floor.total - floor.aggregate)} | - |`,
  );
  console.log(
    `| runAffiliateSettlement weekly | ${s(runMs)} | ${result.settlementsCreated} settlements, ${written.commissions} commissions, ${result.totalCommission} | ${mb(peakRss)} (${mb(baseRss)}) |`,
  );
  console.log(
    `affiliate: run / floor = ${(runMs / Math.max(1, floor.total)).toFixed(2)}x; run / aggregate = ${(runMs / Math.max(1, aggregateMs)).toFixed(1)}x; RSS growth ${mb(peakRss - baseRss)} MB`,
  );
}

interface SeedSize {
  agents: number;
  members: number;
  orders: number;
  rewards: number;
  tz: string;
}

/** The bench site: tiers and rates, agents in three levels, members, the week's orders and rewards. */
async function seed(siteCode: string, { agents, members, orders, rewards, tz }: SeedSize): Promise<void> {
  const q = <T extends object>(sql: string, replacements: Record<string, unknown>) => db().query<T>(sql, { replacements, type: QueryTypes.SELECT });
  const run = (sql: string, replacements: Record<string, unknown>) => db().query(sql, { replacements });
  await run(
    `INSERT INTO agent_tiers ("siteCode", "tierCode", "tierName", "sortOrder") VALUES (:siteCode, 'bronze', 'Bronze', 1), (:siteCode, 'silver', 'Silver', 2)`,
    { siteCode },
  );
  await run(
    `INSERT INTO affiliate_commission_rates ("siteCode", "agentTier", "agentLevel", "gameType", "commissionRate")
     VALUES (:siteCode, 'bronze', 1, NULL, 30), (:siteCode, 'bronze', 2, NULL, 10), (:siteCode, 'bronze', 3, NULL, 5), (:siteCode, 'bronze', 1, 'live', 40)`,
    { siteCode },
  );
  const [a] = await q<{ first: number }>(
    `WITH ins AS (INSERT INTO users ("siteCode", account, name, "agentCode", "agentSince")
                  SELECT :siteCode, 'ba' || g, 'Bench agent', 'BA' || g, now() FROM generate_series(0, :agents - 1) g RETURNING id)
     SELECT MIN(id) AS first FROM ins`,
    { siteCode, agents },
  );
  const top = Math.max(1, Math.floor(agents / 10));
  const mid = Math.max(1, Math.floor((agents * 3) / 10));
  // Middle agents under a top agent, then the rest under a middle agent (with its upline as level 2).
  await run(
    `UPDATE users SET "level1AgentId" = :first + ((id - :first) % :top) WHERE "siteCode" = :siteCode AND id - :first >= :top AND id - :first < :top + :mid`,
    { siteCode, first: a.first, top, mid },
  );
  await run(
    `UPDATE users u SET "level1AgentId" = up.id, "level2AgentId" = up."level1AgentId"
       FROM users up
      WHERE u."siteCode" = :siteCode AND u.id - :first >= :top + :mid AND up.id = :first + :top + ((u.id - :first) % :mid)`,
    { siteCode, first: a.first, top, mid },
  );
  const [m] = await q<{ first: number }>(
    `WITH ins AS (INSERT INTO users ("siteCode", account, name, "level1AgentId", "level2AgentId", "level3AgentId")
                  SELECT :siteCode, 'bm' || g, 'Bench member', ag.id, ag."level1AgentId", ag."level2AgentId"
                    FROM generate_series(0, :members - 1) g JOIN users ag ON ag.id = :first + (g % :agents) ORDER BY g RETURNING id)
     SELECT MIN(id) AS first FROM ins`,
    { siteCode, members, first: a.first, agents },
  );
  const codes = GAME_TYPE_TABLE.map((t) => `'${t.code}'`).join(',');
  await run(
    `INSERT INTO bet_orders ("siteCode", "userId", "providerCode", "gameCode", "gameType", "gamePlatform", "gameNumber",
                             "betAmount", "betEffective", "winAmount", "winLose", status, settled, "betDatetime", "settledAt")
     SELECT :siteCode, :first + (g % :members), 'provx', 'g', c.code, 'provx', 'ba' || g, a.amount, a.amount, a.win, a.win - a.amount, 'valid', true, a.at, a.at
       FROM generate_series(CAST(0 AS bigint), :orders - 1) g
       CROSS JOIN LATERAL (SELECT ((g % :members) + (g / :members) % 3) % ${GAME_TYPE_TABLE.length} + 1 AS i) k
       CROSS JOIN LATERAL (SELECT (ARRAY[${codes}])[k.i] AS code) c
       CROSS JOIN LATERAL (SELECT round((1 + (g * 7919) % 50000) / 100.0, 2) AS amount,
                                  round((1 + (g * 7919) % 50000) / 100.0 * ((g * 31) % 190) / 100.0, 2) AS win,
                                  (CAST(:weekStart AS date)::timestamp + ((g * 104729) % 604800000) * interval '1 millisecond') AT TIME ZONE :tz AS at) a`,
    { siteCode, first: m.first, members, orders, weekStart: WEEK_START, tz },
  );
  await run(
    `INSERT INTO game_transactions ("siteCode", "userId", kind, amount, "balanceBefore", "balanceAfter", "idempotencyKey", "createdAt")
     SELECT :siteCode, :first + ((g * 7) % :members), (ARRAY['rebate', 'promo-reward', 'mission-reward'])[1 + g % 3], 1 + g % 20, 0, 1 + g % 20,
            :siteCode || ':reward:' || g, (CAST(:weekStart AS date)::timestamp + ((g * 104729) % 604800000) * interval '1 millisecond') AT TIME ZONE :tz
       FROM generate_series(CAST(0 AS bigint), :rewards - 1) g`,
    { siteCode, first: m.first, members, rewards, weekStart: WEEK_START, tz },
  );
  await run('ANALYZE bet_orders; ANALYZE users; ANALYZE game_transactions', {});
}

/**
 * The floor: what any run must at least do, timed in ONE transaction rolled back: the net loss per
 * (member, game type) of the week's orders and rewards spread over the members' agents and levels into
 * a temp table, one INSERT of a settlement row per agent and one INSERT of every commission row, into
 * scratch copies of the two tables (LIKE ... INCLUDING ALL: same columns, defaults, checks and indexes).
 * No locks, conflicts, rates, risk or tier checks.
 */
async function writeFloor(r: Record<string, unknown>): Promise<{ aggregate: number; total: number; settlements: number; commissions: number }> {
  const transaction = await db().transaction();
  const timed = async (sql: string) => {
    const t0 = Date.now();
    await db().query(sql, { replacements: r, transaction });
    return { ms: Date.now() - t0 };
  };
  try {
    await timed(`SET LOCAL work_mem = '64MB'`);
    await timed(`CREATE TABLE floor_settlements (LIKE affiliate_settlements INCLUDING ALL)`);
    await timed(`CREATE TABLE floor_commissions (LIKE affiliate_commissions INCLUDING ALL)`);
    const aggregate = await timed(`CREATE TEMP TABLE floor_lines ON COMMIT DROP AS
      WITH activity AS (
        SELECT b."userId", b."gameType", SUM(b."betAmount" - b."winAmount") AS net FROM bet_orders b WHERE ${WEEK_ORDERS} GROUP BY 1, 2
        UNION ALL
        SELECT "userId", NULL, -SUM(amount) FROM game_transactions
         WHERE "siteCode" = :siteCode AND kind IN ('rebate', 'promo-reward', 'mission-reward')
           AND "createdAt" >= (CAST(:weekStart AS date)::timestamp AT TIME ZONE :tz) AND "createdAt" < ((CAST(:weekStart AS date) + 7)::timestamp AT TIME ZONE :tz)
         GROUP BY 1)
      SELECT up."agentId", up.level, m.id AS "memberId", m.account, a."gameType", a.net
        FROM activity a JOIN users m ON m.id = a."userId"
        CROSS JOIN LATERAL (VALUES (1, m."level1AgentId"), (2, m."level2AgentId"), (3, m."level3AgentId")) up(level, "agentId")
       WHERE up."agentId" IS NOT NULL`);
    const settlements =
      await timed(`INSERT INTO floor_settlements ("siteCode", "agentId", "periodType", "weekStart", "weekEnd", "totalNetLoss", "totalCommission")
      SELECT :siteCode, "agentId", 'weekly', CAST(:weekStart AS date), CAST(:weekStart AS date) + 6, SUM(net), GREATEST(SUM(net) * 0.1, 0) FROM floor_lines GROUP BY "agentId"`);
    const commissions =
      await timed(`INSERT INTO floor_commissions ("settlementId", "siteCode", "agentId", "memberId", "memberAccount", "agentLevel", "gameType",
                                                               "netLoss", "commissionRate", "commissionAmount", "weekStart", "weekEnd")
      SELECT "agentId", :siteCode, "agentId", "memberId", account, level, "gameType", net, 10, round(net * 0.1, 6), CAST(:weekStart AS date), CAST(:weekStart AS date) + 6
        FROM floor_lines`);
    const [rows] = await db().query<{ settlements: number; commissions: number }>(
      `SELECT (SELECT COUNT(*) FROM floor_settlements)::integer AS settlements, (SELECT COUNT(*) FROM floor_commissions)::integer AS commissions`,
      { type: QueryTypes.SELECT, transaction },
    );
    return { aggregate: aggregate.ms, total: aggregate.ms + settlements.ms + commissions.ms, ...rows };
  } finally {
    await transaction.rollback(); // a measurement: nothing it wrote stays
  }
}

if (require.main === module) runStandalone(benchAffiliate);
