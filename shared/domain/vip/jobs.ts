import { UnrecoverableError } from 'bullmq';
import { InputError } from '../../errors';
import { logger } from '../../logger';
import type { JobHandler } from '../../queues/job-handler';
import { settleDailyRebate, settleDailyRebateAllSites } from './rebate';
import { runMonthlyRelegation, runMonthlyRelegationAllSites } from './relegation';

/**
 * Daily VIP rebate (scheduled 00:05 in APP_TIMEZONE with data {}): the payload's site, or every site;
 * the payload's day, or yesterday. A day pays once per site, so a retry or a repeated job pays nothing
 * more. A malformed day, or one not over yet, cannot be fixed by retrying: UnrecoverableError.
 */
export const vipRebateJob: JobHandler<'vip-rebate'> = async (job) => {
  const { siteCode, day } = job.data ?? {};
  try {
    const results = siteCode ? [await settleDailyRebate({ siteCode, day })] : await settleDailyRebateAllSites({ day });
    for (const r of results) {
      logger().info(
        {
          queue: 'vip-rebate',
          jobId: job.id,
          siteCode: r.siteCode,
          day: r.day,
          usersProcessed: r.usersProcessed,
          usersPaid: r.usersPaid,
          totalRebate: r.totalRebate,
          alreadySettled: r.alreadySettled,
        },
        'vip rebate settled',
      );
    }
    return results;
  } catch (err) {
    if (err instanceof InputError) throw new UnrecoverableError(err.message);
    throw err;
  }
};

/**
 * Monthly VIP relegation (scheduled on the 1st at 01:00 in APP_TIMEZONE with data {}): the payload's
 * site, or every site; the payload's month, or last month. One run per site and month, so a retry or a
 * repeated job applies nothing twice. A malformed month, or one not over yet: UnrecoverableError.
 */
export const vipRelegationJob: JobHandler<'vip-relegation'> = async (job) => {
  const { siteCode, month } = job.data ?? {};
  try {
    const results = siteCode ? [await runMonthlyRelegation({ siteCode, month })] : await runMonthlyRelegationAllSites({ month });
    for (const r of results) {
      logger().info(
        {
          queue: 'vip-relegation',
          jobId: job.id,
          siteCode: r.siteCode,
          month: r.month,
          checked: r.checked,
          warned: r.warned,
          demoted: r.demoted,
          alreadySettled: r.alreadySettled,
        },
        'vip relegation checked',
      );
    }
    return results;
  } catch (err) {
    if (err instanceof InputError) throw new UnrecoverableError(err.message);
    throw err;
  }
};
