import { UnrecoverableError } from 'bullmq';
import { InputError } from '../../errors';
import { logger } from '../../logger';
import type { JobHandler } from '../../queues/job-handler';
import { runAffiliateSettlement } from './settlement/run';

/**
 * Affiliate settlement (scheduled weekly Monday 03:00 and daily 03:30 in APP_TIMEZONE): the payload's
 * period type, date (the period containing it; default the previous full period) and site (default every
 * site). A period settles once per agent, so a retry or a repeated job creates nothing more, and a run
 * that died is finished by the retry. A malformed date, or a period not over yet: UnrecoverableError.
 */
export const affiliateSettlementJob: JobHandler<'affiliate-settlement'> = async (job) => {
  const { period, date, siteCode } = job.data;
  try {
    const result = await runAffiliateSettlement({ periodType: period, date, siteCode });
    logger().info({ queue: 'affiliate-settlement', jobId: job.id, date, siteCode, ...result }, 'affiliate settlement run');
    return result;
  } catch (err) {
    if (err instanceof InputError) throw new UnrecoverableError(err.message);
    throw err;
  }
};
