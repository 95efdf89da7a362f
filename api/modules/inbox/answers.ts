import { array, bool, int, localeTexts, nothing, nullable, obj, oneOfValues, str } from '../../http/answer-schemas';

/**
 * The answers of the inbox endpoints (their `result`), as the API document shows them and the tests check them
 * (docs/architecture.md, "Where to add", an endpoint's answer).
 */

export const getInbox = obj({
  items: array(obj({
    id: int(),
    title: str(),
    content: str(),
    category: oneOfValues(['promo', 'system']),
    isRead: bool(),
    createdAt: str(),
  })),
  pagination: obj({ page: int(), pageSize: int(), total: int(), totalPages: int() }),
});

export const getInboxUnreadCount = obj({ unreadCount: int() });

export const postInboxReadAll = nothing;

export const postInboxAdminSend = obj({
  id: int(),
  userId: nullable(int()),
  title: localeTexts(),
  content: localeTexts(),
  category: oneOfValues(['promo', 'system']),
  createdAt: str(),
});

export const getInboxAdminList = obj({
  items: array(obj({
    id: int(),
    userId: nullable(int()),
    title: localeTexts(),
    content: localeTexts(),
    category: oneOfValues(['promo', 'system']),
    createdAt: str(),
  })),
  pagination: obj({ page: int(), pageSize: int(), total: int(), totalPages: int() }),
});
