import { refuseSite } from '../../../shared/domain/admin';
import { decideLink, linkQueue, playerLinks, siteOfAccount } from '../../../shared/domain/risk';
import { adminSitesOf } from '../../http/auth';
import { endpoint } from '../../http/endpoint';
import * as answers from './answers';
import { decisionBody, pairParams, playerParams, queueQuery } from './schemas';

/**
 * Linked players (permission module `risk`; the site is the `x-site-code` header or `siteCode` query,
 * else SITE_CODE; docs/decisions/risk.md). A site-bound administrator sees the links to accounts of its
 * own sites only, and deciding a pair whose other account is not of its sites (or is no account) is a
 * 403 written to the operation log, the same answer either way.
 */
const admin = { admin: 'risk' } as const;
const notFound = { 'risk.playerNotFound': 2001 } as const;

export const riskEndpoints = [
  endpoint(
    {
      method: 'get',
      path: '/risk/admin/players/:id/links',
      result: answers.getRiskAdminPlayersByIdLinks,
      auth: admin,
      params: playerParams,
      refusals: notFound,
      summary: "The accounts sharing a signal with the player, in the player's scope and the caller's sites",
    },
    ({ site, params, req }) => playerLinks(site, params.id, adminSitesOf(req)),
  ),
  endpoint(
    {
      method: 'get',
      path: '/risk/admin/queue',
      result: answers.getRiskAdminQueue,
      auth: admin,
      query: queueQuery,
      summary: "The site's undecided links sharing at least its queueThreshold kinds of signal, and the signals ignored as too shared",
    },
    ({ site, query, req }) => linkQueue(site, adminSitesOf(req), { page: query.page, pageSize: query.pageSize }),
  ),
  endpoint(
    {
      method: 'put',
      path: '/risk/admin/players/:id/links/:otherId',
      result: answers.putRiskAdminPlayersByIdLinksByOtherId,
      auth: admin,
      params: pairParams,
      body: decisionBody,
      refusals: { ...notFound, 'risk.linkNotFound': 2002 },
      codes: [403],
      summary: 'Decide a link: one person (linked) or two (unrelated: an exclusion does not follow between them), with a reason',
    },
    async ({ actor, site, params, body, req }) => {
      const held = adminSitesOf(req);
      const otherSite = await siteOfAccount(params.otherId);
      if (otherSite === null || (held !== null && !held.includes(otherSite))) {
        throw await refuseSite({ adminId: actor.adminId, site: otherSite, meta: actor.meta, reason: `account ${params.otherId} is not of your sites` });
      }
      return decideLink(actor, site, params.id, params.otherId, { decision: body.decision, reason: body.reason });
    },
  ),
];
