import {
  adminCreateMission,
  adminDeleteMission,
  adminListClaims,
  adminListMissions,
  adminUpdateMission,
  claimMission,
  listMissionClaims,
  listMissions,
  type MissionCategory,
  type MissionPeriodType,
} from '../../../shared/domain/mission';
import { endpoint } from '../../http/endpoint';
import { exclusionCodes } from '../responsible-gaming/refusal-codes';
import { adminClaimsQuery, adminMissionQuery, claimsQuery, createMissionBody, idParams, updateMissionBody } from './schemas';
import * as answers from './answers';

/**
 * /mission, in matching order: the player endpoints (the list with an optional token, the
 * caller's claims, a claim), then the administrators' (permission module `mission`, read for GET, write
 * otherwise; the site is the `x-site-code` header or `siteCode` query, else SITE_CODE; every write is
 * operation-logged). Rules live in shared/domain/mission/.
 */
const admin = { admin: 'mission' } as const;
/** What a claim answers for each refusal (the spec's 3001 to 3004). */
export const claimRefusals = {
  'mission.notClaimable': 3001,
  'mission.alreadyClaimed': 3002,
  'mission.vipTooLow': 3003,
  'mission.belowThreshold': 3004,
} as const;
type Tab = 'pending' | 'completed' | undefined;

export const missionEndpoints = [
  endpoint(
    {
      method: 'get',
      path: '/mission',
      result: answers.getMission,
      auth: 'optional-player',
      summary: "The site's enabled missions with the caller's progress of the current periods",
    },
    ({ site, player }) => listMissions(site, player?.id ?? null),
  ),
  endpoint(
    {
      method: 'get',
      path: '/mission/claims',
      result: answers.getMissionClaims,
      auth: 'player',
      query: claimsQuery,
      summary: "The caller's mission claims, newest first",
    },
    ({ site, player, query }) =>
      listMissionClaims(player.id, site, {
        page: query.page,
        pageSize: query.pageSize,
        tab: query.tab as Tab,
        startDate: query.startDate,
        endDate: query.endDate,
      }),
  ),
  endpoint(
    {
      method: 'post',
      path: '/mission/:id/claim',
      // A reward the balance cannot hold (past NUMERIC(18,6)) is the wallet's 409; nothing moves.
      codes: [409],
      result: answers.postMissionByIdClaim,
      auth: 'player',
      params: idParams,
      refusals: { ...claimRefusals, ...exclusionCodes },
      summary: "Claim a mission's reward for the current period",
    },
    ({ site, player, params }) => claimMission(site, player.id, params.id),
  ),
  endpoint(
    {
      method: 'get',
      path: '/mission/admin/missions',
      result: answers.getMissionAdminMissions,
      auth: admin,
      query: adminMissionQuery,
      summary: 'Every mission of the site, disabled ones too',
    },
    ({ site, query }) =>
      adminListMissions(site, { category: query.category as MissionCategory | undefined, periodType: query.periodType as MissionPeriodType | undefined }),
  ),
  endpoint(
    {
      method: 'post',
      path: '/mission/admin/missions',
      result: answers.postMissionAdminMissions,
      auth: admin,
      body: createMissionBody,
      refusals: { 'mission.slotTaken': 2001 },
      summary: 'Create a mission (2001 its category, period type and tier slot is taken)',
    },
    ({ actor, site, body }) =>
      adminCreateMission(actor, site, { ...body, category: body.category as MissionCategory, periodType: body.periodType as MissionPeriodType }),
  ),
  endpoint(
    {
      method: 'patch',
      path: '/mission/admin/missions/:id',
      result: answers.postMissionAdminMissions,
      auth: admin,
      params: idParams,
      body: updateMissionBody,
      refusals: { 'mission.slotTaken': 2001 },
      summary: 'Update a mission (partial; 2001 its slot is taken)',
    },
    ({ actor, site, params, body }) =>
      adminUpdateMission(actor, site, params.id, {
        ...body,
        category: body.category as MissionCategory | undefined,
        periodType: body.periodType as MissionPeriodType | undefined,
      }),
  ),
  endpoint(
    {
      method: 'delete',
      path: '/mission/admin/missions/:id',
      result: answers.deleteMissionAdminMissionsById,
      auth: admin,
      params: idParams,
      refusals: { 'mission.hasClaims': 2002 },
      summary: 'Delete a mission without claims (2002 it has claims: disable it)',
    },
    async ({ actor, site, params }) => {
      await adminDeleteMission(actor, site, params.id);
      return null;
    },
  ),
  endpoint(
    {
      method: 'get',
      path: '/mission/admin/claims',
      result: answers.getMissionAdminClaims,
      auth: admin,
      query: adminClaimsQuery,
      summary: "The site's mission claims, newest first",
    },
    ({ site, query }) => adminListClaims(site, { page: query.page, pageSize: query.pageSize, tab: query.tab as Tab, userId: query.userId }),
  ),
];
