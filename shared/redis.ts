import { Redis, type RedisOptions } from 'ioredis';
import { config } from './config';

/**
 * Redis connections. Three kinds, because they need different options:
 * - cache: key-prefixed (REDIS_KEY_PREFIX); a command waits at most ~1 s, so a request never hangs on
 *   a Redis outage;
 * - queue producer: fails fast too (`enableOfflineQueue: false`), the outbox keeps what could not be pushed;
 * - worker: BullMQ's blocking connection, `maxRetriesPerRequest: null` as BullMQ requires.
 */
const open = new Set<Redis>();
let closed = false;

/** True after closeRedis until a connection is opened again: late fire-and-forget work skips Redis. */
export function redisClosed(): boolean {
  return closed;
}

function connect(options: RedisOptions): Redis {
  closed = false;
  const client = new Redis(config().redisUrl, { lazyConnect: false, ...options });
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
