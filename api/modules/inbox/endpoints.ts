import type { InboxCategory } from '../../../shared/db/models/inbox';
import { deleteMessage, listInbox, listMessages, markAllRead, markRead, sendMessage, unreadCount } from '../../../shared/domain/inbox';
import { endpoint } from '../../http/endpoint';
import { idParams, inboxQuery, sendBody } from './schemas';
import * as answers from './answers';

/**
 * /inbox, in matching order: the player's list, unread count, read-all and read, then the
 * administrators' (permission module `inbox`; the site is the `x-site-code` header or `siteCode` query,
 * else SITE_CODE; writes are operation-logged). Rules live in shared/domain/inbox/.
 */
const admin = { admin: 'inbox' } as const;

export const inboxEndpoints = [
  endpoint(
    {
      method: 'get',
      path: '/inbox',
      result: answers.getInbox,
      auth: 'player',
      query: inboxQuery,
      summary: "The caller's messages (own and site-wide), newest first, in the request locale",
    },
    ({ site, player, locale, query }) =>
      listInbox(site, player.id, locale, { page: query.page, pageSize: query.pageSize, category: query.category as InboxCategory | undefined }),
  ),
  endpoint(
    {
      method: 'get',
      path: '/inbox/unread-count',
      result: answers.getInboxUnreadCount,
      auth: 'player',
      summary: "How many of the caller's messages are unread",
    },
    ({ site, player }) => unreadCount(site, player.id),
  ),
  endpoint(
    {
      method: 'post',
      path: '/inbox/read-all',
      result: answers.postInboxReadAll,
      auth: 'player',
      summary: 'Mark every message of the caller read (site-wide ones too)',
    },
    ({ site, player }) => markAllRead(site, player.id),
  ),
  endpoint(
    {
      method: 'post',
      path: '/inbox/:id/read',
      result: answers.postInboxReadAll,
      auth: 'player',
      params: idParams,
      refusals: { 'inbox.messageNotFound': 2001 },
      summary: 'Mark one message read',
    },
    ({ site, player, params }) => markRead(site, player.id, params.id),
  ),
  endpoint(
    {
      method: 'post',
      path: '/inbox/admin/send',
      result: answers.postInboxAdminSend,
      auth: admin,
      body: sendBody,
      refusals: { 'inbox.playerNotFound': 2001 },
      summary: 'Send a message to one player of the site, or site-wide (userId omitted)',
    },
    ({ actor, site, body }) =>
      sendMessage(actor, site, { userId: body.userId, title: body.title, content: body.content, category: body.category as InboxCategory }),
  ),
  endpoint(
    {
      method: 'get',
      path: '/inbox/admin/list',
      result: answers.getInboxAdminList,
      auth: admin,
      query: inboxQuery,
      summary: "The site's messages with raw locale maps, newest first",
    },
    ({ site, query }) => listMessages(site, { page: query.page, pageSize: query.pageSize, category: query.category as InboxCategory | undefined }),
  ),
  endpoint(
    {
      method: 'delete',
      path: '/inbox/admin/:id',
      result: answers.postInboxReadAll,
      auth: admin,
      params: idParams,
      refusals: { 'inbox.messageNotFound': 2001 },
      summary: 'Delete a message and its read records',
    },
    ({ actor, site, params }) => deleteMessage(actor, site, params.id),
  ),
];
