import { config } from '../../config';
import { InputError } from '../../errors';

/**
 * The periods the VIP settlements judge, in APP_TIMEZONE: a day (YYYY-MM-DD) for the daily rebate, a
 * month (YYYY-MM) for the monthly relegation. A period can be settled once it is over; a malformed one,
 * or one not over yet, is an InputError naming `day` or `month`.
 */

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MONTH = /^\d{4}-\d{2}$/;

/** Today's date (YYYY-MM-DD) in a time zone. */
export function todayIn(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** The day `days` days after `day` (YYYY-MM-DD, calendar arithmetic). */
export function shiftDay(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** True for a YYYY-MM-DD string naming a real calendar day. */
export function isRealDay(day: string): boolean {
  return DAY.test(day) && shiftDay(day, 0) === day;
}

/** Yesterday in APP_TIMEZONE. */
export function defaultRebateDay(now = new Date()): string {
  return shiftDay(todayIn(config().appTimezone, now), -1);
}

/** Last month (YYYY-MM) in APP_TIMEZONE. */
export function defaultRelegationMonth(now = new Date()): string {
  const [y, m] = todayIn(config().appTimezone, now).split('-').map(Number);
  return new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 7);
}

/** The day when it is a real date that is over in APP_TIMEZONE; else an InputError on `day`. */
export function checkRebateDay(day: string, now = new Date()): string {
  if (!isRealDay(day)) throw new InputError('day', `day must be a date YYYY-MM-DD (got "${day.slice(0, 20)}")`);
  if (day >= todayIn(config().appTimezone, now)) throw new InputError('day', `day ${day} is not over yet in ${config().appTimezone}`);
  return day;
}

/** The month when it is a real month (YYYY-MM); else an InputError on `month`. */
export function checkMonthFormat(month: string): string {
  if (!MONTH.test(month) || !isRealDay(`${month}-01`)) throw new InputError('month', `month must be YYYY-MM (got "${month.slice(0, 20)}")`);
  return month;
}

/** True when the month (YYYY-MM) is over in APP_TIMEZONE. */
export function isMonthOver(month: string, now = new Date()): boolean {
  return month < todayIn(config().appTimezone, now).slice(0, 7);
}

/** The month when it is a real month that is over in APP_TIMEZONE; else an InputError on `month`. */
export function checkRelegationMonth(month: string, now = new Date()): string {
  checkMonthFormat(month);
  if (!isMonthOver(month, now)) throw new InputError('month', `month ${month} is not over yet in ${config().appTimezone}`);
  return month;
}
