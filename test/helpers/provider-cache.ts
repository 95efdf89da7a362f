import type { ExecutionContext } from 'ava';
import type { TestStack } from './stack';

/** The site's cached provider lists (GET /game/provider): filling them before a write and checking the write cleared them. */

// Loaded on first use, after startTestStack has set the environment.
const modules = async () => ({
  cache: (await import('../../shared/redis')).cache,
  providerListKey: (await import('../../shared/domain/game/cache')).providerListKey,
});

/**
 * Fills the site's provider-list cache the way players do (GET /game/provider, and with `?gameType=`
 * too when `requestTyped`) and makes sure the entries for all types and for `gameType` exist even if that
 * endpoint answers without caching, so a write can be seen clearing them. Returns the keys.
 */
export async function seedProviderCache(stack: TestStack, site: string, gameType: number, requestTyped = false): Promise<string[]> {
  const { cache, providerListKey } = await modules();
  await stack.request('GET', '/api/game/provider', { headers: { 'site-name': site } });
  if (requestTyped) await stack.request('GET', `/api/game/provider?gameType=${gameType}`, { headers: { 'site-name': site } });
  const keys = [providerListKey(site, undefined), providerListKey(site, gameType)];
  for (const key of keys) await cache().set(key, '[]', 'EX', 3600, 'NX');
  return keys;
}

/** Every key is gone from the cache. */
export async function cacheGone(t: ExecutionContext, keys: string[]): Promise<void> {
  const { cache } = await modules();
  for (const key of keys) t.is(await cache().exists(key), 0, `${key} cleared`);
}
