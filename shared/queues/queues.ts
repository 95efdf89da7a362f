import { Queue } from 'bullmq';
import { config } from '../config';
import { producerConnection } from '../redis';
import { QUEUES, QUEUE_NAMES, type QueueName, type QueuePayloads } from './definitions';

export type TypedQueue<Q extends QueueName> = Queue<QueuePayloads[Q], unknown, string>;

const open = new Map<QueueName, Queue>();

/** The producer side of a queue (shared by the API and the workers; created on first use). */
export function queue<Q extends QueueName>(name: Q): TypedQueue<Q> {
  let q = open.get(name);
  if (!q) {
    q = new Queue(name, {
      connection: producerConnection(),
      prefix: config().queuePrefix,
      defaultJobOptions: QUEUES[name].defaultJobOptions,
    });
    q.on('error', () => undefined); // a Redis outage is reported by health and by the outbox, not thrown
    open.set(name, q);
  }
  return q as unknown as TypedQueue<Q>;
}

export function allQueues(): Queue[] {
  return QUEUE_NAMES.map((name) => queue(name) as unknown as Queue);
}

export async function closeQueues(): Promise<void> {
  const queues = [...open.values()];
  open.clear();
  await Promise.all(queues.map((q) => q.close().catch(() => undefined)));
}
