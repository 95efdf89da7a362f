import { randomBytes } from 'node:crypto';
import { QueryTypes } from 'sequelize';
import { config } from '../../shared/config';
import { db } from '../../shared/db/sequelize';
import { GAME_TYPE_TABLE } from '../../shared/domain/game';
import { DEFAULT_REBATE_BATCH_SIZE, settleDailyRebate } from '../../shared/domain/vip';
import { runStandalone } from './lib';
import { verdicts } from './verdict';

/**
 * Daily VIP rebate at scale, in-process against DATABASE_URL: a fresh site with BENCH_VIP_PLAYERS
 * (100 000) players on levels 1..5 and BENCH_VIP_ORDERS (1 000 000) valid settled bet orders on one day
 * (each player on about three game types), seeded with generate_series. Measures settleDailyRebate (wall
 * time, peak RSS sampled every 50 ms, payments) beside the same-run ceiling: the one plain SQL aggregate
 * (SELECT userId, gameType, SUM(betEffective) ... GROUP BY) over the same rows.
 *
 *   BENCH_VIP_PLAYERS  BENCH_VIP_ORDERS  BENCH_VIP_BATCH (DEFAULT_REBATE_BATCH_SIZE)
 */
/** The day's valid settled orders of the bench site: what the ceiling and the floor both aggregate. */
const DAY_ORDERS = `"siteCode" = :siteCode AND status = 'valid' AND settled
  AND "betDatetime" >= (CAST(:day AS date)::timestamp AT TIME ZONE :tz)
  AND "betDatetime" <  ((CAST(:day AS date) + 1)::timestamp AT TIME ZONE :tz)`;

export async function benchVip(): Promise<void> {
  const players = Number(process.env.BENCH_VIP_PLAYERS ?? 100_000);
  const orders = Number(process.env.BENCH_VIP_ORDERS ?? 1_000_000);
  const batchSize = Number(process.env.BENCH_VIP_BATCH ?? DEFAULT_REBATE_BATCH_SIZE);
  const sequelize = db();
  const siteCode = `benchvip${randomBytes(3).toString('hex')}`;
  const day = '2020-01-15';
  const tz = config().appTimezone;
  const codes = GAME_TYPE_TABLE.map((t) => `'${t.code}'`).join(',');
  const weights = GAME_TYPE_TABLE.map((t) => t.weight).join(',');

  console.log(`\nvip: seeding site ${siteCode}: ${players} players, ${orders} bet orders on ${day} (${tz})`);
  let t0 = Date.now();
  await sequelize.query(
    `INSERT INTO vip_rebates ("siteCode", level, "gameType", "rebateRate")
     SELECT :siteCode, l, t, 0.10 * l FROM generate_series(1, 5) l, unnest(ARRAY[${GAME_TYPE_TABLE.map((t) => `'${t.typeKey}'`).join(',')}]) t`,
    { replacements: { siteCode } },
  );
  const [range] = await sequelize.query<{ first: number; last: number }>(
    `WITH ins AS (
       INSERT INTO users ("siteCode", account, name, "vipLevel")
       SELECT :siteCode, 'bv' || g, 'Bench', (1 + g % 5)::text FROM generate_series(1, :players) g RETURNING id)
     SELECT MIN(id) AS first, MAX(id) AS last FROM ins`,
    { replacements: { siteCode, players }, type: QueryTypes.SELECT },
  );
  await sequelize.query(
    `INSERT INTO bet_orders ("siteCode", "userId", "providerCode", "gameCode", "gameType", "gamePlatform", "gameNumber",
                             "betAmount", "betEffective", status, settled, "betDatetime", "settledAt")
     SELECT :siteCode, :first + (g % :players), 'provx', 'g', c.code, 'provx', 'bv' || g, a.amount, a.amount * c.weight, 'valid', true, at, at
       FROM generate_series(CAST(0 AS bigint), :orders - 1) g
       CROSS JOIN LATERAL (SELECT ((g % :players) + (g / :players) % 3) % ${GAME_TYPE_TABLE.length} + 1 AS i) k
       CROSS JOIN LATERAL (SELECT (ARRAY[${codes}])[k.i] AS code, (ARRAY[${weights}]::numeric[])[k.i] AS weight) c
       CROSS JOIN LATERAL (SELECT round((1 + (g * 7919) % 50000) / 100.0, 2) AS amount,
                                  (CAST(:day AS date)::timestamp + ((g * 104729) % 86400000) * interval '1 millisecond') AT TIME ZONE :tz AS at) a`,
    { replacements: { siteCode, first: range.first, players, orders, day, tz } },
  );
  await sequelize.query('ANALYZE bet_orders; ANALYZE users');
  console.log(`vip: seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

  // Ceiling: the plain aggregate over the same rows (result consumed in Postgres, not shipped).
  t0 = Date.now();
  const [agg] = await sequelize.query<{ groups: string }>(
    `SELECT COUNT(*)::text AS groups FROM (
       SELECT "userId", "gameType", SUM("betEffective") FROM bet_orders
        WHERE ${DAY_ORDERS}
        GROUP BY "userId", "gameType") s`,
    { replacements: { siteCode, day, tz }, type: QueryTypes.SELECT },
  );
  const ceilingMs = Date.now() - t0;

  const baseRss = process.memoryUsage().rss;
  let peakRss = baseRss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 50);
  t0 = Date.now();
  const result = await settleDailyRebate({ siteCode, day, batchSize }).finally(() => clearInterval(sampler));
  const rebateMs = Date.now() - t0;
  peakRss = Math.max(peakRss, process.memoryUsage().rss);

  const mb = (n: number) => (n / 1024 / 1024).toFixed(0);
  console.log('\n| measurement | wall s | rows / groups | payments | peak RSS MB (start) |');
  console.log('|---|---:|---:|---:|---:|');
  console.log(`| ceiling: one SQL GROUP BY (userId, gameType) | ${(ceilingMs / 1000).toFixed(2)} | ${orders} / ${agg.groups} | - | - |`);
  console.log(
    `| settleDailyRebate (batch ${batchSize}) | ${(rebateMs / 1000).toFixed(2)} | ${result.usersProcessed} users | ${agg.groups} (${result.usersPaid} users, ${result.totalRebate}) | ${mb(peakRss)} (${mb(baseRss)}) |`,
  );
  console.log(
    `vip: rebate / ceiling = ${(rebateMs / Math.max(1, ceilingMs)).toFixed(1)}x; payments per second ${(Number(agg.groups) / (rebateMs / 1000)).toFixed(0)}`,
  );
  if (result.usersPaid === 0) verdicts.fail('vip: the rebate run paid nobody, no money moved');
  const floor = await writeFloor(siteCode, day, tz);
  const x = (ms: number) => `${(ms / 1000).toFixed(2)} s = ${(ms / Math.max(1, ceilingMs)).toFixed(1)}x`;
  console.log(
    `vip: floor of the same writes, set-based with no checks, rolled back: aggregate ${x(floor.aggregate)}, + balances and ledger rows ${x(floor.aggregate + floor.credits)}, + log rows ${x(floor.aggregate + floor.credits + floor.logs)}`,
  );
}

/**
 * What any implementation of the run must at least do, timed step by step in ONE transaction that is
 * rolled back: the day's sums per (user, game type) into a temp table, one UPDATE of every paid user's
 * balance, one INSERT of their ledger rows, one INSERT of the log rows. No locks, keys checks or
 * batches: a lower bound for the run on this machine, in the same run as the ceiling.
 */
async function writeFloor(siteCode: string, day: string, tz: string): Promise<{ aggregate: number; credits: number; logs: number }> {
  const transaction = await db().transaction();
  const run = async (sql: string) => {
    const t0 = Date.now();
    await db().query(sql, { replacements: { siteCode, day, tz }, transaction });
    return Date.now() - t0;
  };
  try {
    await run(`SET LOCAL work_mem = '64MB'`);
    const aggregate =
      (await run(`CREATE TEMP TABLE floor_due ON COMMIT DROP AS
         SELECT "userId", "gameType", SUM("betEffective") AS effective, trunc(SUM("betEffective") * 0.003, 6) AS amount FROM bet_orders
          WHERE ${DAY_ORDERS}
          GROUP BY "userId", "gameType"`)) +
      (await run(`CREATE TEMP TABLE floor_paid ON COMMIT DROP AS SELECT "userId", SUM(amount) AS amount FROM floor_due GROUP BY "userId"`));
    const credits =
      (await run(`UPDATE users u SET balance = u.balance + p.amount FROM floor_paid p WHERE u.id = p."userId"`)) +
      (await run(`INSERT INTO game_transactions ("siteCode", "userId", kind, amount, "balanceBefore", "balanceAfter", "frozenAmount", "frozenBefore", "frozenAfter",
                                                "idempotencyKey", "refType", "refId", remark)
                  SELECT :siteCode, "userId", 'rebate', amount, 0, amount, 0, 0, 0, 'bench-floor:' || "userId", 'vip-rebate', :day, 'floor' FROM floor_paid`));
    const logs = await run(`INSERT INTO vip_rebate_logs ("siteCode", "userId", day, "gameType", "vipLevel", "effectiveBet", "rebateRate", amount, "ledgerId")
                            SELECT :siteCode, "userId", CAST(:day AS date) + 1, CAST("gameType" AS smallint), 1, effective, 0.3, amount, 0 FROM floor_due`);
    return { aggregate, credits, logs };
  } finally {
    await transaction.rollback(); // a measurement: nothing it wrote stays
  }
}

if (require.main === module) runStandalone(benchVip, { redis: true }); // the rebate announces its credits to the API processes (user-detail caches)
