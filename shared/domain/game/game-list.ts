import { GameProvider } from '../../db/models';
import { Refusal } from '../../errors';
import { ProviderApiError } from '../../integrations/provider-http';
import { provxGameList } from '../../integrations/provx';
import { provyGameList, provyProductOf } from '../../integrations/provy';
import { logger } from '../../logger';
import { cache, deleteCacheKeysMatching } from '../../redis';
import { provxTestGames, provyTestGames } from './test-games';

/**
 * The provider's game list (GET /game/list) with its built-in fallback, cached in Redis per provider,
 * product (provy) or game type (provx), and language.
 */

/** A successful provider list is kept this long; a fallback only briefly, so recovery shows quickly. */
export const GAME_LIST_TTL_S = 600;
export const GAME_LIST_FALLBACK_TTL_S = 30;

const gameListKey = (providerCode: string, scope: string, language: string) => `cache:game:list:${providerCode}:${scope}:${language}`;

/** Deletes every cached provider game list (tests, or after changing provider credentials). */
export async function clearGameListCache(): Promise<void> {
  await deleteCacheKeysMatching('cache:game:list:*');
}

export interface GameListResult {
  games: Record<string, unknown>[];
  fallback: boolean;
}

/** What one list is asked for: provy lists one product (all when the game type has none), provx one game type. */
interface ListTarget {
  providerCode: string;
  gameType: number;
  product?: number;
  /** The cache key's scope: `p<product|all>` (provy) or `t<gameType>` (provx). */
  scope: string;
}

function listTargetOf(provider: GameProvider): ListTarget {
  if (provider.providerCode === 'provy') {
    const product = provyProductOf(provider.gameType);
    return { providerCode: 'provy', gameType: provider.gameType, product, scope: `p${product ?? 'all'}` };
  }
  return { providerCode: provider.providerCode, gameType: provider.gameType, scope: `t${provider.gameType}` };
}

async function cachedList(key: string): Promise<GameListResult | null> {
  try {
    const hit = await cache().get(key);
    if (hit !== null) return JSON.parse(hit) as GameListResult;
  } catch (err) {
    logger().warn({ err: (err as Error).message, key }, 'game list cache unavailable');
  }
  return null;
}

/** The provider's list; an empty one counts as a failure. */
async function fetchProviderList(target: ListTarget, language: string): Promise<Record<string, unknown>[]> {
  let games: Record<string, unknown>[];
  if (target.providerCode === 'provy') games = await provyGameList({ product: target.product, language });
  else if (target.providerCode === 'provx') games = await provxGameList({ gameType: target.gameType, language });
  else throw new ProviderApiError('provx', 'not-configured', `no integration for provider code "${target.providerCode}"`);
  if (games.length === 0) throw new ProviderApiError(target.providerCode as 'provx' | 'provy', 'bad-response', 'empty game list');
  return games;
}

/** The provider's list, or the built-in test list (fallback true) when the provider API fails. */
async function listOrFallback(target: ListTarget, language: string, gameCode: string): Promise<GameListResult> {
  try {
    return { games: await fetchProviderList(target, language), fallback: false };
  } catch (err) {
    if (!(err instanceof ProviderApiError)) throw err;
    logger().warn({ provider: target.providerCode, kind: err.kind, status: err.status, gameCode }, 'provider game list unavailable; answering the test list');
    const games = target.providerCode === 'provy' ? provyTestGames(target.product) : provxTestGames(target.gameType);
    return { games, fallback: true };
  }
}

async function cacheList(key: string, result: GameListResult): Promise<void> {
  try {
    await cache().set(key, JSON.stringify(result), 'EX', result.fallback ? GAME_LIST_FALLBACK_TTL_S : GAME_LIST_TTL_S);
  } catch (err) {
    logger().warn({ err: (err as Error).message, key }, 'game list not cached');
  }
}

/**
 * The provider's games for the game entry's type (provy: its product). Refused `notFound` or `disabled`
 * when the site has no such enabled game entry. When the provider API is not configured, refuses (403...), times out, fails or
 * lists nothing, the built-in test list answers with fallback true.
 */
export async function providerGameList(siteCode: string, gameCode: string, language: string): Promise<GameListResult> {
  const provider = await GameProvider.findOne({ where: { siteCode, gameCode } });
  if (!provider || !provider.enable) throw new Refusal(provider ? 'game.disabled' : 'game.notFound');
  const target = listTargetOf(provider);
  const key = gameListKey(target.providerCode, target.scope, language);
  const hit = await cachedList(key);
  if (hit) return hit;
  const result = await listOrFallback(target, language, gameCode);
  await cacheList(key, result);
  return result;
}
