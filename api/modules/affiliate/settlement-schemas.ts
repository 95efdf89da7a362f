import { object } from 'yup';
import { PERIOD_TYPES, SETTLEMENT_STATUSES } from '../../../shared/domain/affiliate';
import { pagingFields, queryDate, queryInt, queryText, text } from '../../http/schema-helpers';

/** Queries and bodies of the settlement endpoints of /affiliate. */

const periodType = () => queryText().oneOf([...PERIOD_TYPES], '${path} must be weekly or daily');

/** GET /affiliate/commissions. */
export const commissionsQuery = object({ ...pagingFields(), weekStart: queryDate(), periodType: periodType() });

/** GET /affiliate/settlements. */
export const settlementsQuery = object({ ...pagingFields(), periodType: periodType() });

/** GET /affiliate/admin/settlements. */
export const adminSettlementsQuery = object({
  ...pagingFields(),
  status: queryText().oneOf([...SETTLEMENT_STATUSES], '${path} must be pending, pendingReview, approved, rejected or statement'),
  weekStart: queryDate(),
  periodType: periodType(),
  agentId: queryInt().min(1, '${path} must be a positive integer'),
});

/** POST /affiliate/admin/settlements/:id/review. */
export const settlementReviewBody = object({
  action: text().required('action is required').oneOf(['approved', 'rejected'], 'action must be approved or rejected'),
  remark: text().max(255).nullable(),
});

export { idParams } from '../../http/schema-helpers';
