import { Cluster, Redis, type RedisOptions } from 'ioredis';
import { config } from './config';

/**
 * Redis connections. Three kinds, because they need different options:
 * - cache: key-prefixed (REDIS_KEY_PREFIX); a command waits at most ~1 s, so a request never hangs on
 *   a Redis outage;
 * - queue producer: fails fast too (`enableOfflineQueue: false`), the outbox keeps what could not be pushed;
 * - worker: BullMQ's blocking connection, `maxRetriesPerRequest: null` as BullMQ requires.
 *
 * With REDIS_CLUSTER_NODES each is an ioredis Cluster with the same options (typed as Redis: the commands
 * used here are the same). A command or script naming several keys must then keep them in one hash slot
 * (a `{tag}` in each key); the helpers below delete, read and scan keys of several slots
 * (docs/scaling.md, "Redis Cluster").
 */
const open = new Set<Redis>();
let closed = false;

/** True after closeRedis until a connection is opened again: late fire-and-forget work skips Redis. */
export function redisClosed(): boolean {
  return closed;
}

/** True when the connections go to a Redis Cluster (REDIS_CLUSTER_NODES). */
export function isCluster(): boolean {
  return config().redisClusterNodes.length > 0;
}

/**
 * `part` as the hash tag of a key on a cluster (`{part}`: keys with the same tag share a slot, so one
 * script or MULTI may name them all); as is on one server, where key names stay what they always were.
 */
export function slotTag(part: string | number): string {
  return isCluster() ? `{${part}}` : String(part);
}

function openClient(options: RedisOptions): Redis {
  const nodes = config().redisClusterNodes;
  if (!nodes.length) return new Redis(config().redisUrl, { lazyConnect: false, ...options });
  const { keyPrefix, enableOfflineQueue, enableAutoPipelining, ...perNode } = options;
  const url = new URL(config().redisUrl);
  const auth = {
    ...(url.username ? { username: decodeURIComponent(url.username) } : {}),
    ...(url.password ? { password: decodeURIComponent(url.password) } : {}),
  };
  const cluster = new Cluster(nodes, {
    keyPrefix,
    enableOfflineQueue: enableOfflineQueue ?? true,
    enableAutoPipelining: enableAutoPipelining ?? false,
    redisOptions: { ...perNode, ...auth },
  });
  return cluster as unknown as Redis;
}

function connect(options: RedisOptions): Redis {
  closed = false;
  const client = openClient(options);
  client.on('error', () => undefined); // reported by health checks and callers, not as unhandled events
  open.add(client);
  client.once('end', () => open.delete(client));
  return client;
}

let cacheClient: Redis | undefined;

export function cache(): Redis {
  cacheClient ??= connect({
    keyPrefix: config().redisKeyPrefix,
    maxRetriesPerRequest: 1,
    commandTimeout: 1000,
    // Commands issued in the same tick by concurrent requests go out in one write (fewer syscalls).
    enableAutoPipelining: true,
    connectTimeout: 2000,
  });
  return cacheClient;
}

export function producerConnection(): Redis {
  return connect({ maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 2000 });
}

/**
 * A connection for SUBSCRIBE (a subscribed connection runs no other command); reconnects and resubscribes.
 * `name`: its CLIENT SETNAME, for CLIENT LIST.
 */
export function subscriberConnection(name?: string): Redis {
  return connect({ maxRetriesPerRequest: null, ...(name ? { connectionName: name } : {}) });
}

export function workerConnection(): Redis {
  return connect({ maxRetriesPerRequest: null });
}

/** Waits until the cache connection is ready (it refuses commands before that). */
export async function cacheReady(timeoutMs = 5000): Promise<Redis> {
  const client = cache();
  if (client.status === 'ready') return client;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('Redis did not become ready in time')), timeoutMs);
    client.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  return client;
}

export async function closeRedis(): Promise<void> {
  cacheClient = undefined;
  closed = true;
  await Promise.all([...open].map((c) => c.quit().catch(() => c.disconnect())));
  open.clear();
}

/** The servers holding keys: each master of the cluster, else the one server. */
function keyServers(client: Redis): Redis[] {
  return isCluster() ? (client as unknown as Cluster).nodes('master') : [client];
}

/**
 * Deletes the cache keys (given without the key prefix). One DEL on a single server; on a cluster one
 * DEL per key, since the keys may live in different slots.
 */
export async function deleteCacheKeys(keys: readonly string[]): Promise<void> {
  if (!keys.length) return;
  if (!isCluster()) {
    await cache().del(...keys);
    return;
  }
  await Promise.all(keys.map((key) => cache().del(key)));
}

/** The values of the cache keys (given without the prefix), in order; MGET on one server, GETs on a cluster. */
export async function readCacheKeys(keys: readonly string[]): Promise<Array<string | null>> {
  if (!isCluster()) return cache().mget(...keys);
  return Promise.all(keys.map((key) => cache().get(key)));
}

/** Deletes every cache key matching `pattern` (without the prefix), scanning each server of a cluster. */
export async function deleteCacheKeysMatching(pattern: string): Promise<void> {
  const client = cache();
  const prefix = client.options.keyPrefix ?? '';
  for (const server of keyServers(client)) {
    let cursor = '0';
    do {
      // A cluster's node connections carry no key prefix: the pattern and the keys found are full keys.
      const [next, keys] = await server.scan(cursor, 'MATCH', `${prefix}${pattern}`, 'COUNT', 200);
      cursor = next;
      // scan returns full keys; del through the prefixed client would add the prefix again, so strip it.
      if (keys.length) await deleteCacheKeys(keys.map((k) => k.slice(prefix.length)));
    } while (cursor !== '0');
  }
}
