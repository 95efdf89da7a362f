import { boolean, object } from 'yup';
import { WITHDRAWAL_STATUSES } from '../../../shared/domain/withdrawal';
import { dateRangeFields, jsonId, moneyAmount, pagingFields, queryInt, queryText, text } from '../../http/schema-helpers';

/** Bodies and queries of /withdrawal. */

/** POST /withdrawal/request: a negative or zero amount passes here and is the spec's 2006. */
export const requestBody = object({
  amount: moneyAmount({ signed: true }).required('amount is required'),
  cryptoAddressId: jsonId().required('cryptoAddressId is required'),
  verifyCode: text()
    .required('verifyCode is required')
    .matches(/^\d{6}$/, 'verifyCode must be 6 digits'),
  /** True: the player accepts that the request forfeits their active bonus money (the site's bonus.forfeitOnWithdrawal). */
  forfeitBonuses: boolean().strict().typeError('${path} must be true or false'),
});

const status = () => queryText().oneOf([...WITHDRAWAL_STATUSES], '${path} must be pending, approved, rejected or completed');

/** GET /withdrawal/list. */
export const listQuery = object({ ...pagingFields(), status: status(), ...dateRangeFields() });

/** GET /withdrawal/admin/list: the same, and one player. */
export const adminListQuery = object({ ...pagingFields(), status: status(), userId: queryInt().min(1), ...dateRangeFields() });

/** POST /withdrawal/admin/:id/review. */
export const reviewBody = object({
  action: text().required('action is required').oneOf(['approve', 'reject'], 'action must be approve or reject'),
  rejectReason: text().max(255).nullable(),
});

export { idParams } from '../../http/schema-helpers';
