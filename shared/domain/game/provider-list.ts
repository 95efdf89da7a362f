import { GameProvider } from '../../db/models';
import { logger } from '../../logger';
import { cache } from '../../redis';
import { PROVIDER_LIST_TTL_S, providerListKey } from './cache';
import { typeKeyOf } from './types';

/** The player's provider list (GET /game/provider), cached in Redis. */

/** The player view of a game provider row. */
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
