import { Client } from 'pg';
import type { Transaction } from 'sequelize';
import { config } from '../config';
import { logger } from '../logger';

/**
 * Which users changed, as this process learns it: Postgres's `users_changed` notices (migration 0010,
 * sent on commit by whichever process wrote) and the process's own announcements. Subscribers (the API's
 * user-detail cache) get a list of ids or `all`; `all` also comes whenever the feed (re)connects or
 * drops, since notices sent meanwhile are lost.
 */
export type UserChange = number[] | 'all';
type Subscriber = (change: UserChange) => void;

const CHANNEL = 'users_changed';
const subscribers = new Set<Subscriber>();
let client: Client | undefined;
let listening = false;
let stopped = true;
let retryTimer: NodeJS.Timeout | undefined;
let retryDelayMs = 1000;

export function onUserChanges(subscriber: Subscriber): () => void {
  subscribers.add(subscriber);
  return () => subscribers.delete(subscriber);
}

function publish(change: UserChange): void {
  for (const subscriber of subscribers) subscriber(change);
}

/** A change this process made to a user, told before Postgres's notice arrives (after its commit). */
export function announceUserChange(userId: number): void {
  publish([userId]);
}

/** Announces `change` once `transaction` commits (at once without one); nothing on a rollback. */
export function announceAfterCommit(transaction: Transaction | null | undefined, change: UserChange): void {
  if (transaction) transaction.afterCommit(() => publish(change));
  else publish(change);
}

/** True while notices are being received: only then may anything be cached on the strength of them. */
export function userChangeFeedUp(): boolean {
  return listening;
}

export function parseUserChange(payload: string | undefined): UserChange {
  if (!payload || payload === '*') return 'all';
  const ids = payload.split(',').map(Number);
  return ids.every((id) => Number.isInteger(id) && id > 0) ? ids : 'all';
}

function close(current: Client | undefined): Promise<void> {
  current?.removeAllListeners();
  current?.on('error', () => undefined);
  return current ? current.end().catch(() => undefined) : Promise.resolve();
}

/** The connection `from` failed or ended: everything may have changed; reconnect with backoff. */
function dropped(from: Client, reason: unknown): void {
  if (client !== from) return; // already handled (an error is often followed by an end)
  const wasListening = listening;
  listening = false;
  client = undefined;
  void close(from);
  publish('all');
  if (stopped) return;
  if (wasListening) logger().warn({ err: reason }, 'user change feed dropped; retrying');
  retryTimer = setTimeout(() => void connect(), retryDelayMs);
  retryTimer.unref();
  retryDelayMs = Math.min(retryDelayMs * 2, 30_000);
}

async function connect(): Promise<void> {
  const next = new Client({ connectionString: config().databaseUrl, application_name: 'user-change-feed', connectionTimeoutMillis: 5000 });
  client = next;
  next.on('error', (err) => dropped(next, err));
  next.on('end', () => dropped(next, new Error('connection ended')));
  next.on('notification', (msg) => {
    if (msg.channel === CHANNEL) publish(parseUserChange(msg.payload));
  });
  try {
    await next.connect();
    await next.query(`LISTEN ${CHANNEL}`);
    if (client !== next) return;
    listening = true;
    retryDelayMs = 1000;
    publish('all');
  } catch (err) {
    dropped(next, err);
  }
}

/** Starts listening (idempotent); never throws: without Postgres the feed retries in the background. */
export async function startUserChangeFeed(): Promise<void> {
  if (!stopped) return;
  stopped = false;
  await connect();
}

export async function stopUserChangeFeed(): Promise<void> {
  stopped = true;
  clearTimeout(retryTimer);
  const current = client;
  client = undefined;
  listening = false;
  await close(current);
  publish('all');
}
