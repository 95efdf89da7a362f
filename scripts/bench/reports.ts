import { randomBytes } from 'node:crypto';
import { Pool } from 'pg';
import { QueryTypes } from 'sequelize';
import { config } from '../../shared/config';
import { db } from '../../shared/db/sequelize';
import { seedSite } from '../../shared/db/seeders/seed-site';
import { GAME_TYPE_TABLE } from '../../shared/domain/game';
import { provxBet, provxBetResult } from '../../shared/domain/providers';
import { addDays, dailyReport, foldReportDeltas, verifyReports } from '../../shared/domain/reports';
import { connections, countedWindow, duration, percentile, printTable, runStandalone, transactionLoops, warmup, type Figure } from './lib';

/**
 * Operator reporting at scale (docs/reports.md), in-process against DATABASE_URL:
 * - a fresh site with BENCH_REPORT_PLAYERS (10 000) players, BENCH_REPORT_ORDERS (1 000 000) settled bet
 *   orders spread over 365 days and one ledger row per order plus a win for every third (about
 *   BENCH_REPORT_ORDERS * 4/3 ledger rows), written with the capture triggers on, then folded (deltas/s);
 * - the daily report over 365 days (dailyReport, the endpoint's handler without HTTP) sequentially,
 *   p50/p99, beside the same figures recomputed from the raw tables (verifyReports without the fold);
 * - simulate rounds (simulate_round, the statement of POST /game/simulate) and provx Bet + BetResult pairs
 *   (the provider callbacks' domain calls) with the capture triggers on and off, alternating twice,
 *   BENCH_SECONDS each, on a site of their own.
 * The issue's full size is BENCH_REPORT_ORDERS=10000000 (and about 12 000 000 ledger rows).
 */
const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/gaming';
const CAPTURE_TRIGGERS: Array<[string, string]> = [
  ['game_transactions', 'report_game_transactions'],
  ['bet_orders', 'report_bet_orders_insert'],
  ['bet_orders', 'report_bet_orders_update'],
];

async function setCapture(on: boolean): Promise<void> {
  for (const [table, trigger] of CAPTURE_TRIGGERS) await db().query(`ALTER TABLE ${table} ${on ? 'ENABLE' : 'DISABLE'} TRIGGER ${trigger}`);
}

/** A seeded site with `players` players, each with an opening balance written to the ledger too. Answers the first id. */
async function seedPlayers(siteCode: string, players: number): Promise<number> {
  const sequelize = db();
  await seedSite(siteCode, { assetBaseUrl: config().publicAssetBaseUrl });
  const [range] = await sequelize.query<{ first: number }>(
    `WITH ins AS (INSERT INTO users ("siteCode", account, name, balance) SELECT :siteCode, 'br' || g, 'Bench', 1000000 FROM generate_series(1, :players) g RETURNING id)
     SELECT MIN(id) AS first FROM ins`,
    { replacements: { siteCode, players }, type: QueryTypes.SELECT },
  );
  // Each player's opening balance as a ledger row, so balance = sum of the ledger holds.
  await sequelize.query(
    `INSERT INTO game_transactions ("siteCode", "userId", kind, amount, "balanceBefore", "balanceAfter", "frozenAmount", "frozenBefore", "frozenAfter", "idempotencyKey")
     SELECT :siteCode, id, 'adjustment', 1000000, 0, 1000000, 0, 0, 0, 'bench-report-open:' || id FROM users WHERE "siteCode" = :siteCode`,
    { replacements: { siteCode } },
  );
  return range.first;
}

async function seed(siteCode: string, players: number, orders: number, to: string) {
  const sequelize = db();
  const tz = config().appTimezone;
  const codes = GAME_TYPE_TABLE.map((t) => `'${t.code}'`).join(',');
  const first = await seedPlayers(siteCode, players);
  await sequelize.query(
    `INSERT INTO bet_orders ("siteCode", "userId", "providerCode", "gameCode", "gameType", "gamePlatform", "gameNumber",
                             "betAmount", "betEffective", "winAmount", "winLose", status, settled, "betDatetime", "settledAt", "createdAt", "updatedAt")
     SELECT :siteCode, :first + (g % :players), (ARRAY['provx', 'provy'])[1 + g % 2], 'g', (ARRAY[${codes}])[1 + g % ${GAME_TYPE_TABLE.length}], 'bench', 'br' || g,
            a.amount, a.amount, a.win, a.win - a.amount, 'valid', true, a.at, a.at, a.at, a.at
       FROM generate_series(CAST(0 AS bigint), :orders - 1) g
       CROSS JOIN LATERAL (SELECT round((1 + (g * 7919) % 5000) / 100.0, 2) AS amount,
                                  CASE WHEN g % 3 = 0 THEN round((1 + (g * 7919) % 5000) / 50.0, 2) ELSE 0 END AS win,
                                  ((CAST(:to AS date) - 364 + (g % 365)::INTEGER)::timestamp + ((g * 104729) % 86400000) * interval '1 millisecond') AT TIME ZONE :tz AS at) a`,
    { replacements: { siteCode, first, players, orders, to, tz } },
  );
  // The ledger rows of the orders (a bet each, a win for every third), at the orders' own time.
  await sequelize.query(
    `INSERT INTO game_transactions ("siteCode", "userId", kind, amount, "balanceBefore", "balanceAfter", "frozenAmount", "frozenBefore", "frozenAfter",
                                    "idempotencyKey", "refType", "refId", "betOrderId", "createdAt")
     SELECT o."siteCode", o."userId", m.kind, m.amount, 1000000, 1000000, 0, 0, 0, 'bench-report-' || m.kind || ':' || o.id, 'bet-order', o.id::TEXT, o.id, o."betDatetime"
       FROM bet_orders o CROSS JOIN LATERAL (VALUES ('bet', -o."betAmount"), ('win', o."winAmount")) m (kind, amount)
      WHERE o."siteCode" = :siteCode AND (m.kind = 'bet' OR o."winAmount" > 0)`,
    { replacements: { siteCode } },
  );
  // Keep balance = sum of the ledger (the funds' running sums are checked against it).
  await sequelize.query(
    `UPDATE users u SET balance = s.sum FROM (SELECT "userId", sum(amount) AS sum FROM game_transactions WHERE "siteCode" = :siteCode GROUP BY 1) s
      WHERE u.id = s."userId"`,
    { replacements: { siteCode } },
  );
  await sequelize.query('ANALYZE bet_orders; ANALYZE game_transactions; ANALYZE report_deltas');
}

async function timed(runs: number, work: () => Promise<unknown>): Promise<number[]> {
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = process.hrtime.bigint();
    await work();
    ms.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  return ms;
}

/** provx Bet then BetResult of a fresh round (the provider callbacks' domain calls, without HTTP), in `connections` loops. */
async function provxLoops(siteCode: string, name: string): Promise<Figure> {
  const users = await db().query<{ id: number }>(`SELECT id FROM users WHERE "siteCode" = :siteCode ORDER BY id LIMIT 1000`, {
    replacements: { siteCode },
    type: QueryTypes.SELECT,
  });
  const latencies: number[] = [];
  let done = 0;
  const counted = Date.now() + warmup * 1000;
  const end = counted + duration * 1000;
  const busy = countedWindow(counted);
  await Promise.all(
    Array.from({ length: connections }, async (_, loop) => {
      while (Date.now() < end) {
        const started = Date.now();
        const userId = users[loop % users.length].id;
        const roundId = `BRX_${Date.now()}_${randomBytes(6).toString('hex')}`;
        await provxBet({ transactionId: `${roundId}-b`, roundId, userId, gameCode: 'provx-slot-01', amount: '1' });
        await provxBetResult({
          transactionId: `${roundId}-r`,
          roundId,
          userId,
          gameCode: 'provx-slot-01',
          betAmount: null,
          winAmount: Math.random() < 0.4 ? '2' : '0',
        });
        if (started < counted) continue;
        latencies.push(Date.now() - started);
        done += 1;
      }
    }),
  );
  return {
    name,
    reqPerSec: Math.round(done / duration),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    non2xx: 0,
    errors: 0,
    cpuMsPerOp: busy.perOp(done),
  };
}

async function simulateLoops(siteCode: string, name: string): Promise<Figure> {
  const pool = new Pool({ connectionString: databaseUrl, max: Number(process.env.DB_POOL_MAX ?? 10) });
  const users = await db().query<{ id: number }>(`SELECT id FROM users WHERE "siteCode" = :siteCode ORDER BY id LIMIT 1000`, {
    replacements: { siteCode },
    type: QueryTypes.SELECT,
  });
  const weights = JSON.stringify(Object.fromEntries(GAME_TYPE_TABLE.map((t) => [String(t.code), t.weight])));
  try {
    return await transactionLoops(name, pool, duration, async (client, loop) => {
      const user = users[loop % users.length].id;
      const win = Math.random() < 0.4;
      await client.query(
        `SELECT order_id FROM simulate_round($1, $2, 'provy', 'provy-crypto-01', 'bench', '9', $3, '3001', 1, $4, $5, now(), 'bench', 'bench', $6)`,
        [siteCode, user, `BR_${Date.now()}_${randomBytes(6).toString('hex')}`, win ? 2 : 0, win ? 2 : 0, weights],
      );
    });
  } finally {
    await pool.end();
  }
}

export async function benchReports(): Promise<void> {
  const players = Number(process.env.BENCH_REPORT_PLAYERS ?? 10_000);
  const orders = Number(process.env.BENCH_REPORT_ORDERS ?? 1_000_000);
  const reuse = process.env.BENCH_REPORT_SITE;
  const siteCode = reuse ?? `benchrep${randomBytes(3).toString('hex')}`;
  const to = new Date().toISOString().slice(0, 10);
  const from = addDays(to, -364);
  await setCapture(true);

  if (!reuse) await seedAndFold(siteCode, players, orders, from, to);
  else console.log(`\nreports: site ${siteCode} as an earlier run seeded it (BENCH_REPORT_SITE)`);
  await measureReads(siteCode, from, to);
  await measureCapture();
}

async function seedAndFold(siteCode: string, players: number, orders: number, from: string, to: string): Promise<void> {
  console.log(`\nreports: seeding site ${siteCode}: ${players} players, ${orders} bet orders over ${from}..${to} (capture on)`);
  let t0 = Date.now();
  await seed(siteCode, players, orders, to);
  const seedS = (Date.now() - t0) / 1000;
  const [{ n: pending }] = await db().query<{ n: string }>('SELECT count(*)::TEXT AS n FROM report_deltas', { type: QueryTypes.SELECT });
  t0 = Date.now();
  const folded = await foldReportDeltas({ maxBatches: 1_000_000 });
  const foldS = (Date.now() - t0) / 1000;
  // What autovacuum does to a table the fold has just updated many times (dead row versions, no statistics).
  await db().query('VACUUM ANALYZE report_daily');
  console.log(
    `reports: seeded in ${seedS.toFixed(1)} s; folded ${folded} deltas (${pending} pending) in ${foldS.toFixed(1)} s = ${Math.round(folded / foldS)} deltas/s`,
  );
}

async function measureReads(siteCode: string, from: string, to: string): Promise<void> {
  await dailyReport(siteCode, { from, to }); // warm-up
  const daily = await timed(200, () => dailyReport(siteCode, { from, to }));
  const grouped = await timed(100, () => dailyReport(siteCode, { from, to, groupBy: 'gameType' }));
  let differences = 0;
  const raw = await timed(Number(process.env.BENCH_REPORT_RAW_RUNS ?? 3), async () => {
    differences = (await verifyReports({ from, to, siteCode, fold: false })).length;
  });
  const f = (ms: number) => ms.toFixed(1);
  console.log('\n| measurement (365 days, one site) | runs | p50 ms | p99 ms |');
  console.log('|---|---:|---:|---:|');
  console.log(`| daily report from the rollup (dailyReport, no HTTP) | ${daily.length} | ${f(percentile(daily, 50))} | ${f(percentile(daily, 99))} |`);
  console.log(`| daily report by game type from the rollup | ${grouped.length} | ${f(percentile(grouped, 50))} | ${f(percentile(grouped, 99))} |`);
  if (raw.length) {
    console.log(`| the same cells from the raw tables (verifyReports, no fold) | ${raw.length} | ${f(percentile(raw, 50))} | ${f(percentile(raw, 99))} |`);
    console.log(`reports: rollup and raw tables differ in ${differences} cells`);
  }
}

/** On a site of its own: the rounds written with the capture off are not in its rollup. */
async function measureCapture(): Promise<void> {
  const siteCode = `benchrepw${randomBytes(3).toString('hex')}`;
  await seedPlayers(siteCode, 1000);
  const figures: Figure[] = [];
  for (const on of [true, false, true, false]) {
    await setCapture(on);
    figures.push(await simulateLoops(siteCode, `simulate_round, capture ${on ? 'on' : 'off'}`));
    figures.push(await provxLoops(siteCode, `provx Bet + BetResult pairs, capture ${on ? 'on' : 'off'}`));
  }
  await setCapture(true);
  await foldReportDeltas({ maxBatches: 1_000_000 });
  printTable(figures);
  const rate = (what: string, on: boolean) =>
    figures.filter((x) => x.name.startsWith(what) && x.name.endsWith(on ? 'on' : 'off')).reduce((s, x) => s + x.reqPerSec, 0) / 2;
  for (const what of ['simulate_round', 'provx']) {
    console.log(`reports: ${what} per second with capture on / off = ${(rate(what, true) / Math.max(1, rate(what, false))).toFixed(3)}`);
  }
}

if (require.main === module) runStandalone(benchReports);
