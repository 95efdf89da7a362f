import { mtMonthlyReturn, playerFunds, ukQuarterlyReturn } from '../../../shared/domain/reports';
import { endpoint } from '../../http/endpoint';
import * as answers from './answers';
import { answerDaily } from './daily-answer';
import { dashboardEndpoints } from './dashboard-endpoints';
import { dailyQuery, fundsQuery, monthQuery, quarterQuery } from './schemas';

/**
 * Operators' reports (permission module `reports`, docs/reports.md): read from the daily rollup only.
 * The site is the `x-site-code` header or `siteCode` query, else SITE_CODE; a site-bound administrator
 * naming a site it does not hold is refused by the pipeline (403, logged).
 */
const auth = { admin: 'reports' } as const;

export const reportsEndpoints = [
  endpoint(
    {
      method: 'get',
      path: '/reports/admin/daily',
      auth,
      query: dailyQuery,
      answer: 'raw',
      result: answers.dailyEnvelope,
      summary:
        'The site per local day (at most 400 days): play, costs, money in and out, players and end-of-day funds; by game type, provider or payment method with groupBy; format=csv answers text/csv',
    },
    answerDaily,
  ),
  endpoint(
    {
      method: 'get',
      path: '/reports/admin/player-funds',
      auth,
      query: fundsQuery,
      result: answers.playerFundsResult,
      summary: "The players' and agents' funds and the open bets at the end of a local day",
    },
    ({ site, query }) => playerFunds(site, query.date),
  ),
  endpoint(
    {
      method: 'get',
      path: '/reports/admin/returns/uk-quarterly',
      auth,
      query: quarterQuery,
      result: answers.ukQuarterlyResult,
      summary: "The UK Gambling Commission quarterly return's fields the platform holds (notHeld names the others)",
    },
    ({ site, query }) => ukQuarterlyReturn(site, query.quarter),
  ),
  endpoint(
    {
      method: 'get',
      path: '/reports/admin/returns/mt-monthly',
      auth,
      query: monthQuery,
      result: answers.mtMonthlyResult,
      summary: "Malta's monthly player-funds report: month-end player funds with open bets and pending withdrawals (notHeld names what we lack)",
    },
    ({ site, query }) => mtMonthlyReturn(site, query.month),
  ),
  ...dashboardEndpoints,
];
