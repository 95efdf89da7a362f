import { Router, type Request } from 'express';
import { isKnownSite } from '../../../shared/domain/common/sites';
import { listVipLevels, listVipRebates, vipStatus } from '../../../shared/domain/vip/vip';
import { HttpError } from '../../../shared/errors';
import { requirePlayer } from '../../http/auth';
import { route } from '../../http/envelope';

/**
 * Public and player VIP endpoints (Part A 4.4): GET /vip/levels, GET /vip/rebates, GET /vip/status.
 */
export const playerRoutes = Router();

const SITE_CODE = /^[A-Za-z0-9_-]{1,30}$/;

/**
 * The site of a public VIP listing: the `siteCode` query wins over the `site-name` header (already in
 * req.ctx.siteCode), which wins over SITE_CODE. A siteCode naming no configured site is a 400.
 */
async function publicSite(req: Request): Promise<string> {
  const query = req.query?.siteCode;
  if (query === undefined) return req.ctx.siteCode;
  if (typeof query !== 'string') {
    throw new HttpError(400, 'Invalid query: siteCode must be a single site code', { errors: [{ field: 'siteCode', message: 'siteCode must be a single site code' }] });
  }
  const code = query.trim();
  if (code === '') return req.ctx.siteCode;
  if (!SITE_CODE.test(code) || !(await isKnownSite(code))) {
    throw new HttpError(400, `Unknown site "${code.slice(0, 40)}" in the siteCode query`, { errors: [{ field: 'siteCode', message: 'siteCode names no configured site' }] });
  }
  return code;
}

/** GET /vip/levels?siteCode=: enabled levels, sortOrder ascending, names in the request locale (cached 1 h). */
playerRoutes.get(
  '/levels',
  route(async (req) => listVipLevels(await publicSite(req), req.ctx.locale)),
);

/** GET /vip/rebates?siteCode=: the site's rebate rules, by level then game type. */
playerRoutes.get(
  '/rebates',
  route(async (req) => listVipRebates(await publicSite(req))),
);

/** GET /vip/status: the caller's level, progress, this month's effective bet, rebates and the ladder. */
playerRoutes.get(
  '/status',
  requirePlayer,
  route((req) => vipStatus(req.player!.id, req.player!.siteCode, req.ctx.locale)),
);
