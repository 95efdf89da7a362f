import { config } from '../../config';
import type { MissionPeriodType } from './types';

/**
 * Mission periods are calendar periods in APP_TIMEZONE: daily `YYYY-MM-DD`, weekly ISO week `YYYY-Www`
 * (Monday to Sunday; the ISO week-numbering year, so 2027-01-01 may be `2026-W53`), monthly `YYYY-MM`.
 * Progress is kept per period key, so a new period starts from zero by itself.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();
function localDate(now: Date, timeZone: string): { y: number; m: number; d: number } {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, f);
  }
  const parts = Object.fromEntries(f.formatToParts(now).map((p) => [p.type, p.value]));
  return { y: Number(parts.year), m: Number(parts.month), d: Number(parts.day) };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const DAY_MS = 86_400_000;

/** The ISO week of a calendar date: `YYYY-Www`, weeks starting on Monday, week 1 holding the first Thursday. */
function isoWeek(y: number, m: number, d: number): string {
  const date = Date.UTC(y, m - 1, d);
  const weekday = (new Date(date).getUTCDay() + 6) % 7; // Monday 0 .. Sunday 6
  const thursday = date + (3 - weekday) * DAY_MS;
  const year = new Date(thursday).getUTCFullYear();
  const week = 1 + Math.floor((thursday - Date.UTC(year, 0, 1)) / (7 * DAY_MS));
  return `${pad(year, 4)}-W${pad(week)}`;
}

/** The key of the period of `now` in `timeZone` (default APP_TIMEZONE). */
export function periodKey(periodType: MissionPeriodType, now: Date = new Date(), timeZone: string = config().appTimezone): string {
  return periodKeys(now, timeZone)[periodType];
}

/** The key of every period type at `now`. */
export function periodKeys(now: Date = new Date(), timeZone: string = config().appTimezone): Record<MissionPeriodType, string> {
  const { y, m, d } = localDate(now, timeZone);
  return { daily: `${pad(y, 4)}-${pad(m)}-${pad(d)}`, weekly: isoWeek(y, m, d), monthly: `${pad(y, 4)}-${pad(m)}` };
}
