import { QueryTypes } from 'sequelize';
import { GameProvider, GameTypeConfig } from '../../db/models';
import { db } from '../../db/sequelize';
import { BizError } from '../../errors';
import { ProviderApiError } from '../../integrations/provider-http';
import { provxGameList, provxLaunchUrl } from '../../integrations/provx';
import { provyDemoUrl, provyGameList, provyLaunchUrl, provyProductOf } from '../../integrations/provy';
import { logger } from '../../logger';
import { cache } from '../../redis';
import { findBlockingRule } from './blocks';
import { PROVIDER_LIST_TTL_S, providerListKey } from './cache';
import { recordPlayInBackground } from './play-log';
import { typeKeyOf } from './types';

/**
 * The player side of games (Part A 2.9-2.11, 4.3): provider list (cached), type configs, launch with the
 * risk check and the play log, demo, recently played games and the provider game list with its built-in
 * fallback. The simulated round is in simulate.ts; blocks in game-blocks.ts.
 */

// ---------------------------------------------------------------------------------------------------
// Provider list (GET /game/provider)

/** The player view of a game provider row (Part A 2.9). */
export interface PlayerProvider {
  id: number;
  gameCode: string;
  providerCode: string;
  gameType: number;
  gameTypeLabel: string;
  areaBlock: boolean;
  maintain: boolean;
  enable: boolean;
  createdAt: string;
}

function playerView(p: GameProvider): PlayerProvider {
  return {
    id: p.id,
    gameCode: p.gameCode,
    providerCode: p.providerCode,
    gameType: p.gameType,
    gameTypeLabel: typeKeyOf(p.gameType) ?? String(p.gameType),
    areaBlock: p.areaBlock,
    maintain: p.maintain,
    enable: p.enable,
    createdAt: (p.createdAt as Date).toISOString(),
  };
}

/**
 * Enabled providers of a site, optionally of one game type, by sortOrder then id. Served from Redis
 * (`cache:game:providers:<site>:<gameType|all>`, one hour; admin writes clear it). When Redis does not
 * answer, Postgres does (logged): the lobby keeps working.
 */
export async function listPlayerProviders(siteCode: string, gameType?: number): Promise<PlayerProvider[]> {
  const key = providerListKey(siteCode, gameType);
  try {
    const hit = await cache().get(key);
    if (hit !== null) return JSON.parse(hit) as PlayerProvider[];
  } catch (err) {
    logger().warn({ err: (err as Error).message, key }, 'provider list cache unavailable; reading Postgres');
  }
  const rows = await GameProvider.findAll({
    where: gameType === undefined ? { siteCode, enable: true } : { siteCode, enable: true, gameType },
    order: [
      ['sortOrder', 'ASC'],
      ['id', 'ASC'],
    ],
  });
  const list = rows.map(playerView);
  try {
    await cache().set(key, JSON.stringify(list), 'EX', PROVIDER_LIST_TTL_S);
  } catch (err) {
    logger().warn({ err: (err as Error).message, key }, 'provider list not cached');
  }
  return list;
}

// ---------------------------------------------------------------------------------------------------
// Type configs (GET /game/type-configs)

export interface TypeConfigView {
  id: number;
  gameType: number;
  siteCode: string;
  typeKey: string;
  label: Record<string, string>;
  icon: string;
  sortOrder: number;
  enabled: boolean;
  createdAt: string;
  updatedAt: string;
}

/**
 * Every type config of the site (enabled and disabled, with `enabled` so the client can hide the
 * disabled ones), by sortOrder then id.
 */
export async function listTypeConfigs(siteCode: string): Promise<TypeConfigView[]> {
  const rows = await GameTypeConfig.findAll({
    where: { siteCode },
    order: [
      ['sortOrder', 'ASC'],
      ['id', 'ASC'],
    ],
  });
  return rows.map((r) => ({
    id: r.id,
    gameType: r.gameType,
    siteCode: r.siteCode,
    typeKey: r.typeKey,
    label: r.label as Record<string, string>,
    icon: r.icon,
    sortOrder: r.sortOrder,
    enabled: r.enabled,
    createdAt: (r.createdAt as Date).toISOString(),
    updatedAt: (r.updatedAt as Date).toISOString(),
  }));
}

// ---------------------------------------------------------------------------------------------------
// Recently played (Part A 2.11; the rows are written by play-log.ts)

export interface RecentGame {
  gameCode: string;
  productId: string;
  lastPlayedAt: string;
}

/** GET /game/recent: the user's last played games, newest first. */
export async function recentGames(userId: number, limit: number): Promise<RecentGame[]> {
  const rows = await db().query<{ gameCode: string; productId: string; lastPlayedAt: Date }>(
    `SELECT "gameCode", "productId", "lastPlayedAt" FROM game_play_logs
      WHERE "userId" = :userId ORDER BY "lastPlayedAt" DESC, id DESC LIMIT :limit`,
    { replacements: { userId, limit }, type: QueryTypes.SELECT },
  );
  return rows.map((r) => ({ gameCode: r.gameCode, productId: String(r.productId), lastPlayedAt: new Date(r.lastPlayedAt).toISOString() }));
}

// ---------------------------------------------------------------------------------------------------
// Launch and demo

export type Device = 'desktop' | 'mobile';

export interface LaunchInput {
  siteCode: string;
  userId: number;
  account: string;
  gameCode: string;
  productId: number;
  device: Device;
  /** Request locale; launch also accepts ko-KR and ja-JP. */
  language: string;
}

async function findProvider(siteCode: string, gameCode: string): Promise<GameProvider | null> {
  return GameProvider.findOne({ where: { siteCode, gameCode } });
}

/** Maps a provider call failure to the spec's codes: not configured 5005, anything else 5004. */
function providerFailure(err: unknown, messagePath?: string): never {
  if (err instanceof ProviderApiError) {
    if (err.kind === 'not-configured') throw new BizError(5005, `${err.provider} API is not configured`, messagePath);
    throw new BizError(5004, err.message, messagePath);
  }
  throw err;
}

/**
 * POST /game/launch. In order: 5001 no such game in the site, 5002 disabled, 5003 under maintenance,
 * 5010 the player is blocked (risk check), 5005 provider API not configured, 5004 provider error.
 * On success the play log is upserted in the background.
 */
export async function launchGame(input: LaunchInput): Promise<{ url: string }> {
  const provider = await findProvider(input.siteCode, input.gameCode);
  if (!provider) throw new BizError(5001);
  if (!provider.enable) throw new BizError(5002);
  if (provider.maintain) throw new BizError(5003);
  const block = await findBlockingRule({
    siteCode: input.siteCode,
    userId: input.userId,
    gameType: provider.gameType,
    gameCode: provider.gameCode,
    productId: String(input.productId),
  });
  if (block) throw new BizError(5010);

  let url: string;
  try {
    const common = {
      playerId: input.userId,
      account: input.account,
      siteCode: input.siteCode,
      gameType: provider.gameType,
      gameId: input.productId,
      device: input.device,
      language: input.language,
    };
    if (provider.providerCode === 'provx') url = await provxLaunchUrl(common);
    else if (provider.providerCode === 'provy') url = await provyLaunchUrl(common);
    else throw new BizError(5005, `no integration for provider code "${provider.providerCode}"`);
  } catch (err) {
    providerFailure(err);
  }
  recordPlayInBackground({ siteCode: input.siteCode, userId: input.userId, gameCode: provider.gameCode, productId: String(input.productId) });
  return { url };
}

export interface DemoInput {
  siteCode: string;
  gameCode: string;
  productId: number;
  device: Device;
  language: string;
}

/** Demo mode exists for provy slot games only. */
const DEMO_GAME_TYPE = 2;

/**
 * POST /game/demo (public, virtual chips): no risk check, no play log. 5001 no such game in the site (or
 * disabled); 5006 not a provy slot game; 5003 under maintenance, 5005 provy not configured and 5004 a
 * provy error answer with the launch texts.
 */
export async function demoGame(input: DemoInput): Promise<{ url: string }> {
  const provider = await findProvider(input.siteCode, input.gameCode);
  if (!provider || !provider.enable) throw new BizError(5001);
  if (provider.providerCode !== 'provy' || provider.gameType !== DEMO_GAME_TYPE) throw new BizError(5006);
  if (provider.maintain) throw new BizError(5003, 'game is under maintenance', '/api/game/launch');
  try {
    const url = await provyDemoUrl({ gameType: provider.gameType, gameId: input.productId, device: input.device, language: input.language });
    return { url };
  } catch (err) {
    return providerFailure(err, '/api/game/launch');
  }
}

// ---------------------------------------------------------------------------------------------------
// Provider game list (GET /game/list)

/** Prefix of the names in the built-in test list. */
export const TEST_GAME_MARKER = '[TEST] ';

/** A successful provider list is kept this long; a fallback only briefly, so recovery shows quickly. */
export const GAME_LIST_TTL_S = 600;
export const GAME_LIST_FALLBACK_TTL_S = 30;

const gameListKey = (providerCode: string, scope: string | number, language: string) => `cache:game:list:${providerCode}:${scope}:${language}`;

/** Deletes every cached provider game list (tests, or after changing provider credentials). */
export async function clearGameListCache(): Promise<void> {
  const redis = cache();
  const prefix = redis.options.keyPrefix ?? '';
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}cache:game:list:*`, 'COUNT', 200);
    cursor = next;
    if (keys.length) await redis.del(...keys.map((k) => k.slice(prefix.length)));
  } while (cursor !== '0');
}

const PROVY_TEST_GAMES: Record<number, Array<[number, string, number, string, string]>> = {
  // [GameId, name, CategoryId, Category, RTP]
  2: [
    [900201, 'Lucky Fortune', 1, 'Video Slots', '96.50'],
    [900202, 'Golden Dragon', 1, 'Video Slots', '96.20'],
    [900203, 'Fruit Party', 2, 'Classic Slots', '95.80'],
    [900204, 'Ocean Treasure', 3, 'Megaways', '96.70'],
  ],
  3: [
    [900301, 'Dice', 10, 'Provably Fair', '99.00'],
    [900302, 'Crash', 10, 'Provably Fair', '99.00'],
    [900303, 'Plinko', 10, 'Provably Fair', '98.00'],
    [900304, 'Mines', 10, 'Provably Fair', '98.50'],
  ],
};

/** The built-in provy test list (provy's own field names) for one product, or every product. */
export function provyTestGames(product?: number): Record<string, unknown>[] {
  const products = product !== undefined && PROVY_TEST_GAMES[product] ? [product] : Object.keys(PROVY_TEST_GAMES).map(Number);
  return products.flatMap((p) =>
    PROVY_TEST_GAMES[p].map(([GameId, name, CategoryId, Category, RTP]) => ({
      ProductId: p,
      GameId,
      GameName: `${TEST_GAME_MARKER}${name}`,
      CategoryId,
      Category,
      HasDemo: p === 2,
      MobileAvailable: true,
      DesktopAvailable: true,
      RTP,
    })),
  );
}

/** The built-in provx test list (provx's own field names) for one game type. */
export function provxTestGames(gameType: number): Record<string, unknown>[] {
  const label = typeKeyOf(gameType) ?? 'game';
  return [1, 2, 3, 4].map((n) => ({
    gameId: 900000 + gameType * 100 + n,
    gameName: `${TEST_GAME_MARKER}${label.charAt(0).toUpperCase()}${label.slice(1)} ${n}`,
    gameType,
    hasDemo: false,
    mobile: true,
    desktop: true,
    rtp: '96.00',
  }));
}

export interface GameListResult {
  games: Record<string, unknown>[];
  fallback: boolean;
}

/**
 * GET /game/list: the provider's games for the game entry's type (provy: its product). When the provider
 * API is not configured, refuses (403...), times out, fails or lists nothing, the built-in test list
 * answers with fallback true. Cached in Redis per provider, product/game type and language.
 */
export async function providerGameList(siteCode: string, gameCode: string, language: string): Promise<GameListResult> {
  const provider = await findProvider(siteCode, gameCode);
  if (!provider || !provider.enable) throw new BizError(5001);
  const providerCode = provider.providerCode;
  const product = providerCode === 'provy' ? provyProductOf(provider.gameType) : undefined;
  const scope = providerCode === 'provy' ? `p${product ?? 'all'}` : `t${provider.gameType}`;
  const key = gameListKey(providerCode, scope, language);
  try {
    const hit = await cache().get(key);
    if (hit !== null) return JSON.parse(hit) as GameListResult;
  } catch (err) {
    logger().warn({ err: (err as Error).message, key }, 'game list cache unavailable');
  }

  let result: GameListResult;
  try {
    let games: Record<string, unknown>[];
    if (providerCode === 'provy') games = await provyGameList({ product, language });
    else if (providerCode === 'provx') games = await provxGameList({ gameType: provider.gameType, language });
    else throw new ProviderApiError('provx', 'not-configured', `no integration for provider code "${providerCode}"`);
    if (games.length === 0) throw new ProviderApiError(providerCode as 'provx' | 'provy', 'bad-response', 'empty game list');
    result = { games, fallback: false };
  } catch (err) {
    if (!(err instanceof ProviderApiError)) throw err;
    logger().warn({ provider: providerCode, kind: err.kind, status: err.status, gameCode }, 'provider game list unavailable; answering the test list');
    result = { games: providerCode === 'provy' ? provyTestGames(product) : provxTestGames(provider.gameType), fallback: true };
  }
  try {
    await cache().set(key, JSON.stringify(result), 'EX', result.fallback ? GAME_LIST_FALLBACK_TTL_S : GAME_LIST_TTL_S);
  } catch (err) {
    logger().warn({ err: (err as Error).message, key }, 'game list not cached');
  }
  return result;
}
