/**
 * Operator reporting (docs/reports.md): the daily rollup of the ledger and the records per site and local
 * day, kept by capture triggers and a fold job, its reads (daily report, end-of-day player funds, the
 * regulatory returns) and its verification against the raw tables.
 */
export { dailyReport, playerFunds, siteToday, type DailyRow, type Group } from './daily';
export { checkRange, isDay, MAX_RANGE_DAYS, addDays } from './days';
export { DAY_AMOUNTS, DAY_COUNTS, FIGURES_BY_GROUP, GROUP_BYS, STORED_FIGURES, type GroupBy, type StoredFigure } from './figures';
export { foldReportDeltas } from './fold';
export { reportFoldJob } from './jobs';
export { mtMonthlyReturn, ukQuarterlyReturn } from './returns';
export { describeDifference, verifyReports, type Difference } from './verify';
