import { fetchFixtureOdds, fetchLiveFixtures, fetchUpcomingFixtures, liveSportsFeedSettings } from '../../integrations/live-sports-feed';
import { logger } from '../../logger';
import { cache } from '../../redis';
import {
  LIVE_SPORTS_LIST_KEY,
  LIVE_SPORTS_LIST_TTL_S,
  LIVE_SPORTS_STATUS_KEY,
  cachedLiveSports,
  liveSportsStatus,
  type LiveSportsList,
  type LiveSportsStatus,
} from './cache';
import { LIVE_SPORTS_MAX, mapOdds, selectMatches, type LiveMatch } from './matches';

/**
 * The live-sports job's work: every 30 minutes, the list is refreshed from the feed into
 * Redis (cache.ts), where GET /live-sports reads it.
 *
 * A feed failure on the fixtures calls keeps the last good list and records the error. A failure of one
 * fixture's odds call keeps that fixture's odds of the last good list, else its odds are null.
 */
const ODDS_CONCURRENCY = 4;

export type RefreshResult =
  { configured: false } | { configured: true; ok: true; count: number; oddsMissing: number } | { configured: true; ok: false; error: string };

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
  const previousStatus = await liveSportsStatus();
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

  const previous = new Map((await cachedLiveSports())?.matches.map((m) => [m.fixtureId, m.odds]) ?? []);
  let oddsMissing = 0;
  await mapLimit(matches, ODDS_CONCURRENCY, async (match) => {
    let odds: LiveMatch['odds'] | null;
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
