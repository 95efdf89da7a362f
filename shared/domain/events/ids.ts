import { createHmac, timingSafeEqual } from 'node:crypto';
import { config } from '../../config';

/**
 * Event ids as clients see them (docs/events.md, "Ids and replay"): the Redis stream entry id of the
 * stream the event is in (`<ms>-<seq>`, ordered per stream) and a tag, an HMAC over the stream's owner
 * and the entry id: `<ms>-<seq>.<tag>`. A Last-Event-ID that another player's stream gave, or that was
 * made up, fails the tag and is refused; it never names a position in the caller's stream.
 */

/** Whose stream: a player's (`p:<userId>`) or a site's operators' (`a:<siteCode>`). */
export type StreamOwner = `p:${number}` | `a:${string}`;

export const playerOwner = (userId: number): StreamOwner => `p:${userId}`;
export const siteOwner = (siteCode: string): StreamOwner => `a:${siteCode}`;

let keyFor: { secret: string; key: Buffer } | undefined;

function tagKey(): Buffer {
  const secret = config().jwt.secret;
  if (keyFor?.secret !== secret) keyFor = { secret, key: createHmac('sha256', secret).update('events:event-id').digest() };
  return keyFor.key;
}

function tag(owner: StreamOwner, entryId: string): string {
  return createHmac('sha256', tagKey()).update(`${owner}\u0000${entryId}`).digest('base64url').slice(0, 16);
}

/** The id a client sees for an entry of the owner's stream. */
export function eventId(owner: StreamOwner, entryId: string): string {
  return `${entryId}.${tag(owner, entryId)}`;
}

const ENTRY_ID = /^(\d{1,16})-(\d{1,16})$/;

/** The entry id behind a client's Last-Event-ID, or null when it is not one this owner's stream gave. */
export function entryIdOf(owner: StreamOwner, clientId: string): string | null {
  const dot = clientId.lastIndexOf('.');
  if (dot <= 0) return null;
  const entryId = clientId.slice(0, dot);
  if (!ENTRY_ID.test(entryId)) return null;
  const given = Buffer.from(clientId.slice(dot + 1));
  const wanted = Buffer.from(tag(owner, entryId));
  return given.length === wanted.length && timingSafeEqual(given, wanted) ? entryId : null;
}

/** Orders two entry ids (`<ms>-<seq>`); '' is before every id. */
export function compareEntryIds(a: string, b: string): number {
  if (a === b) return 0;
  if (a === '') return -1;
  if (b === '') return 1;
  const [am, as] = a.split('-').map(BigInt);
  const [bm, bs] = b.split('-').map(BigInt);
  if (am !== bm) return am < bm ? -1 : 1;
  return as < bs ? -1 : as > bs ? 1 : 0;
}
