import { UnrecoverableError } from 'bullmq';
import { logger } from '../../logger';
import type { JobHandler } from '../../queues/job-handler';
import { creditDeposit } from './credit';
import { expireDeposits } from './expiry';

/**
 * Credits a paid deposit order (credit.ts), exactly once whoever delivers it. A missing order cannot be
 * fixed by retrying: UnrecoverableError. A wallet refusal (the balance would overflow) throws and is
 * retried, and stays visible in Bull Board.
 */
export const depositCreditJob: JobHandler<'deposit-credit'> = async (job) => {
  const id = Number(job.data?.depositOrderId);
  if (!Number.isSafeInteger(id) || id <= 0) throw new UnrecoverableError(`invalid depositOrderId ${String(job.data?.depositOrderId)}`);
  const result = await creditDeposit(id);
  if (!result.credited && result.reason === 'missing') throw new UnrecoverableError(`deposit order ${id} not found`);
  if (!result.credited) logger().info({ queue: 'deposit-credit', jobId: job.id, depositOrderId: id, reason: result.reason }, 'deposit credit skipped');
  return result;
};

/** The expiry sweep of unpaid deposit orders (scheduled every 5 minutes; expiry.ts). */
export const depositExpiryJob: JobHandler<'deposit-expiry'> = async () => expireDeposits();
