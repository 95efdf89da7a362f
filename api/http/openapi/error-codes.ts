import { LOCALES, type Locale } from '../../../shared/i18n/locales';
import { codeTexts, type Endpoint } from '../endpoint';

/** A business error code of an endpoint with its texts: those of the refusal it answers with that number. */
export interface CodeText {
  code: number;
  /** The en-US text; null when no refusal of the endpoint answers the number (a code it lists in `codes`). */
  message: string | null;
  messages: Partial<Record<Locale, string>>;
}

/** Codes below this are HTTP statuses (answered with that status); the others are business codes (HTTP 200). */
export const FIRST_BUSINESS_CODE = 1000;

/** The texts of `code` as the endpoint answers them (codeTexts: the first refusal of its map with that number). */
export function codeText(e: Endpoint, code: number): CodeText {
  const text = codeTexts(e.refusals).get(code);
  if (!text) return { code, message: null, messages: {} };
  const messages: Partial<Record<Locale, string>> = {};
  for (const locale of LOCALES) messages[locale] = text[locale];
  return { code, message: text['en-US'], messages };
}

/** A markdown list of business codes for an operation's description. */
export function codeList(codes: CodeText[]): string {
  return codes.map((c) => `- \`${c.code}\`: ${c.message ?? '(no text: no refusal of this endpoint answers it)'}`).join('\n');
}
