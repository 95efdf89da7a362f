import { mixed, number, object, string } from 'yup';
import { CONDITION_TYPES, MAX_VIP_CONDITION } from '../../../shared/domain/promo';
import { LOCALES, type LocaleText } from '../../../shared/i18n/locales';
import { htmlLocaleMap, htmlText } from '../../http/html';
import {
  dateRangeFields,
  documentAs,
  INT_MAX,
  localeMap,
  moneyAmount,
  nonZeroMoneyAmount,
  moneyJsonSchema,
  multiplierAmount,
  pagingFields,
  queryText,
  text,
} from '../../http/schema-helpers';
import { findUnstorableText } from '../../http/text';

/**
 * Bodies and queries of /promo. Create and update take multipart/form-data (the
 * images are files) or JSON: in multipart every field is text, so numbers come as digits and title and
 * content as JSON texts of locale maps; in JSON they may also be numbers and objects.
 */

export { idParams } from '../../http/schema-helpers';

export const TITLE_MAX_LENGTH = 200;
const TAG_MAX_LENGTH = 50;

/** title and content sent as JSON texts (multipart) become objects before their schemas look at them. */
const LOCALE_MAP_FIELDS = ['title', 'content'];
function parseJsonTexts(value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const field of LOCALE_MAP_FIELDS) {
    if (typeof out[field] !== 'string') continue;
    try {
      out[field] = JSON.parse(out[field] as string);
    } catch {
      // Left as text: the locale map's check names the field.
    }
  }
  return out;
}

const UNSTORABLE = '${path} contains a character that cannot be stored (NUL or an unpaired surrogate)';
const storable = (v: unknown) => v === undefined || findUnstorableText(v) === null;

const title = () =>
  localeMap<Partial<LocaleText>>({
    locales: LOCALES,
    maxLength: TITLE_MAX_LENGTH,
    emptyMessage: 'must hold a title in at least one locale (a JSON object of locale texts)',
  }).test('storable', UNSTORABLE, storable);
const content = () =>
  htmlLocaleMap({ emptyMessage: 'must hold content in at least one locale (a JSON object of locale HTML texts)' }).test('storable', UNSTORABLE, storable);

/** An integer as a JSON number or as the digits of a multipart text field, from `min` to `max`. */
const formInteger = (min: number, max: number) =>
  number()
    .transform((_value: unknown, original: unknown) => {
      if (typeof original === 'number') return original;
      return typeof original === 'string' && /^\s*\d{1,10}\s*$/.test(original) ? Number(original) : NaN;
    })
    .typeError('${path} must be an integer')
    .integer('${path} must be an integer')
    .min(min, `\${path} must be at least ${min}`)
    .max(max, `\${path} must be at most ${max}`);

const ISO_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
/** An ISO 8601 date or date-time text (a date-time without zone is read as UTC); comes out as a Date. */
const isoTime = (also = '', rule?: string) =>
  documentAs(mixed<Date>(), {
    type: 'string',
    format: 'date-time',
    description: `ISO 8601 date or date-time (without a zone: UTC), year 2000 to 9999${also}`,
    ...(rule ? { 'x-rule': rule } : {}),
  })
    .transform((_value: unknown, original: unknown) => {
      if (typeof original !== 'string' || !ISO_TIME.test(original.trim())) return original;
      const trimmed = original.trim();
      const at = new Date(/T.*(Z|[+-]\d{2}:?\d{2})$/.test(trimmed) || !trimmed.includes('T') ? trimmed : `${trimmed}Z`);
      return Number.isNaN(at.getTime()) ? original : at;
    })
    .test(
      'time',
      '${path} must be an ISO 8601 time (e.g. 2026-12-01T00:00:00Z)',
      (v) => v === undefined || (v instanceof Date && v.getFullYear() >= 2000 && v.getFullYear() < 10000),
    );

const END_AFTER_START = '; after startTime (the stored one when only endTime changes), or a 400';

/** conditionValue's form by conditionType (shared/domain/promo/conditions.ts checks it, a 400 naming it). */
const conditionValue = () =>
  documentAs(text().max(50), {
    type: 'string',
    maxLength: 50,
    description: `By conditionType (the stored one when absent): a USD amount for deposit_threshold, a VIP level 0 to ${MAX_VIP_CONDITION} for vip_level, unused for first_deposit`,
  });
const CONDITION_VALUE_FORMS = {
  allOf: [
    {
      if: { properties: { conditionType: { const: 'deposit_threshold' } }, required: ['conditionType'] },
      then: { properties: { conditionValue: { pattern: moneyJsonSchema().pattern } } },
    },
    {
      if: { properties: { conditionType: { const: 'vip_level' } }, required: ['conditionType'] },
      then: { properties: { conditionValue: { pattern: `^(\\d{1,3}|${MAX_VIP_CONDITION})$` } } },
    },
  ],
};

const conditionType = () =>
  string()
    .strict()
    .oneOf([...CONDITION_TYPES], `\${path} must be one of ${CONDITION_TYPES.join(', ')}`);
const rewardAmount = () => nonZeroMoneyAmount();

const fields = () => ({
  title: title(),
  content: content(),
  actionHtml: htmlText(),
  startTime: isoTime(),
  endTime: isoTime(END_AFTER_START, 'after:startTime'),
  tag: text().max(TAG_MAX_LENGTH),
  enabled: formInteger(0, 1),
  conditionType: conditionType(),
  conditionValue: conditionValue(),
  rewardAmount: rewardAmount(),
  maxClaims: formInteger(0, INT_MAX),
  turnoverMultiplier: multiplierAmount(),
  rewardKind: string().strict().oneOf(['cash', 'bonus'], '${path} must be cash or bonus'),
  bonusMaxBet: nonZeroMoneyAmount().nullable(),
  bonusMaxConversion: moneyAmount().nullable(),
  bonusValidDays: formInteger(1, 365),
});

/** POST /promo: title, content, startTime, endTime, conditionType and rewardAmount required; the rest defaulted. */
export const createPromotionBody = documentAs(
  object(fields())
    .shape({
      title: title().required('title is required'),
      content: content().required('content is required'),
      actionHtml: htmlText().default(''),
      startTime: isoTime().required('startTime is required'),
      endTime: isoTime(END_AFTER_START, 'after:startTime').required('endTime is required'),
      tag: text().max(TAG_MAX_LENGTH).default(''),
      enabled: formInteger(0, 1).default(1),
      conditionType: conditionType().required('conditionType is required'),
      conditionValue: conditionValue().default('0'),
      rewardAmount: rewardAmount().required('rewardAmount is required'),
      maxClaims: formInteger(0, INT_MAX).default(0),
      turnoverMultiplier: multiplierAmount().default('0'),
      rewardKind: string().strict().oneOf(['cash', 'bonus'], '${path} must be cash or bonus').default('cash'),
      bonusValidDays: formInteger(1, 365).default(30),
    })
    .transform(parseJsonTexts),
  CONDITION_VALUE_FORMS,
);

/** PATCH /promo/:id: every field optional (an image alone is a change too). */
export const updatePromotionBody = documentAs(object(fields()).transform(parseJsonTexts), CONDITION_VALUE_FORMS);

/** GET /promo: paging, a tag, activeOnly 1 = only running promotions. */
export const promotionQuery = object({
  ...pagingFields(),
  tag: queryText().max(TAG_MAX_LENGTH),
  activeOnly: queryText().oneOf(['0', '1'], '${path} must be 0 or 1'),
});

/** GET /promo/admin/list: paging, a tag, enabled 0 or 1. */
export const adminPromotionQuery = object({
  ...pagingFields(),
  tag: queryText().max(TAG_MAX_LENGTH),
  enabled: queryText().oneOf(['0', '1'], '${path} must be 0 or 1'),
});

/** GET /promo/claims: paging, tab all (default), pending or completed, startDate..endDate on claimedAt. */
export const claimsQuery = object({
  ...pagingFields(),
  tab: queryText().oneOf(['all', 'pending', 'completed'], '${path} must be all, pending or completed'),
  ...dateRangeFields(),
});
