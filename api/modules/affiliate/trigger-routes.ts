import { triggerSettlement } from '../../../shared/domain/affiliate';
import { endpoint } from '../../http/endpoint';
import { dailyTriggerBody } from './trigger-schemas';
import * as answers from './answers';

/**
 * Operators' settlement triggers: the weekly and the daily settlement run by hand, for the
 * administrator's site (x-site-code header or siteCode query, else SITE_CODE), permission `affiliate`,
 * each call operation-logged. Run inline (not queued) with the scheduled job's function, so the answer
 * carries what this call created; a period already settled answers zeros. A date not over yet is a 400.
 */
const auth = { admin: 'affiliate' } as const;

export const triggerEndpoints = [
  endpoint(
    {
      method: 'post',
      path: '/affiliate/admin/trigger-settlement',
      result: answers.postAffiliateAdminTriggerSettlement,
      auth,
      summary: "Settle last week's affiliate commission (Monday-Sunday in APP_TIMEZONE)",
    },
    async ({ actor, site }) => {
      const { settlementsCreated, totalCommission, riskFlagged } = await triggerSettlement(actor, site, 'weekly');
      return { settlementsCreated, totalCommission, riskFlagged };
    },
  ),
  endpoint(
    {
      method: 'post',
      path: '/affiliate/admin/trigger-daily-settlement',
      result: answers.postAffiliateAdminTriggerDailySettlement,
      auth,
      body: dailyTriggerBody,
      summary: "Settle a day's affiliate commission (default yesterday)",
    },
    ({ actor, site, body }) => triggerSettlement(actor, site, 'daily', body.date),
  ),
];
