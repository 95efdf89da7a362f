import { UnrecoverableError } from 'bullmq';
import { applyPostBet } from '../../shared/domain/post-bet';
import { logger } from '../../shared/logger';
import type { Processor } from './types';

/**
 * The post-bet chain of one settled bet order (`applyPostBet`, exactly once per order). A missing order
 * cannot be fixed by retrying: UnrecoverableError. A replayed job, or one for an order not settled yet,
 * completes without effect (the result says why).
 */
export const processPostBet: Processor<'post-bet'> = async (job) => {
  const result = await applyPostBet(job.data?.betOrderId);
  if (result.skipped) {
    if (result.reason === 'missing') throw new UnrecoverableError(`bet order ${String(job.data?.betOrderId)} not found`);
    logger().info({ queue: 'post-bet', jobId: job.id, betOrderId: result.betOrderId, reason: result.reason }, 'post-bet skipped');
  }
  return result;
};
