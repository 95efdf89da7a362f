import { config } from '../config';
import { logger } from '../logger';
import { jsonCall, urlUnder, type CallFailure } from './json-http';

/**
 * Client of the football fixtures-and-odds feed behind GET /live-sports.
 *
 * The feed is an API-Football-style JSON API (v3 shape) at LIVE_SPORTS_BASE_URL; every request carries
 * the key LIVE_SPORTS_API_KEY in the `x-apisports-key` header. Calls made by one refresh:
 *
 *   GET /fixtures?live=all        fixtures in play now
 *   GET /fixtures?next=<n>        the next n fixtures not started yet (n = 20, the list's cap)
 *     → 200 {errors: [] | {}, results, response: [{
 *         fixture: {id, date: '2026-11-22T15:00:00+00:00', status: {short: '1H', long: 'First Half', elapsed: 23}},
 *         league:  {id, name, country, logo, round},
 *         teams:   {home: {id, name, logo}, away: {id, name, logo}},
 *         goals:   {home: 1 | null, away: 0 | null}}]}
 *
 *   GET /odds?fixture=<id>        pre-match/in-play odds of one fixture (asked only for the listed ones)
 *     → 200 {errors, response: [{fixture: {id}, bookmakers: [{id, name, bets: [
 *         {id: 1, name: 'Match Winner', values: [{value: 'Home', odd: '1.85'}, {value: 'Draw', odd: '3.40'},
 *                                                 {value: 'Away', odd: '4.20'}]},
 *         {id: 5, name: 'Goals Over/Under', values: [...]}, ...]}]}]}
 *
 * A non-2xx status, a time-out, a body that is not JSON, a body without a `response` array, or a
 * non-empty `errors` member (the feed reports bad keys and quota that way, on HTTP 200) is a
 * LiveSportsFeedError. Time-out per call: 5 s, or LIVE_SPORTS_HTTP_TIMEOUT_MS (positive integer, ms).
 */

export type FeedFailure = 'not-configured' | CallFailure;

export class LiveSportsFeedError extends Error {
  constructor(
    public readonly kind: FeedFailure,
    message: string,
    public readonly status?: number,
  ) {
    super(`live-sports feed: ${message}`);
    this.name = 'LiveSportsFeedError';
  }
}

export const LIVE_SPORTS_API_KEY_HEADER = 'x-apisports-key';
/** Time-out of one feed call (LIVE_SPORTS_HTTP_TIMEOUT_MS, default 5 s). */
export function liveSportsTimeoutMs(): number {
  return config().timeouts.liveSportsHttpMs;
}

/** The feed's settings when both the base URL and the key are set, else null (not configured). */
export function liveSportsFeedSettings(): { baseUrl: string; apiKey: string } | null {
  const { baseUrl, apiKey } = config().integrations.liveSports;
  return baseUrl && apiKey ? { baseUrl, apiKey } : null;
}

// Raw feed shapes: everything optional, the domain validates what it uses.
export interface FeedFixture {
  fixture?: { id?: unknown; date?: unknown; status?: { short?: unknown; long?: unknown; elapsed?: unknown } };
  league?: { id?: unknown; name?: unknown; country?: unknown; logo?: unknown; round?: unknown };
  teams?: { home?: FeedTeam; away?: FeedTeam };
  goals?: { home?: unknown; away?: unknown };
}
export interface FeedTeam {
  id?: unknown;
  name?: unknown;
  logo?: unknown;
}
export interface FeedOddsEntry {
  fixture?: { id?: unknown };
  bookmakers?: Array<{ id?: unknown; name?: unknown; bets?: FeedBet[] }>;
}
export interface FeedBet {
  id?: unknown;
  name?: unknown;
  values?: Array<{ value?: unknown; odd?: unknown }>;
}

async function feedGet(path: string, query: Record<string, string | number>): Promise<unknown[]> {
  const settings = liveSportsFeedSettings();
  if (!settings) throw new LiveSportsFeedError('not-configured', 'LIVE_SPORTS_BASE_URL or LIVE_SPORTS_API_KEY not set');
  const url = urlUnder(settings.baseUrl, path, query);
  const log = { feed: 'live-sports', path, query };
  const call = {
    label: 'live-sports feed',
    log,
    url,
    headers: { [LIVE_SPORTS_API_KEY_HEADER]: settings.apiKey },
    timeoutMs: liveSportsTimeoutMs(),
    where: ` on ${path}`,
  };
  const { body, status, text, started } = await jsonCall(call, (kind, message, code) => new LiveSportsFeedError(kind, message, code));
  const errors = (body as { errors?: unknown })?.errors;
  const hasErrors = Array.isArray(errors) ? errors.length > 0 : Boolean(errors && typeof errors === 'object' && Object.keys(errors).length > 0);
  if (hasErrors) {
    const detail = JSON.stringify(errors).slice(0, 200);
    logger().warn({ ...log, errors: detail }, 'live-sports feed reported errors');
    throw new LiveSportsFeedError('bad-response', `feed reported errors on ${path}: ${detail}`, status);
  }
  const response = (body as { response?: unknown })?.response;
  if (!Array.isArray(response)) {
    logger().warn({ ...log, body: text.slice(0, 300) }, 'live-sports feed answer has no response array');
    throw new LiveSportsFeedError('bad-response', `answer of ${path} has no response array`, status);
  }
  logger().debug({ ...log, ms: Date.now() - started, count: response.length }, 'live-sports feed call');
  return response;
}

/** Fixtures in play now. */
export async function fetchLiveFixtures(): Promise<FeedFixture[]> {
  return (await feedGet('/fixtures', { live: 'all' })) as FeedFixture[];
}

/** The next `count` fixtures not started yet. */
export async function fetchUpcomingFixtures(count: number): Promise<FeedFixture[]> {
  return (await feedGet('/fixtures', { next: count })) as FeedFixture[];
}

/** The odds of one fixture (all bookmakers and markets the feed has). */
export async function fetchFixtureOdds(fixtureId: number): Promise<FeedOddsEntry[]> {
  return (await feedGet('/odds', { fixture: fixtureId })) as FeedOddsEntry[];
}
