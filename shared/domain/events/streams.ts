import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { Redis } from 'ioredis';
import { config } from '../../config';
import { logger } from '../../logger';
import { cache, redisClosed, slotTag, subscriberConnection } from '../../redis';
import { entriesAfter, fanoutChannel, newestId, START, watchKey, type StreamEntry } from './history';
import { compareEntryIds, eventId, type StreamOwner } from './ids';

/**
 * The open streams of this process (docs/decisions/events.md, "History and fan-out"). The process
 * subscribes once to the fan-out channel and writes each event to its own open streams of the event's
 * owner. A stream opening with a Last-Event-ID is registered first (events arriving meanwhile wait),
 * then replayed from the history, then the waiting events after the replay are written: every event
 * once, in order. Heartbeat comments every EVENTS_HEARTBEAT_MS; a player's streams close within
 * EVENTS_SESSION_CHECK_MS of the token version changing (logout, a new login, revocation).
 */

interface OpenStream {
  id: string;
  owner: StreamOwner;
  res: ServerResponse;
  /** The player's, for the open-stream limit and the session check. */
  userId?: number;
  tokenVersion?: number;
  /** The entry id last written. */
  last: string;
  /** Events that arrived while the replay was running; null once live. */
  waiting: StreamEntry[] | null;
  /** Whether the caller may still read the stream (an administrator's token and permission), asked at each session check. */
  recheck?: () => Promise<boolean>;
}

const open = new Map<StreamOwner, Set<OpenStream>>();
let subscriber: Redis | undefined;
let subscribing: Promise<void> | undefined;
let timers: NodeJS.Timeout[] = [];
/**
 * What the API gives (from the areas above this one): each player's current token version (null: the
 * account is gone; auth area) and the players' due reality checks (null: none due; responsible-gaming).
 */
export interface StreamHooks {
  tokenVersions: (userIds: number[]) => Promise<Map<number, number | null>>;
  realityChecks?: (userIds: number[]) => Promise<Map<number, { dueAt: string } | null>>;
}
let hooks: StreamHooks | undefined;
/** Players of this process's streams who got a `round` since the last reality-check look (only play makes a check due). */
const playedSince = new Set<number>();
/** The due time of the reality check each player's streams were told of. */
const toldReality = new Map<number, string>();

/** How many streams this process holds open. */
export function openStreamCount(): number {
  let n = 0;
  for (const set of open.values()) n += set.size;
  return n;
}

function subscribe(): Promise<void> {
  if (subscriber && subscribing) return subscribing;
  const client = subscriberConnection(subscriberName());
  subscriber = client;
  const channel = fanoutChannel();
  let connections = 0;
  client.on('ready', () => {
    // Connected again: whatever was published meanwhile never came (and Redis may have lost everything).
    connections += 1;
    if (connections > 1) resyncAll().catch((err) => logger().warn({ err }, 'events: streams not resynced after Redis came back'));
  });
  client.on('message', (from: string, message: string) => {
    if (from !== channel) return;
    let m: { o: StreamOwner; i: string; t: string; d: string };
    try {
      m = JSON.parse(message) as typeof m;
    } catch {
      return;
    }
    const streams = open.get(m.o);
    if (!streams) return;
    for (const s of streams) deliver(s, { id: m.i, type: m.t, data: m.d });
    if (m.t === 'round' && m.o.startsWith('p:')) playedSince.add(Number(m.o.slice(2)));
  });
  client.once('end', () => {
    if (subscriber === client) {
      subscriber = undefined;
      subscribing = undefined;
    }
  });
  subscribing = client.subscribe(channel).then(() => undefined);
  subscribing.catch(() => {
    if (subscriber === client) subscribing = undefined;
  });
  return subscribing;
}

/** The fan-out connection's CLIENT SETNAME (the test of a lost connection finds it by this name). */
export const subscriberName = () => `${config().redisKeyPrefix}events-fanout`;

/**
 * After the fan-out connection came back: marks this process's players watched again (Redis may have
 * lost the marks, history.ts watchKey) and tells every open stream to resync, its position the stream's
 * newest entry (or the start when Redis lost the history).
 */
async function resyncAll(): Promise<void> {
  await markWatched();
  for (const [owner, set] of [...open]) {
    const at = (await newestId(owner)) ?? START;
    for (const s of set) {
      if (s.waiting) continue;
      write(s, `id: ${eventId(owner, at)}\nevent: resync\ndata: {}\n\n`);
      s.last = at;
    }
  }
}

/** Marks (again) every player of this process's streams as watched. */
async function markWatched(): Promise<void> {
  const players = new Set<number>();
  for (const set of open.values()) for (const s of set) if (s.userId !== undefined) players.add(s.userId);
  await Promise.all([...players].map((userId) => cache().set(watchKey(userId), '1', 'PX', watchMs())));
}

function deliver(s: OpenStream, entry: StreamEntry): void {
  if (s.waiting) {
    s.waiting.push(entry);
    return;
  }
  writeEntry(s, entry);
}

/** Writes the entry unless the stream already had it (a replayed event that also came live). */
function writeEntry(s: OpenStream, entry: StreamEntry): void {
  if (compareEntryIds(entry.id, s.last) <= 0) return;
  write(s, `id: ${eventId(s.owner, entry.id)}\nevent: ${entry.type}\ndata: ${entry.data}\n\n`);
  s.last = entry.id;
}

/** A stream whose client reads slower than events come (over 1 MB unread) is closed: it reconnects and replays. */
const MAX_UNREAD = 1024 * 1024;

function write(s: OpenStream, text: string): void {
  if (s.res.writableEnded) return;
  s.res.write(text);
  if (s.res.writableLength > MAX_UNREAD) s.res.end();
}

/** The key of a player's open-stream leases (a sorted set: stream id -> lease end). */
const leasesKey = (userId: number) => `events:open:${slotTag(userId)}`;
const leaseMs = () => Math.max(3 * config().events.heartbeatMs, 30_000);

const TAKE_LEASE = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
redis.call('SET', KEYS[2], '1', 'PX', ARGV[6])
return 1`;

/** How long a player stays watched after its last stream (its history is kept that long). */
const watchMs = () => config().events.historyMaxAgeS * 1000;

/**
 * Takes one of the player's EVENTS_MAX_STREAMS_PER_PLAYER stream leases (counted across every API
 * process in Redis; a lease ends when its stream closes, or lapses after three missed heartbeats of a
 * process that died), and marks the player watched (history.ts watchKey); null when all are taken.
 */
export async function takeStreamLease(userId: number): Promise<string | null> {
  const id = randomUUID();
  const now = Date.now();
  const ms = leaseMs();
  const taken = await cache().eval(
    TAKE_LEASE,
    2,
    leasesKey(userId),
    watchKey(userId),
    String(now),
    String(now + ms),
    String(config().events.maxStreamsPerPlayer),
    id,
    String(ms),
    String(watchMs()),
  );
  return taken === 1 ? id : null;
}

export async function releaseStreamLease(userId: number, leaseId: string): Promise<void> {
  await cache().zrem(leasesKey(userId), leaseId);
}

export interface StreamOpening {
  owner: StreamOwner;
  /** The player's (with the version of the token or ticket that opened it), for the session check. */
  userId?: number;
  tokenVersion?: number;
  /** The player's lease of takeStreamLease, given back when the stream closes. */
  leaseId?: string;
  /** The entry id of the client's Last-Event-ID (checked by entryIdOf), undefined: live events only. */
  after?: string;
  /** Asked at each session check for a stream that is not a player's: false closes it with `session`. */
  recheck?: () => Promise<boolean>;
  /** When the token that opened it expires (ms since the epoch): the stream ends then with `session` (expired). */
  endsAt?: number;
}

/**
 * Answers the request with the event stream (text/event-stream, no buffering) and keeps it open until
 * the client goes, the session ends or the process stops.
 */
export async function openStream(res: ServerResponse, opening: StreamOpening): Promise<void> {
  try {
    await subscribe();
  } catch (err) {
    if (opening.userId !== undefined && opening.leaseId) await releaseStreamLease(opening.userId, opening.leaseId).catch(() => undefined);
    throw err;
  }
  // The client went while this waited: nothing to register (its 'close' has fired already).
  if (res.destroyed || res.writableEnded) {
    if (opening.userId !== undefined && opening.leaseId) await releaseStreamLease(opening.userId, opening.leaseId).catch(() => undefined);
    return;
  }
  const s: OpenStream = {
    id: opening.leaseId ?? randomUUID(),
    owner: opening.owner,
    res,
    userId: opening.userId,
    tokenVersion: opening.tokenVersion,
    last: '',
    waiting: opening.after === undefined ? null : [],
    recheck: opening.recheck,
  };
  let set = open.get(s.owner);
  if (!set) open.set(s.owner, (set = new Set()));
  set.add(s);
  // A stream lives no longer than the token that opened it (the longest timer Node keeps is about 24.8 days).
  const expiry =
    opening.endsAt === undefined ? undefined : setTimeout(() => endStream(s, EXPIRED), Math.min(Math.max(0, opening.endsAt - Date.now()), 2 ** 31 - 1));
  expiry?.unref();
  res.once('close', () => {
    if (expiry) clearTimeout(expiry);
    const streams = open.get(s.owner);
    streams?.delete(s);
    if (streams && !streams.size) open.delete(s.owner);
    if (opening.userId !== undefined && opening.leaseId) releaseStreamLease(opening.userId, opening.leaseId).catch(() => undefined);
  });
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    'x-accel-buffering': 'no',
    connection: 'keep-alive',
  });
  res.write(`retry: 3000\n: open\n\n`);
  if (opening.after === undefined) return;
  try {
    const replay = await entriesAfter(s.owner, opening.after);
    if (replay.resync) {
      // The client reloads its state; its position becomes the stream's newest entry (or the start).
      const at = replay.newest ?? START;
      write(s, `id: ${eventId(s.owner, at)}\nevent: resync\ndata: {}\n\n`);
      s.last = at;
    } else {
      s.last = opening.after;
      for (const entry of replay.entries) writeEntry(s, entry);
    }
  } catch (err) {
    logger().warn({ err }, 'event history not read; the stream asks the client to resync');
    write(s, `event: resync\ndata: {}\n\n`);
  }
  const waiting = s.waiting ?? [];
  s.waiting = null;
  for (const entry of waiting) writeEntry(s, entry);
}

function endStream(s: OpenStream, finalEvent?: string): void {
  if (finalEvent) write(s, finalEvent);
  s.res.end();
}

const SUPERSEDED = `event: session\ndata: {"reason":"superseded"}\n\n`;
const EXPIRED = `event: session\ndata: {"reason":"expired"}\n\n`;

async function checkSessions(): Promise<void> {
  const tokenVersions = hooks?.tokenVersions;
  if (!tokenVersions) return;
  const players = new Set<number>();
  const rechecks: Array<Promise<void>> = [];
  for (const set of open.values()) {
    for (const s of set) {
      if (s.userId !== undefined) players.add(s.userId);
      else if (s.recheck) rechecks.push(s.recheck().then((ok) => (ok ? undefined : endStream(s, SUPERSEDED))));
    }
  }
  await Promise.all(rechecks);
  if (!players.size) return;
  const versions = await tokenVersions([...players]);
  for (const set of open.values()) {
    for (const s of set) {
      if (s.userId === undefined || !versions.has(s.userId)) continue;
      if (versions.get(s.userId) !== s.tokenVersion) endStream(s, SUPERSEDED);
    }
  }
}

/**
 * Tells the streams of players who played since the last look that their reality check fell due
 * (`reality-check`, once per due time; a nudge without an id, not kept in the history: the money
 * endpoints carry the check too, api/http/reality-check.ts).
 */
async function checkRealityChecks(): Promise<void> {
  const realityChecks = hooks?.realityChecks;
  const players = [...playedSince].filter((userId) => open.has(`p:${userId}`));
  playedSince.clear();
  if (!realityChecks || !players.length) return;
  const due = await realityChecks(players);
  for (const [userId, check] of due) {
    if (!check) {
      toldReality.delete(userId);
      continue;
    }
    if (toldReality.get(userId) === check.dueAt) continue;
    toldReality.set(userId, check.dueAt);
    for (const s of open.get(`p:${userId}`) ?? []) if (!s.waiting) write(s, `event: reality-check\ndata: ${JSON.stringify(check)}\n\n`);
  }
}

async function heartbeat(): Promise<void> {
  const leases = new Map<number, string[]>();
  for (const set of open.values()) {
    for (const s of set) {
      write(s, `: heartbeat\n\n`);
      if (s.userId !== undefined) leases.set(s.userId, [...(leases.get(s.userId) ?? []), s.id]);
    }
  }
  const until = String(Date.now() + leaseMs());
  await Promise.all(
    [...leases].flatMap(([userId, ids]) => [
      cache().zadd(leasesKey(userId), 'XX', ...ids.flatMap((id) => [until, id])),
      cache().set(watchKey(userId), '1', 'PX', watchMs()),
    ]),
  );
}

/**
 * Starts this process's heartbeat, session check and reality-check look. Answers the function that
 * closes every open stream (before the HTTP server closes).
 */
export function startStreams(given: StreamHooks): () => Promise<void> {
  hooks = given;
  const every = (ms: number, run: () => Promise<void>, what: string) => {
    let busy = false;
    const timer = setInterval(() => {
      if (busy || redisClosed()) return;
      busy = true;
      run()
        .catch((err) => logger().warn({ err }, `events: ${what} failed`))
        .finally(() => (busy = false));
    }, ms);
    timer.unref();
    timers.push(timer);
  };
  every(config().events.heartbeatMs, heartbeat, 'heartbeat');
  every(config().events.sessionCheckMs, checkSessions, 'session check');
  every(config().events.realityCheckMs, checkRealityChecks, 'reality-check look');
  return async () => {
    for (const timer of timers) clearInterval(timer);
    timers = [];
    hooks = undefined;
    playedSince.clear();
    toldReality.clear();
    for (const set of [...open.values()]) for (const s of [...set]) endStream(s);
    open.clear();
    const client = subscriber;
    subscriber = undefined;
    subscribing = undefined;
    await client?.quit().catch(() => client.disconnect());
  };
}
