import type { Job } from 'bullmq';
import type { QueueName, QueuePayloads } from '../../shared/queues/definitions';

export type Processor<Q extends QueueName> = (job: Job<QueuePayloads[Q]>) => Promise<unknown>;

/** One processor per queue: a queue without one does not compile. */
export type ProcessorRegistry = { [Q in QueueName]: Processor<Q> };
