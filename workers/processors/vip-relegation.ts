import { UnrecoverableError } from 'bullmq';
import { runMonthlyRelegation, runMonthlyRelegationAllSites } from '../../shared/domain/vip/relegation';
import { InputError } from '../../shared/errors';
import { logger } from '../../shared/logger';
import type { Processor } from './types';

/**
 * Monthly VIP relegation (scheduled on the 1st at 01:00 in APP_TIMEZONE with data {}): the payload's
 * site, or every site; the payload's month, or last month. One run per site and month, so a retry or a
 * repeated job applies nothing twice. A malformed month, or one not over yet: UnrecoverableError.
 */
export const processVipRelegation: Processor<'vip-relegation'> = async (job) => {
  const { siteCode, month } = job.data ?? {};
  try {
    const results = siteCode ? [await runMonthlyRelegation({ siteCode, month })] : await runMonthlyRelegationAllSites({ month });
    for (const r of results) {
      logger().info(
        { queue: 'vip-relegation', jobId: job.id, siteCode: r.siteCode, month: r.month, checked: r.checked, warned: r.warned, demoted: r.demoted, alreadySettled: r.alreadySettled },
        'vip relegation checked',
      );
    }
    return results;
  } catch (err) {
    if (err instanceof InputError) throw new UnrecoverableError(err.message);
    throw err;
  }
};
