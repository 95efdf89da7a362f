import { randomBytes } from 'node:crypto';
import { QueryTypes } from 'sequelize';
import { config } from '../../shared/config';
import { db } from '../../shared/db/sequelize';
import { runAffiliateSettlement } from '../../shared/domain/affiliate';
import { GAME_TYPE_TABLE } from '../../shared/domain/game';
import { settleDailyRebate } from '../../shared/domain/vip';
import { runStandalone } from './lib';

/**
 * Do the scheduled runs read only their period (docs/scaling.md, "Bounded history")? In-process against
 * DATABASE_URL (a scratch database: it adds millions of rows): one site with BENCH_HIST_AGENTS (100)
 * agents, BENCH_HIST_MEMBERS (10 000) members on VIP levels 1-5 and BENCH_HIST_PERIOD_ORDERS (200 000)
 * valid settled orders in each of two weeks. First BENCH_HIST_SMALL (1 000 000) orders of the two years
 * before are added, then the weekly affiliate settlement of week 1 and the daily rebate of a day in it
 * are timed; then history is grown to BENCH_HIST_LARGE (5 000 000) and the same runs are timed on week 2
 * (same size, same shape). Both runs must take the same time within 15 %.
 *
 *   DATABASE_URL=<scratch, migrated> npx tsx scripts/bench/history.ts
 */
const WEEKS = [
  { weekStart: '2020-01-13', runDate: '2020-01-15', day: '2020-01-15' },
  { weekStart: '2020-01-20', runDate: '2020-01-22', day: '2020-01-22' },
];
const HISTORY_FROM = '2018-01-01';
const HISTORY_DAYS = 730;

const run = (sql: string, replacements: Record<string, unknown> = {}) => db().query(sql, { replacements });
const codes = GAME_TYPE_TABLE.map((t) => `'${t.code}'`).join(',');

/** `count` valid settled orders of the site's members, spread from `from` over `days` days; gameNumber unique by `tag`. */
async function addOrders(siteCode: string, first: number, members: number, count: number, from: string, days: number, tag: string): Promise<void> {
  const tz = config().appTimezone;
  for (let done = 0; done < count; done += 500_000) {
    const n = Math.min(500_000, count - done);
    await run(
      `INSERT INTO bet_orders ("siteCode", "userId", "providerCode", "gameCode", "gameType", "gamePlatform", "gameNumber",
                               "betAmount", "betEffective", "winAmount", "winLose", status, settled, "betDatetime", "settledAt")
       SELECT :siteCode, :first + (g % :members), 'provx', 'g', c.code, 'provx', :tag || g, a.amount, a.amount, a.win, a.win - a.amount, 'valid', true, a.at, a.at
         FROM generate_series(CAST(:lo AS bigint), :hi - 1) g
         CROSS JOIN LATERAL (SELECT ((g % :members) + (g / :members) % 3) % ${GAME_TYPE_TABLE.length} + 1 AS i) k
         CROSS JOIN LATERAL (SELECT (ARRAY[${codes}])[k.i] AS code) c
         CROSS JOIN LATERAL (SELECT round((1 + (g * 7919) % 50000) / 100.0, 2) AS amount,
                                    round((1 + (g * 7919) % 50000) / 100.0 * ((g * 31) % 190) / 100.0, 2) AS win,
                                    (CAST(:from AS date)::timestamp + ((g * 104729) % (:days * 86400000::bigint)) * interval '1 millisecond') AT TIME ZONE :tz AS at) a`,
      { siteCode, first, members, tag, lo: done, hi: done + n, from, days, tz },
    );
  }
}

async function seedSite(siteCode: string, agents: number, members: number): Promise<number> {
  await run(`INSERT INTO agent_tiers ("siteCode", "tierCode", "tierName", "sortOrder") VALUES (:siteCode, 'bronze', 'Bronze', 1)`, { siteCode });
  await run(
    `INSERT INTO affiliate_commission_rates ("siteCode", "agentTier", "agentLevel", "gameType", "commissionRate")
     VALUES (:siteCode, 'bronze', 1, NULL, 30), (:siteCode, 'bronze', 2, NULL, 10), (:siteCode, 'bronze', 3, NULL, 5)`,
    { siteCode },
  );
  await run(
    `INSERT INTO vip_rebates ("siteCode", level, "gameType", "rebateRate")
     SELECT :siteCode, l, t, 0.10 * l FROM generate_series(1, 5) l, unnest(ARRAY[${GAME_TYPE_TABLE.map((t) => `'${t.typeKey}'`).join(',')}]) t`,
    { siteCode },
  );
  const [a] = (await db().query(
    `WITH ins AS (INSERT INTO users ("siteCode", account, name, "agentCode", "agentSince")
                  SELECT :siteCode, 'ha' || g, 'Bench agent', 'HA' || g, now() FROM generate_series(0, :agents - 1) g RETURNING id)
     SELECT MIN(id) AS first FROM ins`,
    { replacements: { siteCode, agents }, type: QueryTypes.SELECT },
  )) as Array<{ first: number }>;
  const [m] = (await db().query(
    `WITH ins AS (INSERT INTO users ("siteCode", account, name, "vipLevel", "level1AgentId")
                  SELECT :siteCode, 'hm' || g, 'Bench member', (1 + g % 5)::text, :firstAgent + (g % :agents) FROM generate_series(0, :members - 1) g ORDER BY g RETURNING id)
     SELECT MIN(id) AS first FROM ins`,
    { replacements: { siteCode, members, agents, firstAgent: a.first }, type: QueryTypes.SELECT },
  )) as Array<{ first: number }>;
  return m.first;
}

async function timedRuns(siteCode: string, week: (typeof WEEKS)[number]) {
  let t0 = Date.now();
  const settlement = await runAffiliateSettlement({ periodType: 'weekly', date: week.runDate, siteCode });
  const settlementMs = Date.now() - t0;
  t0 = Date.now();
  const rebate = await settleDailyRebate({ siteCode, day: week.day });
  const rebateMs = Date.now() - t0;
  return { settlementMs, rebateMs, settlement, rebate };
}

export async function benchHistory(): Promise<void> {
  const agents = Number(process.env.BENCH_HIST_AGENTS ?? 100);
  const members = Number(process.env.BENCH_HIST_MEMBERS ?? 10_000);
  const periodOrders = Number(process.env.BENCH_HIST_PERIOD_ORDERS ?? 200_000);
  const small = Number(process.env.BENCH_HIST_SMALL ?? 1_000_000);
  const large = Number(process.env.BENCH_HIST_LARGE ?? 5_000_000);
  const siteCode = `benchhist${randomBytes(3).toString('hex')}`;
  const s = (ms: number) => (ms / 1000).toFixed(2);

  let t0 = Date.now();
  const first = await seedSite(siteCode, agents, members);
  for (const [i, week] of WEEKS.entries()) await addOrders(siteCode, first, members, periodOrders, week.weekStart, 7, `w${i}-`);
  await addOrders(siteCode, first, members, small, HISTORY_FROM, HISTORY_DAYS, 'h1-');
  await run('ANALYZE bet_orders; ANALYZE users');
  console.log(
    `history: site ${siteCode}, ${members} members, ${periodOrders} orders in each of two weeks, ${small} older orders; seeded in ${s(Date.now() - t0)} s`,
  );
  const one = await timedRuns(siteCode, WEEKS[0]);
  console.log(
    `history: ${small} older orders: settlement ${s(one.settlementMs)} s (${one.settlement.settlementsCreated} settlements), rebate ${s(one.rebateMs)} s (${JSON.stringify(one.rebate).slice(0, 120)})`,
  );

  t0 = Date.now();
  await addOrders(siteCode, first, members, large - small, HISTORY_FROM, HISTORY_DAYS, 'h2-');
  await run('ANALYZE bet_orders');
  console.log(`history: grown to ${large} older orders in ${s(Date.now() - t0)} s`);
  const five = await timedRuns(siteCode, WEEKS[1]);
  console.log(
    `history: ${large} older orders: settlement ${s(five.settlementMs)} s (${five.settlement.settlementsCreated} settlements), rebate ${s(five.rebateMs)} s (${JSON.stringify(five.rebate).slice(0, 120)})`,
  );

  const ratio = (a: number, b: number) => b / Math.max(1, a);
  console.log('\n| run | with ' + small + ' older orders | with ' + large + ' | ratio |');
  console.log('|---|---:|---:|---:|');
  console.log(
    `| weekly affiliate settlement | ${s(one.settlementMs)} s | ${s(five.settlementMs)} s | ${ratio(one.settlementMs, five.settlementMs).toFixed(2)} |`,
  );
  console.log(`| daily VIP rebate | ${s(one.rebateMs)} s | ${s(five.rebateMs)} s | ${ratio(one.rebateMs, five.rebateMs).toFixed(2)} |`);
}

if (require.main === module) runStandalone(benchHistory);
