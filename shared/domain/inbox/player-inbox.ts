import { ForeignKeyConstraintError, QueryTypes } from 'sequelize';
import type { InboxCategory } from '../../db/models/inbox';
import { db } from '../../db/sequelize';
import { Refusal } from '../../errors';
import type { Locale } from '../../i18n/locales';
import { pageOffset, pagination, type Pagination } from '../common';
import { playerMessageView, type PlayerMessageView, type StoredMessage } from './views';
import { cachedUnreadCount, forgetUnreadCount } from './unread-cache';
import { IS_READ, ME, PROMO_SHOWN, VISIBLE } from './visibility';

/** A player's inbox: list, unread count, read one, read all. */

export interface InboxQuery {
  page: number;
  pageSize: number;
  category?: InboxCategory;
}

/** GET /inbox: the player's messages, newest first, in the request locale, with isRead. */
export async function listInbox(site: string, userId: number, locale: Locale, q: InboxQuery): Promise<{ items: PlayerMessageView[]; pagination: Pagination }> {
  const replacements = { site, userId, category: q.category ?? null, limit: q.pageSize, offset: pageOffset(q.page, q.pageSize) };
  const where = `${VISIBLE} AND (CAST(:category AS VARCHAR) IS NULL OR m.category = :category)`;
  const [{ total }] = await db().query<{ total: string }>(`WITH ${ME} SELECT count(*) AS total FROM me, inbox_messages m WHERE ${where}`, {
    replacements,
    type: QueryTypes.SELECT,
  });
  const rows = await db().query<StoredMessage & { isRead: boolean }>(
    `WITH ${ME}
     SELECT m.id, m."userId", m.title, m.content, m.category, m."createdAt", ${IS_READ} AS "isRead"
     FROM me, inbox_messages m WHERE ${where}
     ORDER BY m."createdAt" DESC, m.id DESC LIMIT :limit OFFSET :offset`,
    { replacements, type: QueryTypes.SELECT },
  );
  return { items: rows.map((m) => playerMessageView(m, locale)), pagination: pagination(q.page, q.pageSize, Number(total)) };
}

/**
 * The unread count in one statement, on indexes only: the messages after the player's read-all mark
 * (site-wide ones on their partial index by site and createdAt, personal ones on theirs by site, user
 * and createdAt) less the player's read rows of such messages (read one by one after the mark).
 * Replacements `:site`, `:userId`.
 */
export const unreadCountSql = `WITH ${ME}
  SELECT
    (SELECT count(*) FROM me, inbox_messages m
      WHERE m."siteCode" = :site AND m."userId" IS NULL AND m."createdAt" >= me.since AND m."createdAt" > me.upto AND ${PROMO_SHOWN})
  + (SELECT count(*) FROM me, inbox_messages m
      WHERE m."siteCode" = :site AND m."userId" = :userId AND m."createdAt" > me.upto AND ${PROMO_SHOWN})
  - (SELECT count(*) FROM me, inbox_reads r JOIN inbox_messages m ON m.id = r."messageId"
      WHERE r."siteCode" = :site AND r."userId" = :userId AND m."createdAt" > me.upto AND ${VISIBLE}) AS "unreadCount"`;

/** GET /inbox/unread-count: from the player's cached count while nothing changed (unread-cache.ts), else the statement. */
export async function unreadCount(site: string, userId: number): Promise<{ unreadCount: number }> {
  const unread = await cachedUnreadCount(site, userId, async () => {
    const [row] = await db().query<{ unreadCount: string }>(unreadCountSql, { replacements: { site, userId }, type: QueryTypes.SELECT });
    return Number(row?.unreadCount ?? 0);
  });
  return { unreadCount: unread };
}

/** POST /inbox/:id/read: `messageNotFound` unless the message is the player's (own or the site's since registration). */
export async function markRead(site: string, userId: number, id: number): Promise<null> {
  try {
    const [row] = await db().query<{ found: string }>(
      `WITH ${ME},
       target AS (SELECT m.id, m."createdAt" > me.upto AS after FROM me, inbox_messages m WHERE m.id = :id AND ${VISIBLE}),
       ins AS (
         INSERT INTO inbox_reads ("siteCode", "userId", "messageId", "readAt")
         SELECT :site, :userId, id, now() FROM target WHERE after
         ON CONFLICT DO NOTHING RETURNING 1
       )
       SELECT count(*) AS found FROM target`,
      { replacements: { site, userId, id }, type: QueryTypes.SELECT },
    );
    if (Number(row.found) === 0) throw new Refusal('inbox.messageNotFound');
    await forgetUnreadCount(userId);
  } catch (err) {
    // Deleted by an administrator between the look-up and the insert.
    if (err instanceof ForeignKeyConstraintError) throw new Refusal('inbox.messageNotFound', 'deleted meanwhile');
    throw err;
  }
  return null;
}

/**
 * POST /inbox/read-all: moves the player's mark to the newest message the player has (site-wide ones
 * included) and drops the read rows the mark now covers, in one transaction.
 */
export async function markAllRead(site: string, userId: number): Promise<null> {
  await db().transaction(async (transaction) => {
    const replacements = { site, userId };
    await db().query(
      `WITH ${ME},
       newest AS (
         SELECT GREATEST(
           (SELECT max(m."createdAt") FROM me, inbox_messages m WHERE m."siteCode" = :site AND m."userId" IS NULL AND m."createdAt" >= me.since),
           (SELECT max(m."createdAt") FROM inbox_messages m WHERE m."siteCode" = :site AND m."userId" = :userId)
         ) AS at
       )
       INSERT INTO inbox_read_marks ("siteCode", "userId", "readUpTo", "updatedAt")
       SELECT :site, :userId, at, now() FROM newest WHERE at IS NOT NULL
       ON CONFLICT ("siteCode", "userId") DO UPDATE SET "readUpTo" = GREATEST(inbox_read_marks."readUpTo", EXCLUDED."readUpTo"), "updatedAt" = now()`,
      { replacements, transaction },
    );
    await db().query(
      `DELETE FROM inbox_reads r USING inbox_messages m, inbox_read_marks k
       WHERE r."siteCode" = :site AND r."userId" = :userId AND m.id = r."messageId"
         AND k."siteCode" = :site AND k."userId" = :userId AND m."createdAt" <= k."readUpTo"`,
      { replacements, transaction },
    );
  });
  await forgetUnreadCount(userId);
  return null;
}
