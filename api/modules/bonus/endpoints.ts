import {
  createOffer,
  forfeitByOperator,
  forfeitByPlayer,
  grantByOperator,
  type GrantStatus,
  listGrants,
  listOffers,
  type OfferInput,
  type OfferQualifying,
  playerBonus,
  updateOffer,
} from '../../../shared/domain/bonus';
import { endpoint } from '../../http/endpoint';
import * as answers from './answers';
import { forfeitBody, grantBody, grantIdParams, grantsQuery, offerBody, offerIdParams, offerPatchBody } from './schemas';

/**
 * /bonus: the player's bonus money and the operators' grants (permission module `bonus`; every write
 * operation-logged). Rules live in shared/domain/bonus/ (docs/decisions/bonus.md). The site is the
 * operator's site filter; another site's grant or player is not found.
 */
const auth = { admin: 'bonus' } as const;

export const bonusEndpoints = [
  endpoint(
    { method: 'get', path: '/bonus/admin/offers', result: answers.getBonusAdminOffers, auth, summary: "The site's deposit offers, newest first" },
    ({ site }) => listOffers(site),
  ),
  endpoint(
    {
      method: 'post',
      path: '/bonus/admin/offers',
      result: answers.offer,
      links: { update: { to: 'patch /bonus/admin/offers/:id', parameters: { id: '$response.body#/result/id' }, description: 'Change the offer just created' } },
      auth,
      body: offerBody,
      examples: {
        body: {
          code: 'WELCOME100',
          name: 'Welcome 100 %',
          percent: '100',
          maxBonus: '200',
          minDeposit: '20',
          qualifying: 'first',
          wageringMultiplier: '30',
          maxBet: '5',
          maxConversion: '500',
          validDays: 30,
          startsAt: '2027-01-01T00:00:00Z',
          endsAt: '2027-12-31T00:00:00Z',
        },
      },
      refusals: { 'bonus.offerCodeTaken': 2005 },
      summary: 'Create a deposit offer: percent of a qualifying deposit (first, nth, any) up to maxBonus, opted into with its code on POST /deposit',
    },
    ({ actor, site, body }) =>
      createOffer(actor, site, {
        ...body,
        qualifying: body.qualifying as OfferQualifying,
        depositNumber: body.depositNumber ?? null,
        enabled: body.enabled ?? true,
        maxBet: body.maxBet ?? null,
        maxConversion: body.maxConversion ?? null,
      } as OfferInput),
  ),
  endpoint(
    {
      method: 'patch',
      path: '/bonus/admin/offers/:id',
      result: answers.offer,
      auth,
      params: offerIdParams,
      body: offerPatchBody,
      refusals: { 'bonus.offerNotFound': 2006, 'bonus.offerCodeTaken': 2005 },
      summary: 'Change a deposit offer of the site (the fields given); grants already made keep their terms',
    },
    ({ actor, site, params, body }) =>
      updateOffer(actor, site, params.id, { ...body, qualifying: body.qualifying as OfferQualifying | undefined } as Partial<OfferInput>),
  ),
  endpoint(
    {
      method: 'get',
      path: '/bonus/admin/grants',
      result: answers.getBonusAdminGrants,
      auth,
      query: grantsQuery,
      summary: "The site's bonus grants, newest first, by player and status",
    },
    ({ site, query }) =>
      listGrants(site, { userId: query.userId, status: query.status as GrantStatus | undefined, page: query.page, pageSize: query.pageSize }),
  ),
  endpoint(
    {
      method: 'post',
      path: '/bonus/admin/grants',
      result: answers.postBonusAdminGrants,
      links: {
        forfeit: { to: 'post /bonus/admin/grants/:id/forfeit', parameters: { id: '$response.body#/result/id' }, description: 'Forfeit the grant just made' },
      },
      auth,
      body: grantBody,
      examples: {
        body: { userId: 12, amount: '50', wageringMultiplier: '30', maxBet: '5', maxConversion: '200', expiresAt: '2027-01-31T00:00:00Z', reason: 'goodwill' },
      },
      refusals: { 'bonus.playerNotFound': 2001, 'bonus.grantActive': 2002 },
      summary: 'Grant bonus money to a player of the site with a reason: wagering required = amount x wageringMultiplier (one active grant per player)',
    },
    ({ actor, site, body }) =>
      grantByOperator(actor, site, {
        userId: body.userId,
        amount: body.amount,
        wageringMultiplier: body.wageringMultiplier,
        maxBet: body.maxBet ?? null,
        maxConversion: body.maxConversion ?? null,
        expiresAt: body.expiresAt ?? new Date(Date.now() + 30 * 86_400_000),
        reason: body.reason,
      }),
  ),
  endpoint(
    {
      method: 'post',
      path: '/bonus/admin/grants/:id/forfeit',
      result: answers.postBonusAdminGrantForfeit,
      auth,
      params: grantIdParams,
      body: forfeitBody,
      refusals: { 'bonus.grantNotFound': 2003, 'bonus.grantEnded': 2004 },
      summary: 'Forfeit an active grant of the site with a reason: its bonus balance leaves (a bonus-forfeit ledger row)',
    },
    ({ actor, site, params, body }) => forfeitByOperator(actor, site, params.id, body.reason),
  ),
  endpoint(
    {
      method: 'get',
      path: '/bonus',
      result: answers.getBonus,
      auth: 'player',
      summary: "The caller's bonus balance and grants (active and past) with their wagering progress",
    },
    ({ player }) => playerBonus(player.siteCode, player.id),
  ),
  endpoint(
    {
      method: 'post',
      path: '/bonus/:id/forfeit',
      result: answers.postBonusForfeit,
      auth: 'player',
      params: grantIdParams,
      refusals: { 'bonus.grantNotFound': 2003, 'bonus.grantEnded': 2004 },
      summary: "Give up one of the caller's active grants: its bonus balance leaves (a bonus-forfeit ledger row)",
    },
    ({ player, params }) => forfeitByPlayer(player.siteCode, player.id, params.id),
  ),
];
