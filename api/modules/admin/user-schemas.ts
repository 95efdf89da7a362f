import { mixed, object } from 'yup';
import { pagingFields, positiveIdParam, queryText, text } from '../../http/schema-helpers';

/**
 * Queries and bodies of the operators' player tools (/admin/users). JSON fields keep their JSON types;
 * an empty query parameter counts as absent, as filter forms send them.
 */

export const userIdParams = object({ userId: positiveIdParam('userId') });

/** GET /admin/users: account substring (case-insensitive), page, pageSize (default 10, max 50). */
export const userListQuery = object({
  account: queryText().max(50),
  ...pagingFields(),
});

/** GET /admin/users/:userId/ledger: page, pageSize (default 10, max 50). */
export const ledgerQuery = object(pagingFields());

/** A signed amount with at most 6 decimals and 12 integer digits, as a JSON string or number. */
const AMOUNT = /^[+-]?\d{1,12}(\.\d{1,6})?$/;

const amount = () =>
  mixed<string>()
    .transform((_value: unknown, original: unknown) => {
      if (typeof original === 'number') return Number.isFinite(original) ? String(original) : 'invalid';
      return typeof original === 'string' ? original.trim() : original;
    })
    .test('amount', function (value: unknown) {
      if (value === undefined) return true;
      if (typeof value !== 'string' || !AMOUNT.test(value)) {
        return this.createError({ message: `${this.path} must be a signed decimal (string or number) with at most 6 decimals` });
      }
      if (/^[+-]?0+(\.0+)?$/.test(value)) return this.createError({ message: `${this.path} must not be zero` });
      return true;
    });

/** POST /admin/users/:userId/balance-adjustments. */
export const balanceAdjustmentBody = object({
  amount: amount().required('amount is a required field'),
  reason: text().required().min(1).max(255),
});

/** The optional Idempotency-Key header: 1 to 100 visible ASCII characters. */
export const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,100}$/;
