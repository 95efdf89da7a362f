import { cache } from '../redis';

/**
 * Redis cache of GET /game/provider: one entry per site and gameType filter (`all` when none), one hour.
 * Admin writes to providers or type configs clear a site's entries.
 */
export const PROVIDER_LIST_TTL_S = 3600;

export function providerListKey(siteCode: string, gameType: string | number | undefined): string {
  return `cache:game:providers:${siteCode}:${gameType ?? 'all'}`;
}

/** Deletes every provider-list entry of a site (each gameType and `all`). */
export async function clearProviderListCache(siteCode: string): Promise<void> {
  const redis = cache();
  const prefix = redis.options.keyPrefix ?? '';
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}${providerListKey(siteCode, '*')}`, 'COUNT', 200);
    cursor = next;
    // scan returns full keys; del would add the prefix again, so strip it.
    if (keys.length) await redis.del(...keys.map((k) => k.slice(prefix.length)));
  } while (cursor !== '0');
}
