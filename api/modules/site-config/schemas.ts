import { array, boolean, mixed, object, type AnyObjectSchema } from 'yup';
import { SITE_CODE_PATTERN } from '../../../shared/domain/common';
import { GAME_TYPE_CODES } from '../../../shared/domain/game';
import {
  canonicalTimeZones,
  isTimeZone,
  LIMIT_TYPES,
  MAX_INCREASE_DELAY_HOURS,
  REGISTER_FAIL_MODES,
  RISK_SETTING_RANGES,
  SELF_EXCLUSION_MONTHS,
} from '../../../shared/domain/site-config';
import { isLocale, LOCALES, type LocaleText } from '../../../shared/i18n/locales';
import {
  charCount,
  charString,
  documentAs,
  jsonId,
  jsonInteger,
  localeMap,
  moneyAmount,
  nonZeroMoneyAmount,
  positiveIdParam,
  text,
  zeroOrOne,
} from '../../http/schema-helpers';
import { settlementSettingsBody } from '../affiliate/admin-program-schemas';

/** Bodies and parameters of the site configuration endpoints. */

export { idParams } from '../../http/schema-helpers';
export const siteConfigIdParams = object({ siteConfigId: positiveIdParam('siteConfigId') });

// ---------------------------------------------------------------------------------------------------
// Colours

/** 0 to 255 in one to three digits (leading zeros allowed). */
const BYTE = '(?:0{0,2}\\d|0?[1-9]\\d|1\\d\\d|2[0-4]\\d|25[0-5])';
const ALPHA = '(?:0|1|0?\\.\\d{1,4}|1\\.0{1,4})';
const channels = (n: number) => Array.from({ length: n }, () => `\\s*${BYTE}\\s*`).join(',');
/** The one rule of a theme colour, also the API document's pattern: #rgb, #rgba, #rrggbb, #rrggbbaa, rgb(r, g, b), rgba(r, g, b, a). */
const COLOUR = new RegExp(`^(?:#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})|rgb\\(${channels(3)}\\)|rgba\\(${channels(3)},\\s*${ALPHA}\\s*\\))$`);

/** A CSS colour a theme may hold: #rgb, #rgba, #rrggbb, #rrggbbaa, rgb(r, g, b) or rgba(r, g, b, a) (0-255, alpha 0-1). */
export function isColour(value: unknown): boolean {
  return typeof value === 'string' && value.length <= 40 && COLOUR.test(value);
}

const colour = () =>
  documentAs(mixed<string>(), {
    type: 'string',
    maxLength: 40,
    pattern: COLOUR.source,
    description: 'A colour: #rgb, #rrggbb (#rgba, #rrggbbaa), rgb(r, g, b) or rgba(r, g, b, a)',
    examples: ['#1a2b3c'],
  })
    .test('colour', '${path} must be a colour: #rgb, #rrggbb (#rgba, #rrggbbaa), rgb(r, g, b) or rgba(r, g, b, a)', (v) => v === undefined || isColour(v))
    .required('${path} is required');

/** One colour group of a theme (all its colours required), absent unless given. */
const group = <K extends string>(keys: readonly K[]) =>
  object(Object.fromEntries(keys.map((k) => [k, colour()])) as Record<K, ReturnType<typeof colour>>).default(undefined);

const primary = () => group(['base', 'dark', 'light', 'glow'] as const);
const accent = () => group(['gold', 'info', 'violet', 'cyan', 'error'] as const);
const surface = () =>
  object({
    page: colour(),
    navbar: colour(),
    card: colour(),
    modal: colour(),
    sidebar: array()
      .of(colour())
      .typeError('${path} must be an array of colours')
      .min(1, '${path} must hold at least one colour')
      .max(10, '${path} must hold at most 10 colours')
      .required('${path} is required'),
  }).default(undefined);
const textColours = () => group(['primary', 'secondary', 'muted', 'hint'] as const);
const border = () => group(['subtle', 'default', 'strong'] as const);

// ---------------------------------------------------------------------------------------------------
// Themes

const THEME_ID = /^[A-Za-z0-9_-]{1,40}$/;
const themeId = () => text().matches(THEME_ID, '${path} must be 1 to 40 letters, digits, _ or -');
const themeName = () => localeMap<Partial<LocaleText>>({ locales: LOCALES, maxLength: 60, emptyMessage: 'must name the theme in at least one locale' });

export const createThemeBody = object({
  themeId: themeId().required('themeId is required'),
  themeName: themeName().required('themeName is required'),
  primary: primary().required('primary is required'),
  accent: accent().required('accent is required'),
  surface: surface().required('surface is required'),
  text: textColours().required('text is required'),
  border: border().required('border is required'),
  enabled: zeroOrOne(),
});

/** A partial theme: a colour group given is given whole. */
export const updateThemeBody = object({
  themeId: themeId(),
  themeName: themeName(),
  primary: primary(),
  accent: accent(),
  surface: surface(),
  text: textColours(),
  border: border(),
  enabled: zeroOrOne(),
});

// ---------------------------------------------------------------------------------------------------
// Site configs

const supportedLocales = () =>
  array()
    .of(
      documentAs(mixed<string>(), { type: 'string', enum: [...LOCALES] })
        .test('locale', `\${path} must be one of ${LOCALES.join(', ')}`, (v) => v === undefined || isLocale(v))
        .required(),
    )
    .typeError('${path} must be an array of locales')
    .min(1, '${path} must hold at least one locale')
    .max(LOCALES.length, `\${path} must hold at most ${LOCALES.length} locales`)
    .test('unique', '${path} must not repeat a locale', (v) => v === undefined || new Set(v).size === v.length);

const siteName = () => localeMap<Partial<LocaleText>>({ locales: LOCALES, maxLength: 100, emptyMessage: 'must name the site in at least one locale' });

export const updateSiteConfigBody = object({
  siteName: siteName(),
  siteDescription: localeMap<Partial<LocaleText>>({ locales: LOCALES, maxLength: 500 }),
  supportedLocales: supportedLocales(),
  activeThemeId: jsonId().nullable(),
  enabled: zeroOrOne(),
});

const siteCode = () => text().matches(SITE_CODE_PATTERN, '${path} must be 1 to 30 letters, digits, _ or -');

export const createSiteBody = object({
  siteCode: siteCode().required('siteCode is required'),
  siteName: siteName().required('siteName is required'),
  supportedLocales: supportedLocales().required('supportedLocales is required'),
  copyFrom: siteCode(),
  /** Only administrators bound to no site may give it (else 403); a name that is no profile is 2004. */
  jurisdiction: charString()
    .strict()
    .typeError('${path} must be a string')
    .min(1, '${path} must not be empty')
    .max(20, '${path} must be at most 20 characters'),
});

// ---------------------------------------------------------------------------------------------------
// Mascots

/**
 * A mascot's image (and the site's front-end URL): an absolute https URL of at most 500 characters,
 * without blanks, control characters, quotes, angle brackets or backslashes, since it lands in players'
 * pages as is.
 */
// eslint-disable-next-line no-control-regex -- control characters are what it refuses
const HTTPS_URL = /^https:\/\/[^\s\x00-\x1f\x7f"'`<>\\/][^\s\x00-\x1f\x7f"'`<>\\]*$/;
const HTTPS_URL_MAX = 500;
const HTTPS_URL_MESSAGE = `\${path} must be an absolute https URL of at most ${HTTPS_URL_MAX} characters, without spaces, quotes or angle brackets`;

/** What the API document says of such a URL: the same pattern and bound. */
const HTTPS_URL_JSON = { format: 'uri', pattern: HTTPS_URL.source, maxLength: HTTPS_URL_MAX, description: 'An absolute https URL' };

/** An absolute https URL that lands in players' pages as is (a mascot's image, the site's front end). */
function isHttpsUrl(value: string): boolean {
  if (charCount(value) > HTTPS_URL_MAX || !HTTPS_URL.test(value)) return false;
  try {
    return new URL(value).hostname !== '';
  } catch {
    return false;
  }
}

const mascotLabel = () =>
  documentAs(mixed<string | Partial<LocaleText>>(), {
    oneOf: [
      { type: 'string', minLength: 1, maxLength: 60, pattern: '\\S' },
      { type: 'object', minProperties: 1, propertyNames: { enum: [...LOCALES] }, additionalProperties: { type: 'string', minLength: 1, maxLength: 60 } },
    ],
  }).test('label', function (v: unknown) {
    if (typeof v === 'string')
      return (v.trim().length >= 1 && charCount(v) <= 60) || this.createError({ message: `${this.path} must be a text of 1 to 60 characters` });
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      const entries = Object.entries(v as Record<string, unknown>);
      const ok = entries.length > 0 && entries.every(([k, t]) => isLocale(k) && typeof t === 'string' && t.length >= 1 && charCount(t) <= 60);
      return ok || this.createError({ message: `${this.path} must map locales (${LOCALES.join(', ')}) to texts of 1 to 60 characters` });
    }
    return this.createError({ message: `${this.path} must be a text or a locale map` });
  });

export const mascotsBody = object({
  mascots: array()
    .of(
      object({
        id: text().matches(THEME_ID, '${path} must be 1 to 40 letters, digits, _ or -').required('${path} is required'),
        label: mascotLabel().required('${path} is required'),
        url: documentAs(charString(), HTTPS_URL_JSON)
          .strict()
          .test('url', HTTPS_URL_MESSAGE, (v) => v === undefined || isHttpsUrl(v))
          .required('${path} is required'),
      }),
    )
    .typeError('mascots must be an array of {id, label, url}')
    .min(1, "mascots must hold at least one mascot (the first is the new players' avatar)")
    .max(50, 'mascots must hold at most 50 mascots')
    .test('unique', 'mascots must not repeat an id', (v) => v === undefined || new Set(v.map((m) => m.id)).size === v.length)
    .required('mascots is required'),
});

// ---------------------------------------------------------------------------------------------------
// Site settings

/** Refuses (400 naming it) a key the object does not declare, instead of dropping it. */
function knownKeysOnly<S extends AnyObjectSchema>(schema: S): S {
  const keys = Object.keys(schema.fields);
  return schema.test('known', function () {
    const original: unknown = this.originalValue;
    if (!original || typeof original !== 'object' || Array.isArray(original)) return true;
    const unknown = Object.keys(original).find((k) => !keys.includes(k));
    if (unknown === undefined) return true;
    const path = this.path ? `${this.path}.${unknown}` : unknown;
    return this.createError({ path, message: `${path} is not a setting (known: ${keys.join(', ')})` });
  }) as S;
}

const HOST = /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;
/** A sender: `name@domain` or `Name <name@domain>`. */
const MAIL_FROM = /^(?:[^<>\r\n"]{0,100}<[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+)$/;
const strictBoolean = () => boolean().strict().typeError('${path} must be true or false');
const mailText = () => charString().strict().typeError('${path} must be a string').max(200, '${path} must be at most 200 characters');

/** The mail server; the password is write-only (shared/domain/site-config/mail-settings.ts). */
const mailSettings = () =>
  knownKeysOnly(
    object({
      host: mailText().matches(HOST, '${path} must be a host name (letters, digits, dots and hyphens)'),
      port: jsonInteger().min(1, '${path} must be 1 to 65535').max(65535, '${path} must be 1 to 65535'),
      secure: strictBoolean(),
      user: mailText().nullable(),
      password: mailText().nullable(),
      from: mailText().matches(MAIL_FROM, '${path} must be an address: name@domain or Name <name@domain>').nullable(),
    }),
  )
    .typeError('${path} must be an object or null')
    .nullable()
    .default(undefined);

/** The settlement settings, with the fields (and so the validation) of PATCH /affiliate/admin/settlement-settings. */
const affiliateSettings = () =>
  knownKeysOnly(object({ payingPeriod: settlementSettingsBody.fields.payingPeriod, negativeCarryOver: settlementSettingsBody.fields.negativeCarryOver }))
    .typeError('${path} must be an object')
    .default(undefined);

/** Player protection's settings (shared/domain/site-config/protection-settings.ts). */
const responsibleGamingSettings = () =>
  knownKeysOnly(
    object({
      // The document lists the canonical zone names of the server's time zone data; the server also takes their aliases (US/Eastern).
      timeZone: documentAs(
        charString()
          .strict()
          .typeError('${path} must be a string')
          .test('zone', '${path} must be an IANA time zone such as Europe/Malta', (v) => v === undefined || isTimeZone(v)),
        { type: 'string', enum: canonicalTimeZones() },
      ),
      increaseDelayHours: jsonInteger()
        .min(0, `\${path} must be 0 to ${MAX_INCREASE_DELAY_HOURS}`)
        .max(MAX_INCREASE_DELAY_HOURS, `\${path} must be 0 to ${MAX_INCREASE_DELAY_HOURS}`),
      minimumExclusionMonths: jsonInteger().oneOf([...SELF_EXCLUSION_MONTHS], `\${path} must be one of ${SELF_EXCLUSION_MONTHS.join(', ')}`),
      // Seconds a due reality check may stay unacknowledged before bets are refused; the profile's longest is a business refusal.
      realityCheckGraceSeconds: jsonInteger().min(0, '${path} must be 0 to 86400').max(86400, '${path} must be 0 to 86400'),
      requiredLimits: documentAs(
        array()
          .of(
            mixed<string>()
              .test('type', `\${path} must be one of ${LIMIT_TYPES.join(', ')}`, (v) => (LIMIT_TYPES as readonly unknown[]).includes(v))
              .required(),
          )
          .typeError('${path} must be an array of limit types')
          .max(LIMIT_TYPES.length, `\${path} must hold at most ${LIMIT_TYPES.length} limit types`)
          .test('unique', '${path} must not repeat a type', (v) => v === undefined || new Set(v).size === v.length),
        { type: 'array', items: { type: 'string', enum: [...LIMIT_TYPES] }, uniqueItems: true, maxItems: LIMIT_TYPES.length },
      ),
    }),
  )
    .typeError('${path} must be an object')
    .default(undefined);

export const MINIMUM_AGE_RANGE = { min: 16, max: 99 } as const;

/** The KYC settings (shared/domain/site-config/kyc-settings.ts): USD amounts, T3 not below T2 when both are sent. */
const kycSettings = () =>
  documentAs(
    knownKeysOnly(
      object({
        withdrawalAboveUsd: moneyAmount(),
        depositLevel2AboveUsd: moneyAmount(),
        depositLevel3AboveUsd: moneyAmount(),
        documentValidityDays: jsonInteger().min(1, '${path} must be 1 to 3650').max(3650, '${path} must be 1 to 3650'),
      }),
    )
      .typeError('${path} must be an object')
      .test(
        'order',
        'kyc.depositLevel3AboveUsd must not be below kyc.depositLevel2AboveUsd',
        (v) => !v?.depositLevel2AboveUsd || !v.depositLevel3AboveUsd || Number(v.depositLevel3AboveUsd) >= Number(v.depositLevel2AboveUsd),
      )
      .default(undefined),
    { description: 'depositLevel3AboveUsd must not be below depositLevel2AboveUsd when both are sent (a 400)' },
  );

const GAME_TYPE_CODE_TEXTS = GAME_TYPE_CODES.map(String);

/**
 * The bonus settings (shared/domain/site-config/bonus-settings.ts): contributionWeights by game type code,
 * each an integer percent 0 to 100; forfeitOnWithdrawal a boolean.
 */
const bonusSettings = () =>
  knownKeysOnly(
    object({
      contributionWeights: documentAs(
        mixed<Record<string, number>>()
          .test(
            'object',
            '${path} must be an object of game type codes to percents',
            (v) => v === undefined || (typeof v === 'object' && v !== null && !Array.isArray(v)),
          )
          .test(
            'types',
            `\${path} keys must be game type codes (${GAME_TYPE_CODE_TEXTS.join(', ')})`,
            (v) => v === undefined || v === null || typeof v !== 'object' || Object.keys(v).every((k) => GAME_TYPE_CODE_TEXTS.includes(k)),
          )
          .test(
            'weights',
            '${path} values must be integers from 0 to 100',
            (v) =>
              v === undefined ||
              v === null ||
              typeof v !== 'object' ||
              Object.values(v).every((w) => typeof w === 'number' && Number.isInteger(w) && w >= 0 && w <= 100),
          ),
        {
          type: 'object',
          propertyNames: { enum: GAME_TYPE_CODE_TEXTS },
          additionalProperties: { type: 'integer', minimum: 0, maximum: 100 },
          description: 'Game type code -> the percent of a stake that counts towards wagering (100 for a type not listed)',
        },
      ),
      forfeitOnWithdrawal: strictBoolean(),
    }),
  )
    .typeError('${path} must be an object')
    .default(undefined);

/** The live events' settings (shared/domain/site-config/event-settings.ts): largeWin a money amount above 0, or null for the deployment's. */
const eventSettings = () =>
  knownKeysOnly(object({ largeWin: nonZeroMoneyAmount().nullable() }))
    .typeError('${path} must be an object')
    .default(undefined);

/**
 * The linked-player settings (shared/domain/site-config/risk-settings.ts): scope a name of 1 to 30
 * characters without control characters, sharedSignalCap and queueThreshold integers in their ranges,
 * oneOfferPerPerson a boolean.
 */
const riskSettings = () => {
  const r = RISK_SETTING_RANGES;
  return knownKeysOnly(
    object({
      scope: charString()
        .strict()
        .typeError('${path} must be a string')
        .min(1)
        .max(r.scope.max)
        .matches(/^[^\p{C}]+$/u, '${path} must not contain control characters'),
      sharedSignalCap: jsonInteger().min(r.sharedSignalCap.min).max(r.sharedSignalCap.max),
      queueThreshold: jsonInteger().min(r.queueThreshold.min).max(r.queueThreshold.max),
      oneOfferPerPerson: strictBoolean(),
    }),
  )
    .typeError('${path} must be an object')
    .default(undefined);
};

/** The national register check (risk-settings.ts): enabled a boolean, failMode closed or open. */
const nationalRegisterSettings = () =>
  knownKeysOnly(
    object({
      enabled: strictBoolean(),
      failMode: documentAs(mixed<(typeof REGISTER_FAIL_MODES)[number]>(), { type: 'string', enum: [...REGISTER_FAIL_MODES] }).test(
        'one-of',
        `\${path} must be one of ${REGISTER_FAIL_MODES.join(', ')}`,
        (v) => v === undefined || (REGISTER_FAIL_MODES as readonly unknown[]).includes(v),
      ),
    }),
  )
    .typeError('${path} must be an object')
    .default(undefined);

/** PATCH /site-config/admin/:id/settings: the fields to change, at least one; unknown fields are refused. */
export const siteSettingsBody = knownKeysOnly(
  object({
    welcomeRegistration: strictBoolean(),
    email: mailSettings(),
    frontendUrl: documentAs(charString(), HTTPS_URL_JSON)
      .strict()
      .typeError('${path} must be a string or null')
      .test('url', HTTPS_URL_MESSAGE, (v) => v == null || isHttpsUrl(v))
      .nullable(),
    affiliate: affiliateSettings(),
    responsibleGaming: responsibleGamingSettings(),
    minimumAge: jsonInteger()
      .min(MINIMUM_AGE_RANGE.min, `\${path} must be ${MINIMUM_AGE_RANGE.min} to ${MINIMUM_AGE_RANGE.max}`)
      .max(MINIMUM_AGE_RANGE.max, `\${path} must be ${MINIMUM_AGE_RANGE.min} to ${MINIMUM_AGE_RANGE.max}`),
    kyc: kycSettings(),
    bonus: bonusSettings(),
    events: eventSettings(),
    risk: riskSettings(),
    nationalRegister: nationalRegisterSettings(),
  }),
).test('some', 'give at least one setting', (v) => Object.values(v ?? {}).some((x) => x !== undefined));

/** PUT /site-config/admin/:id/jurisdiction: the profile's name (a name that is no profile is refused 2002). */
export const jurisdictionBody = object({
  profile: charString()
    .strict()
    .typeError('${path} must be a string')
    .min(1, '${path} is required')
    .max(20, '${path} must be at most 20 characters')
    .required(),
}).required();
