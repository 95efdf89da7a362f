import Decimal from 'decimal.js';
import { QueryTypes } from 'sequelize';
import { db } from '../../db/sequelize';
import { archivedMonths } from '../history';
import { addDays, checkRange } from './days';
import { foldReportDeltas } from './fold';

/**
 * `npm run reports:verify` (docs/reports.md, "Verification"): folds what is pending, then recomputes
 * every stored cell of a range from the raw tables with the rollup's own rules (the functions of
 * shared/db/functions/reports/classify.sql, the same the capture triggers call) and names each cell
 * whose amount or count differs from the rollup. The open bets' daily changes cannot be recomputed (bet
 * orders change in place); their running sum, and those of the funds, are checked against the current
 * balances instead (the `funds` checks). The days of archived history months (and the day beside each
 * end) are not compared: their raw rows are in the archives (`npm run archive:restore` brings a month
 * back to verify it).
 */

export interface Difference {
  siteCode: string;
  day: string;
  dimension: string;
  groupCode: string;
  figure: string;
  rollup: { amount: string; count: number };
  raw: { amount: string; count: number };
}

/** The raw rows of the sources, each once, through the classifying functions (a window wide enough for every zone). */
const RAW_ROWS = `
  SELECT r.* FROM game_transactions g, LATERAL report_ledger_rows(g) r WHERE g."createdAt" >= :windowStart
  UNION ALL SELECT r.* FROM affiliate_ledger a, LATERAL report_affiliate_rows(a) r WHERE a."createdAt" >= :windowStart AND a."createdAt" < :windowEnd
  UNION ALL SELECT r.* FROM users u, LATERAL report_user_rows(u) r WHERE u."createdAt" >= :windowStart AND u."createdAt" < :windowEnd
  UNION ALL SELECT r.* FROM bet_orders o, LATERAL report_round_rows(o) r WHERE o."betDatetime" >= :windowStart AND o."betDatetime" < :windowEnd`;

const RAW_CELLS = `
  WITH src AS (SELECT * FROM (${RAW_ROWS}) s WHERE s.day BETWEEN :from AND :to AND (:siteCode::TEXT IS NULL OR s."siteCode" = :siteCode)),
  firsts AS (
    SELECT DISTINCT ON (s."userId") s."siteCode", s."userId", s.day FROM src s WHERE s.figure = 'deposits' AND s."userId" IS NOT NULL ORDER BY s."userId", s.day
  )
  SELECT "siteCode", 'site' AS dimension, day, '' AS "groupCode", figure, sum(amount) AS amount, sum(count) AS count FROM src GROUP BY 1, 3, 5
  UNION ALL SELECT "siteCode", 'gameType', day, "gameType", figure, sum(amount), sum(count) FROM src WHERE "gameType" IS NOT NULL GROUP BY 1, 3, 4, 5
  UNION ALL SELECT "siteCode", 'provider', day, provider, figure, sum(amount), sum(count) FROM src WHERE provider IS NOT NULL GROUP BY 1, 3, 4, 5
  UNION ALL SELECT "siteCode", 'paymentMethod', day, "paymentMethod", figure, sum(amount), sum(count) FROM src WHERE "paymentMethod" IS NOT NULL GROUP BY 1, 3, 4, 5
  UNION ALL SELECT "siteCode", 'site', day, '', report_distinct_of(figure), 0, count(DISTINCT "userId") FROM src
             WHERE "userId" IS NOT NULL AND report_distinct_of(figure) IS NOT NULL GROUP BY 1, 3, 5
  UNION ALL SELECT f."siteCode", 'site', f.day, '', 'firstDepositors', 0, count(*) FROM firsts f
             WHERE NOT EXISTS (SELECT 1 FROM game_transactions e WHERE e."userId" = f."userId" AND e.kind = 'deposit'
                                  AND e."createdAt" < :windowEnd AND report_day(e."siteCode", e."createdAt") < f.day)
             GROUP BY 1, 3`;

const COMPARE = `
  WITH raw AS (${RAW_CELLS}),
  rollup AS (SELECT "siteCode", dimension, day, "groupCode", figure, amount, count FROM report_daily
              WHERE day BETWEEN :from AND :to AND figure <> 'openBetsChange' AND (:siteCode::TEXT IS NULL OR "siteCode" = :siteCode))
  SELECT coalesce(a."siteCode", b."siteCode") AS "siteCode", to_char(coalesce(a.day, b.day), 'YYYY-MM-DD') AS day,
         coalesce(a.dimension, b.dimension) AS dimension, coalesce(a."groupCode", b."groupCode") AS "groupCode", coalesce(a.figure, b.figure) AS figure,
         coalesce(a.amount, 0)::TEXT AS "rollupAmount", coalesce(a.count, 0)::TEXT AS "rollupCount",
         coalesce(b.amount, 0)::TEXT AS "rawAmount", coalesce(b.count, 0)::TEXT AS "rawCount"
    FROM rollup a FULL JOIN raw b
      ON a."siteCode" = b."siteCode" AND a.dimension = b.dimension AND a.day = b.day AND a."groupCode" = b."groupCode" AND a.figure = b.figure
   WHERE (coalesce(a.amount, 0) <> coalesce(b.amount, 0) OR coalesce(a.count, 0) <> coalesce(b.count, 0))
     -- A day of an archived month, or beside one (a day in APP_TIMEZONE may straddle two UTC months), has no raw rows to recompute.
     AND NOT EXISTS (SELECT 1 FROM generate_series(-1, 1) i WHERE to_char(coalesce(a.day, b.day) + i, 'YYYY-MM') = ANY (string_to_array(:archived, ',')))
   ORDER BY 1, 2, 3, 4, 5`;

/** The running sums of every day's funds changes against the balances as they are now, per site. */
const FUNDS = `
  WITH sites AS (SELECT "siteCode" FROM site_configs WHERE (:siteCode::TEXT IS NULL OR "siteCode" = :siteCode)),
  sums AS (SELECT "siteCode", figure, sum(amount) AS amount, sum(count) AS count FROM report_daily
            WHERE dimension = 'site' AND figure IN ('playerCashChange', 'playerFrozenChange', 'agentCashChange', 'agentFrozenChange', 'openBetsChange')
            GROUP BY 1, 2),
  now AS (
    SELECT s."siteCode", 'playerCashChange' AS figure, (SELECT coalesce(sum(balance), 0) FROM users WHERE "siteCode" = s."siteCode") AS amount, 0::BIGINT AS count FROM sites s
    UNION ALL SELECT s."siteCode", 'playerFrozenChange', (SELECT coalesce(sum("frozenBalance"), 0) FROM users WHERE "siteCode" = s."siteCode"), 0 FROM sites s
    UNION ALL SELECT s."siteCode", 'agentCashChange', (SELECT coalesce(sum(available), 0) FROM affiliate_accounts WHERE "siteCode" = s."siteCode"), 0 FROM sites s
    UNION ALL SELECT s."siteCode", 'agentFrozenChange', (SELECT coalesce(sum(frozen), 0) FROM affiliate_accounts WHERE "siteCode" = s."siteCode"), 0 FROM sites s
    UNION ALL SELECT s."siteCode", 'openBetsChange', o.amount, o.count FROM sites s,
      LATERAL (SELECT coalesce(sum("betAmount"), 0) AS amount, count(*) AS count FROM bet_orders WHERE "siteCode" = s."siteCode" AND NOT settled) o
  )
  SELECT n."siteCode", n.figure, coalesce(s.amount, 0)::TEXT AS "rollupAmount", coalesce(s.count, 0)::TEXT AS "rollupCount",
         n.amount::TEXT AS "rawAmount", n.count::TEXT AS "rawCount"
    FROM now n LEFT JOIN sums s ON s."siteCode" = n."siteCode" AND s.figure = n.figure
   WHERE coalesce(s.amount, 0) <> n.amount OR coalesce(s.count, 0) <> n.count`;

interface CompareRow {
  siteCode: string;
  day: string;
  dimension: string;
  groupCode: string;
  figure: string;
  rollupAmount: string;
  rollupCount: string;
  rawAmount: string;
  rawCount: string;
}

const cell = (amount: string, count: string) => ({ amount: new Decimal(amount).toFixed(6), count: Number(count) });

/** The differing cells of a range (and site, when given), and of the funds' running sums ("funds" cells, day "now"). */
export async function verifyReports(options: { from: string; to: string; siteCode?: string | null; fold?: boolean }): Promise<Difference[]> {
  const { from, to } = checkRange(options.from, options.to, 'body');
  if (options.fold !== false) await foldReportDeltas();
  // The days of archived months are left out: their rollup stays, their raw rows are in the archives (docs/reports.md, "Verification").
  const archived = (await archivedMonths()).join(',');
  const replacements = { from, to, siteCode: options.siteCode ?? null, windowStart: addDays(from, -2), windowEnd: addDays(to, 3), archived };
  const [cells, funds] = await Promise.all([
    db().query<CompareRow>(COMPARE, { replacements, type: QueryTypes.SELECT }),
    db().query<Omit<CompareRow, 'day' | 'dimension' | 'groupCode'>>(FUNDS, { replacements, type: QueryTypes.SELECT }),
  ]);
  return [
    ...cells.map((r) => ({ ...r, rollup: cell(r.rollupAmount, r.rollupCount), raw: cell(r.rawAmount, r.rawCount) })),
    ...funds.map((r) => ({
      ...r,
      day: 'now',
      dimension: 'funds',
      groupCode: '',
      rollup: cell(r.rollupAmount, r.rollupCount),
      raw: cell(r.rawAmount, r.rawCount),
    })),
  ].map(({ siteCode, day, dimension, groupCode, figure, rollup, raw }) => ({ siteCode, day, dimension, groupCode, figure, rollup, raw }));
}

/** One line naming a differing cell. */
export function describeDifference(d: Difference): string {
  const where = `${d.siteCode} ${d.day} ${d.dimension}${d.groupCode ? `=${d.groupCode}` : ''} ${d.figure}`;
  return `${where}: rollup ${d.rollup.amount} (${d.rollup.count}), raw tables ${d.raw.amount} (${d.raw.count})`;
}
