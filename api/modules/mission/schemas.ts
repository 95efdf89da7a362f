import { number, object, string } from 'yup';
import { MISSION_CATEGORIES, MISSION_PERIOD_TYPES } from '../../../shared/domain/missions';

/** A trimmed string that leaves a non-string (a repeated query parameter) alone, so the type check answers 400. */
const trimmed = () => string().transform((value: unknown) => (typeof value === 'string' ? value.trim() : value));
/** An empty query parameter counts as absent, as filter forms send them. */
const blankAsAbsent = (value: unknown) => (value === '' ? undefined : value);

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isCalendarDate = (v: string | undefined) => {
  if (v === undefined) return true;
  if (!DATE.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};
const date = () => trimmed().transform(blankAsAbsent).test('date', '${path} must be a date YYYY-MM-DD', isCalendarDate);
const queryInt = () =>
  number()
    .transform((value: number, original: unknown) => {
      if (original === '') return undefined;
      return typeof original === 'string' && /^\s*\d{1,9}\s*$/.test(original) ? value : NaN;
    })
    .typeError('${path} must be a positive integer')
    .integer();

/** GET /mission/claims: page, pageSize (1..50, default 10), tab pending|completed, startDate..endDate (whole days). */
export const claimsQuery = object({
  page: queryInt().min(1).default(1),
  pageSize: queryInt().min(1).max(50).default(10),
  tab: trimmed().transform(blankAsAbsent).oneOf(['pending', 'completed'], '${path} must be pending or completed'),
  startDate: date(),
  endDate: date().test('range', 'endDate must not be before startDate', function (v) {
    const start = this.parent.startDate as string | undefined;
    return !v || !start || !isCalendarDate(start) || !isCalendarDate(v) || v >= start;
  }),
});

/** A positive integer id in the path. */
export const idParams = object({
  id: number()
    .transform((value: number, original: unknown) => (typeof original === 'string' && /^\d{1,9}$/.test(original) ? value : NaN))
    .typeError('id must be a positive integer')
    .required()
    .integer()
    .min(1, 'id must be a positive integer'),
});

// ---------------------------------------------------------------------------------------------------
// Administrator bodies: JSON fields keep their JSON types (a string where a number is expected is a 400).

const integer = () =>
  number()
    .transform((value: unknown, original: unknown) => (typeof original === 'number' ? value : original))
    .typeError('${path} must be an integer')
    .integer();

/** A positive money amount as a decimal string or a JSON number: at most 12 integer digits and 6 decimals. */
const MONEY = /^\d{1,12}(\.\d{1,6})?$/;
const amount = () =>
  string()
    .transform((_value: unknown, original: unknown) => (typeof original === 'number' && Number.isFinite(original) ? String(original) : original))
    .typeError('${path} must be a decimal amount')
    .matches(MONEY, '${path} must be a decimal amount with at most 6 decimals')
    .test('positive', '${path} must be greater than 0', (v) => v === undefined || Number(v) > 0);
const MULTIPLIER = /^\d{1,8}(\.\d{1,2})?$/;
const multiplier = () =>
  string()
    .transform((_value: unknown, original: unknown) => (typeof original === 'number' && Number.isFinite(original) ? String(original) : original))
    .typeError('${path} must be a decimal number')
    .matches(MULTIPLIER, '${path} must be a non-negative number with at most 2 decimals');
const category = () => string().strict().oneOf([...MISSION_CATEGORIES], '${path} must be deposit or bet');
const periodType = () => string().strict().oneOf([...MISSION_PERIOD_TYPES], '${path} must be daily, weekly or monthly');
const tier = () => integer().min(1, '${path} must be 1 to 5').max(5, '${path} must be 1 to 5');
const vipRequired = () => integer().min(0).max(1000);
const enabled = () => integer().oneOf([0, 1], '${path} must be 0 or 1');
const sortOrder = () => integer().min(-1_000_000_000).max(1_000_000_000);

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
  category: trimmed().transform(blankAsAbsent).oneOf([...MISSION_CATEGORIES], '${path} must be deposit or bet'),
  periodType: trimmed().transform(blankAsAbsent).oneOf([...MISSION_PERIOD_TYPES], '${path} must be daily, weekly or monthly'),
});

export const adminClaimsQuery = object({
  page: queryInt().min(1).default(1),
  pageSize: queryInt().min(1).max(50).default(10),
  tab: trimmed().transform(blankAsAbsent).oneOf(['pending', 'completed'], '${path} must be pending or completed'),
  userId: queryInt().min(1),
});
