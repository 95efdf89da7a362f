import sanitizeHtml from 'sanitize-html';
import { mixed } from 'yup';
import { LOCALES, type LocaleText } from '../../shared/i18n/locales';
import { charCount, documentAs, localeMap } from './schema-helpers';

/**
 * Operator HTML shown to players (inbox content, promotion content): sanitized with an allow-list when it
 * is stored, here at the edge, by the schema that reads it. What is not on the list goes: <script>,
 * <style>, <iframe>, forms, every on* attribute, style attributes, javascript: and data: URLs. Text
 * around a removed tag stays; the contents of <script>, <style> and <textarea> go with the tag.
 */
const ALLOW: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img'],
  allowedAttributes: {
    a: ['href', 'name', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    '*': ['class'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // A link opening a new tab must not hand the opener to the page it opens.
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
};

/** The allow-listed form of operator HTML. */
export function sanitizeOperatorHtml(html: string): string {
  return sanitizeHtml(html, ALLOW);
}

/** Longest HTML text taken, in characters, before and after sanitizing. */
export const HTML_MAX_LENGTH = 20_000;

/** One HTML string in a JSON body: must be a string of at most `maxLength` characters; stored sanitized. */
export const htmlText = (maxLength = HTML_MAX_LENGTH) =>
  documentAs(mixed<string>(), { type: 'string', maxLength, description: 'HTML, stored sanitized' })
    .test(
      'html',
      `\${path} must be an HTML text of at most ${maxLength} characters`,
      (v) => v === undefined || (typeof v === 'string' && charCount(v) <= maxLength),
    )
    .transform((value: unknown) => (typeof value === 'string' && charCount(value) <= maxLength ? sanitizeOperatorHtml(value) : value));

/**
 * A locale map of HTML {"en-US": "<p>..</p>", ...}: keys from the five locales, string values of at
 * most `maxLength` characters (checked on what was sent), each stored sanitized.
 */
export const htmlLocaleMap = ({ maxLength = HTML_MAX_LENGTH, emptyMessage }: { maxLength?: number; emptyMessage?: string } = {}) =>
  localeMap<Partial<LocaleText>>({ locales: LOCALES, maxLength, emptyMessage }).transform((value: unknown) => {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, typeof v === 'string' && charCount(v) <= maxLength ? sanitizeOperatorHtml(v) : v]),
    );
  });
