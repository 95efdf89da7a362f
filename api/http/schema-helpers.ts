import Decimal from 'decimal.js';
import { defaultLocale, mixed, number, object, StringSchema, type Message, type Reference } from 'yup';
import { MAX_MONEY, moneyAmountOf, type MoneyAmountRules } from '../../shared/domain/wallet';

/**
 * The small yup building blocks the request schemas of api/modules share. Two families:
 * - query and path helpers, which take the strings Express parses from the URL;
 * - JSON body helpers, which keep the JSON type (a number where a string is expected, or the reverse,
 *   is a 400 naming the field, never silently converted).
 */

// ---------------------------------------------------------------------------------------------------
// The API document

/**
 * The JSON Schema the API document shows for a field whose rule is a custom test (a `mixed()`, a
 * date, a colour): yup's description cannot say it, so the field says it (api/http/openapi/schemas.ts
 * reads it). `nullable()` on the field adds null.
 */
export const documentAs = <S extends { meta: (meta: Record<string, unknown>) => S }>(schema: S, jsonSchema: Record<string, unknown>): S =>
  schema.meta({ jsonSchema });

// ---------------------------------------------------------------------------------------------------
// Strings

/**
 * A string's length in characters (code points), as Postgres counts VARCHAR(n): three emoji are 3
 * long, not the 6 UTF-16 units of `.length`. Every string limit of a request counts this way.
 */
export function charCount(value: string): number {
  let pairs = 0;
  for (let i = 0; i < value.length - 1; i++) {
    const unit = value.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        pairs++;
        i++;
      }
    }
  }
  return value.length - pairs;
}

const stringLocale = () => defaultLocale.string!;

/**
 * yup's string with `min`, `max` and `length` counting characters (charCount), under yup's own test
 * names and messages.
 */
export class CharStringSchema extends StringSchema {
  override length(length: number | Reference<number>, message: Message<{ length: number }> = stringLocale().length!): this {
    return this.test({
      message,
      name: 'length',
      exclusive: true,
      params: { length },
      skipAbsent: true,
      test(value) {
        return charCount(value as string) === this.resolve(length);
      },
    });
  }

  override min(min: number | Reference<number>, message: Message<{ min: number }> = stringLocale().min!): this {
    return this.test({
      message,
      name: 'min',
      exclusive: true,
      params: { min },
      skipAbsent: true,
      test(value) {
        return charCount(value as string) >= this.resolve(min);
      },
    });
  }

  override max(max: number | Reference<number>, message: Message<{ max: number }> = stringLocale().max!): this {
    return this.test({
      message,
      name: 'max',
      exclusive: true,
      params: { max },
      skipAbsent: true,
      test(value) {
        return charCount(value as string) <= this.resolve(max);
      },
    });
  }
}

/**
 * yup's `string()` whose length limits count characters (charCount). Every request string is built on
 * it (the helpers below included), so the rule is written once.
 */
export const charString = () => new CharStringSchema();

/**
 * A trimmed string; unlike yup's `.trim()` it leaves a non-string (an array from a repeated query
 * parameter, an object in a body) alone, so the type check answers 400 instead of the trim throwing.
 * yup's string cast still turns a number into a string first: use `text()` for JSON bodies. The
 * `trimmed` mark tells the API document that a non-empty one needs a character that is not blank.
 */
export const trimmed = () =>
  charString()
    .meta({ trimmed: true })
    .transform((value: unknown) => (typeof value === 'string' ? value.trim() : value));

/** An empty value (`?status=`) counts as absent, as filter forms send them. */
export const blankAsAbsent = (value: unknown) => (value === '' ? undefined : value);

/** A trimmed query parameter where an empty (or all-blank) value counts as absent. */
export const queryText = () => trimmed().transform(blankAsAbsent);

/** A trimmed JSON string that keeps its JSON type: a number, object or array is a 400, not converted. */
export const text = () =>
  charString()
    .meta({ trimmed: true })
    .transform((_value: unknown, original: unknown) => (typeof original === 'string' ? original.trim() : original));

/** A JSON string taken exactly as sent (not trimmed, not converted), e.g. a password. */
export const exactString = () => charString().transform((_value: unknown, original: unknown) => original);

/** A password of at least 6 characters, taken exactly as sent; bcrypt reads at most 72 bytes, so a longer one would be cut silently. */
export const bcryptPassword = () =>
  exactString()
    .min(6)
    .test('bytes', '${path} must be at most 72 bytes', (v) => v === undefined || Buffer.byteLength(v, 'utf8') <= 72);

// ---------------------------------------------------------------------------------------------------
// Numbers

/** The largest INTEGER (and SERIAL id) Postgres stores. */
export const INT_MAX = 2_147_483_647;
/** The largest BIGINT (BIGSERIAL id) the API takes: a JSON number is exact only up to 2^53 - 1, below BIGINT's bound. */
export const BIGINT_MAX = Number.MAX_SAFE_INTEGER;

/** `false` keeps yup's own type-error message. */
export interface TypeErrorOption {
  typeError?: string | false;
}

/** The column an integer is stored in: INTEGER (default) or BIGINT; bounds the values taken. */
export interface IntegerColumnOption {
  column?: 'integer' | 'bigint';
}

const maxOf = (column: IntegerColumnOption['column'] = 'integer') => (column === 'bigint' ? BIGINT_MAX : INT_MAX);

/**
 * An integer that keeps its JSON type: a string where an integer is expected is a 400. The type error
 * reads `${path} must be an integer` unless `typeError` says otherwise (`false`: yup's own message).
 * Bounded to what its column holds (`column`, INTEGER unless told), so `1e308` is a 400, never a
 * database error.
 */
export const jsonInteger = ({ typeError = '${path} must be an integer', column }: TypeErrorOption & IntegerColumnOption = {}) => {
  const base = number().transform((value: unknown, original: unknown) => (typeof original === 'number' ? value : original));
  const max = maxOf(column);
  return (typeError === false ? base : base.typeError(typeError))
    .integer()
    .min(-max, `\${path} must be at least ${-max}`)
    .max(max, `\${path} must be at most ${max}`);
};

/** A positive integer id in a JSON body (INTEGER unless `column` says BIGINT): 1 to the column's largest value. */
export const jsonId = (options: TypeErrorOption & IntegerColumnOption = {}) =>
  jsonInteger({ typeError: '${path} must be a positive integer', ...options }).min(1, '${path} must be a positive integer');

/** A JSON number, exactly: `"5"` is refused with `${path} must be a number`. */
export const jsonNumber = () =>
  number()
    .transform((value: unknown, original: unknown) => (typeof original === 'number' ? value : NaN))
    .typeError('${path} must be a number');

/** A sort order: an integer from -1e9 to 1e9. */
export const sortOrder = (options?: TypeErrorOption) => jsonInteger(options).min(-1_000_000_000).max(1_000_000_000);

/** A 0/1 flag (enabled, status). */
export const zeroOrOne = (options?: TypeErrorOption) => jsonInteger(options).oneOf([0, 1], '${path} must be 0 or 1');

/** Digits only (surrounding blanks allowed when `blanks`), and no more of them than the largest value has. */
const digitsUpTo = (max: number, blanks: boolean) => {
  const space = blanks ? '\\s*' : '';
  return new RegExp(`^${space}\\d{1,${String(max).length}}${space}$`);
};

/**
 * A non-negative integer query parameter (surrounding blanks allowed) of at most what its column holds
 * (`column`, INTEGER unless told); an empty value counts as absent. The type error reads `${path} must
 * be a positive integer` unless `typeError` says otherwise (`false`: yup's own message).
 */
export const queryInt = ({ typeError = '${path} must be a positive integer', column }: TypeErrorOption & IntegerColumnOption = {}) => {
  const max = maxOf(column);
  const digits = digitsUpTo(max, true);
  const base = number().transform((value: number, original: unknown) => {
    if (original === '') return undefined;
    return typeof original === 'string' && digits.test(original) ? value : NaN;
  });
  return (typeError === false ? base : base.typeError(typeError)).integer().max(max, `\${path} must be at most ${max}`);
};

// ---------------------------------------------------------------------------------------------------
// Money

/** The API document's schema of a money amount in a request: a decimal string or a JSON number; `notZero`: 0 refused too. */
export function moneyJsonSchema(rules: MoneyAmountRules = {}, notZero = false): Record<string, unknown> {
  // The largest JSON number below the bound that a double holds exactly enough (999999999999.999999 rounds up to 1e12).
  const max = 999999999999.99;
  const sign = rules.signed ? '[+-]?' : '';
  const what = rules.signed ? (notZero ? 'signed, not zero, ' : 'signed, ') : notZero ? 'above 0, ' : 'not negative, ';
  return {
    type: ['string', 'number'],
    pattern: `^${notZero ? `(?!${sign}0*(\\.0*)?$)` : ''}${sign}\\d{1,12}(\\.\\d{1,6})?$`,
    ...(rules.signed ? { minimum: -max } : notZero ? { exclusiveMinimum: 0 } : { minimum: 0 }),
    ...(rules.signed && notZero ? { not: { const: 0 } } : {}),
    maximum: max,
    description: `A money amount: a decimal string or a JSON number, at most 6 decimals, ${what}at most ${MAX_MONEY.toFixed(6)} in size`,
    examples: ['100.50'],
  };
}

/**
 * A money amount as a decimal string or a JSON number, bounded to what a money column (NUMERIC(18,6))
 * holds: at most 6 decimals and at most 999999999999.999999 in size (the wallet's moneyAmountOf), not
 * negative unless `signed`. Comes out as its plain decimal string (never a float); anything else is a
 * 400 naming the field.
 */
export const moneyAmount = (rules: MoneyAmountRules = {}) =>
  documentAs(mixed<string>(), moneyJsonSchema(rules))
    .transform((_value: unknown, original: unknown) => (original === undefined || original === null ? original : (moneyAmountOf(original, rules) ?? original)))
    .test('money', function (value: unknown) {
      if (value === undefined || value === null) return true;
      if (typeof value === 'string' && moneyAmountOf(value, rules) === value) return true;
      const sign = rules.signed ? 'a signed' : 'a non-negative';
      return this.createError({
        message: `${this.path} must be ${sign} decimal (string or number) with at most 6 decimals, at most ${MAX_MONEY.toFixed(6)} in size`,
      });
    });

/**
 * A money amount that must not be 0: above 0 (an order, a reward, a threshold), or, `signed`, either
 * way but not 0 (an adjustment). The document says so (moneyJsonSchema), so a client never sends a 0
 * the document allows.
 */
export const nonZeroMoneyAmount = (rules: MoneyAmountRules = {}) =>
  documentAs(moneyAmount(rules), moneyJsonSchema(rules, true)).test(
    'not-zero',
    rules.signed ? '${path} must not be zero' : '${path} must be greater than 0',
    (v) => v === undefined || v === null || Number(v) !== 0,
  );

/**
 * A percentage 0 to 100 (NUMERIC(5,2): a rebate rate, a commission rate) as a decimal string or a JSON
 * number, at most 2 decimals; comes out as its decimal string. The document states the bound in the
 * string's pattern too (a string is not compared with `maximum`).
 */
const PERCENT = /^(100(\.0{1,2})?|\d{1,2}(\.\d{1,2})?)$/;
export const percentAmount = () =>
  documentAs(mixed<string>(), {
    type: ['string', 'number'],
    pattern: PERCENT.source,
    minimum: 0,
    maximum: 100,
    description: 'A percentage: a decimal string or a JSON number, 0 to 100, at most 2 decimals',
  })
    .transform((_value: unknown, original: unknown) => (typeof original === 'number' && Number.isFinite(original) ? new Decimal(original).toFixed() : original))
    .test(
      'percent',
      '${path} must be 0 to 100 with at most 2 decimals (a decimal string or a JSON number)',
      (v) => v === undefined || (typeof v === 'string' && PERCENT.test(v)),
    );

/**
 * A multiplier (NUMERIC(10,2)) as a decimal string or a JSON number: not negative, at most 8 integer
 * digits and 2 decimals; comes out as its decimal string.
 */
const MULTIPLIER = /^\d{1,8}(\.\d{1,2})?$/;
export const multiplierAmount = () =>
  documentAs(charString(), {
    type: ['string', 'number'],
    pattern: MULTIPLIER.source,
    minimum: 0,
    maximum: 99999999.99,
    description: 'A decimal string or a JSON number, at most 2 decimals',
  })
    .transform((_value: unknown, original: unknown) => (typeof original === 'number' && Number.isFinite(original) ? String(original) : original))
    .typeError('${path} must be a decimal number')
    .matches(MULTIPLIER, '${path} must be a non-negative number with at most 2 decimals');

// ---------------------------------------------------------------------------------------------------
// Paging

export const PAGE_SIZE_MAX = 50;

/** `page` (default 1) and `pageSize` (1..50, default `defaultPageSize`, 10 unless told) query fields. */
export const pagingFields = (defaultPageSize = 10, options?: TypeErrorOption) => ({
  page: queryInt(options).min(1).default(1),
  pageSize: queryInt(options).min(1).max(PAGE_SIZE_MAX).default(defaultPageSize),
});

// ---------------------------------------------------------------------------------------------------
// Dates

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/**
 * Exactly the real days `YYYY-MM-DD` of the Gregorian calendar (months of 30 and 31 days, 29 February
 * in leap years only), so a client reading only the pattern (`format` is an annotation in JSON Schema
 * 2020-12) sends no 0000-00-00 or 2026-02-30. isCalendarDate decides the same.
 */
const REAL_DAY =
  '^(?:\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|02-(?:0[1-9]|1\\d|2[0-8]))' +
  '|(?:\\d{2}(?:0[48]|[2468][048]|[13579][26])|(?:[02468][048]|[13579][26])00)-02-29)$';
/** What the API document says of a `YYYY-MM-DD` string (isCalendarDate checks it is a real day); the field's own type stays (a nullable one keeps null). */
export const CALENDAR_DATE_JSON = { format: 'date', pattern: REAL_DAY } as const;

/** True for an absent value or a real calendar date `YYYY-MM-DD` (no 2024-02-30). */
export const isCalendarDate = (v: string | undefined) => {
  if (v === undefined) return true;
  if (!DATE.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};

/** A `YYYY-MM-DD` query parameter; an empty value counts as absent. */
export const queryDate = () =>
  documentAs(queryText().test('date', '${path} must be a date YYYY-MM-DD', isCalendarDate), { type: 'string', ...CALENDAR_DATE_JSON });

/** A `YYYY-MM-DD` day in a JSON body (trimmed); a string that is not a real day is a 400 naming the field. */
export const jsonDate = () => documentAs(text().test('date', '${path} must be a date YYYY-MM-DD', isCalendarDate), { type: 'string', ...CALENDAR_DATE_JSON });

/** `startDate` and `endDate` query fields (whole days); endDate must not be before startDate. */
export const dateRangeFields = () => ({
  startDate: queryDate(),
  endDate: documentAs(queryDate(), { type: 'string', ...CALENDAR_DATE_JSON, 'x-rule': 'not-before:startDate' }).test(
    'range',
    'endDate must not be before startDate',
    function (v) {
      const start = this.parent.startDate as string | undefined;
      return !v || !start || !isCalendarDate(start) || !isCalendarDate(v) || v >= start;
    },
  ),
});

// ---------------------------------------------------------------------------------------------------
// Path parameters

/**
 * A required positive integer path parameter of at most what its column holds (`column`, INTEGER ids
 * unless told); anything else is `<name> must be a positive integer` (or `... at most <max>`).
 */
export const positiveIdParam = (name: string, { column }: IntegerColumnOption = {}) => {
  const max = maxOf(column);
  const digits = digitsUpTo(max, false);
  return number()
    .transform((value: number, original: unknown) => (typeof original === 'string' && digits.test(original) ? value : NaN))
    .typeError(`${name} must be a positive integer`)
    .required()
    .integer()
    .positive(`${name} must be a positive integer`)
    .max(max, `${name} must be at most ${max}`);
};

/** `/:id` as a positive integer. */
export const idParams = object({ id: positiveIdParam('id') });

// ---------------------------------------------------------------------------------------------------
// Locale maps

export interface LocaleMapOptions {
  /** The locales a key may name. */
  locales: readonly string[];
  /** The longest text, in characters. */
  maxLength: number;
  /** When set, an empty map is refused with this message and every text needs at least one character. */
  emptyMessage?: string;
}

/**
 * A locale map {"en-US": "...", ...} as a JSON object: keys from `locales` only, string texts (trimmed)
 * of at most `maxLength` characters.
 */
export const localeMap = <T extends Record<string, string>>({ locales, maxLength, emptyMessage }: LocaleMapOptions) =>
  documentAs(mixed<T>(), {
    type: 'object',
    propertyNames: { enum: [...locales] },
    additionalProperties: emptyMessage !== undefined ? { type: 'string', minLength: 1, maxLength, pattern: '\\S' } : { type: 'string', maxLength },
    ...(emptyMessage !== undefined ? { minProperties: 1 } : {}),
    description: 'A text per locale',
  })
    .transform((value: unknown) => {
      if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
      return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v]));
    })
    .test('locale-map', function (value: unknown) {
      if (value === undefined) return true;
      if (value === null || typeof value !== 'object' || Array.isArray(value)) {
        return this.createError({ message: `${this.path} must be an object mapping locales to texts` });
      }
      const entries = Object.entries(value as Record<string, unknown>);
      if (emptyMessage !== undefined && entries.length === 0) return this.createError({ message: `${this.path} ${emptyMessage}` });
      const minLength = emptyMessage !== undefined ? 1 : 0;
      for (const [key, text] of entries) {
        if (!locales.includes(key)) {
          return this.createError({ message: `${this.path}: "${key.slice(0, 20)}" is not a locale (use ${locales.join(', ')})` });
        }
        if (typeof text !== 'string' || charCount(text) < minLength || charCount(text) > maxLength) {
          const size = minLength ? `1 to ${maxLength}` : `at most ${maxLength}`;
          return this.createError({ message: `${this.path}.${key} must be a text of ${size} characters` });
        }
      }
      return true;
    });
