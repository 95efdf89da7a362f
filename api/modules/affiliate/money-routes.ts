import type { AffiliateWithdrawalStatus } from '../../../shared/db/models';
import {
  type AffiliateReviewAction,
  completeAffiliateWithdrawal,
  listAgentMilestoneAwards,
  listAgentWithdrawals,
  listSiteAffiliateWithdrawals,
  requestAffiliateWithdrawal,
  requireAgent,
  reviewAffiliateWithdrawal,
} from '../../../shared/domain/affiliate';
import { affiliateBalanceOf } from '../../../shared/domain/wallet';
import { config } from '../../../shared/config';
import { type Endpoint, endpoint } from '../../http/endpoint';
import { limitRule } from '../../http/rate-limit';
import { KYC_GATE_REFUSALS } from '../kyc/gate-refusals';
import { agentOnly } from './agent-refusal';
import { adminListQuery, idParams, pagingQuery, requestBody, reviewBody } from './money-schemas';
import * as answers from './answers';

/**
 * Commission money: the agent's balance, withdrawals and VIP milestone bonuses; the
 * operators' withdrawal list, review and complete (permission module `affiliate`, every write
 * operation-logged). Every agent endpoint answers 2001 for a player who is not an agent (2005 for the
 * withdrawal request, as the spec lists); another site's withdrawal is not found (2001).
 */
const admin = { admin: 'affiliate' } as const;
const decided = { 'affiliate.withdrawalNotFound': 2001, 'affiliate.withdrawalStatusNotAllowed': 2002 } as const;
/** Commission withdrawal requests per agent per minute (RATE_LIMIT_AFFILIATE_WITHDRAWAL_PER_USER). */
const requestPerUser = limitRule('affiliate-withdrawal-request', 'player', () => config().limits.affiliateWithdrawalPerUser);

export const moneyEndpoints: Endpoint[] = [
  endpoint(
    {
      method: 'get',
      path: '/affiliate/balance',
      result: answers.getAffiliateBalance,
      auth: 'player',
      refusals: agentOnly,
      summary: "The agent's commission balance: available, frozen, totalEarned, totalWithdrawn",
    },
    async ({ player }) => affiliateBalanceOf((await requireAgent(player.id)).id),
  ),
  endpoint(
    {
      method: 'get',
      path: '/affiliate/withdrawals',
      result: answers.getAffiliateWithdrawals,
      auth: 'player',
      query: pagingQuery,
      refusals: agentOnly,
      summary: "The agent's commission withdrawals, newest first",
    },
    ({ site, player, query }) => listAgentWithdrawals(site, player.id, query),
  ),
  endpoint(
    {
      method: 'post',
      path: '/affiliate/withdrawals/request',
      result: answers.postAffiliateWithdrawalsRequest,
      auth: 'player',
      body: requestBody,
      limits: [requestPerUser],
      refusals: {
        'affiliate.notAgent': 2005,
        'affiliate.amountNotPositive': 2001,
        'affiliate.methodUnknown': 2002,
        'affiliate.targetNotApproved': 2002,
        'affiliate.withdrawalCooldown': 2003,
        'affiliate.balanceTooLow': 2004,
        'kyc.level2Required': KYC_GATE_REFUSALS['kyc.level2Required'],
      },
      summary: 'Request a commission withdrawal to an approved bank card or crypto address: available moves to frozen until reviewed',
    },
    ({ site, player, body }) => requestAffiliateWithdrawal(site, player.id, body),
  ),
  endpoint(
    {
      method: 'get',
      path: '/affiliate/vip-milestones',
      result: answers.getAffiliateVipMilestones,
      auth: 'player',
      query: pagingQuery,
      refusals: agentOnly,
      summary: 'The VIP milestone bonuses the agent earned from its members, newest first',
    },
    ({ site, player, query }) => listAgentMilestoneAwards(site, player.id, query),
  ),
  endpoint(
    {
      method: 'get',
      path: '/affiliate/admin/withdrawals',
      result: answers.getAffiliateAdminWithdrawals,
      auth: admin,
      query: adminListQuery,
      summary: "The site's commission withdrawals, newest first",
    },
    ({ site, query }) => listSiteAffiliateWithdrawals(site, { ...query, status: query.status as AffiliateWithdrawalStatus | undefined }),
  ),
  endpoint(
    {
      method: 'post',
      path: '/affiliate/admin/withdrawals/:id/review',
      result: answers.postAffiliateAdminWithdrawalsByIdReview,
      auth: admin,
      params: idParams,
      body: reviewBody,
      refusals: decided,
      summary: 'Approve or reject a pending commission withdrawal (reject returns frozen to available)',
    },
    ({ actor, site, params, body }) => reviewAffiliateWithdrawal(actor, site, params.id, body.action as AffiliateReviewAction, body.remark ?? null),
  ),
  endpoint(
    {
      method: 'post',
      path: '/affiliate/admin/withdrawals/:id/complete',
      result: answers.postAffiliateAdminWithdrawalsByIdComplete,
      auth: admin,
      params: idParams,
      refusals: { ...decided, 'affiliate.withdrawalStatusNotAllowed': { code: 2002, wording: 'complete' } },
      summary: 'Mark an approved commission withdrawal paid out (frozen moves to totalWithdrawn)',
    },
    ({ actor, site, params }) => completeAffiliateWithdrawal(actor, site, params.id),
  ),
];
