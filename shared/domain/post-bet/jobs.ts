import { UnrecoverableError } from 'bullmq';
import { logger } from '../../logger';
import type { JobHandler } from '../../queues/job-handler';
import { applyPostBet, applyPostBetBatch, type PostBetResult } from './chain';

/** Orders applied at once when a batch falls back to one transaction per order. */
const PARALLEL = 4;

/**
 * The post-bet chain, exactly once per order, of the job's orders: `betOrderIds` as the outbox relay
 * delivers them (all in one transaction, `applyPostBetBatch`), or one `betOrderId` (`applyPostBet`, the
 * same chain for a batch of one).
 * When a batch fails it is applied again one order per transaction, so one bad order neither blocks
 * the others nor is hidden: the job then fails naming it, and its retry redoes only what is left. A
 * missing order cannot be fixed by retrying: a job of one such order is unrecoverable; in a batch it is
 * reported and skipped.
 */
export const postBetJob: JobHandler<'post-bet'> = async (job) => {
  const { betOrderId, betOrderIds } = job.data ?? {};
  if (!Array.isArray(betOrderIds)) {
    const result = await applyPostBet(betOrderId as number);
    if (result.skipped && result.reason === 'missing') throw new UnrecoverableError(`bet order ${String(betOrderId)} not found`);
    logSkipped(job.id, result);
    return result;
  }
  try {
    const batch = await applyPostBetBatch(betOrderIds);
    if (batch.missing.length) logger().warn({ queue: 'post-bet', jobId: job.id, missing: batch.missing }, 'post-bet: bet orders not found');
    return batch;
  } catch (err) {
    logger().warn({ queue: 'post-bet', jobId: job.id, err }, 'post-bet batch failed; applying its orders one by one');
  }
  return applyOneByOne(job.id, betOrderIds);
};

async function applyOneByOne(jobId: string | undefined, betOrderIds: number[]): Promise<unknown> {
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
  for (const result of results) logSkipped(jobId, result);
  if (failures.length) {
    throw new Error(
      `post-bet failed for ${failures.length} of ${betOrderIds.length} orders: ${failures
        .map((f) => `${f.betOrderId} (${f.error})`)
        .join('; ')
        .slice(0, 500)}`,
    );
  }
  return { orders: betOrderIds.length, applied: results.filter((r) => !r.skipped).length, skipped: results.filter((r) => r.skipped).map((r) => r.betOrderId) };
}

function logSkipped(jobId: string | undefined, result: PostBetResult): void {
  if (!result.skipped) return;
  const log = result.reason === 'missing' ? logger().warn.bind(logger()) : logger().info.bind(logger());
  log({ queue: 'post-bet', jobId, betOrderId: result.betOrderId, reason: result.reason }, 'post-bet skipped');
}
