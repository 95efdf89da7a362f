import { runMonthlyRelegationNow, settleDailyRebateNow } from '../../../shared/domain/vip';
import { endpoint } from '../../http/endpoint';
import { rebateRunBody, relegationRunBody } from './schemas';
import * as answers from './answers';

/**
 * POST /vip/settlement/daily-rebate and /monthly-relegation, administrators with the 'vip'
 * permission. The site is the x-site-code header or siteCode query, else SITE_CODE. The run is the same
 * as the scheduled job's: a day already settled pays nothing more. Each call writes an operation-log row
 * with its result. A day not over yet is a 400 naming `day`; a month not over yet is 2001 and a month
 * already judged for the site 2002 (docs/decisions/vip.md, "A VIP demotion sticks until the level is earned
 * again").
 */
const auth = { admin: 'vip' } as const;

export const settlementEndpoints = [
  endpoint(
    {
      method: 'post',
      path: '/vip/settlement/daily-rebate',
      result: answers.postVipSettlementDailyRebate,
      auth,
      body: rebateRunBody,
      summary: "Settle a day's VIP rebate for the site (default yesterday)",
    },
    ({ actor, site, body }) => settleDailyRebateNow(actor, site, body.day),
  ),
  endpoint(
    {
      method: 'post',
      path: '/vip/settlement/monthly-relegation',
      result: answers.postVipSettlementMonthlyRelegation,
      auth,
      body: relegationRunBody,
      refusals: { 'vip.relegationMonthNotOver': 2001, 'vip.relegationMonthAlreadyRun': 2002 },
      summary: "Run a month's VIP relegation check for the site (default last month)",
    },
    ({ actor, site, body }) => runMonthlyRelegationNow(actor, site, body.month),
  ),
];
