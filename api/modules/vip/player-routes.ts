import { listVipLevels, listVipRebates, vipStatus } from '../../../shared/domain/vip';
import { endpoint } from '../../http/endpoint';
import { publicSiteQuery } from './schemas';
import * as answers from './answers';

/**
 * Public and player VIP endpoints. The site of a public listing is the `siteCode` query,
 * else the `site-name` header, else SITE_CODE.
 */
export const playerEndpoints = [
  endpoint(
    {
      method: 'get',
      path: '/vip/levels',
      result: answers.getVipLevels,
      auth: 'none',
      query: publicSiteQuery,
      summary: 'Enabled levels by sortOrder, names in the request locale (cached 1 h)',
    },
    ({ query, site, locale }) => listVipLevels(query.siteCode ?? site, locale),
  ),
  endpoint(
    {
      method: 'get',
      path: '/vip/rebates',
      result: answers.getVipRebates,
      auth: 'none',
      query: publicSiteQuery,
      summary: "The site's rebate rules, by level then game type",
    },
    ({ query, site }) => listVipRebates(query.siteCode ?? site),
  ),
  endpoint(
    {
      method: 'get',
      path: '/vip/status',
      result: answers.getVipStatus,
      auth: 'player',
      refusals: { 'vip.playerNotFound': { code: 2001, wording: 'status' } },
      summary: "The caller's level, progress, this month's effective bet, rebates and the ladder",
    },
    ({ player, locale }) => vipStatus(player.id, player.siteCode, locale),
  ),
];
