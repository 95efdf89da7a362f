import { mixed, object } from 'yup';
import { GRANT_STATUSES } from '../../../shared/domain/bonus';
import { documentAs, jsonId, moneyAmount, multiplierAmount, pagingFields, positiveIdParam, queryInt, queryText, text } from '../../http/schema-helpers';

/** Bodies, queries and parameters of /bonus (docs/decisions/bonus.md). */

export const MAX_WAGERING_MULTIPLIER = 1000;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** A future ISO 8601 date-time (without a zone: UTC), before 2100; comes out as a Date. */
const futureTime = () =>
  documentAs(mixed<Date>(), { type: 'string', format: 'date-time', description: 'ISO 8601 date-time (without a zone: UTC), in the future, before 2100' })
    .transform((_value: unknown, original: unknown) => {
      if (typeof original !== 'string' || !ISO_TIME.test(original.trim())) return original;
      const trimmed = original.trim();
      const at = new Date(/(Z|[+-]\d{2}:?\d{2})$/.test(trimmed) ? trimmed : `${trimmed}Z`);
      return Number.isNaN(at.getTime()) ? original : at;
    })
    .test('time', '${path} must be an ISO 8601 date-time (e.g. 2026-12-31T00:00:00Z)', (v) => v === undefined || v instanceof Date)
    .test('future', '${path} must be in the future and before 2100', (v) => !(v instanceof Date) || (v.getTime() > Date.now() && v.getUTCFullYear() < 2100));

const reason = () => text().required('${path} is required').min(2, '${path} must be at least 2 characters').max(300, '${path} must be at most 300 characters');

/** POST /bonus/admin/grants. */
export const grantBody = object({
  userId: jsonId().required('${path} is required'),
  amount: moneyAmount()
    .required('${path} is required')
    .test('positive', '${path} must be above 0', (v) => v === undefined || Number(v) > 0),
  wageringMultiplier: multiplierAmount()
    .required('${path} is required')
    .test('range', `\${path} must be 0 to ${MAX_WAGERING_MULTIPLIER}`, (v) => v === undefined || Number(v) <= MAX_WAGERING_MULTIPLIER),
  maxBet: moneyAmount()
    .nullable()
    .test('positive', '${path} must be above 0 (or null: no max bet)', (v) => v == null || Number(v) > 0),
  maxConversion: moneyAmount().nullable(),
  expiresAt: futureTime().required('${path} is required'),
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
