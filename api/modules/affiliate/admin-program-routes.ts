import type { BindAction } from '../../../shared/db/models';
import {
  bindMember,
  createAgent,
  deleteAgentTier,
  deleteCommissionRate,
  deleteVipMilestone,
  listAgentTiers,
  listBindLogs,
  listCommissionRates,
  listVipMilestones,
  setAgentTier,
  upsertAgentTier,
  upsertCommissionRate,
  upsertVipMilestone,
} from '../../../shared/domain/affiliate';
import { settlementSettings, updateSettlementSettings } from '../../../shared/domain/site-config';
import { endpoint, type Endpoint } from '../../http/endpoint';
import {
  agentTierBody,
  bindBody,
  bindLogsQuery,
  commissionRateBody,
  createAgentBody,
  idParams,
  setAgentTierBody,
  settlementSettingsBody,
  vipMilestoneBody,
} from './admin-program-schemas';
import * as answers from './answers';

/**
 * Operators' program endpoints: create-agent, bind, bind logs, commission rates, VIP milestones, agent
 * tiers, set-agent-tier, the settlement settings (docs/affiliates.md; permission module
 * `affiliate`, every write operation-logged). The site is the x-site-code header or siteCode query,
 * else SITE_CODE; another site's ids are not found.
 */
const auth = { admin: 'affiliate' } as const;

export const programAdminEndpoints: Endpoint[] = [
  endpoint(
    {
      method: 'post',
      path: '/affiliate/admin/create-agent',
      result: answers.postAffiliateAdminCreateAgent,
      auth,
      body: createAgentBody,
      refusals: { 'affiliate.playerNotFound': 2001, 'affiliate.codeTaken': { code: 2002, wording: 'agentCode' }, 'affiliate.alreadyAgent': 2003 },
      summary: 'Make a player of the site an agent',
    },
    ({ actor, site, body }) => createAgent(actor, site, body),
  ),
  endpoint(
    {
      method: 'post',
      path: '/affiliate/admin/bind',
      result: answers.postAffiliateAdminBind,
      auth,
      body: bindBody,
      refusals: {
        'affiliate.playerNotFound': { code: 2001, wording: 'member' },
        'affiliate.agentNotFound': 2002,
        'affiliate.bindCycle': 2002,
        'affiliate.memberAlreadyBound': 2003,
        'affiliate.memberNotBoundThere': 2004,
      },
      summary:
        "Bind, transfer or unbind a member's agent (one bind log each; 2003 the member already has an agent, or this one; 2004 it has no agent, or another one)",
    },
    ({ actor, admin, site, body }) =>
      bindMember(actor, admin.account, site, { memberId: body.memberId, agentId: body.agentId, action: body.action as BindAction }),
  ),
  endpoint(
    {
      method: 'get',
      path: '/affiliate/admin/bind-logs',
      result: answers.getAffiliateAdminBindLogs,
      auth,
      query: bindLogsQuery,
      summary: "The site's bind logs, newest first",
    },
    ({ site, query }) => listBindLogs(site, query),
  ),
  endpoint(
    {
      method: 'get',
      path: '/affiliate/admin/commission-rates',
      result: answers.getAffiliateAdminCommissionRates,
      auth,
      summary: "The site's commission rates",
    },
    ({ site }) => listCommissionRates(site),
  ),
  endpoint(
    {
      method: 'post',
      path: '/affiliate/admin/commission-rates',
      result: answers.postAffiliateAdminCommissionRates,
      auth,
      body: commissionRateBody,
      refusals: { 'affiliate.tierNotFound': 2001, 'affiliate.agentLevelInvalid': 2002 },
      summary: 'Upsert a rate by (agentTier, agentLevel, gameType)',
    },
    ({ actor, site, body }) => upsertCommissionRate(actor, site, { ...body, gameType: body.gameType ?? null }),
  ),
  endpoint(
    {
      method: 'delete',
      path: '/affiliate/admin/commission-rates/:id',
      result: answers.postAffiliateAdminBind,
      auth,
      params: idParams,
      refusals: { 'affiliate.rateNotFound': 2001 },
      summary: 'Delete a commission rate',
    },
    ({ actor, site, params }) => deleteCommissionRate(actor, site, params.id),
  ),
  endpoint(
    { method: 'get', path: '/affiliate/admin/vip-milestones', result: answers.getAffiliateAdminVipMilestones, auth, summary: "The site's VIP milestones" },
    ({ site }) => listVipMilestones(site),
  ),
  endpoint(
    {
      method: 'post',
      path: '/affiliate/admin/vip-milestones',
      result: answers.postAffiliateAdminVipMilestones,
      auth,
      body: vipMilestoneBody,
      refusals: { 'affiliate.milestoneLevelInvalid': 2001 },
      summary: 'Upsert a VIP milestone by vipLevel',
    },
    ({ actor, site, body }) => upsertVipMilestone(actor, site, body),
  ),
  endpoint(
    {
      method: 'delete',
      path: '/affiliate/admin/vip-milestones/:id',
      result: answers.postAffiliateAdminBind,
      auth,
      params: idParams,
      refusals: { 'affiliate.milestoneNotFound': 2001 },
      summary: 'Delete a VIP milestone',
    },
    ({ actor, site, params }) => deleteVipMilestone(actor, site, params.id),
  ),
  endpoint(
    { method: 'get', path: '/affiliate/admin/agent-tiers', result: answers.getAffiliateAdminAgentTiers, auth, summary: "The site's agent tiers, lowest first" },
    ({ site }) => listAgentTiers(site),
  ),
  endpoint(
    {
      method: 'post',
      path: '/affiliate/admin/agent-tiers',
      result: answers.postAffiliateAdminAgentTiers,
      auth,
      body: agentTierBody,
      summary: 'Upsert an agent tier by tierCode',
    },
    ({ actor, site, body }) => upsertAgentTier(actor, site, body),
  ),
  endpoint(
    {
      method: 'delete',
      path: '/affiliate/admin/agent-tiers/:id',
      result: answers.postAffiliateAdminBind,
      auth,
      params: idParams,
      refusals: { 'affiliate.tierNotFound': 2001, 'affiliate.tierInUse': 2002 },
      summary: 'Delete an agent tier not in use by agents',
    },
    ({ actor, site, params }) => deleteAgentTier(actor, site, params.id),
  ),
  endpoint(
    {
      method: 'post',
      path: '/affiliate/admin/set-agent-tier',
      result: answers.postAffiliateAdminSetAgentTier,
      auth,
      body: setAgentTierBody,
      refusals: { 'affiliate.agentNotFound': 2001, 'affiliate.tierNotFound': { code: 2002, wording: 'tierCode' } },
      summary: "Set an agent's tier by hand (stops automatic moves)",
    },
    ({ actor, site, body }) => setAgentTier(actor, site, body),
  ),
  endpoint(
    {
      method: 'get',
      path: '/affiliate/admin/settlement-settings',
      result: answers.getAffiliateAdminSettlementSettings,
      auth,
      summary: "The site's settlement settings: the paying period type and negative carry-over",
    },
    ({ site }) => settlementSettings(site),
  ),
  endpoint(
    {
      method: 'patch',
      path: '/affiliate/admin/settlement-settings',
      result: answers.getAffiliateAdminSettlementSettings,
      auth,
      body: settlementSettingsBody,
      summary: 'Change the paying period type (weekly or daily; applies from the next week no run has settled) or negative carry-over',
    },
    ({ actor, site, body }) => updateSettlementSettings(actor, site, { payingPeriod: body.payingPeriod, negativeCarryOver: body.negativeCarryOver }),
  ),
];
