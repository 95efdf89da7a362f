import { Router, type Request } from 'express';
import { object, string } from 'yup';
import { config } from '../../../shared/config';
import { recordAdminAction } from '../../../shared/domain/admin/operation-log';
import { settleDailyRebate, SettlementPeriodError } from '../../../shared/domain/vip/rebate';
import { runMonthlyRelegation } from '../../../shared/domain/vip/relegation';
import { HttpError } from '../../../shared/errors';
import { requireAdmin } from '../../http/auth';
import { route } from '../../http/envelope';
import { requestMeta } from '../../http/request-meta';
import { valid, validate } from '../../http/validate';

/**
 * POST /vip/settlement/daily-rebate and /monthly-relegation (Part A 4.4), administrators with the 'vip'
 * permission. The site is the x-site-code header or siteCode query, else SITE_CODE. The run is the same
 * as the scheduled job's: a period already settled pays (applies) nothing more. Each call writes an
 * operation-log row with its result.
 */
export const settlementRoutes = Router();

const rebateBody = object({ day: string().trim().matches(/^\d{4}-\d{2}-\d{2}$/, 'day must be YYYY-MM-DD').optional() });
const relegationBody = object({ month: string().trim().matches(/^\d{4}-\d{2}$/, 'month must be YYYY-MM').optional() });

function siteOf(req: Request): string {
  return req.ctx.adminSiteCode ?? config().siteCode;
}

async function periodChecked<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof SettlementPeriodError) throw new HttpError(400, err.message);
    throw err;
  }
}

async function log(req: Request, siteCode: string, action: string, targetId: string, detail: unknown, summary: string): Promise<void> {
  const meta = requestMeta(req);
  await recordAdminAction({ adminId: req.admin?.id ?? null, siteCode, module: 'vip', action, targetId, ...meta, detail, summary });
}

settlementRoutes.post(
  '/daily-rebate',
  requireAdmin('vip'),
  validate('body', rebateBody),
  route(async (req) => {
    const { day } = valid(req, 'body', rebateBody);
    const siteCode = siteOf(req);
    const r = await periodChecked(() => settleDailyRebate({ siteCode, day }));
    await log(req, siteCode, 'daily-rebate', r.day, r, `daily rebate ${r.day}: ${r.usersProcessed} users, ${r.totalRebate}${r.alreadySettled ? ' (already settled)' : ''}`);
    return { usersProcessed: r.usersProcessed, totalRebate: r.totalRebate, usersPaid: r.usersPaid, day: r.day, alreadySettled: r.alreadySettled };
  }),
);

settlementRoutes.post(
  '/monthly-relegation',
  requireAdmin('vip'),
  validate('body', relegationBody),
  route(async (req) => {
    const { month } = valid(req, 'body', relegationBody);
    const siteCode = siteOf(req);
    const r = await periodChecked(() => runMonthlyRelegation({ siteCode, month }));
    await log(req, siteCode, 'monthly-relegation', r.month, r, `relegation ${r.month}: ${r.checked} checked, ${r.warned} warned, ${r.demoted} demoted${r.alreadySettled ? ' (already settled)' : ''}`);
    return { checked: r.checked, warned: r.warned, demoted: r.demoted, month: r.month, alreadySettled: r.alreadySettled };
  }),
);
