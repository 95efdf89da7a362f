import { config } from '../../config';
import { cache, slotTag } from '../../redis';
import { compareEntryIds, type StreamOwner } from './ids';

/**
 * The bounded history of each stream (docs/decisions/events.md, "History and fan-out"): a Redis stream
 * per player (and per site for the operators), capped by length (MAXLEN) and age (MINID, and the key
 * expires when idle that long). Each entry keeps the id of the entry before it (`p`), so a replay can
 * tell whether the history still reaches back to the client's last event: when it does not (trimmed,
 * expired, or Redis lost it), the client gets `resync`.
 */

export interface StreamEntry {
  id: string;
  type: string;
  /** The event's data, JSON text. */
  data: string;
}

export function streamKey(owner: StreamOwner): string {
  const [kind, who] = [owner.slice(0, 1), owner.slice(2)];
  return `events:${kind}:${slotTag(who)}`;
}

/** The fan-out channel (channels take no key prefix: the prefix is in the name). */
export const fanoutChannel = () => `${config().redisKeyPrefix}events:fanout`;

/**
 * The key marking a player as watched: set when a stream opens (with its lease), kept alive by the
 * heartbeat, and left to lapse EVENTS_HISTORY_MAX_AGE_S after the last stream closed. Only a watched
 * player's events are kept and fanned out: a player who never opens a stream costs one EXISTS per event.
 */
export function watchKey(userId: number): string {
  return `events:w:${slotTag(userId)}`;
}

/**
 * In one script: unless the owner is watched (or `always`, a site's operators), the history is dropped
 * (DEL: a reconnect from before it is then told to resync, never silently short) and nothing is
 * published. Otherwise the id of the stream's newest entry, the new entry (`t` type, `d` data, `p` the
 * previous id), the trims by length and age, the key's expiry, and the PUBLISH to every API process.
 */
const APPEND = `
if ARGV[9] ~= '1' and redis.call('EXISTS', KEYS[2]) == 0 then
  redis.call('DEL', KEYS[1])
  return false
end
local last = redis.call('XREVRANGE', KEYS[1], '+', '-', 'COUNT', 1)
local prev = ''
if last[1] then prev = last[1][1] end
local id = redis.call('XADD', KEYS[1], 'MAXLEN', ARGV[2], ARGV[1], '*', 't', ARGV[6], 'd', ARGV[7], 'p', prev)
redis.call('XTRIM', KEYS[1], 'MINID', '~', ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
redis.call('PUBLISH', ARGV[5], cjson.encode({ o = ARGV[8], i = id, t = ARGV[6], d = ARGV[7] }))
return id`;

/** Appends an event to the owner's stream and fans it out; answers its entry id (null: nobody watches, nothing kept). */
export async function appendEvent(owner: StreamOwner, type: string, data: string): Promise<string | null> {
  const { historyMaxLen, historyMaxAgeS } = config().events;
  const cutoff = `${Date.now() - historyMaxAgeS * 1000}-0`;
  // Exact trimming below one stream node (100 entries), where `~` would trim nothing.
  const approx = historyMaxLen >= 100 ? '~' : '=';
  const player = owner.startsWith('p:');
  const key = streamKey(owner);
  const id = await cache().eval(
    APPEND,
    2,
    key,
    player ? watchKey(Number(owner.slice(2))) : key,
    String(historyMaxLen),
    approx,
    cutoff,
    String(historyMaxAgeS * 1000),
    fanoutChannel(),
    type,
    data,
    owner,
    player ? '0' : '1',
  );
  return id === null ? null : String(id);
}

const PAGE = 500;

/** The position before a stream's first entry. */
export const START = '0-0';

type RawEntry = [string, string[]];

function fieldsOf(raw: RawEntry): StreamEntry & { prev: string } {
  const f: Record<string, string> = {};
  for (let i = 0; i + 1 < raw[1].length; i += 2) f[raw[1][i]] = raw[1][i + 1];
  return { id: raw[0], type: f.t ?? 'unknown', data: f.d ?? '{}', prev: f.p ?? '' };
}

/**
 * The owner's entries after `after` (the entry id of the client's Last-Event-ID), in order, or `resync`
 * when the history no longer reaches back to it: the first entry after it does not follow it, or
 * nothing follows it and the stream's newest entry is not it.
 */
export async function entriesAfter(
  owner: StreamOwner,
  after: string,
): Promise<{ resync: true; newest: string | null } | { resync: false; entries: StreamEntry[] }> {
  const key = streamKey(owner);
  const entries: StreamEntry[] = [];
  // `0-0`: the position a resync gives when the stream was empty (nothing seen yet).
  const expectedPrev = after === START ? '' : after;
  let from = after;
  for (;;) {
    const page = (await cache().xrange(key, `(${from}`, '+', 'COUNT', PAGE)) as RawEntry[];
    const parsed = page.map(fieldsOf);
    if (!entries.length && from === after) {
      if (parsed.length && parsed[0].prev !== expectedPrev) return { resync: true, newest: await newestId(owner) };
      if (!parsed.length) {
        const newest = await newestId(owner);
        return newest === (after === START ? null : after) ? { resync: false, entries } : { resync: true, newest };
      }
    }
    entries.push(...parsed.map(({ id, type, data }) => ({ id, type, data })));
    if (page.length < PAGE) return { resync: false, entries };
    from = page[page.length - 1][0];
  }
}

/** The id of the owner's newest entry, null when the stream is empty or gone. */
export async function newestId(owner: StreamOwner): Promise<string | null> {
  const last = (await cache().xrevrange(streamKey(owner), '+', '-', 'COUNT', 1)) as RawEntry[];
  return last[0]?.[0] ?? null;
}

export { compareEntryIds };
