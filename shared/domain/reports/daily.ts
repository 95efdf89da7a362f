import Decimal from 'decimal.js';
import { QueryTypes } from 'sequelize';
import { db } from '../../db/sequelize';
import { checkRange, eachDay } from './days';
import { type Cells, FIGURES_BY_GROUP, FUNDS_CHANGES, figuresOf, fundsOf, type GroupBy, groupFiguresOf, type StoredFigure } from './figures';

interface CellRow {
  day: string;
  groupCode: string;
  /** Each stored figure of the day and group: [amount, count]. */
  cells: Partial<Record<StoredFigure, [string, number]>>;
}

/**
 * The stored cells of one site and dimension over a range, one row per day and group (the figures
 * gathered in SQL: a 365-day report reads a few hundred rows, not one per figure).
 */
async function cellsOf(siteCode: string, dimension: string, from: string, to: string, figures?: readonly StoredFigure[]): Promise<CellRow[]> {
  return db().query<CellRow>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, "groupCode", json_object_agg(figure, json_build_array(amount::TEXT, count)) AS cells
       FROM report_daily
      WHERE "siteCode" = :siteCode AND dimension = :dimension AND day BETWEEN :from AND :to ${figures ? 'AND figure IN (:figures)' : ''}
      GROUP BY day, "groupCode" ORDER BY day, "groupCode"`,
    { replacements: { siteCode, dimension, from, to, figures: figures ?? [] }, type: QueryTypes.SELECT },
  );
}

const toCells = (row: CellRow): Cells =>
  Object.fromEntries(Object.entries(row.cells).map(([figure, [amount, count]]) => [figure, { amount, count: Number(count) }])) as Cells;

/** The funds changes summed over every day before `day`: the funds at the end of the day before. */
async function fundsBefore(siteCode: string, day: string): Promise<Cells> {
  const rows = await db().query<{ figure: StoredFigure; amount: string; count: string }>(
    `SELECT figure, sum(amount)::TEXT AS amount, sum(count)::TEXT AS count FROM report_daily
      WHERE "siteCode" = :siteCode AND dimension = 'site' AND day < :day AND figure IN (:figures) GROUP BY figure`,
    { replacements: { siteCode, day, figures: FUNDS_CHANGES }, type: QueryTypes.SELECT },
  );
  return Object.fromEntries(rows.map((r) => [r.figure, { amount: r.amount, count: Number(r.count) }]));
}

function addInto(running: Cells, cells: Cells) {
  for (const [figure, cell] of Object.entries(cells) as Array<[StoredFigure, { amount: string; count: number }]>) {
    const was = running[figure];
    running[figure] = { amount: new Decimal(was?.amount ?? 0).plus(cell.amount).toString(), count: (was?.count ?? 0) + cell.count };
  }
}

/** End-of-day funds for each day of the range (running sums of the changes from the site's first day). */
export async function fundsByDay(siteCode: string, from: string, to: string): Promise<Map<string, ReturnType<typeof fundsOf>>> {
  const [running, rows] = await Promise.all([fundsBefore(siteCode, from), cellsOf(siteCode, 'site', from, to, FUNDS_CHANGES)]);
  const byDay = new Map<string, ReturnType<typeof fundsOf>>();
  let i = 0;
  for (const day of eachDay(from, to)) {
    for (; i < rows.length && rows[i].day === day; i++) addInto(running, toCells(rows[i]));
    byDay.set(day, fundsOf(running));
  }
  return byDay;
}

export interface Group {
  code: string;
  name: string;
}

/** The display names of a dimension's groups on a site: game types by label, providers and payment methods by code. */
async function groupNames(siteCode: string, groupBy: GroupBy): Promise<Map<string, string>> {
  if (groupBy !== 'gameType') return new Map();
  const rows = await db().query<{ code: string; typeKey: string; label: Record<string, string> }>(
    `SELECT "gameType"::TEXT AS code, "typeKey", label FROM game_type_configs WHERE "siteCode" = :siteCode`,
    { replacements: { siteCode }, type: QueryTypes.SELECT },
  );
  return new Map(rows.map((r) => [r.code, r.label?.['en-US'] ?? r.typeKey]));
}

const displayName = (groupBy: GroupBy, code: string, names: Map<string, string>) =>
  names.get(code) ?? (groupBy === 'paymentMethod' ? code.replace(':', ' / ') : code);

export type DailyRow = { day: string; group?: Group } & Record<string, unknown>;

/**
 * GET /reports/admin/daily: one row per day of the range with the site's figures and its end-of-day
 * funds; with `groupBy`, one row per day and group that had activity, with that dimension's figures.
 * Reads only the rollup: at most one row per day, group and figure (docs/reports.md, "Endpoints").
 */
export async function dailyReport(
  siteCode: string,
  query: { from: string; to: string; groupBy?: GroupBy },
): Promise<{
  siteCode: string;
  from: string;
  to: string;
  groupBy: GroupBy | null;
  rows: DailyRow[];
}> {
  const { from, to } = checkRange(query.from, query.to);
  const groupBy = query.groupBy ?? null;
  if (groupBy) {
    const [rows, names] = await Promise.all([cellsOf(siteCode, groupBy, from, to, FIGURES_BY_GROUP[groupBy]), groupNames(siteCode, groupBy)]);
    const out = rows.map((r) => ({
      day: r.day,
      group: { code: r.groupCode, name: displayName(groupBy, r.groupCode, names) },
      ...groupFiguresOf(groupBy, toCells(r)),
    }));
    return { siteCode, from, to, groupBy, rows: out };
  }
  const [rows, funds] = await Promise.all([cellsOf(siteCode, 'site', from, to), fundsByDay(siteCode, from, to)]);
  const byDay = new Map(rows.map((r) => [r.day, toCells(r)]));
  return {
    siteCode,
    from,
    to,
    groupBy,
    rows: eachDay(from, to).map((day) => ({ day, ...figuresOf(byDay.get(day) ?? {}), ...funds.get(day) })),
  };
}

/** GET /reports/admin/player-funds: the funds at the end of one day. */
export async function playerFunds(siteCode: string, date: string) {
  checkRange(date, date);
  const funds = (await fundsByDay(siteCode, date, date)).get(date);
  return { siteCode, date, ...funds };
}

/** Sums of the site's stored figures over a range (the returns' period totals). */
export async function periodCells(siteCode: string, from: string, to: string, dimension: 'site' | GroupBy = 'site') {
  const rows = await db().query<{ groupCode: string; figure: StoredFigure; amount: string; count: string }>(
    `SELECT "groupCode", figure, sum(amount)::TEXT AS amount, sum(count)::TEXT AS count FROM report_daily
      WHERE "siteCode" = :siteCode AND dimension = :dimension AND day BETWEEN :from AND :to GROUP BY "groupCode", figure`,
    { replacements: { siteCode, dimension, from, to }, type: QueryTypes.SELECT },
  );
  const byGroup = new Map<string, Cells>();
  for (const r of rows) {
    const cells = byGroup.get(r.groupCode) ?? {};
    cells[r.figure] = { amount: r.amount, count: Number(r.count) };
    byGroup.set(r.groupCode, cells);
  }
  return byGroup;
}

/** Players counted in a distinct figure over a whole period (not the sum of the days: a player once). */
export async function distinctPlayers(siteCode: string, figure: 'activePlayers' | 'depositors', from: string, to: string): Promise<number> {
  const [row] = await db().query<{ n: string }>(
    `SELECT count(DISTINCT "userId")::TEXT AS n FROM report_day_players WHERE "siteCode" = :siteCode AND figure = :figure AND day BETWEEN :from AND :to`,
    { replacements: { siteCode, figure, from, to }, type: QueryTypes.SELECT },
  );
  return Number(row.n);
}

export { groupNames, displayName };

/** Today in the site's time zone (docs/reports.md, "The site time zone"): the last day a report can hold. */
export async function siteToday(siteCode: string): Promise<string> {
  const [row] = await db().query<{ day: string }>(`SELECT to_char(now() AT TIME ZONE rg_time_zone(:siteCode), 'YYYY-MM-DD') AS day`, {
    replacements: { siteCode },
    type: QueryTypes.SELECT,
  });
  return row.day;
}
