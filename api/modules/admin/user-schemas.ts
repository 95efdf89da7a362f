import { mixed, number, object, string } from 'yup';

/**
 * Queries and bodies of the operators' player tools (/admin/users). JSON fields keep their JSON types;
 * an empty query parameter counts as absent, as filter forms send them.
 */

const blankAsAbsent = (value: unknown) => (value === '' ? undefined : value);
const trimmedQuery = () => string().transform((value: unknown) => (typeof value === 'string' ? blankAsAbsent(value.trim()) : value));
const queryInt = () =>
  number()
    .transform((value: number, original: unknown) => {
      if (original === '') return undefined;
      return typeof original === 'string' && /^\s*\d{1,9}\s*$/.test(original) ? value : NaN;
    })
    .typeError('${path} must be a positive integer')
    .integer();

const page = () => queryInt().min(1).default(1);
const pageSize = () => queryInt().min(1).max(50).default(10);

export const userIdParams = object({
  userId: number()
    .transform((value: number, original: unknown) => (typeof original === 'string' && /^\d{1,9}$/.test(original) ? value : NaN))
    .typeError('userId must be a positive integer')
    .required()
    .integer()
    .positive('userId must be a positive integer'),
});

/** GET /admin/users: account substring (case-insensitive), page, pageSize (default 10, max 50). */
export const userListQuery = object({
  account: trimmedQuery().max(50),
  page: page(),
  pageSize: pageSize(),
});

/** GET /admin/users/:userId/ledger: page, pageSize (default 10, max 50). */
export const ledgerQuery = object({
  page: page(),
  pageSize: pageSize(),
});

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
  reason: string()
    .transform((_value: unknown, original: unknown) => (typeof original === 'string' ? original.trim() : original))
    .required()
    .min(1)
    .max(255),
});

/** The optional Idempotency-Key header: 1 to 100 visible ASCII characters. */
export const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,100}$/;
