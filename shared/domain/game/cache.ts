import { GameProvider } from '../../db/models';
import { deleteCacheKeysMatching } from '../../redis';

/**
 * Redis cache of GET /game/provider: one entry per site and gameType filter (`all` when none), one hour.
 * Admin writes to providers or type configs clear a site's entries.
 */
export const PROVIDER_LIST_TTL_S = 3600;

export function providerListKey(siteCode: string, gameType: string | number | undefined): string {
  return `cache:game:providers:${siteCode}:${gameType ?? 'all'}`;
}

/**
 * One provider row by (site, gameCode) for the round paths (simulate), kept in this process for
 * PROVIDER_ROW_TTL_MS. Admin writes clear it at once in the process that made them (with the Redis
 * list); other processes see the change within the TTL. Only rows that exist are kept (the map holds at
 * most the providers table, whatever gameCodes clients send); a failed lookup is not kept.
 */
export const PROVIDER_ROW_TTL_MS = 5000;
const providerRows = new Map<string, { expires: number; row: Promise<GameProvider | null> }>();

export function cachedProvider(siteCode: string, gameCode: string): Promise<GameProvider | null> {
  const key = `${siteCode}\u0000${gameCode}`;
  const hit = providerRows.get(key);
  if (hit && hit.expires > Date.now()) return hit.row;
  const row = GameProvider.findOne({ where: { siteCode, gameCode } });
  providerRows.set(key, { expires: Date.now() + PROVIDER_ROW_TTL_MS, row });
  row.then((found) => found ?? providerRows.delete(key), () => providerRows.delete(key));
  return row;
}

/** Deletes every provider-list entry of a site (each gameType and `all`) and this process's provider rows. */
export async function clearProviderListCache(siteCode: string): Promise<void> {
  for (const key of providerRows.keys()) if (key.startsWith(`${siteCode}\u0000`)) providerRows.delete(key);
  await deleteCacheKeysMatching(providerListKey(siteCode, '*'));
}
