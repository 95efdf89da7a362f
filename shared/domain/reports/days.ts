import { InputError, type InputSource } from '../../errors';

/** The longest range a daily report or a verification covers (docs/reports.md, "Endpoints"). */
export const MAX_RANGE_DAYS = 400;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar day YYYY-MM-DD. */
export function isDay(value: unknown): value is string {
  if (typeof value !== 'string' || !DAY.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

export const addDays = (day: string, n: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** Days from `from` to `to`, both included. */
export const daysBetween = (from: string, to: string): number => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** Every day from `from` to `to`, both included. */
export function eachDay(from: string, to: string): string[] {
  const days: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) days.push(d);
  return days;
}

/** Checks a range (InputError naming the field): real days, `to` not before `from`, at most MAX_RANGE_DAYS days. */
export function checkRange(from: unknown, to: unknown, source: InputSource = 'query'): { from: string; to: string } {
  if (!isDay(from)) throw new InputError('from', 'from must be a date YYYY-MM-DD', source);
  if (!isDay(to)) throw new InputError('to', 'to must be a date YYYY-MM-DD', source);
  if (to < from) throw new InputError('to', 'to must not be before from', source);
  if (daysBetween(from, to) > MAX_RANGE_DAYS) throw new InputError('to', `the range must be at most ${MAX_RANGE_DAYS} days`, source);
  return { from, to };
}

/** The first and last day of a quarter `YYYY-Qn`, or null when it is not one. */
export function quarterDays(quarter: string): { from: string; to: string } | null {
  const m = /^(\d{4})-Q([1-4])$/.exec(quarter);
  if (!m) return null;
  const first = (Number(m[2]) - 1) * 3 + 1;
  const from = `${m[1]}-${String(first).padStart(2, '0')}-01`;
  const next = first === 10 ? `${Number(m[1]) + 1}-01-01` : `${m[1]}-${String(first + 3).padStart(2, '0')}-01`;
  return { from, to: addDays(next, -1) };
}

/** The first and last day of a month `YYYY-MM`, or null when it is not one. */
export function monthDays(month: string): { from: string; to: string } | null {
  const m = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(month);
  if (!m) return null;
  const n = Number(m[2]);
  const next = n === 12 ? `${Number(m[1]) + 1}-01-01` : `${m[1]}-${String(n + 1).padStart(2, '0')}-01`;
  return { from: `${month}-01`, to: addDays(next, -1) };
}
