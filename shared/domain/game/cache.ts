import { GameProvider } from '../../db/models';
import { config } from '../../config';
import { logger } from '../../logger';
import { cache, deleteCacheKeysMatching, redisClosed, subscriberConnection } from '../../redis';
import type { Redis } from 'ioredis';

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
 * list) and publish the site on a Redis channel every process holding rows listens to, so the others
 * drop theirs at once too; the TTL bounds what a lost message costs (docs/scaling.md). Only rows that
 * exist are kept (the map holds at most the providers table, whatever gameCodes clients send); a failed
 * lookup is not kept.
 */
export const PROVIDER_ROW_TTL_MS = 5000;
const providerRows = new Map<string, { expires: number; row: Promise<GameProvider | null> }>();

export function cachedProvider(siteCode: string, gameCode: string): Promise<GameProvider | null> {
  listenForClears();
  const key = `${siteCode}\u0000${gameCode}`;
  const hit = providerRows.get(key);
  if (hit && hit.expires > Date.now()) return hit.row;
  const row = GameProvider.findOne({ where: { siteCode, gameCode } });
  providerRows.set(key, { expires: Date.now() + PROVIDER_ROW_TTL_MS, row });
  row.then(
    (found) => found ?? providerRows.delete(key),
    () => providerRows.delete(key),
  );
  return row;
}

function dropSiteRows(siteCode: string): void {
  for (const key of providerRows.keys()) if (key.startsWith(`${siteCode}\u0000`)) providerRows.delete(key);
}

/** The channel of provider-row clears (channels take no key prefix: the prefix is in the name). */
const clearsChannel = () => `${config().redisKeyPrefix}game:provider-rows-cleared`;
let subscriber: Redis | undefined;

/** Subscribes this process to the clears of other processes, once (again after Redis was closed). */
function listenForClears(): void {
  if (subscriber || redisClosed()) return;
  const channel = clearsChannel();
  const client = subscriberConnection();
  subscriber = client;
  client.once('end', () => {
    if (subscriber === client) subscriber = undefined;
  });
  client.on('message', (from: string, siteCode: string) => {
    if (from === channel) dropSiteRows(siteCode);
  });
  client
    .subscribe(channel)
    .catch((err: Error) => logger().warn({ err: err.message }, "provider-row clears not subscribed; other processes' writes show within the TTL"));
}

/**
 * Deletes every provider-list entry of a site (each gameType and `all`) and the site's provider rows,
 * in this process and, through the channel, in every other.
 */
export async function clearProviderListCache(siteCode: string): Promise<void> {
  dropSiteRows(siteCode);
  await deleteCacheKeysMatching(providerListKey(siteCode, '*'));
  await cache().publish(clearsChannel(), siteCode);
}
