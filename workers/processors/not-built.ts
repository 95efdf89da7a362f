import { UnrecoverableError } from 'bullmq';
import type { QueueName } from '../../shared/queues/definitions';
import type { Processor } from './types';

/**
 * For a queue whose domain work has not been built yet: the job fails at once, visibly in Bull Board,
 * without retries, instead of being reported as done.
 */
export function notBuilt<Q extends QueueName>(queue: Q): Processor<Q> {
  return async (job) => {
    throw new UnrecoverableError(`${queue} processing is not built yet (job ${job.id} kept for replay)`);
  };
}
