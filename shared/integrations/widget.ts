import { createHash, createHmac } from 'node:crypto';
import { config } from '../config';
import { sameHexDigest } from './hex-digest';

/**
 * Messenger login widget (login-widget). The widget hands the browser the user's fields
 * plus `hash` = HMAC-SHA256(data-check-string, key = SHA-256(bot token)), hex. The data-check-string is
 * every received field except `hash`, as `key=value` lines sorted by key and joined by `\n`.
 */

/** Widget login data older than this is refused. */
export const WIDGET_AUTH_MAX_AGE_S = 300;
/** A login dated this far in the future is a clock problem we tolerate; beyond it the data is refused. */
export const WIDGET_AUTH_FUTURE_SKEW_S = 60;

export interface WidgetSettings {
  botToken: string;
  botUsername: string;
  /** The numeric part of the bot token before ':'. */
  botId: string;
}

/** The widget settings, or null when WIDGET_BOT_TOKEN is not set. */
export function widgetSettings(): WidgetSettings | null {
  const { botToken, botUsername } = config().integrations.widget;
  if (!botToken) return null;
  return { botToken, botUsername: botUsername ?? '', botId: botToken.split(':')[0] };
}

export type WidgetFieldValue = string | number | boolean;

/** `key=value` lines of every field except `hash` (and the names in `exclude`), sorted by key. */
export function dataCheckString(fields: Record<string, WidgetFieldValue>, exclude: readonly string[] = []): string {
  return Object.keys(fields)
    .filter((key) => key !== 'hash' && !exclude.includes(key))
    .sort()
    .map((key) => `${key}=${String(fields[key])}`)
    .join('\n');
}

/** The hash the widget would have sent for these fields. */
export function widgetHash(botToken: string, checkString: string): string {
  const key = createHash('sha256').update(botToken).digest();
  return createHmac('sha256', key).update(checkString).digest('hex');
}

/** The received hash against the expected one: the exact lowercase hex digest only, in constant time. */
export function widgetHashMatches(botToken: string, fields: Record<string, WidgetFieldValue>, hash: string, exclude: readonly string[] = []): boolean {
  return sameHexDigest(hash, widgetHash(botToken, dataCheckString(fields, exclude)));
}

/** auth_date (Unix seconds) is at most 5 minutes old and not in the future beyond a small clock skew. */
export function widgetAuthDateFresh(authDate: number, nowMs = Date.now()): boolean {
  const now = Math.floor(nowMs / 1000);
  return now - authDate <= WIDGET_AUTH_MAX_AGE_S && authDate - now <= WIDGET_AUTH_FUTURE_SKEW_S;
}
