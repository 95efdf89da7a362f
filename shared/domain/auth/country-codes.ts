import { COUNTRIES } from '../../i18n/countries';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../i18n/locales';
import { cache } from '../../redis';

/** The calling-code list (country-codes), named in the language of the i18n_redirected cookie. */

export const COUNTRY_CODES_TTL_S = 24 * 3600;
export const countryCodesKey = (locale: Locale) => `cache:country-codes:${locale}`;

export interface CountryCodeView {
  country: string;
  callingCode: string;
  name: string;
}

const LANGUAGE_FALLBACK: Record<string, Locale> = { en: 'en-US', th: 'th-TH', vi: 'vi-VN', zh: 'zh-TW' };

/**
 * The language of the `i18n_redirected` cookie: one of the five locales (any letter case, `_` or `-`),
 * else by language (`en` -> en-US, `zh-Hans` / `zh-CN` -> zh-CN, other `zh` -> zh-TW); default zh-TW.
 */
export function countryLanguage(value: unknown): Locale {
  if (typeof value !== 'string' || value.length > 35) return DEFAULT_LOCALE;
  const wanted = value.trim().replace(/_/g, '-').toLowerCase();
  const exact = LOCALES.find((l) => l.toLowerCase() === wanted);
  if (exact) return exact;
  if (/^zh-(hans|cn|sg)\b/.test(wanted)) return 'zh-CN';
  return LANGUAGE_FALLBACK[wanted.split('-')[0]] ?? DEFAULT_LOCALE;
}

function buildCountryCodes(locale: Locale): CountryCodeView[] {
  const collator = new Intl.Collator(locale);
  return COUNTRIES.map((c) => ({ country: c.country, callingCode: c.callingCode, name: c.names[locale] })).sort((a, b) => collator.compare(a.name, b.name));
}

/** GET /auth/country-codes: names in the language, sorted by name; cached 24 hours per language. */
export async function countryCodes(locale: Locale): Promise<CountryCodeView[]> {
  const key = countryCodesKey(locale);
  try {
    const cached = await cache().get(key);
    if (cached) return JSON.parse(cached) as CountryCodeView[];
  } catch {
    // cache unavailable: build the list
  }
  const list = buildCountryCodes(locale);
  await cache()
    .set(key, JSON.stringify(list), 'EX', COUNTRY_CODES_TTL_S)
    .catch(() => undefined);
  return list;
}
