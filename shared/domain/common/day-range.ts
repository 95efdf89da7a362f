import { config } from '../../config';

/** Whole days startDate..endDate (YYYY-MM-DD, both included) in APP_TIMEZONE. */
export interface DayRange {
  startDate?: string;
  endDate?: string;
}

/**
 * SQL conditions selecting a player's rows of a site whose timestamp `column` falls in the day range:
 * from 00:00:00 of startDate to the end of endDate in APP_TIMEZONE. Callers may push further clauses.
 */
export function playerRowsInDays(
  userId: number,
  siteCode: string,
  column: string,
  range: DayRange,
): { clauses: string[]; replacements: Record<string, unknown> } {
  return rowsInDays(['"userId" = :userId', '"siteCode" = :siteCode'], { userId, siteCode }, column, range);
}

/** The given clauses and replacements, with those selecting rows whose `column` falls in the day range added. */
export function rowsInDays(
  clauses: string[],
  replacements: Record<string, unknown>,
  column: string,
  range: DayRange,
): { clauses: string[]; replacements: Record<string, unknown> } {
  replacements.tz = config().appTimezone;
  if (range.startDate) {
    clauses.push(`"${column}" >= (CAST(:startDate AS date)::timestamp AT TIME ZONE :tz)`);
    replacements.startDate = range.startDate;
  }
  if (range.endDate) {
    clauses.push(`"${column}" < ((CAST(:endDate AS date) + 1)::timestamp AT TIME ZONE :tz)`);
    replacements.endDate = range.endDate;
  }
  return { clauses, replacements };
}
