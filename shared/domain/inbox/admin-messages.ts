import { QueryTypes, type Transaction } from 'sequelize';
import { InboxMessage, User } from '../../db/models';
import type { InboxCategory } from '../../db/models/inbox';
import { db } from '../../db/sequelize';
import { Refusal } from '../../errors';
import type { LocaleText } from '../../i18n/locales';
import { type Actor, recordAdminAction } from '../audit';
import { pageOffset, pagination, type Pagination } from '../common';
import { forgetUnreadCountsOf } from './unread-cache';
import { adminMessageView, type AdminMessageView, type StoredMessage } from './views';

/**
 * Administrators' inbox (permission module `inbox`): send to one player of the site or to
 * the whole site, list with raw locale maps, delete with its read records. Writes are operation-logged.
 * The HTML content arrives sanitized (api/http/html.ts).
 */

export interface SendInput {
  userId?: number;
  title: Partial<LocaleText>;
  content: Partial<LocaleText>;
  category: InboxCategory;
}

function logInboxAction(
  actor: Actor,
  siteCode: string,
  transaction: Transaction,
  entry: { action: string; targetId: string | number; summary: string; detail: unknown },
) {
  return recordAdminAction({ adminId: actor.adminId, ...actor.meta, siteCode, module: 'inbox', ...entry }, { transaction });
}

/** POST /inbox/admin/send: `playerNotFound` when userId names no player of the site. */
export async function sendMessage(actor: Actor, site: string, input: SendInput): Promise<AdminMessageView> {
  const sent = await db().transaction(async (transaction) => {
    if (input.userId !== undefined) {
      const player = await User.findOne({ where: { id: input.userId, siteCode: site }, attributes: ['id'], transaction });
      if (!player) throw new Refusal('inbox.playerNotFound');
    }
    const row = await InboxMessage.create(
      { siteCode: site, userId: input.userId ?? null, title: input.title, content: input.content, category: input.category, sourceKey: null },
      { transaction },
    );
    const view = adminMessageView(row.get({ plain: true }) as StoredMessage);
    await logInboxAction(actor, site, transaction, {
      action: 'send',
      targetId: view.id,
      summary: view.userId === null ? `sent site-wide message ${view.id}` : `sent message ${view.id} to player ${view.userId}`,
      detail: { userId: view.userId, category: view.category, title: view.title },
    });
    return view;
  });
  await forgetUnreadCountsOf(site, sent.userId);
  return sent;
}

/** GET /inbox/admin/list: the site's messages (personal and site-wide), newest first, raw locale maps. */
export async function listMessages(
  site: string,
  q: { page: number; pageSize: number; category?: InboxCategory },
): Promise<{ items: AdminMessageView[]; pagination: Pagination }> {
  const replacements = { site, category: q.category ?? null, limit: q.pageSize, offset: pageOffset(q.page, q.pageSize) };
  const where = `m."siteCode" = :site AND (CAST(:category AS VARCHAR) IS NULL OR m.category = :category)`;
  const [{ total }] = await db().query<{ total: string }>(`SELECT count(*) AS total FROM inbox_messages m WHERE ${where}`, {
    replacements,
    type: QueryTypes.SELECT,
  });
  const rows = await db().query<StoredMessage>(
    `SELECT m.id, m."userId", m.title, m.content, m.category, m."createdAt" FROM inbox_messages m WHERE ${where}
     ORDER BY m.id DESC LIMIT :limit OFFSET :offset`,
    { replacements, type: QueryTypes.SELECT },
  );
  return { items: rows.map(adminMessageView), pagination: pagination(q.page, q.pageSize, Number(total)) };
}

/** DELETE /inbox/admin/:id: the message and its read records; `messageNotFound` when it is not a message of the site. */
export async function deleteMessage(actor: Actor, site: string, id: number): Promise<null> {
  const userId = await db().transaction(async (transaction) => {
    const row = await InboxMessage.findOne({ where: { id, siteCode: site }, transaction, lock: transaction.LOCK.UPDATE });
    if (!row) throw new Refusal('inbox.messageNotFound');
    const [, reads] = await db().query(`DELETE FROM inbox_reads WHERE "messageId" = :id`, { replacements: { id }, transaction });
    await row.destroy({ transaction });
    const view = adminMessageView(row.get({ plain: true }) as StoredMessage);
    await logInboxAction(actor, site, transaction, {
      action: 'delete',
      targetId: id,
      summary: `deleted message ${id}`,
      detail: { ...view, readRecords: (reads as { rowCount?: number } | undefined)?.rowCount ?? null },
    });
    return view.userId;
  });
  await forgetUnreadCountsOf(site, userId);
  return null;
}
