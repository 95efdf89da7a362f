import { UnrecoverableError } from 'bullmq';
import { creditDeposits, type CreditResult } from '../../shared/domain/deposit/credit';
import { logger } from '../../shared/logger';
import type { Processor } from './types';

/**
 * Credits paid deposit orders (shared/domain/deposit/credit.ts), exactly once whoever delivers them:
 * `depositOrderIds` as the outbox relay delivers them (one transaction), or one `depositOrderId`. When a
 * batch fails it is credited again one order per transaction, so one bad order neither blocks the others
 * nor is hidden: the job then fails naming it, and its retry redoes only what is left. A job of one
 * missing order cannot be fixed by retrying (UnrecoverableError); in a batch it is reported and skipped.
 */
export const processDepositCredit: Processor<'deposit-credit'> = async (job) => {
  const { depositOrderId, depositOrderIds } = job.data ?? {};
  const ids = (Array.isArray(depositOrderIds) ? depositOrderIds : [depositOrderId]).map(Number);
  if (!ids.length || ids.some((id) => !Number.isSafeInteger(id) || id <= 0)) throw new UnrecoverableError(`invalid deposit order ids ${JSON.stringify(job.data)}`);
  let results: CreditResult[];
  try {
    results = await creditDeposits(ids);
  } catch (err) {
    if (ids.length === 1) throw err;
    logger().warn({ queue: 'deposit-credit', jobId: job.id, err }, 'deposit credit batch failed; crediting its orders one by one');
    results = await oneByOne(ids);
  }
  const skipped = results.filter((r) => !r.credited);
  if (!Array.isArray(depositOrderIds) && skipped[0]?.credited === false && skipped[0].reason === 'missing') throw new UnrecoverableError(`deposit order ${ids[0]} not found`);
  if (skipped.length) logger().info({ queue: 'deposit-credit', jobId: job.id, skipped }, 'deposit credits skipped');
  return Array.isArray(depositOrderIds) ? { orders: ids.length, credited: results.length - skipped.length } : results[0];
};

async function oneByOne(ids: number[]): Promise<CreditResult[]> {
  const results: CreditResult[] = [];
  const failures: string[] = [];
  for (const id of ids) {
    try {
      results.push(...(await creditDeposits([id])));
    } catch (err) {
      failures.push(`${id} (${(err as Error).message})`);
    }
  }
  if (failures.length) throw new Error(`deposit credit failed for ${failures.length} of ${ids.length} orders: ${failures.join('; ').slice(0, 500)}`);
  return results;
}
