import Decimal from 'decimal.js';
import { QueryTypes } from 'sequelize';
import { config } from '../../config';
import { db } from '../../db/sequelize';
import { logger } from '../../logger';
import { cache } from '../../redis';
import { money } from '../wallet';

/**
 * The public ranking (GET /ranking, 2.16), per site. Only settled, valid bet orders count.
 *
 * - realtime: the newest bets (by betDatetime);
 * - daily, weekly, monthly: bets whose betDatetime falls in the current day, week (Monday to Sunday)
 *   or month of APP_TIMEZONE with a payout (winAmount > 0), highest payout first;
 * - total: per account, cumulative payout of all time, highest first.
 *
 * No privacy setting exists, so every player is anonymous: names and accounts are masked (first and last
 * character around `***`) and isAnonymous is always true.
 *
 * Cached in Redis per site and type (and period), computed for the maximum limit and cut to the limit
 * asked: realtime 5 s, the others 60 s. A cache outage falls back to Postgres.
 */
export const RANKING_TYPES = ['realtime', 'daily', 'weekly', 'monthly', 'total'] as const;
export type RankingType = (typeof RANKING_TYPES)[number];
export const RANKING_MAX_LIMIT = 50;
export const RANKING_CACHE_TTL_S: Record<RankingType, number> = { realtime: 5, daily: 60, weekly: 60, monthly: 60, total: 60 };

export interface RankingEntry {
  id: number;
  gameName: string;
  playerName: string;
  time: string;
  betAmount: string;
  multiplier: string;
  payout: string;
  isAnonymous: boolean;
}

export interface TotalRankingEntry {
  playerAccount: string;
  totalPayout: string;
}

export type RankingResult = RankingEntry[] | TotalRankingEntry[];

/** First and last character around `***` (characters, not UTF-16 units); empty stays `***`. */
export function maskName(name: string | null | undefined): string {
  const chars = Array.from((name ?? '').trim());
  if (chars.length === 0) return '***';
  if (chars.length === 1) return `${chars[0]}***`;
  return `${chars[0]}***${chars[chars.length - 1]}`;
}

/** YYYY-MM-DD of `now` in the time zone. */
export function localDate(now: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/**
 * The current period of a type as its first local day (YYYY-MM-DD) and length: the day; the week from
 * Monday; the month from the 1st. Postgres turns the local days into instants in APP_TIMEZONE.
 */
export function currentPeriod(type: 'daily' | 'weekly' | 'monthly', now: Date, timeZone: string): { start: string; interval: string } {
  const today = localDate(now, timeZone);
  if (type === 'daily') return { start: today, interval: '1 day' };
  if (type === 'monthly') return { start: `${today.slice(0, 8)}01`, interval: '1 month' };
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return { start: d.toISOString().slice(0, 10), interval: '1 week' };
}

interface BetRow {
  id: string;
  gameName: string;
  name: string;
  betDatetime: Date;
  betAmount: string;
  winAmount: string;
  multiplier: string | null;
}

function multiplierOf(row: BetRow): string {
  if (row.multiplier !== null && row.multiplier !== undefined) return new Decimal(row.multiplier).toFixed(2);
  const bet = new Decimal(row.betAmount);
  return bet.gt(0) ? new Decimal(row.winAmount).div(bet).toFixed(2, Decimal.ROUND_DOWN) : '0.00';
}

function toEntry(row: BetRow): RankingEntry {
  return {
    id: Number(row.id),
    gameName: row.gameName,
    playerName: maskName(row.name),
    time: new Date(row.betDatetime).toISOString(),
    betAmount: money(row.betAmount),
    multiplier: multiplierOf(row),
    payout: money(row.winAmount),
    isAnonymous: true,
  };
}

const BET_COLUMNS = `b.id, b."gameName", u.name, b."betDatetime", b."betAmount", b."winAmount", b.multiplier`;

/** Computes a ranking from Postgres (no cache). `now` fixes the current period (tests). */
export async function computeRanking(siteCode: string, type: RankingType, limit = RANKING_MAX_LIMIT, now = new Date()): Promise<RankingResult> {
  const sequelize = db();
  if (type === 'total') {
    const rows = await sequelize.query<{ account: string; totalPayout: string }>(
      `SELECT u.account, t."totalPayout"::text AS "totalPayout"
         FROM (SELECT "userId", SUM("winAmount") AS "totalPayout"
                 FROM bet_orders
                WHERE "siteCode" = :siteCode AND settled AND status = 'valid'
                GROUP BY "userId"
               HAVING SUM("winAmount") > 0) t
         JOIN users u ON u.id = t."userId"
        ORDER BY t."totalPayout" DESC, u.id ASC
        LIMIT :limit`,
      { replacements: { siteCode, limit }, type: QueryTypes.SELECT },
    );
    return rows.map((r) => ({ playerAccount: maskName(r.account), totalPayout: money(r.totalPayout) }));
  }
  if (type === 'realtime') {
    const rows = await sequelize.query<BetRow>(
      `SELECT ${BET_COLUMNS}
         FROM bet_orders b JOIN users u ON u.id = b."userId"
        WHERE b."siteCode" = :siteCode AND b.settled AND b.status = 'valid'
        ORDER BY b."betDatetime" DESC, b.id DESC
        LIMIT :limit`,
      { replacements: { siteCode, limit }, type: QueryTypes.SELECT },
    );
    return rows.map(toEntry);
  }
  const tz = config().appTimezone;
  const period = currentPeriod(type, now, tz);
  const rows = await sequelize.query<BetRow>(
    `SELECT ${BET_COLUMNS}
       FROM bet_orders b JOIN users u ON u.id = b."userId"
      WHERE b."siteCode" = :siteCode AND b.settled AND b.status = 'valid' AND b."winAmount" > 0
        AND b."betDatetime" >= (CAST(:start AS date)::timestamp AT TIME ZONE :tz)
        AND b."betDatetime" < ((CAST(:start AS date) + CAST(:interval AS interval)) AT TIME ZONE :tz)
      ORDER BY b."winAmount" DESC, b."betDatetime" DESC, b.id DESC
      LIMIT :limit`,
    { replacements: { siteCode, limit, tz, start: period.start, interval: period.interval }, type: QueryTypes.SELECT },
  );
  return rows.map(toEntry);
}

function cacheKey(siteCode: string, type: RankingType, now: Date): string {
  const period = type === 'daily' || type === 'weekly' || type === 'monthly' ? `:${currentPeriod(type, now, config().appTimezone).start}` : '';
  return `cache:ranking:${siteCode}:${type}${period}`;
}

/** Computations in flight in this process, so a cache miss under load queries Postgres once. */
const inFlight = new Map<string, Promise<RankingResult>>();

async function computeAndCache(siteCode: string, type: RankingType, key: string, now: Date): Promise<RankingResult> {
  const full = await computeRanking(siteCode, type, RANKING_MAX_LIMIT, now);
  try {
    await cache().set(key, JSON.stringify(full), 'EX', RANKING_CACHE_TTL_S[type]);
  } catch (err) {
    logger().warn({ err, key }, 'ranking cache not written');
  }
  return full;
}

/** GET /ranking: the cached ranking of a site, cut to `limit` (1..50). */
export async function getRanking(siteCode: string, type: RankingType, limit: number): Promise<RankingResult> {
  const now = new Date();
  const key = cacheKey(siteCode, type, now);
  try {
    const hit = await cache().get(key);
    if (hit) return (JSON.parse(hit) as RankingResult).slice(0, limit) as RankingResult;
  } catch (err) {
    logger().warn({ err, key }, 'ranking cache unavailable; reading Postgres');
  }
  let pending = inFlight.get(key);
  if (!pending) {
    pending = computeAndCache(siteCode, type, key, now).finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  return (await pending).slice(0, limit) as RankingResult;
}
