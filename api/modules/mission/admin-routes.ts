import { Router, type Request } from 'express';
import { config } from '../../../shared/config';
import type { Actor } from '../../../shared/domain/admin/accounts';
import {
  adminCreateMission,
  adminDeleteMission,
  adminListClaims,
  adminListMissions,
  adminUpdateMission,
  type MissionCategory,
  type MissionInput,
  type MissionPatch,
  type MissionPeriodType,
} from '../../../shared/domain/mission/missions';
import { requireAdmin } from '../../http/auth';
import { route } from '../../http/envelope';
import { requestMeta } from '../../http/request-meta';
import { valid, validate } from '../../http/validate';
import { adminClaimsQuery, adminMissionQuery, createMissionBody, idParams, updateMissionBody } from './schemas';

/**
 * Administrator mission endpoints, mounted at /mission/admin, permission module `mission` (read for GET,
 * write otherwise); every write is operation-logged. The site is the `x-site-code` header or `siteCode`
 * query, else SITE_CODE.
 *
 * GET    /mission/admin/missions?category=&periodType=   every mission of the site (disabled ones too)
 * POST   /mission/admin/missions                         create (400 naming tier when the slot is taken)
 * PATCH  /mission/admin/missions/:id                     partial update (404 when not in the site)
 * DELETE /mission/admin/missions/:id                     only without claims (else 400: disable it)
 * GET    /mission/admin/claims?userId=&tab=&page=&pageSize=   the site's claims, newest first
 */
export const missionAdminRoutes = Router();

const siteOf = (req: Request): string => req.ctx.adminSiteCode ?? config().siteCode;
const actorOf = (req: Request): Actor => ({ adminId: req.admin!.id, siteCode: siteOf(req), meta: requestMeta(req) });

missionAdminRoutes.get(
  '/missions',
  requireAdmin('mission'),
  validate('query', adminMissionQuery),
  route((req) => {
    const query = valid(req, 'query', adminMissionQuery);
    return adminListMissions(siteOf(req), { category: query.category as MissionCategory | undefined, periodType: query.periodType as MissionPeriodType | undefined });
  }),
);

missionAdminRoutes.post(
  '/missions',
  requireAdmin('mission'),
  validate('body', createMissionBody),
  route((req) => adminCreateMission(actorOf(req), siteOf(req), valid(req, 'body', createMissionBody) as MissionInput)),
);

missionAdminRoutes.patch(
  '/missions/:id',
  requireAdmin('mission'),
  validate('params', idParams),
  validate('body', updateMissionBody),
  route((req) => adminUpdateMission(actorOf(req), siteOf(req), valid(req, 'params', idParams).id, valid(req, 'body', updateMissionBody) as MissionPatch)),
);

missionAdminRoutes.delete(
  '/missions/:id',
  requireAdmin('mission'),
  validate('params', idParams),
  route(async (req) => {
    await adminDeleteMission(actorOf(req), siteOf(req), valid(req, 'params', idParams).id);
    return null;
  }),
);

missionAdminRoutes.get(
  '/claims',
  requireAdmin('mission'),
  validate('query', adminClaimsQuery),
  route((req) => {
    const query = valid(req, 'query', adminClaimsQuery);
    return adminListClaims(siteOf(req), {
      page: query.page,
      pageSize: query.pageSize,
      tab: query.tab as 'pending' | 'completed' | undefined,
      userId: query.userId,
    });
  }),
);
