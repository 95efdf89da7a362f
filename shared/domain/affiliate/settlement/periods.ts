import { config } from '../../../config';
import type { SettlementPeriodType } from '../../../db/models';
import { InputError } from '../../../errors';
import { isRealDay, shiftDay, todayIn } from '../../vip';

/**
 * The periods of the affiliate settlements, as calendar days in APP_TIMEZONE: a week runs Monday to
 * Sunday, a day is one day. A period is named by its first day (weekStart) and its last (weekEnd, the
 * columns of affiliate_settlements for both types); it covers [weekStart 00:00, weekEnd + 1 00:00) in
 * APP_TIMEZONE.
 */

/** A settlement's period type, as affiliate_settlements stores it. */
export type PeriodType = SettlementPeriodType;

export interface Period {
  periodType: PeriodType;
  /** First day, YYYY-MM-DD. */
  weekStart: string;
  /** Last day (included), YYYY-MM-DD. */
  weekEnd: string;
}

/** Days since Monday (0 for Monday .. 6 for Sunday) of a YYYY-MM-DD day. */
function weekdayFromMonday(day: string): number {
  const [y, m, d] = day.split('-').map(Number);
  return (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
}

/** The period of `periodType` that contains `day` (YYYY-MM-DD), whether over or not. */
export function periodContaining(periodType: PeriodType, day: string): Period {
  if (periodType === 'daily') return { periodType, weekStart: day, weekEnd: day };
  const weekStart = shiftDay(day, -weekdayFromMonday(day));
  return { periodType, weekStart, weekEnd: shiftDay(weekStart, 6) };
}

/** The period just before `period` (the one whose carry-out it nets). */
export function previousPeriod(period: Period): Period {
  return periodContaining(period.periodType, shiftDay(period.weekStart, -1));
}

/** The previous full period in APP_TIMEZONE: last Monday-Sunday week, or yesterday. */
export function defaultPeriod(periodType: PeriodType, now = new Date()): Period {
  const today = todayIn(config().appTimezone, now);
  return previousPeriod(periodContaining(periodType, today));
}

/**
 * The period containing `date`, when `date` is a real day and the period is over in APP_TIMEZONE;
 * else an InputError on `date`. Without a date: the previous full period.
 */
export function settledPeriod(periodType: PeriodType, date: string | undefined, now = new Date()): Period {
  if (date === undefined) return defaultPeriod(periodType, now);
  if (!isRealDay(date)) throw new InputError('date', `date must be a date YYYY-MM-DD (got "${date.slice(0, 20)}")`);
  const period = periodContaining(periodType, date);
  const today = todayIn(config().appTimezone, now);
  if (period.weekEnd >= today)
    throw new InputError('date', `the ${periodType} period ${period.weekStart}..${period.weekEnd} is not over yet in ${config().appTimezone}`);
  return period;
}
