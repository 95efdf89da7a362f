import type { Job } from 'bullmq';
import type { QueueName, QueuePayloads } from './definitions';

/**
 * What a worker runs for one job of queue Q. Each queue's handler lives with the code that owns its work
 * (`shared/domain/<area>/jobs.ts`, or `shared/queues/jobs.ts` for the outbox relay); the workers only
 * register them (`workers/job-handlers.ts`).
 */
export type JobHandler<Q extends QueueName> = (job: Job<QueuePayloads[Q]>) => Promise<unknown>;

/** One handler per queue: a queue without one does not compile. */
export type JobHandlerRegistry = { [Q in QueueName]: JobHandler<Q> };
