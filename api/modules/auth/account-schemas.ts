import { object } from 'yup';
import { isReservedAccount, mixesLookAlikeScripts } from '../../../shared/domain/auth';
import { LOCALES } from '../../../shared/i18n/locales';
import { documentAs, exactString as exact, text } from '../../http/schema-helpers';
import { totpCodeField } from './totp-schemas';

/**
 * Request schemas of the account endpoints. Fields are strictly strings: a number, boolean
 * or object where a string is expected is a 400 naming the field (yup would otherwise turn 123456 into
 * "123456"). Text fields are trimmed; passwords are taken exactly as sent.
 */

const NO_SPACE_OR_CONTROL = /^[^\s\p{C}]+$/u;

const account = () => text().required().min(1).max(50).matches(NO_SPACE_OR_CONTROL, { message: 'account must not contain spaces or control characters' });

/**
 * A new account: not one of the names third-party logins create (`oauth_<sub>`, `widget_<id>`, in any
 * case or width), and not mixing Latin, Greek and Cyrillic letters (shared/domain/auth/account-names.ts).
 */
export const registerBody = object({
  account: account()
    .test('not-reserved', 'account must not start with oauth_ or widget_', (v) => !v || !isReservedAccount(v))
    .test('one-script', 'account must not mix Latin, Greek and Cyrillic letters', (v) => !v || !mixesLookAlikeScripts(v)),
  password: exact().required().min(6).max(128),
  name: text().required().min(1).max(50),
  /** An agentCode (up to 20) or a referral code (up to 30). */
  refCode: text().max(30).nullable().optional(),
  device: text().max(255).nullable().optional(),
});

export const loginBody = object({
  account: text().required().max(50),
  password: exact().required().min(6).max(128),
  device: text().max(255).nullable().optional(),
  totpCode: totpCodeField(),
});

/** POST /auth/close-account: the password, or an authenticator code (an account with one), or both. */
export const closeAccountBody = object({
  password: exact().max(128).nullable().optional(),
  totpCode: totpCodeField(),
}).test('confirmed', 'give password or totpCode', (v) => Boolean(v?.password) || Boolean(v?.totpCode));

/** `related=loginLogs` (the LOGIN_LOG value of AUTH_ENUM.RELATED is accepted too); comma-separated. */
export const RELATED_LOGIN_LOGS = ['loginLogs', 'LOGIN_LOG'] as const;
export const userDetailQuery = object({
  related: documentAs(text().max(100).optional(), {
    type: 'string',
    maxLength: 100,
    pattern: '^\\s*(loginLogs|LOGIN_LOG)\\s*(,\\s*(loginLogs|LOGIN_LOG)\\s*)*$',
    description: 'loginLogs (or LOGIN_LOG), comma-separated',
  }).test('known-related', `related must be ${RELATED_LOGIN_LOGS.join(' or ')}`, (v) =>
    !v ? true : v.split(',').every((part) => (RELATED_LOGIN_LOGS as readonly string[]).includes(part.trim())),
  ),
});

/** Any string reaches the rule, which answers 2001 for an unsupported locale; the document lists the supported ones. */
export const localeBody = object({
  locale: documentAs(text().required().max(20), {
    type: 'string',
    enum: [...LOCALES],
    description: 'A supported locale; another string is business code 2001',
  }),
});

/** Any string reaches the rule, which answers 2001 for an id not in the mascot list. */
export const avatarBody = object({
  mascotId: text().required().max(100),
});
