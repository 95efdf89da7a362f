import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { config } from '../config';
import { logger } from '../logger';
import { cache, redisClosed, subscriberConnection } from '../redis';

/**
 * Which users changed (docs/decisions.md, "Cached user-detail"). The code that writes a user's row
 * announces it once its transaction commits: the wallet, the User model's hooks, the VIP and rebate
 * batches, login and logout. Subscribers in this process (the API's user-detail cache) hear it at once;
 * other processes hear it through a Redis channel. `all` is heard when a batch changed many users and
 * whenever the channel (re)connects or drops, since messages sent meanwhile are lost.
 */
export type UserChange = number[] | 'all';
type Subscriber = (change: UserChange) => void;

const subscribers = new Set<Subscriber>();
/** Messages carry their sender, so a process does not act twice on its own announcements. */
const origin = randomUUID();
let subscriber: Redis | undefined;
let listening = false;
let pending: Set<number> | 'all' | undefined;
let lastPublishWarning = 0;

const channel = () => `${config().redisKeyPrefix}users-changed`;

export function onUserChanges(listener: Subscriber): () => void {
  subscribers.add(listener);
  return () => subscribers.delete(listener);
}

function notifyLocal(change: UserChange): void {
  for (const listener of subscribers) listener(change);
}

/** Sends what this tick announced as one Redis message (a burst of commits costs one publish). */
function flush(): void {
  const ids = pending;
  pending = undefined;
  if (!ids || redisClosed()) return;
  const payload = ids === 'all' ? '*' : [...ids].join(',');
  cache()
    .publish(channel(), `${origin}|${payload}`)
    .catch((err) => {
      // Once per 10 s at most: during a Redis outage every write would log. Other processes' caches are
      // off meanwhile (their subscription is down too) or bounded by the entries' 10 s lifetime.
      if (Date.now() - lastPublishWarning < 10_000) return;
      lastPublishWarning = Date.now();
      logger().warn({ err }, 'could not publish user changes');
    });
}

/** A change this process made to users, already committed: here at once, elsewhere within moments. */
export function announceUserChange(change: UserChange | number): void {
  const normalized: UserChange = typeof change === 'number' ? [change] : change;
  notifyLocal(normalized);
  const scheduled = pending !== undefined;
  if (normalized === 'all' || pending === 'all') pending = 'all';
  else {
    pending ??= new Set<number>();
    for (const id of normalized) pending.add(id);
  }
  if (!scheduled) setImmediate(flush);
}

/** Announces `change` once `transaction` commits (at once without one); nothing on a rollback. */
export function announceAfterCommit(transaction: { afterCommit(fn: () => void): void } | null | undefined, change: UserChange): void {
  if (transaction) transaction.afterCommit(() => announceUserChange(change));
  else announceUserChange(change);
}

/** True while other processes' announcements are being received: only then may anything be cached. */
export function userChangeFeedUp(): boolean {
  return listening;
}

/** `<origin>|<ids or *>` as published; null for this process's own messages. */
function parseUserChange(message: string): UserChange | null {
  const bar = message.indexOf('|');
  if (bar < 0) return 'all';
  if (message.slice(0, bar) === origin) return null;
  const payload = message.slice(bar + 1);
  if (payload === '*') return 'all';
  const ids = payload.split(',').map(Number);
  return ids.every((id) => Number.isInteger(id) && id > 0) ? ids : 'all';
}

/** Subscribes to other processes' announcements (idempotent). Waits up to 2 s for the subscription;
 * never throws: without Redis the feed stays down (nothing cached) and subscribes once Redis is back. */
export async function startUserChangeFeed(): Promise<void> {
  if (subscriber) return;
  const client = subscriberConnection();
  subscriber = client;
  let subscribed: () => void = () => undefined;
  const first = new Promise<void>((resolve) => {
    subscribed = resolve;
    setTimeout(resolve, 2000).unref();
  });
  client.on('close', () => {
    if (subscriber !== client || !listening) return;
    listening = false;
    notifyLocal('all');
  });
  client.on('ready', () => {
    // (Re)connected: anything may have changed while away, so the cache starts empty.
    client
      .subscribe(channel())
      .then(() => {
        if (subscriber !== client) return;
        listening = true;
        notifyLocal('all');
        subscribed();
      })
      .catch(() => undefined);
  });
  client.on('message', (from: string, message: string) => {
    if (from !== channel()) return;
    const change = parseUserChange(message);
    if (change) notifyLocal(change);
  });
  await first;
}

export async function stopUserChangeFeed(): Promise<void> {
  const client = subscriber;
  subscriber = undefined;
  listening = false;
  notifyLocal('all');
  client?.removeAllListeners('ready');
  if (client) await client.quit().catch(() => client.disconnect());
}
