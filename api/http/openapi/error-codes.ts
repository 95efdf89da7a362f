import { LOCALES, type Locale } from '../../../shared/i18n/locales';
import { errorMessage } from '../../../shared/i18n/messages';

/** A business error code of an endpoint with its texts from the one error table (shared/i18n/messages.ts). */
export interface CodeText {
  code: number;
  /**
   * The en-US text; null when the table has none under this path (the error then names its own path's
   * text, or answers its English detail).
   */
  message: string | null;
  messages: Partial<Record<Locale, string>>;
}

/** Codes below this are HTTP statuses (answered with that status); the others are business codes (HTTP 200). */
export const FIRST_BUSINESS_CODE = 1000;

/** The texts of `code` under the endpoint's path template (`/api` + its path), as the error mapper finds them. */
export function codeText(template: string, code: number): CodeText {
  const messages: Partial<Record<Locale, string>> = {};
  for (const locale of LOCALES) {
    const text = errorMessage(template, code, locale);
    if (text !== undefined) messages[locale] = text;
  }
  return { code, message: messages['en-US'] ?? null, messages };
}

/** A markdown list of business codes for an operation's description. */
export function codeList(codes: CodeText[]): string {
  return codes.map((c) => `- \`${c.code}\`: ${c.message ?? '(no text under this path in the error table)'}`).join('\n');
}
