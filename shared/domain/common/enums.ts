import { LOGIN_LOG_ACTIONS, LOGIN_LOG_ACTION_LABELS } from '../../i18n/enum-labels';
import type { Locale } from '../../i18n/locales';
import { cache } from '../../redis';

export const ENUMS_TTL_S = 3600;

/** ERROR_CODES: path template (with /api) -> code -> text; the API builds it from its endpoints' refusal maps. */
export type ErrorCodes = Record<string, Record<string, string>>;

function buildEnums(locale: Locale, errorCodes: ErrorCodes) {
  const actions = Object.fromEntries(LOGIN_LOG_ACTIONS.map((a) => [a, LOGIN_LOG_ACTION_LABELS[a][locale]]));
  return {
    AUTH_ENUM: { RELATED: { LOGIN_LOG: 'LOGIN_LOG' }, LOGIN_LOG: { ACTION: actions } },
    ERROR_CODES: errorCodes,
  };
}

export type Enums = ReturnType<typeof buildEnums>;

/** GET /common/enums: the enums with the error texts `errorCodes` builds on a miss, cached one hour per language. */
export async function enumsFor(locale: Locale, errorCodes: () => ErrorCodes): Promise<Enums> {
  const key = `cache:enums:${locale}`;
  try {
    const cached = await cache().get(key);
    if (cached) return JSON.parse(cached) as Enums;
  } catch {
    // cache unavailable: build it
  }
  const enums = buildEnums(locale, errorCodes());
  cache()
    .set(key, JSON.stringify(enums), 'EX', ENUMS_TTL_S)
    .catch(() => undefined);
  return enums;
}
