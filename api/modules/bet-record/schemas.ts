import { number, object, string } from 'yup';
import { GAME_TYPE_CODES } from '../../../shared/domain/game-types';

/** A trimmed string that leaves a non-string (a repeated query parameter) alone, so the type check answers 400. */
const trimmed = () => string().transform((value: unknown) => (typeof value === 'string' ? value.trim() : value));
/** An empty query parameter (`?status=`) counts as absent, as filter forms send them. */
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

export const BET_STATUSES = ['valid', 'invalid', 'cancelled'] as const;

/** GET /bet-record: page, pageSize (1..50), status, gameType (numeric code), startDate..endDate (whole days). */
export const betRecordQuery = object({
  page: queryInt().min(1).default(1),
  pageSize: queryInt().min(1).max(50).default(10),
  status: trimmed()
    .transform(blankAsAbsent)
    .oneOf([...BET_STATUSES], '${path} must be one of valid, invalid, cancelled'),
  gameType: trimmed()
    .transform(blankAsAbsent)
    .oneOf(
      GAME_TYPE_CODES.map(String),
      `\${path} must be one of ${GAME_TYPE_CODES.join(', ')}`,
    ),
  startDate: date(),
  endDate: date().test('range', 'endDate must not be before startDate', function (v) {
    const start = this.parent.startDate as string | undefined;
    return !v || !start || !isCalendarDate(start) || !isCalendarDate(v) || v >= start;
  }),
});

/** GET /bet-record/:orderId/details: a positive integer id (bet order ids are BIGINT). */
export const orderIdParams = object({
  orderId: string()
    .transform((_value: unknown, original: unknown) => original)
    .required()
    .matches(/^[1-9]\d{0,17}$/, 'orderId must be a positive integer'),
});
