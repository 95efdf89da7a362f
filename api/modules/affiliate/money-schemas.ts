import { object } from 'yup';
import { AFFILIATE_WITHDRAWAL_STATUSES } from '../../../shared/domain/affiliate';
import { jsonId, moneyAmount, pagingFields, queryText, text } from '../../http/schema-helpers';

/** Bodies and queries of the commission money endpoints of /affiliate. */

/** GET /affiliate/withdrawals, GET /affiliate/vip-milestones. */
export const pagingQuery = object({ ...pagingFields() });

/**
 * POST /affiliate/withdrawals/request. A zero or negative amount passes here and is the spec's 2001; an
 * amount with more than 6 decimals or past what a money column holds is a 400 (as every money input). Any
 * method string passes and one other than bank_card or crypto is the spec's 2002.
 */
export const requestBody = object({
  amount: moneyAmount({ signed: true }).required('amount is required'),
  method: text().defined('method is required'),
  targetId: jsonId().required('targetId is required'),
});

/** GET /affiliate/admin/withdrawals. */
export const adminListQuery = object({
  ...pagingFields(),
  status: queryText().oneOf([...AFFILIATE_WITHDRAWAL_STATUSES], '${path} must be pending, approved, rejected or completed'),
});

/** POST /affiliate/admin/withdrawals/:id/review. */
export const reviewBody = object({
  action: text().required('action is required').oneOf(['approved', 'rejected'], 'action must be approved or rejected'),
  remark: text().max(255).nullable(),
});

export { idParams } from '../../http/schema-helpers';
