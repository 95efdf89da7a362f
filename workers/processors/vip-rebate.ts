import { UnrecoverableError } from 'bullmq';
import { settleDailyRebate, settleDailyRebateAllSites } from '../../shared/domain/vip/rebate';
import { InputError } from '../../shared/errors';
import { logger } from '../../shared/logger';
import type { Processor } from './types';

/**
 * Daily VIP rebate (scheduled 00:05 in APP_TIMEZONE with data {}): the payload's site, or every site;
 * the payload's day, or yesterday. A day pays once per site, so a retry or a repeated job pays nothing
 * more. A malformed day, or one not over yet, cannot be fixed by retrying: UnrecoverableError.
 */
export const processVipRebate: Processor<'vip-rebate'> = async (job) => {
  const { siteCode, day } = job.data ?? {};
  try {
    const results = siteCode ? [await settleDailyRebate({ siteCode, day })] : await settleDailyRebateAllSites({ day });
    for (const r of results) {
      logger().info(
        { queue: 'vip-rebate', jobId: job.id, siteCode: r.siteCode, day: r.day, usersProcessed: r.usersProcessed, usersPaid: r.usersPaid, totalRebate: r.totalRebate, alreadySettled: r.alreadySettled },
        'vip rebate settled',
      );
    }
    return results;
  } catch (err) {
    if (err instanceof InputError) throw new UnrecoverableError(err.message);
    throw err;
  }
};
