import { bool, int, localeTexts, nothing, nullable, obj, oneOfValues, paged, str } from '../../http/answer-schemas';

/**
 * The answers of the inbox endpoints (their `result`), as the API document shows them and the tests check them
 * (docs/architecture.md, "Where to add", an endpoint's answer).
 */

const category = oneOfValues(['promo', 'system']);

export const getInbox = paged(obj({ id: int(), title: str(), content: str(), category, isRead: bool(), createdAt: str() }), 'items');

export const getInboxUnreadCount = obj({ unreadCount: int() });

export const postInboxReadAll = nothing;

/** A message as the administrators see it: every locale's title and content. */
export const postInboxAdminSend = obj({ id: int(), userId: nullable(int()), title: localeTexts(), content: localeTexts(), category, createdAt: str() });

export const getInboxAdminList = paged(postInboxAdminSend, 'items');
