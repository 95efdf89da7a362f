import type { Request, Response } from 'express';
import type { InferType } from 'yup';
import { dailyReport, type DailyRow, type GroupBy } from '../../../shared/domain/reports';
import { sendResult } from '../../http/envelope';
import { toCsv } from './csv';
import type { dailyQuery } from './schemas';

/** The CSV of a daily report: the day, the group (when grouped), then every figure the rows carry. */
function dailyCsv(rows: DailyRow[], grouped: boolean): string {
  const figures = [...new Set(rows.flatMap((r) => Object.keys(r).filter((k) => k !== 'day' && k !== 'group')))];
  const flat = rows.map(({ group, ...rest }) => ({ ...rest, groupCode: group?.code, groupName: group?.name }));
  const columns = ['day', ...(grouped ? ['groupCode', 'groupName'] : []), ...figures];
  return toCsv(columns, flat, new Set(['day', 'groupCode', 'groupName']));
}

/** GET /reports/admin/daily (and the dashboard's GET /admin/reports/daily): the envelope, or the CSV with format=csv. */
export async function answerDaily({ site, query, req, res }: { site: string; query: InferType<typeof dailyQuery>; req: Request; res: Response }) {
  const report = await dailyReport(site, { from: query.from, to: query.to, groupBy: query.groupBy as GroupBy | undefined });
  if (query.format !== 'csv') return sendResult(req, res, report);
  const name = `report-${site}-${report.from}-${report.to}${report.groupBy ? `-${report.groupBy}` : ''}.csv`;
  res.status(200);
  res.setHeader('Content-Type', 'text/csv; charset=utf-8; header=present');
  res.setHeader('Content-Disposition', `attachment; filename="${name.replace(/[^A-Za-z0-9._-]/g, '_')}"`);
  res.setHeader('Cache-Control', 'private, no-store');
  res.end(dailyCsv(report.rows, report.groupBy !== null));
}
