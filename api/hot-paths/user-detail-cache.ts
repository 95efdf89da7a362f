import { onUserChanges, userChangeFeedUp, type UserChange } from '../../shared/db/user-changes';

/**
 * The API process's cache of GET /auth/user-detail answers (docs/decisions.md, "Cached user-detail").
 * Kept current rather than merely short-lived:
 * - an entry is dropped when its user's change is announced (shared/db/user-changes.ts: at commit in
 *   this process, moments later from others), and everything is dropped when the announcement feed
 *   connects or drops; without the feed nothing is cached;
 * - a fill is refused when an announcement for its user arrived while it was reading (its row may be
 *   older than the change), so an answer can never outlive the change that invalidated it;
 * - a player's own writing requests hold the user off the cache while they run and drop the entry when
 *   they end (after their commit);
 * - writes that announce nothing (SQL run by hand, a migration) are seen within the 10 s an entry lives.
 * The entry keeps the row's tokenVersion and site: a token is served only if both match.
 */
export interface CachedDetail {
  tokenVersion: number;
  siteCode: string;
  /** The JSON of the `result` field. */
  json: string;
}

interface Entry extends CachedDetail {
  expiresAt: number;
}

interface Ticket {
  userId: number;
  stale: boolean;
}

const MAX_ENTRIES = 20_000;
/** The bound for changes nobody announced; announced ones drop entries at once. */
const TTL_MS = 10_000;

const entries = new Map<number, Entry>();
const reading = new Map<number, Set<Ticket>>();
const writing = new Map<number, number>();
let unsubscribe: (() => void) | undefined;

function forget(userId: number): void {
  entries.delete(userId);
  reading.get(userId)?.forEach((ticket) => (ticket.stale = true));
}

function applyChange(change: UserChange): void {
  if (change !== 'all') {
    for (const userId of change) forget(userId);
    return;
  }
  entries.clear();
  for (const tickets of reading.values()) for (const ticket of tickets) ticket.stale = true;
}

function held(userId: number): boolean {
  return writing.has(userId);
}

/** Subscribes to user change announcements (idempotent); the API calls it at start. */
export function enableUserDetailCache(): void {
  unsubscribe ??= onUserChanges(applyChange);
}

export function disableUserDetailCache(): void {
  unsubscribe?.();
  unsubscribe = undefined;
  applyChange('all');
}

/** The cached answer for this token's user, version and site, if any. */
export function cachedUserDetail(userId: number, tokenVersion: number, siteCode: string): string | undefined {
  if (!unsubscribe || !userChangeFeedUp()) return undefined;
  const entry = entries.get(userId);
  if (!entry) return undefined;
  if (entry.expiresAt <= Date.now() || held(userId)) {
    entries.delete(userId);
    return undefined;
  }
  return entry.tokenVersion === tokenVersion && entry.siteCode === siteCode ? entry.json : undefined;
}

/**
 * Reads the user's answer with `read` and caches `describe(answer)` unless a change announced for the user
 * arrived meanwhile (or the user is held, or the feed is down). Returns what `read` returned.
 */
export async function fillUserDetail<T>(userId: number, read: () => Promise<T>, describe: (value: T) => CachedDetail): Promise<T> {
  const ticket: Ticket = { userId, stale: !unsubscribe || !userChangeFeedUp() || held(userId) };
  const tickets = reading.get(userId) ?? new Set<Ticket>();
  tickets.add(ticket);
  reading.set(userId, tickets);
  try {
    const value = await read();
    if (!ticket.stale && userChangeFeedUp() && !held(userId)) {
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as number);
      entries.set(userId, { ...describe(value), expiresAt: Date.now() + TTL_MS });
    }
    return value;
  } finally {
    tickets.delete(ticket);
    if (tickets.size === 0) reading.delete(userId);
  }
}

/**
 * A request of this player that may write has started: the user is off the cache until the returned
 * release is called (when the request has ended, so after its commit), which drops the entry and marks
 * reads begun before it as stale. (Its writes also announce themselves; this covers any that do not.)
 */
export function holdUserDetail(userId: number): () => void {
  forget(userId);
  writing.set(userId, (writing.get(userId) ?? 0) + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const count = (writing.get(userId) ?? 1) - 1;
    if (count > 0) writing.set(userId, count);
    else writing.delete(userId);
    forget(userId);
  };
}
