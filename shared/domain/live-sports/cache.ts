import { cache } from '../../redis';
import type { LiveMatch } from './matches';

/**
 * Where the live-sports list lives in Redis:
 * - `cache:live-sports:list`   {refreshedAt, matches}: the last good list, kept 24 hours (a feed that
 *   stays broken longer empties the list rather than showing day-old matches as live);
 * - `cache:live-sports:status` {configured, ok, at, count?, error?, lastSuccessAt?, oddsMissing?}: the
 *   outcome of the last refresh, no expiry.
 */
// One hash tag: the refresh writes both in one MULTI, which a Redis Cluster allows only within one slot.
export const LIVE_SPORTS_LIST_KEY = 'cache:{live-sports}:list';
export const LIVE_SPORTS_STATUS_KEY = 'cache:{live-sports}:status';
export const LIVE_SPORTS_LIST_TTL_S = 24 * 3600;

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

/** The cached list with its refresh time, or null when there is none (or it is unreadable). */
export async function cachedLiveSports(): Promise<LiveSportsList | null> {
  const raw = await cache().get(LIVE_SPORTS_LIST_KEY);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as LiveSportsList;
    return Array.isArray(parsed?.matches) ? parsed : null;
  } catch {
    return null;
  }
}

/** The outcome of the last refresh (for operators and tests), or null. */
export async function liveSportsStatus(): Promise<LiveSportsStatus | null> {
  const raw = await cache().get(LIVE_SPORTS_STATUS_KEY);
  try {
    return raw ? (JSON.parse(raw) as LiveSportsStatus) : null;
  } catch {
    return null;
  }
}
