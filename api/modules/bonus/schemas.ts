import { boolean, mixed, object, string } from 'yup';
import { GRANT_STATUSES, OFFER_QUALIFYING } from '../../../shared/domain/bonus';
import {
  documentAs,
  jsonId,
  jsonInteger,
  moneyAmount,
  nonZeroMoneyAmount,
  multiplierAmount,
  pagingFields,
  positiveIdParam,
  queryInt,
  queryText,
  text,
} from '../../http/schema-helpers';

/** Bodies, queries and parameters of /bonus (docs/decisions/bonus.md). */

export const MAX_WAGERING_MULTIPLIER = 1000;
/** 0 to 1000 with at most 2 decimals (as a JSON number or a decimal string). */
const UP_TO_1000 = '^(1000(\\.0{1,2})?|\\d{1,3}(\\.\\d{1,2})?)$';

/** The wagering multiplier: the required wagering is the bonus times it. */
const wageringMultiplier = () =>
  documentAs(
    multiplierAmount().test('range', `\${path} must be 0 to ${MAX_WAGERING_MULTIPLIER}`, (v) => v === undefined || Number(v) <= MAX_WAGERING_MULTIPLIER),
    { type: ['string', 'number'], pattern: UP_TO_1000, minimum: 0, maximum: MAX_WAGERING_MULTIPLIER, description: 'A decimal 0 to 1000, at most 2 decimals' },
  );
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * An ISO 8601 date-time (without a zone: UTC) as the document describes it (`jsonSchema`: its description
 * and rule); comes out as a Date, anything else is a 400 naming the field.
 */
const instant = (jsonSchema: Record<string, unknown>) =>
  documentAs(mixed<Date>(), { type: 'string', format: 'date-time', ...jsonSchema })
    .transform((_value: unknown, original: unknown) => {
      if (typeof original !== 'string' || !ISO_TIME.test(original.trim())) return original;
      const trimmed = original.trim();
      const at = new Date(/(Z|[+-]\d{2}:?\d{2})$/.test(trimmed) ? trimmed : `${trimmed}Z`);
      return Number.isNaN(at.getTime()) ? original : at;
    })
    .test('time', '${path} must be an ISO 8601 date-time (e.g. 2026-12-31T00:00:00Z)', (v) => v === undefined || v instanceof Date);

/** A future date-time, before 2100. */
const futureTime = () =>
  instant({ description: 'ISO 8601 date-time (without a zone: UTC), in the future, before 2100; 30 days from now when not sent', 'x-rule': 'future' }).test(
    'future',
    '${path} must be in the future and before 2100',
    (v) => !(v instanceof Date) || (v.getTime() > Date.now() && v.getUTCFullYear() < 2100),
  );

const reason = () => text().required('${path} is required').min(2, '${path} must be at least 2 characters').max(300, '${path} must be at most 300 characters');

/** POST /bonus/admin/grants. */
export const grantBody = object({
  userId: jsonId().required('${path} is required'),
  amount: nonZeroMoneyAmount().required('${path} is required'),
  wageringMultiplier: wageringMultiplier().required('${path} is required'),
  // null: no max bet
  maxBet: nonZeroMoneyAmount().nullable(),
  maxConversion: moneyAmount().nullable(),
  expiresAt: futureTime(),
  reason: reason(),
});

/** POST /bonus/admin/grants/:id/forfeit. */
export const forfeitBody = object({ reason: reason() });

export const grantIdParams = object({ id: positiveIdParam('id', { column: 'bigint' }) });

/** GET /bonus/admin/grants: newest first, by player and status. */
export const grantsQuery = object({
  ...pagingFields(20),
  userId: queryInt().min(1),
  status: queryText().oneOf([...GRANT_STATUSES, undefined], `status must be one of ${GRANT_STATUSES.join(', ')}`),
});

/** A date-time from 2000 to 2099. */
const anyTime = (rule?: string) =>
  instant({ description: 'ISO 8601 date-time (without a zone: UTC), 2000 to 2099', ...(rule ? { 'x-rule': rule } : {}) }).test(
    'range',
    '${path} must be from 2000 to 2099',
    (v) => !(v instanceof Date) || (v.getUTCFullYear() >= 2000 && v.getUTCFullYear() < 2100),
  );

const PERCENT = /^\d{1,4}(\.\d{1,2})?$/;
const offerFields = () => ({
  code: text()
    .min(3, '${path} must be 3 to 30 characters')
    .max(30, '${path} must be 3 to 30 characters')
    .matches(/^[A-Za-z0-9_-]+$/, '${path} must be letters, digits, - or _'),
  name: text().min(2, '${path} must be 2 to 100 characters').max(100, '${path} must be 2 to 100 characters'),
  percent: documentAs(mixed<string>(), {
    type: ['string', 'number'],
    pattern: `^(?!0*(\\.0*)?$)${UP_TO_1000.slice(1)}`,
    exclusiveMinimum: 0,
    maximum: 1000,
    description: 'Percent of the deposit, above 0, at most 1000, 2 decimals',
  })
    .transform((_v: unknown, original: unknown) => (typeof original === 'number' && Number.isFinite(original) ? String(original) : original))
    .test(
      'percent',
      '${path} must be a number above 0 and at most 1000 with at most 2 decimals',
      (v) => v === undefined || (typeof v === 'string' && PERCENT.test(v) && Number(v) > 0 && Number(v) <= 1000),
    ),
  maxBonus: nonZeroMoneyAmount(),
  minDeposit: moneyAmount(),
  qualifying: string()
    .strict()
    .oneOf([...OFFER_QUALIFYING], `\${path} must be one of ${OFFER_QUALIFYING.join(', ')}`),
  depositNumber: jsonInteger().min(1, '${path} must be 1 to 1000').max(1000, '${path} must be 1 to 1000').nullable(),
  wageringMultiplier: wageringMultiplier(),
  // null: no max bet
  maxBet: nonZeroMoneyAmount().nullable(),
  maxConversion: moneyAmount().nullable(),
  validDays: jsonInteger().min(1, '${path} must be 1 to 365').max(365, '${path} must be 1 to 365'),
  startsAt: anyTime(),
  endsAt: anyTime('after:startsAt'),
  enabled: boolean().strict().typeError('${path} must be true or false'),
});

/** POST /bonus/admin/offers: code, name, percent, maxBonus, qualifying, wageringMultiplier, startsAt, endsAt required. */
export const offerBody = object(offerFields()).shape({
  code: offerFields().code.required('${path} is required'),
  name: offerFields().name.required('${path} is required'),
  percent: offerFields().percent.required('${path} is required'),
  maxBonus: offerFields().maxBonus.required('${path} is required'),
  minDeposit: offerFields().minDeposit.default('0'),
  qualifying: offerFields().qualifying.required('${path} is required'),
  depositNumber: offerFields().depositNumber.default(null),
  wageringMultiplier: offerFields().wageringMultiplier.required('${path} is required'),
  validDays: offerFields().validDays.default(30),
  startsAt: offerFields().startsAt.required('${path} is required'),
  endsAt: offerFields().endsAt.required('${path} is required'),
  enabled: offerFields().enabled.default(true),
});

/** PATCH /bonus/admin/offers/:id: any of the fields. */
export const offerPatchBody = object(offerFields());

export const offerIdParams = object({ id: positiveIdParam('id', { column: 'bigint' }) });
