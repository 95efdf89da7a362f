import {
  fetchFixtureOdds,
  fetchLiveFixtures,
  fetchUpcomingFixtures,
  liveSportsFeedSettings,
  type FeedFixture,
  type FeedOddsEntry,
  type FeedTeam,
} from '../../integrations/live-sports-feed';
import { logger } from '../../logger';
import { cache } from '../../redis';

/**
 * The live-sports list (Part A 2.17, 4.5): refreshed from the feed every 30 minutes by the `live-sports`
 * job into Redis, served from there by GET /live-sports.
 *
 * - `cache:live-sports:list`   {refreshedAt, matches}: the last good list, kept 24 hours (a feed that
 *   stays broken longer empties the list rather than showing day-old matches as live);
 * - `cache:live-sports:status` {configured, ok, at, count?, error?, lastSuccessAt?, oddsMissing?}: the
 *   outcome of the last refresh, no expiry.
 *
 * A feed failure on the fixtures calls keeps the last good list and records the error. A failure of one
 * fixture's odds call keeps that fixture's odds of the last good list, else its odds are null.
 */
export const LIVE_SPORTS_LIST_KEY = 'cache:live-sports:list';
export const LIVE_SPORTS_STATUS_KEY = 'cache:live-sports:status';
export const LIVE_SPORTS_LIST_TTL_S = 24 * 3600;
export const LIVE_SPORTS_MAX = 20;
export const IN_PLAY_STATUSES: readonly string[] = ['1H', 'HT', '2H', 'ET', 'P'];
/** Fixtures over, called off or abandoned: not listed even when the live call still returns them. */
const ENDED_STATUSES = new Set(['FT', 'AET', 'PEN', 'PST', 'CANC', 'ABD', 'AWD', 'WO']);
const ODDS_CONCURRENCY = 4;

export interface LiveMatchTeam {
  id: number;
  name: string;
  logo: string | null;
  score: number | null;
}

export interface LiveMatch {
  fixtureId: number;
  kickoffAt: string;
  status: { short: string; long: string; elapsed: number | null };
  league: { id: number | null; name: string; country: string | null; logo: string | null; round: string | null };
  home: LiveMatchTeam;
  away: LiveMatchTeam;
  /** Match winner (1X2) odds as decimal strings; null when the feed has none for the fixture. */
  odds: { home: string | null; draw: string | null; away: string | null; extraCount: number };
}

export interface LiveSportsList {
  refreshedAt: string;
  matches: LiveMatch[];
}

export interface LiveSportsStatus {
  configured: boolean;
  ok: boolean;
  at: string;
  count?: number;
  error?: string;
  lastSuccessAt?: string;
  oddsMissing?: number;
}

export type RefreshResult =
  | { configured: false }
  | { configured: true; ok: true; count: number; oddsMissing: number }
  | { configured: true; ok: false; error: string };

// ---- mapping ----

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
const int = (v: unknown): number | null => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isInteger(n) ? n : null;
};

/** ISO 8601 in UTC with an explicit `+00:00` offset, seconds precision; null when not a date. */
export function isoWithOffset(value: unknown): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return date.toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

function team(raw: FeedTeam | undefined, goals: unknown): LiveMatchTeam | null {
  const id = int(raw?.id);
  const name = str(raw?.name);
  if (id === null || name === null) return null;
  return { id, name, logo: str(raw?.logo), score: int(goals) };
}

/** One feed fixture as a 2.17 live match (odds not yet filled in); null when a required field is missing. */
export function mapFixture(raw: FeedFixture): LiveMatch | null {
  const fixtureId = int(raw?.fixture?.id);
  const kickoffAt = isoWithOffset(raw?.fixture?.date);
  const home = team(raw?.teams?.home, raw?.goals?.home);
  const away = team(raw?.teams?.away, raw?.goals?.away);
  if (fixtureId === null || kickoffAt === null || !home || !away) return null;
  const short = str(raw.fixture?.status?.short) ?? 'NS';
  return {
    fixtureId,
    kickoffAt,
    status: { short, long: str(raw.fixture?.status?.long) ?? short, elapsed: int(raw.fixture?.status?.elapsed) },
    league: {
      id: int(raw.league?.id),
      name: str(raw.league?.name) ?? '',
      country: str(raw.league?.country),
      logo: str(raw.league?.logo),
      round: str(raw.league?.round),
    },
    home,
    away,
    odds: { home: null, draw: null, away: null, extraCount: 0 },
  };
}

const isMatchWinner = (bet: { id?: unknown; name?: unknown }) => int(bet.id) === 1 || str(bet.name)?.toLowerCase() === 'match winner';

function oddText(v: unknown): string | null {
  const text = typeof v === 'number' && Number.isFinite(v) ? String(v) : str(v);
  return text !== null && /^\d+(\.\d+)?$/.test(text) ? text : null;
}

/**
 * Match winner odds of the first bookmaker that offers them; extraCount = the number of other markets
 * (distinct bets, by id or name, over all bookmakers). Null when no bookmaker has a usable 1X2 price.
 */
export function mapOdds(entries: FeedOddsEntry[]): LiveMatch['odds'] | null {
  let winner: LiveMatch['odds'] | null = null;
  const extra = new Set<string>();
  for (const entry of entries ?? []) {
    for (const bookmaker of entry?.bookmakers ?? []) {
      for (const bet of bookmaker?.bets ?? []) {
        if (!bet || typeof bet !== 'object') continue;
        if (!isMatchWinner(bet)) {
          const key = int(bet.id) !== null ? `id:${int(bet.id)}` : `name:${str(bet.name) ?? ''}`;
          extra.add(key);
          continue;
        }
        if (winner) continue;
        const price = (label: string) => oddText(bet.values?.find((v) => str(v?.value)?.toLowerCase() === label)?.odd);
        const [home, draw, away] = [price('home'), price('draw'), price('away')];
        if (home && draw && away) winner = { home, draw, away, extraCount: 0 };
      }
    }
  }
  return winner ? { ...winner, extraCount: extra.size } : null;
}

const inPlay = (m: LiveMatch) => IN_PLAY_STATUSES.includes(m.status.short);

/** In play first, then by kickoff, then by fixture id. */
export function compareMatches(a: LiveMatch, b: LiveMatch): number {
  const live = Number(inPlay(b)) - Number(inPlay(a));
  if (live) return live;
  const kickoff = Date.parse(a.kickoffAt) - Date.parse(b.kickoffAt);
  return kickoff || a.fixtureId - b.fixtureId;
}

/** Maps, drops ended and duplicate fixtures, sorts and caps at 20. */
export function selectMatches(fixtures: FeedFixture[]): LiveMatch[] {
  const byId = new Map<number, LiveMatch>();
  for (const raw of fixtures) {
    const match = mapFixture(raw);
    if (!match || ENDED_STATUSES.has(match.status.short) || byId.has(match.fixtureId)) continue;
    byId.set(match.fixtureId, match);
  }
  return [...byId.values()].sort(compareMatches).slice(0, LIVE_SPORTS_MAX);
}

// ---- cache ----

async function readList(): Promise<LiveSportsList | null> {
  const raw = await cache().get(LIVE_SPORTS_LIST_KEY);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as LiveSportsList;
    return Array.isArray(parsed?.matches) ? parsed : null;
  } catch {
    return null;
  }
}

async function readStatus(): Promise<LiveSportsStatus | null> {
  const raw = await cache().get(LIVE_SPORTS_STATUS_KEY);
  try {
    return raw ? (JSON.parse(raw) as LiveSportsStatus) : null;
  } catch {
    return null;
  }
}

/** The outcome of the last refresh (for operators and tests). */
export const liveSportsStatus = readStatus;

/** The cached list with its refresh time, or null when there is none. */
export const cachedLiveSports = readList;

async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const run = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, run));
  return results;
}

/**
 * The job's work: fetch live and upcoming fixtures, keep 20, add their odds, store the list. Never
 * throws for a feed problem: the outcome is returned and recorded in the status key.
 */
export async function refreshLiveSports(): Promise<RefreshResult> {
  const at = new Date().toISOString();
  const previousStatus = await readStatus();
  if (!liveSportsFeedSettings()) {
    const status: LiveSportsStatus = { configured: false, ok: false, at };
    await cache().multi().del(LIVE_SPORTS_LIST_KEY).set(LIVE_SPORTS_STATUS_KEY, JSON.stringify(status)).exec();
    logger().info('live-sports feed not configured; list emptied');
    return { configured: false };
  }
  let matches: LiveMatch[];
  try {
    const [live, upcoming] = await Promise.all([fetchLiveFixtures(), fetchUpcomingFixtures(LIVE_SPORTS_MAX)]);
    matches = selectMatches([...live, ...upcoming]);
  } catch (err) {
    const error = (err as Error)?.message ?? String(err);
    const status: LiveSportsStatus = { configured: true, ok: false, at, error, lastSuccessAt: previousStatus?.lastSuccessAt };
    await cache().set(LIVE_SPORTS_STATUS_KEY, JSON.stringify(status));
    logger().warn({ err: error }, 'live-sports refresh failed; last good list kept');
    return { configured: true, ok: false, error };
  }

  const previous = new Map((await readList())?.matches.map((m) => [m.fixtureId, m.odds]) ?? []);
  let oddsMissing = 0;
  await mapLimit(matches, ODDS_CONCURRENCY, async (match) => {
    let odds: LiveMatch['odds'] | null = null;
    try {
      odds = mapOdds(await fetchFixtureOdds(match.fixtureId));
    } catch {
      odds = previous.get(match.fixtureId) ?? null; // logged by the client
    }
    if (odds) match.odds = odds;
    else oddsMissing += 1;
  });

  const list: LiveSportsList = { refreshedAt: at, matches };
  const status: LiveSportsStatus = { configured: true, ok: true, at, count: matches.length, lastSuccessAt: at, oddsMissing };
  await cache()
    .multi()
    .set(LIVE_SPORTS_LIST_KEY, JSON.stringify(list), 'EX', LIVE_SPORTS_LIST_TTL_S)
    .set(LIVE_SPORTS_STATUS_KEY, JSON.stringify(status))
    .exec();
  logger().info({ count: matches.length, oddsMissing }, 'live-sports list refreshed');
  return { configured: true, ok: true, count: matches.length, oddsMissing };
}

/** GET /live-sports: up to 20 matches from the cache; empty when the feed is not configured or nothing is cached. */
export async function listLiveSports(): Promise<LiveMatch[]> {
  if (!liveSportsFeedSettings()) return [];
  try {
    return (await readList())?.matches.slice(0, LIVE_SPORTS_MAX) ?? [];
  } catch (err) {
    // A Redis outage shows no matches rather than failing the page the widget sits on.
    logger().warn({ err: (err as Error)?.message }, 'live-sports cache unavailable');
    return [];
  }
}
