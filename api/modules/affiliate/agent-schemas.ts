import { object } from 'yup';
import { dateRangeFields, pagingFields, queryInt, text } from '../../http/schema-helpers';

/** Bodies and queries of the agents' /affiliate endpoints. */

/** POST /affiliate/track-click: the code as sent (an unknown one is the spec's 2001). */
export const trackClickBody = object({
  refCode: text().required('refCode is required').min(1, 'refCode is required').max(30, 'refCode must be at most 30 characters'),
});

/** GET /affiliate/downline: paging and an optional level 1 to 3. */
export const downlineQuery = object({
  ...pagingFields(),
  level: queryInt().oneOf([1, 2, 3, undefined], 'level must be 1, 2 or 3'),
});

/** GET /affiliate/click-stats: whole days in APP_TIMEZONE (default: the last 7 days up to today). */
export const clickStatsQuery = object({ ...dateRangeFields() });

/**
 * POST /affiliate/referral-codes: the code's format (3 to 30 letters or digits) is the spec's 2004,
 * checked by the domain, so here any string of at most 100 characters passes.
 */
export const referralCodeBody = object({
  code: text().required('code is required').max(100, 'code must be at most 100 characters'),
  label: text().max(50, 'label must be at most 50 characters').nullable(),
});

export { idParams } from '../../http/schema-helpers';
