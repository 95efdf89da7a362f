import { object, string } from 'yup';
import { MISSION_CATEGORIES, MISSION_PERIOD_TYPES } from '../../../shared/domain/mission';
import {
  dateRangeFields,
  jsonInteger as integer,
  multiplierAmount,
  nonZeroMoneyAmount,
  pagingFields,
  positiveIdParam,
  queryInt,
  queryText,
  sortOrder,
  zeroOrOne,
} from '../../http/schema-helpers';

/** GET /mission/claims: page, pageSize (1..50, default 10), tab pending|completed, startDate..endDate (whole days). */
export const claimsQuery = object({
  ...pagingFields(),
  tab: queryText().oneOf(['pending', 'completed'], '${path} must be pending or completed'),
  ...dateRangeFields(),
});

/** A positive integer id in the path. */
export const idParams = object({ id: positiveIdParam('id') });

// ---------------------------------------------------------------------------------------------------
// Administrator bodies: JSON fields keep their JSON types (a string where a number is expected is a 400).

/** A money amount above 0, as a decimal string or a JSON number. */
const amount = nonZeroMoneyAmount;
const multiplier = multiplierAmount;
const category = () =>
  string()
    .strict()
    .oneOf([...MISSION_CATEGORIES], '${path} must be deposit or bet');
const periodType = () =>
  string()
    .strict()
    .oneOf([...MISSION_PERIOD_TYPES], '${path} must be daily, weekly or monthly');
const tier = () => integer().min(1, '${path} must be 1 to 5').max(5, '${path} must be 1 to 5');
const vipRequired = () => integer().min(0).max(1000);
const enabled = () => zeroOrOne();

export const createMissionBody = object({
  category: category().required(),
  periodType: periodType().required(),
  tier: tier().required(),
  threshold: amount().required(),
  rewardAmount: amount().required(),
  vipRequired: vipRequired().default(0),
  turnoverMultiplier: multiplier().default('1.00'),
  enabled: enabled().default(1),
  sortOrder: sortOrder().default(0),
});

export const updateMissionBody = object({
  category: category(),
  periodType: periodType(),
  tier: tier(),
  threshold: amount(),
  rewardAmount: amount(),
  vipRequired: vipRequired(),
  turnoverMultiplier: multiplier(),
  enabled: enabled(),
  sortOrder: sortOrder(),
}).test('not-empty', 'the body must change at least one field', (v) => Object.values(v ?? {}).some((x) => x !== undefined));

export const adminMissionQuery = object({
  category: queryText().oneOf([...MISSION_CATEGORIES], '${path} must be deposit or bet'),
  periodType: queryText().oneOf([...MISSION_PERIOD_TYPES], '${path} must be daily, weekly or monthly'),
});

export const adminClaimsQuery = object({
  ...pagingFields(),
  tab: queryText().oneOf(['pending', 'completed'], '${path} must be pending or completed'),
  userId: queryInt().min(1),
});
