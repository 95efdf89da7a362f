import { object } from 'yup';
import { nonZeroMoneyAmount, pagingFields, positiveIdParam, queryText, text } from '../../http/schema-helpers';

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

/** A signed amount a money column holds (the shared moneyAmount), as a JSON string or number; not zero. */
const amount = () => nonZeroMoneyAmount({ signed: true });

/** POST /admin/users/:userId/balance-adjustments. */
export const balanceAdjustmentBody = object({
  amount: amount().required('amount is a required field'),
  reason: text().required().min(1).max(255),
});

/** The optional Idempotency-Key header: 1 to 100 visible ASCII characters. */
export const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,100}$/;
