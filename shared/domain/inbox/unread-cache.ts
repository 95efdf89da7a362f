import { logger } from '../../logger';
import { cache, readCacheKeys } from '../../redis';

/**
 * The unread count, cached per player in Redis (docs/decisions/inbox.md, "Inbox read state"): GET
 * /inbox/unread-count is polled by every open page, so a poll is one MGET when nothing changed. An entry
 * (`cache:inbox:unread:<userId>`) holds the count and the two generations it was computed under: the
 * site's (`cache:inbox:gen:<site>`, raised by every site-wide send or delete) and the player's
 * (`cache:inbox:ugen:<userId>`, raised by a personal send or delete, a read, a read-all, the welcome
 * message). The generations are read before the count is computed and raised after the change commits,
 * so an entry computed from a snapshot older than a change never matches again. Postgres stays the truth:
 * with Redis down the count is computed every time. Entries live an hour and generations a day, so a
 * generation that expired and starts again cannot meet an entry of its old value.
 */
const ENTRY_TTL_S = 3600;
const GENERATION_TTL_S = 24 * 3600;

const siteGenerationKey = (siteCode: string) => `cache:inbox:gen:${siteCode}`;
const playerGenerationKey = (userId: number) => `cache:inbox:ugen:${userId}`;
const entryKey = (userId: number) => `cache:inbox:unread:${userId}`;

export async function cachedUnreadCount(siteCode: string, userId: number, compute: () => Promise<number>): Promise<number> {
  let generations: string;
  try {
    const [site, player, entry] = await readCacheKeys([siteGenerationKey(siteCode), playerGenerationKey(userId), entryKey(userId)]);
    generations = `${site ?? 0}.${player ?? 0}`;
    if (entry !== null) {
      const at = entry.lastIndexOf(':');
      if (entry.slice(0, at) === generations) return Number(entry.slice(at + 1));
    }
  } catch (err) {
    logger().warn({ err: (err as Error).message }, 'inbox unread cache unavailable; counting in Postgres');
    return compute();
  }
  const count = await compute();
  await cache()
    .set(entryKey(userId), `${generations}:${count}`, 'EX', ENTRY_TTL_S)
    .catch((err: Error) => logger().warn({ err: err.message }, 'inbox unread count not cached'));
  return count;
}

async function raise(key: string): Promise<void> {
  try {
    await cache().multi().incr(key).expire(key, GENERATION_TTL_S).exec();
  } catch (err) {
    logger().warn({ err: (err as Error).message, key }, 'could not raise an inbox generation; cached unread counts may lag up to an hour');
  }
}

/** After a site-wide message was sent or deleted: every player's cached count of the site is stale. */
export const forgetSiteUnreadCounts = (siteCode: string) => raise(siteGenerationKey(siteCode));

/** After a change to one player's messages or read state. */
export const forgetUnreadCount = (userId: number) => raise(playerGenerationKey(userId));

/** After a message of `userId` (null = site-wide) was sent or deleted. */
export const forgetUnreadCountsOf = (siteCode: string, userId: number | null) =>
  userId === null ? forgetSiteUnreadCounts(siteCode) : forgetUnreadCount(userId);
