/**
 * Player protection periods as a client reckons them, without the project's functions: calendar days,
 * weeks from Monday and months in a zone of fixed offset (Asia/Taipei is UTC+8 all year, no daylight
 * saving), for tests that check where the database put a period's end.
 */

const HOUR = 3_600_000;

/** Asia/Taipei's offset from UTC. */
export const TAIPEI_OFFSET_MS = 8 * HOUR;

export interface PeriodEnds {
  dayEnd: string;
  weekEnd: string;
  monthEnd: string;
}

/** The ends of the day, the week (Monday to Sunday) and the month holding `at`, in a zone `offsetMs` east of UTC (ISO strings). */
export function periodEnds(at: number, offsetMs: number): PeriodEnds {
  const local = new Date(at + offsetMs);
  const [y, m, d] = [local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()];
  const daysToMonday = 7 - ((local.getUTCDay() + 6) % 7);
  const utc = (year: number, month: number, day: number) => new Date(Date.UTC(year, month, day) - offsetMs).toISOString();
  return { dayEnd: utc(y, m, d + 1), weekEnd: utc(y, m, d + daysToMonday), monthEnd: utc(y, m + 1, 1) };
}

/** The start of the day holding `at` in a zone `offsetMs` east of UTC (epoch ms). */
export function dayStart(at: number, offsetMs: number): number {
  const local = new Date(at + offsetMs);
  return Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) - offsetMs;
}

/**
 * Waits out the last `marginMs` before a midnight of each zone given (offsets east of UTC), so that what a
 * test reckons from the clock and what the database reckons a moment later fall in the same day.
 */
export async function awayFromMidnights(offsetsMs: number[], marginMs = 10_000): Promise<void> {
  for (;;) {
    const now = Date.now();
    const left = Math.min(...offsetsMs.map((offset) => dayStart(now, offset) + 24 * HOUR - now));
    if (left > marginMs) return;
    await new Promise((r) => setTimeout(r, left + 200));
  }
}
