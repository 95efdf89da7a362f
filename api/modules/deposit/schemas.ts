import { object } from 'yup';
import { DEPOSIT_STATUSES, PAYMENT_METHODS } from '../../../shared/domain/deposit';
import { dateRangeFields, jsonId, pagingFields, positiveIdParam, queryInt, queryText, text } from '../../http/schema-helpers';
import { bankFields, cardLastValue, orderAmount, payerFields, SUB_ORDER, subOrder } from './vendor-schemas';

/** GET /deposit/exchange-rate: currency (3 to 5 letters, upper-cased), bankCode (its format is the endpoint's 2001). */
export const exchangeRateQuery = object({
  currency: queryText()
    .matches(/^[A-Za-z]{3,5}$/, '${path} must be a currency code such as TWD')
    .transform((v: unknown) => (typeof v === 'string' ? v.toUpperCase() : v)),
  bankCode: queryText().max(100),
});

/** POST /deposit. */
export const depositBody = object({
  channelId: jsonId().required(),
  paymentMethod: text()
    .oneOf([...PAYMENT_METHODS], '${path} must be fiat, credit or crypto')
    .required(),
  subOrder: subOrder().required(),
  orderAmount: orderAmount().required(),
  ...bankFields(),
  userCardLastValue: cardLastValue(),
  ...payerFields(),
  /** A deposit offer's code (docs/decisions/bonus.md, "Deposit offers"). */
  bonusCode: text().max(30, '${path} must be at most 30 characters'),
});

/** GET /deposit/orders. */
export const ordersQuery = object({
  ...pagingFields(),
  status: queryText().oneOf([...DEPOSIT_STATUSES], '${path} must be pending, created, paid or failed'),
  ...dateRangeFields(),
});

/** GET /deposit/admin/orders. */
export const adminOrdersQuery = object({
  ...pagingFields(),
  status: queryText().oneOf([...DEPOSIT_STATUSES], '${path} must be pending, created, paid or failed'),
  paymentMethod: queryText().oneOf([...PAYMENT_METHODS], '${path} must be fiat, credit or crypto'),
  userId: queryInt().min(1),
  channelId: queryInt().min(1),
  subOrder: queryText().matches(SUB_ORDER, '${path} must be 1 to 64 letters, digits, _ or -'),
  flagged: queryInt().oneOf([0, 1], '${path} must be 0 or 1'),
  ...dateRangeFields(),
});

export const orderIdParams = object({ id: positiveIdParam('id', { column: 'bigint' }) });

/** GET /deposit/orders/:subOrder. */
export const subOrderParams = object({ subOrder: subOrder().required() });

/** POST /deposit/admin/orders/:id/resolve. */
export const resolveBody = object({
  action: text().oneOf(['credit', 'fail'], '${path} must be credit or fail').required(),
  reason: text().min(1).max(255).required(),
});
