import type { InboxCategory } from '../../db/models/inbox';
import { pickText, type Locale, type LocaleText } from '../../i18n/locales';

/** Inbox messages as players and administrators see them. */

export const INBOX_CATEGORIES: readonly InboxCategory[] = ['system', 'promo'];

export interface StoredMessage {
  id: string | number;
  userId: number | null;
  title: Partial<LocaleText>;
  content: Partial<LocaleText>;
  category: InboxCategory;
  createdAt: Date | string;
}

/** A player's message: title and content in the request locale, isRead for that player. */
export interface PlayerMessageView {
  id: number;
  title: string;
  content: string;
  category: InboxCategory;
  isRead: boolean;
  createdAt: Date | string;
}

/** An administrator's message: raw locale maps and the addressee (null = site-wide). */
export interface AdminMessageView {
  id: number;
  userId: number | null;
  title: Partial<LocaleText>;
  content: Partial<LocaleText>;
  category: InboxCategory;
  createdAt: Date | string;
}

export function playerMessageView(m: StoredMessage & { isRead: boolean }, locale: Locale): PlayerMessageView {
  return {
    id: Number(m.id),
    title: pickText(m.title, locale),
    content: pickText(m.content, locale),
    category: m.category,
    isRead: Boolean(m.isRead),
    createdAt: m.createdAt,
  };
}

export function adminMessageView(m: StoredMessage): AdminMessageView {
  return {
    id: Number(m.id),
    userId: m.userId === null ? null : Number(m.userId),
    title: m.title,
    content: m.content,
    category: m.category,
    createdAt: m.createdAt,
  };
}
