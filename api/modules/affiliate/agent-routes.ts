import { config } from '../../../shared/config';
import {
  allianceInfo,
  clickStats,
  createReferralCode,
  deleteReferralCode,
  listDownline,
  listReferralCodes,
  promoLink,
  tierInfo,
  trackClick,
} from '../../../shared/domain/affiliate';
import { endpoint, type Endpoint } from '../../http/endpoint';
import { limitRule } from '../../http/rate-limit';
import { agentOnly } from './agent-refusal';
import { clickStatsQuery, downlineQuery, idParams, referralCodeBody, trackClickBody } from './agent-schemas';
import * as answers from './answers';

/**
 * Agents' own endpoints: track-click, promo link, downline, click stats, referral codes, alliance and
 * tier info (docs/affiliates.md). Agent endpoints answer 2001 to a player who is not an
 * agent. track-click is public and limited per IP (RATE_LIMIT_TRACK_CLICK_PER_IP a minute).
 */
const trackClickPerIp = limitRule('affiliate-track-click:ip', 'ip', () => config().limits.trackClickPerIp);

export const agentEndpoints: Endpoint[] = [
  endpoint(
    {
      method: 'post',
      path: '/affiliate/track-click',
      result: answers.postAffiliateTrackClick,
      auth: 'none',
      body: trackClickBody,
      limits: [trackClickPerIp],
      refusals: { 'affiliate.refCodeUnknown': 2001 },
      summary: "Record a click on an agent's link (ip, device, code)",
    },
    ({ site, body, meta }) => trackClick(site, body.refCode, meta),
  ),
  endpoint(
    {
      method: 'get',
      path: '/affiliate/promo-link',
      result: answers.getAffiliatePromoLink,
      auth: 'player',
      refusals: agentOnly,
      summary: "The agent's code and promotion link",
    },
    ({ player }) => promoLink(player.id),
  ),
  endpoint(
    {
      method: 'get',
      path: '/affiliate/downline',
      result: answers.getAffiliateDownline,
      auth: 'player',
      query: downlineQuery,
      refusals: agentOnly,
      summary: "The agent's members of levels 1 to 3, newest first",
    },
    ({ player, query }) => listDownline(player.id, { page: query.page, pageSize: query.pageSize, level: query.level }),
  ),
  endpoint(
    {
      method: 'get',
      path: '/affiliate/click-stats',
      result: answers.getAffiliateClickStats,
      auth: 'player',
      query: clickStatsQuery,
      refusals: agentOnly,
      summary: 'Clicks, unique IPs and registrations per day (APP_TIMEZONE)',
    },
    ({ player, query }) => clickStats(player.id, query),
  ),
  endpoint(
    {
      method: 'get',
      path: '/affiliate/referral-codes',
      result: answers.getAffiliateReferralCodes,
      auth: 'player',
      refusals: agentOnly,
      summary: "The agent's referral codes",
    },
    ({ player }) => listReferralCodes(player.id),
  ),
  endpoint(
    {
      method: 'post',
      path: '/affiliate/referral-codes',
      result: answers.postAffiliateReferralCodes,
      auth: 'player',
      body: referralCodeBody,
      refusals: { ...agentOnly, 'affiliate.codeTaken': 2002, 'affiliate.referralCodeLimit': 2003, 'affiliate.codeFormat': 2004 },
      summary: 'Add a referral code (at most 10)',
    },
    ({ player, body }) => createReferralCode(player.id, { code: body.code, label: body.label }),
  ),
  endpoint(
    {
      method: 'delete',
      path: '/affiliate/referral-codes/:id',
      result: answers.postAffiliateAdminBind,
      auth: 'player',
      params: idParams,
      refusals: { 'affiliate.notAgent': { code: 2001, wording: 'asReferralCodeNotFound' }, 'affiliate.referralCodeNotFound': 2001 },
      summary: 'Delete one of the agent’s referral codes',
    },
    ({ player, params }) => deleteReferralCode(player.id, params.id),
  ),
  endpoint(
    {
      method: 'get',
      path: '/affiliate/alliance-info',
      result: answers.getAffiliateAllianceInfo,
      auth: 'none',
      summary: "The site's agent tiers, enabled commission rates and VIP milestones",
    },
    ({ site }) => allianceInfo(site),
  ),
  endpoint(
    {
      method: 'get',
      path: '/affiliate/tier-info',
      result: answers.getAffiliateTierInfo,
      auth: 'player',
      refusals: agentOnly,
      summary: "The agent's tier, the next one and the progress toward it",
    },
    ({ player }) => tierInfo(player.id),
  ),
];
