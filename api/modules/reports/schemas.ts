import { object } from 'yup';
import { GROUP_BYS, MAX_RANGE_DAYS } from '../../../shared/domain/reports';
import { CALENDAR_DATE_JSON, documentAs, isCalendarDate, queryDate, queryText } from '../../http/schema-helpers';

/** Queries of /reports/admin (docs/reports.md, "Endpoints"). */

const dayMs = (v: string) => Date.parse(`${v}T00:00:00Z`);

/** GET /reports/admin/daily: a range of at most MAX_RANGE_DAYS days, a grouping, the format. */
export const dailyQuery = object({
  from: queryDate().required('from is required'),
  to: documentAs(queryDate(), { type: 'string', ...CALENDAR_DATE_JSON, 'x-rule': `not-before:from; within-days:${MAX_RANGE_DAYS}` })
    .required('to is required')
    .test('order', 'to must not be before from', function (v) {
      const from = this.parent.from as string | undefined;
      return !v || !from || !isCalendarDate(from) || !isCalendarDate(v) || v >= from;
    })
    .test('length', `the range from..to must be at most ${MAX_RANGE_DAYS} days`, function (v) {
      const from = this.parent.from as string | undefined;
      return !v || !from || !isCalendarDate(from) || !isCalendarDate(v) || (dayMs(v) - dayMs(from)) / 86_400_000 + 1 <= MAX_RANGE_DAYS;
    }),
  groupBy: queryText().oneOf([...GROUP_BYS, undefined], `groupBy must be one of ${GROUP_BYS.join(', ')}`),
  format: queryText().oneOf(['json', 'csv', undefined], 'format must be json or csv'),
});

/** GET /reports/admin/player-funds: one day. */
export const fundsQuery = object({ date: queryDate().required('date is required') });

/** GET /reports/admin/returns/uk-quarterly. */
export const quarterQuery = object({
  quarter: documentAs(queryText().matches(/^\d{4}-Q[1-4]$/, 'quarter must be YYYY-Q1 to YYYY-Q4'), { pattern: '^\\d{4}-Q[1-4]$' }).required(
    'quarter is required',
  ),
});

/** GET /reports/admin/returns/mt-monthly. */
export const monthQuery = object({
  month: documentAs(queryText().matches(/^\d{4}-(0[1-9]|1[0-2])$/, 'month must be YYYY-MM'), { pattern: '^\\d{4}-(0[1-9]|1[0-2])$' }).required(
    'month is required',
  ),
});
