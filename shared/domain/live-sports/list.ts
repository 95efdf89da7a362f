import { liveSportsFeedSettings } from '../../integrations/live-sports-feed';
import { logger } from '../../logger';
import { cachedLiveSports } from './cache';
import { LIVE_SPORTS_MAX, type LiveMatch } from './matches';

/** GET /live-sports: up to 20 matches from the cache; empty when the feed is not configured or nothing is cached. */
export async function listLiveSports(): Promise<LiveMatch[]> {
  if (!liveSportsFeedSettings()) return [];
  try {
    return (await cachedLiveSports())?.matches.slice(0, LIVE_SPORTS_MAX) ?? [];
  } catch (err) {
    // A Redis outage shows no matches rather than failing the page the widget sits on.
    logger().warn({ err: (err as Error)?.message }, 'live-sports cache unavailable');
    return [];
  }
}
