import { UnrecoverableError } from 'bullmq';
import { creditDeposit } from '../../shared/domain/deposit/credit';
import { logger } from '../../shared/logger';
import type { Processor } from './types';

/**
 * Credits a paid deposit order (shared/domain/deposit/credit.ts), exactly once whoever delivers it. A
 * missing order cannot be fixed by retrying: UnrecoverableError. A wallet refusal (the balance would
 * overflow) throws and is retried, and stays visible in Bull Board.
 */
export const processDepositCredit: Processor<'deposit-credit'> = async (job) => {
  const id = Number(job.data?.depositOrderId);
  if (!Number.isSafeInteger(id) || id <= 0) throw new UnrecoverableError(`invalid depositOrderId ${String(job.data?.depositOrderId)}`);
  const result = await creditDeposit(id);
  if (!result.credited && result.reason === 'missing') throw new UnrecoverableError(`deposit order ${id} not found`);
  if (!result.credited) logger().info({ queue: 'deposit-credit', jobId: job.id, depositOrderId: id, reason: result.reason }, 'deposit credit skipped');
  return result;
};
