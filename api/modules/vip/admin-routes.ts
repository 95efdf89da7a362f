import { Router, type Request } from 'express';
import { config } from '../../../shared/config';
import type { Actor } from '../../../shared/domain/admin/accounts';
import {
  createVipLevel,
  createVipRebate,
  deleteVipLevel,
  deleteVipRebate,
  setVipHold,
  updateVipLevel,
  updateVipRebate,
} from '../../../shared/domain/vip/vip';
import { requireAdmin } from '../../http/auth';
import { route } from '../../http/envelope';
import { requestMeta } from '../../http/request-meta';
import { valid, validate } from '../../http/validate';
import { createLevelBody, createRebateBody, holdBody, idParams, updateLevelBody, updateRebateBody, userIdParams } from './schemas';

/**
 * Administrator VIP endpoints (Part A 4.4), permission module `vip`: levels and rebate rules of a site,
 * and the hold flag of a user. The site is the `x-site-code` header or `siteCode` query, else SITE_CODE;
 * a record of another site is not found. Guards are per route, so the public GET /vip/levels and
 * GET /vip/rebates (player routes, mounted after these) stay open.
 */
export const adminRoutes = Router();

const siteOf = (req: Request): string => req.ctx.adminSiteCode ?? config().siteCode;

function actorOf(req: Request): Actor {
  return { adminId: req.admin!.id, siteCode: siteOf(req), meta: requestMeta(req) };
}

const guard = requireAdmin('vip');

/** POST /vip/levels: the stored level; 2003 when the site has that level. */
adminRoutes.post(
  '/levels',
  guard,
  validate('body', createLevelBody),
  route((req) => createVipLevel(actorOf(req), siteOf(req), valid(req, 'body', createLevelBody))),
);

/** PATCH /vip/levels/:id: partial; 2001 not found in the site; 2003 new level number taken. */
adminRoutes.patch(
  '/levels/:id',
  guard,
  validate('params', idParams),
  validate('body', updateLevelBody),
  route((req) => updateVipLevel(actorOf(req), siteOf(req), valid(req, 'params', idParams).id, valid(req, 'body', updateLevelBody))),
);

/** DELETE /vip/levels/:id: null; 2001 not found in the site. */
adminRoutes.delete(
  '/levels/:id',
  guard,
  validate('params', idParams),
  route((req) => deleteVipLevel(actorOf(req), siteOf(req), valid(req, 'params', idParams).id)),
);

/** POST /vip/rebates: the stored rule; 2004 when the site has a rule for the level and game type. */
adminRoutes.post(
  '/rebates',
  guard,
  validate('body', createRebateBody),
  route((req) => createVipRebate(actorOf(req), siteOf(req), valid(req, 'body', createRebateBody))),
);

/** PATCH /vip/rebates/:id: partial; 2002 not found in the site; 2004 new (level, gameType) taken. */
adminRoutes.patch(
  '/rebates/:id',
  guard,
  validate('params', idParams),
  validate('body', updateRebateBody),
  route((req) => updateVipRebate(actorOf(req), siteOf(req), valid(req, 'params', idParams).id, valid(req, 'body', updateRebateBody))),
);

/** DELETE /vip/rebates/:id: null; 2002 not found in the site. */
adminRoutes.delete(
  '/rebates/:id',
  guard,
  validate('params', idParams),
  route((req) => deleteVipRebate(actorOf(req), siteOf(req), valid(req, 'params', idParams).id)),
);

/** PATCH /vip/users/:userId/hold {hold: 1|0}: {userId, vipHold}; 2001 user not in the site; 2002 level below 5. */
adminRoutes.patch(
  '/users/:userId/hold',
  guard,
  validate('params', userIdParams),
  validate('body', holdBody),
  route((req) => setVipHold(actorOf(req), siteOf(req), valid(req, 'params', userIdParams).userId, valid(req, 'body', holdBody).hold as 0 | 1)),
);
