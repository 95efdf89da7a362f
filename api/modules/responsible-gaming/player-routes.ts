import {
  acknowledgeRealityCheck,
  type ChangedBy,
  protectionView,
  setPlayerLimit,
  setPlayerSession,
  startCoolingOff,
  startSelfExclusion,
} from '../../../shared/domain/responsible-gaming';
import type { LimitPeriod, LimitType } from '../../../shared/domain/site-config';
import type { RequestMeta } from '../../../shared/domain/audit';
import { endpoint } from '../../http/endpoint';
import { protectionView as view, realityCheckAck } from './answers';
import { coolingOffBody, limitBody, selfExclusionBody, sessionBody } from './schemas';

/**
 * The player's own protection: its state, limits, session settings, cooling-off and self-exclusion.
 * Rules live in shared/domain/responsible-gaming/ (docs/decisions/responsible-gaming.md, "Player protection: calendar
 * periods, running totals, checked where the money moves").
 */
const byPlayer = (site: string, meta: RequestMeta): ChangedBy => ({ adminId: null, siteCode: site, meta });

export const playerEndpoints = [
  endpoint(
    {
      method: 'get',
      path: '/responsible-gaming',
      result: view,
      auth: 'player',
      summary: "The player's limits in force and waiting, session settings, exclusions and current session",
    },
    ({ site, player }) => protectionView(site, player.id),
  ),
  endpoint(
    {
      method: 'put',
      path: '/responsible-gaming/limits',
      result: view,
      auth: 'player',
      body: limitBody,
      summary:
        'Set, lower, raise or remove a deposit, loss or wager limit (a raise or removal waits the site delay; asking for the amount in force cancels it)',
    },
    ({ site, player, body, meta }) =>
      setPlayerLimit(site, player.id, byPlayer(site, meta), { type: body.type as LimitType, period: body.period as LimitPeriod, amount: body.amount ?? null }),
  ),
  endpoint(
    {
      method: 'put',
      path: '/responsible-gaming/session',
      result: view,
      auth: 'player',
      body: sessionBody,
      refusals: { 'responsible-gaming.realityCheckTooLong': 2002 },
      summary: 'Set the session time limit (a raise or removal waits the site delay) and the reality-check interval (at most the site allows)',
    },
    ({ site, player, body, meta }) =>
      setPlayerSession(site, player.id, byPlayer(site, meta), { sessionLimitMinutes: body.sessionLimitMinutes, realityCheckMinutes: body.realityCheckMinutes }),
  ),
  endpoint(
    {
      method: 'post',
      path: '/responsible-gaming/reality-check/ack',
      result: realityCheckAck,
      auth: 'player',
      summary: 'Acknowledge the reality check that is due: money answers stop carrying it, and bets refused for it (4108) pass again',
    },
    ({ site, player, meta }) => acknowledgeRealityCheck(site, player.id, byPlayer(site, meta)),
  ),
  endpoint(
    {
      method: 'post',
      path: '/responsible-gaming/cooling-off',
      result: view,
      auth: 'player',
      body: coolingOffBody,
      summary: 'Start (or extend) a cooling-off of 1, 7, 30 or 42 days; it cannot be ended early',
    },
    ({ site, player, body, meta }) => startCoolingOff(site, player.id, byPlayer(site, meta), body.days as number),
  ),
  endpoint(
    {
      method: 'post',
      path: '/responsible-gaming/self-exclusion',
      result: view,
      auth: 'player',
      body: selfExclusionBody,
      refusals: { 'responsible-gaming.exclusionTooShort': 2002 },
      summary:
        'Start (or extend) a self-exclusion of 6, 12 or 60 months (at least the site minimum), or an indefinite one (indefinite: true); it cannot be ended early',
    },
    ({ site, player, body, meta }) =>
      startSelfExclusion(site, player.id, byPlayer(site, meta), body.indefinite === true ? { indefinite: true } : { months: body.months as number }),
  ),
];
