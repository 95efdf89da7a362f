import { ERROR_TEXTS } from './error-texts';
import { LOCALES, type Locale } from './locales';

/**
 * The one error table: (path template, code) -> text per locale. Refusal messages and the
 * ERROR_CODES of GET /common/enums both read it, so they cannot disagree. Generic codes (400, 401,
 * 403, 404, 413, 429, 500, 503) live under path '*'.
 */
const byKey = new Map<string, (typeof ERROR_TEXTS)[number]>();
for (const entry of ERROR_TEXTS) byKey.set(`${entry.path} ${entry.code}`, entry);

export function errorMessage(pathTemplate: string, code: number, locale: Locale): string | undefined {
  const entry = byKey.get(`${pathTemplate} ${code}`) ?? byKey.get(`* ${code}`);
  return entry?.text[locale];
}

export function hasErrorText(pathTemplate: string, code: number): boolean {
  return byKey.has(`${pathTemplate} ${code}`);
}

/** The codes the table holds under one path template, ascending (the API document lists them). */
export function errorCodesUnder(pathTemplate: string): number[] {
  return ERROR_TEXTS.filter((entry) => entry.path === pathTemplate).map((entry) => entry.code).sort((a, b) => a - b);
}

/** ERROR_CODES of GET /common/enums: path -> code -> localized text. */
export function errorCodesFor(locale: Locale): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  for (const entry of ERROR_TEXTS) {
    (out[entry.path] ??= {})[String(entry.code)] = entry.text[locale];
  }
  return out;
}

export { LOCALES };
