import type { SettlementPeriodType, SettlementStatus } from '../../../shared/db/models';
import {
  agentDashboard,
  agentSettlementDetail,
  listAgentCommissions,
  listAgentSettlements,
  listSiteSettlements,
  reviewSettlement,
  type SettlementReviewAction,
  settlementRiskLogs,
} from '../../../shared/domain/affiliate';
import { endpoint, type Endpoint } from '../../http/endpoint';
import { agentOnly } from './agent-refusal';
import { adminSettlementsQuery, commissionsQuery, idParams, settlementReviewBody, settlementsQuery } from './settlement-schemas';
import * as answers from './answers';

/**
 * Settlements: the agent's dashboard (this week as a run would settle it so far), commission rows and settlements; the operators' settlement list,
 * risk logs and review (permission module `affiliate`, the review operation-logged). Agent endpoints
 * answer 2001 to a player who is not an agent; another agent's or another site's settlement is not
 * found (2001).
 */
const admin = { admin: 'affiliate' } as const;
type Period = { periodType?: string };
const period = (q: Period) => q.periodType as SettlementPeriodType | undefined;

export const settlementEndpoints: Endpoint[] = [
  endpoint(
    {
      method: 'get',
      path: '/affiliate/dashboard',
      result: answers.getAffiliateDashboard,
      auth: 'player',
      refusals: agentOnly,
      summary: "The agent's members per level, commission balance and this week's figures so far",
    },
    ({ player }) => agentDashboard(player.id),
  ),
  endpoint(
    {
      method: 'get',
      path: '/affiliate/commissions',
      result: answers.getAffiliateCommissions,
      auth: 'player',
      query: commissionsQuery,
      refusals: agentOnly,
      summary: "The agent's commission rows (per member and game type), newest period first",
    },
    ({ player, query }) => listAgentCommissions(player.id, { ...query, periodType: period(query) }),
  ),
  endpoint(
    {
      method: 'get',
      path: '/affiliate/settlements',
      result: answers.getAffiliateSettlements,
      auth: 'player',
      query: settlementsQuery,
      refusals: agentOnly,
      summary: "The agent's weekly and daily settlements, newest period first",
    },
    ({ player, query }) => listAgentSettlements(player.id, { ...query, periodType: period(query) }),
  ),
  endpoint(
    {
      method: 'get',
      path: '/affiliate/settlements/:id',
      result: answers.getAffiliateSettlementsById,
      auth: 'player',
      params: idParams,
      refusals: { 'affiliate.notAgent': { code: 2001, wording: 'asSettlementNotFound' }, 'affiliate.settlementNotFound': 2001 },
      summary: "One of the agent's settlements with its commission rows",
    },
    ({ player, params }) => agentSettlementDetail(player.id, params.id),
  ),
  endpoint(
    {
      method: 'get',
      path: '/affiliate/admin/settlements',
      result: answers.getAffiliateAdminSettlements,
      auth: admin,
      query: adminSettlementsQuery,
      summary: "The site's settlements with their agents, newest period first",
    },
    ({ site, query }) => listSiteSettlements(site, { ...query, status: query.status as SettlementStatus | undefined, periodType: period(query) }),
  ),
  endpoint(
    {
      method: 'get',
      path: '/affiliate/admin/settlements/:id/risk-logs',
      result: answers.getAffiliateAdminSettlementsByIdRiskLogs,
      auth: admin,
      params: idParams,
      refusals: { 'affiliate.settlementNotFound': 2001 },
      summary: "A settlement's risk rule hits with their evidence",
    },
    ({ site, params }) => settlementRiskLogs(site, params.id),
  ),
  endpoint(
    {
      method: 'post',
      path: '/affiliate/admin/settlements/:id/review',
      result: answers.postAffiliateAdminSettlementsByIdReview,
      auth: admin,
      params: idParams,
      body: settlementReviewBody,
      refusals: { 'affiliate.settlementNotFound': 2001, 'affiliate.settlementReviewed': 2002, 'affiliate.settlementStatementOnly': 2002 },
      summary: 'Approve (commission credited to the agent once) or reject a pending settlement; a statement is not reviewed',
    },
    ({ actor, site, params, body }) => reviewSettlement(actor, site, params.id, body.action as SettlementReviewAction, body.remark ?? null),
  ),
];
