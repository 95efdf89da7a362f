import { LOGIN_LOG_ACTIONS, LOGIN_LOG_ACTION_LABELS } from '../../i18n/enum-labels';
import type { Locale } from '../../i18n/locales';
import { errorCodesFor } from '../../i18n/messages';
import { cache } from '../../redis';

export const ENUMS_TTL_S = 3600;

function buildEnums(locale: Locale) {
  const actions = Object.fromEntries(LOGIN_LOG_ACTIONS.map((a) => [a, LOGIN_LOG_ACTION_LABELS[a][locale]]));
  return {
    AUTH_ENUM: { RELATED: { LOGIN_LOG: 'LOGIN_LOG' }, LOGIN_LOG: { ACTION: actions } },
    ERROR_CODES: errorCodesFor(locale),
  };
}

export type Enums = ReturnType<typeof buildEnums>;

/** GET /common/enums: built from the one error table, cached one hour per language. */
export async function enumsFor(locale: Locale): Promise<Enums> {
  const key = `cache:enums:${locale}`;
  try {
    const cached = await cache().get(key);
    if (cached) return JSON.parse(cached) as Enums;
  } catch {
    // cache unavailable: build it
  }
  const enums = buildEnums(locale);
  cache()
    .set(key, JSON.stringify(enums), 'EX', ENUMS_TTL_S)
    .catch(() => undefined);
  return enums;
}
