import { operatorView, setOperatorExclusion, setOperatorLimit } from '../../../shared/domain/responsible-gaming';
import type { LimitPeriod, LimitType } from '../../../shared/domain/site-config';
import { endpoint } from '../../http/endpoint';
import { getResponsibleGamingAdminPlayer, protectionView } from './answers';
import { operatorExclusionBody, operatorLimitBody, playerParams } from './schemas';

/**
 * Operators' player protection (permission module `responsible-gaming`; the site is the `x-site-code`
 * header or `siteCode` query, else SITE_CODE): a player's state and history, operator limits, exclusions.
 * Every write needs a reason and is operation-logged.
 */
const admin = { admin: 'responsible-gaming' } as const;
const notFound = { 'responsible-gaming.playerNotFound': 2001 } as const;

export const adminEndpoints = [
  endpoint(
    {
      method: 'get',
      path: '/responsible-gaming/admin/players/:id',
      result: getResponsibleGamingAdminPlayer,
      auth: admin,
      params: playerParams,
      refusals: notFound,
      summary: "A player's protection state and its history, newest first",
    },
    ({ site, params }) => operatorView(site, params.id),
  ),
  endpoint(
    {
      method: 'put',
      path: '/responsible-gaming/admin/players/:id/limits',
      result: protectionView,
      auth: admin,
      params: playerParams,
      body: operatorLimitBody,
      refusals: notFound,
      summary: 'Set or remove an operator limit (at once; the player cannot raise it), with a reason',
    },
    ({ actor, site, params, body }) =>
      setOperatorLimit(actor, site, params.id, {
        type: body.type as LimitType,
        period: body.period as LimitPeriod,
        amount: body.amount ?? null,
        reason: body.reason,
      }),
  ),
  endpoint(
    {
      method: 'put',
      path: '/responsible-gaming/admin/players/:id/exclusion',
      result: protectionView,
      auth: admin,
      params: playerParams,
      body: operatorExclusionBody,
      refusals: { ...notFound, 'responsible-gaming.exclusionNotShortened': 2003 },
      summary: 'Set a cooling-off or self-exclusion end (never earlier than the current end), with a reason',
    },
    ({ actor, site, params, body }) =>
      setOperatorExclusion(actor, site, params.id, { kind: body.kind as 'cooling-off' | 'self-exclusion', until: body.until, reason: body.reason }),
  ),
];
