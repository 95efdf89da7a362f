import { InputError } from '../../errors';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../i18n/locales';

/** Phone numbers of the mobile verification: E.164 from what a player types, and matching it later. */

/** Calling code used when the request names no country: the one of the user's locale. */
const LOCALE_CALLING_CODE: Record<Locale, string> = { 'zh-TW': '886', 'en-US': '1', 'zh-CN': '86', 'th-TH': '66', 'vi-VN': '84' };

/** The calling code of a country label `<calling code>-<country name>` ("886-Taiwan", "+66-Thailand"), or null. */
export function callingCodeFromLabel(label: string): string | null {
  const head = label.split('-')[0].trim().replace(/^\+/, '');
  return /^\d{1,3}$/.test(head) ? head : null;
}

const SEPARATORS = /[\s\-().]/g;

/**
 * E.164 from a national number and a calling code: separators removed, one leading 0 dropped,
 * '+' + calling code + number. A number already starting with '+' is taken as international.
 * Null when the result is not a plausible E.164 number (digits only, at most 15).
 */
export function toE164(mobile: string, callingCode: string): string | null {
  const m = mobile.replace(SEPARATORS, '');
  if (/^\+\d{7,15}$/.test(m)) return m;
  if (!/^\d+$/.test(m)) return null;
  const national = m.replace(/^0/, '');
  const digits = `${callingCode}${national}`;
  if (national.length < 3 || digits.length > 15) return null;
  return `+${digits}`;
}

/** Whether the number given to check-verify-mobile is the pending one (national or international form). */
export function samePendingNumber(input: string, pending: string): boolean {
  const m = input.replace(SEPARATORS, '');
  if (m.startsWith('+')) return m === pending;
  if (!/^\d+$/.test(m)) return false;
  if (`+${m}` === pending) return true;
  const national = m.replace(/^0/, '');
  const callingCodeLength = pending.length - 1 - national.length;
  return national.length >= 3 && pending.endsWith(national) && callingCodeLength >= 1 && callingCodeLength <= 3;
}

export interface CountryInput {
  label?: string;
  icon?: string;
}

/** The E.164 number of a send-verify-mobile request; a bad number or label is a 400 naming the field. */
export function e164Of(mobile: string, country: CountryInput | undefined, locale: string): string {
  let callingCode: string | null;
  if (country?.label) {
    callingCode = callingCodeFromLabel(country.label);
    if (!callingCode) throw new InputError('country.label', 'must look like <calling code>-<country name>');
  } else {
    callingCode = LOCALE_CALLING_CODE[isLocale(locale) ? locale : DEFAULT_LOCALE];
  }
  const e164 = toE164(mobile, callingCode);
  if (!e164) throw new InputError('mobile', 'not a valid phone number');
  return e164;
}
