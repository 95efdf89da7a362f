import { UnrecoverableError } from 'bullmq';
import { applyPostBet, type PostBetResult } from '../../shared/domain/post-bet';
import { logger } from '../../shared/logger';
import type { Processor } from './types';

/** Orders of one job applied at once (each in its own transaction; one user's wait on its row lock). */
const PARALLEL = 4;

/**
 * The post-bet chain (`applyPostBet`, exactly once per order) of the job's orders: `betOrderIds` as the
 * outbox relay delivers them, or one `betOrderId`. Each order commits on its own, so a failure fails
 * the job after the others are done and the retry redoes only the failed ones (the rest are already
 * processed). A missing order cannot be fixed by retrying: a job of one such order is unrecoverable;
 * in a batch it is reported and skipped.
 */
export const processPostBet: Processor<'post-bet'> = async (job) => {
  const { betOrderId, betOrderIds } = job.data ?? {};
  if (!Array.isArray(betOrderIds)) {
    const result = await applyPostBet(betOrderId as number);
    if (result.skipped && result.reason === 'missing') throw new UnrecoverableError(`bet order ${String(betOrderId)} not found`);
    logSkipped(job.id, result);
    return result;
  }
  const results: PostBetResult[] = [];
  const failures: Array<{ betOrderId: number; error: string }> = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(PARALLEL, betOrderIds.length) }, async () => {
      while (next < betOrderIds.length) {
        const id = betOrderIds[next++];
        try {
          results.push(await applyPostBet(id));
        } catch (err) {
          failures.push({ betOrderId: id, error: (err as Error).message });
        }
      }
    }),
  );
  for (const result of results) logSkipped(job.id, result);
  if (failures.length) {
    throw new Error(`post-bet failed for ${failures.length} of ${betOrderIds.length} orders: ${failures.map((f) => `${f.betOrderId} (${f.error})`).join('; ').slice(0, 500)}`);
  }
  return { orders: betOrderIds.length, applied: results.filter((r) => !r.skipped).length, skipped: results.filter((r) => r.skipped).map((r) => r.betOrderId) };
};

function logSkipped(jobId: string | undefined, result: PostBetResult): void {
  if (!result.skipped) return;
  const log = result.reason === 'missing' ? logger().warn.bind(logger()) : logger().info.bind(logger());
  log({ queue: 'post-bet', jobId, betOrderId: result.betOrderId, reason: result.reason }, 'post-bet skipped');
}
