import { Router } from 'express';
import { claimMission, listMissionClaims, listMissions } from '../../../shared/domain/mission/missions';
import { optionalPlayer, requirePlayer } from '../../http/auth';
import { route } from '../../http/envelope';
import { valid, validate } from '../../http/validate';
import { missionAdminRoutes } from './admin-routes';
import { claimsQuery, idParams } from './schemas';

/** Missions (Part A 4.5), mounted at /mission; administrator CRUD under /mission/admin. */
export const missionRoutes = Router();

missionRoutes.use('/admin', missionAdminRoutes);

/** GET /mission (optional token): the site's enabled missions with the caller's progress of the current periods. */
missionRoutes.get(
  '/',
  optionalPlayer,
  route((req) => listMissions(req.player?.siteCode ?? req.ctx.siteCode, req.player?.id ?? null)),
);

/** GET /mission/claims: the caller's claims, newest first. */
missionRoutes.get(
  '/claims',
  requirePlayer,
  validate('query', claimsQuery),
  route((req) => {
    const player = req.player!;
    const query = valid(req, 'query', claimsQuery);
    return listMissionClaims(player.id, player.siteCode, {
      page: query.page,
      pageSize: query.pageSize,
      tab: query.tab as 'pending' | 'completed' | undefined,
      startDate: query.startDate,
      endDate: query.endDate,
    });
  }),
);

/** POST /mission/:id/claim: 3001 not found, 3002 claimed this period, 3003 VIP too low, 3004 target not reached. */
missionRoutes.post(
  '/:id/claim',
  requirePlayer,
  validate('params', idParams),
  route((req) => claimMission(req.player!.siteCode, req.player!.id, valid(req, 'params', idParams).id)),
);
