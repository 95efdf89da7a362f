import { QueueEvents, type JobsOptions } from 'bullmq';
import { config } from '../config';
import { logger } from '../logger';
import { workerConnection } from '../redis';
import type { QueueName, QueuePayloads } from './definitions';
import { currentOutboxJobId } from './incarnation';
import { queue } from './queues';

/**
 * Enqueue a job and wait, for a bounded time, for its result: for API requests whose answer is the
 * outcome of a job (a sent mail's id, an SMS verification started). One QueueEvents listener per queue
 * and process, on its own blocking connection; it closes itself when that connection is closed
 * (closeRedis at shutdown) or through closeJobWaiters().
 */
export type JobOutcome =
  | { ok: true; value: unknown }
  /** failed: the job handler threw (reason = its message); timeout: no result in time; unavailable: Redis refused the job. */
  | { ok: false; reason: 'failed' | 'timeout' | 'unavailable'; message: string };

const listeners = new Map<QueueName, QueueEvents>();

function queueEvents(name: QueueName): QueueEvents {
  let events = listeners.get(name);
  if (!events) {
    const connection = workerConnection();
    const created = new QueueEvents(name, { connection, prefix: config().queuePrefix });
    created.on('error', (err) => logger().warn({ queue: name, err: (err as Error).message }, 'queue events connection error'));
    connection.once('end', () => {
      if (listeners.get(name) === created) listeners.delete(name);
      void created.close().catch(() => undefined);
    });
    listeners.set(name, created);
    events = created;
  }
  return events;
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** How long adding the job may take before Redis is considered unavailable. */
const ADD_TIMEOUT_MS = 3000;

/**
 * Adds a job and waits at most `timeoutMs` for it to complete or fail. A job that has not started when
 * the wait ends is removed (best effort), so the caller's "not done" answer stays true, unless
 * `removeOnTimeout` is false (a job that must run anyway).
 */
export async function addAndWait<Q extends QueueName>(
  name: Q,
  jobName: string,
  payload: QueuePayloads[Q],
  options: JobsOptions,
  timeoutMs: number,
  { removeOnTimeout = true }: { removeOnTimeout?: boolean } = {},
): Promise<JobOutcome> {
  let events: QueueEvents;
  try {
    events = queueEvents(name);
    await withTimeout(events.waitUntilReady(), ADD_TIMEOUT_MS, 'queue events connection');
  } catch (err) {
    return { ok: false, reason: 'unavailable', message: (err as Error).message };
  }
  let job;
  try {
    job = await withTimeout(queue(name).add(jobName as never, payload as never, options), ADD_TIMEOUT_MS, `adding a ${name} job`);
  } catch (err) {
    return { ok: false, reason: 'unavailable', message: (err as Error).message };
  }
  try {
    return { ok: true, value: await job.waitUntilFinished(events, timeoutMs) };
  } catch (err) {
    const message = (err as Error).message ?? String(err);
    if (/timed out before finishing/.test(message)) {
      if (removeOnTimeout) await job.remove().catch(() => undefined); // refused while the job is active: it then finishes on its own
      return { ok: false, reason: 'timeout', message };
    }
    return { ok: false, reason: 'failed', message };
  }
}

/**
 * Waits for the job of an outbox row the caller has just committed (shared/queues/outbox.ts): adds it
 * under the row's job id, so with the after-commit push and the relay it is one job, with the queue's
 * own retries. The job is never removed: the row must take effect even when the wait gives up.
 */
export async function waitForOutboxJob<Q extends QueueName>(
  name: Q,
  row: { id: string; name: string; payload: QueuePayloads[Q] },
  timeoutMs: number,
): Promise<JobOutcome> {
  let id: string;
  try {
    id = await currentOutboxJobId(row.id);
  } catch (err) {
    return { ok: false, reason: 'unavailable', message: (err as Error).message };
  }
  return addAndWait(name, row.name, row.payload, { jobId: id }, timeoutMs, { removeOnTimeout: false });
}

/** Closes the QueueEvents listeners (tests and graceful shutdown, before Redis is closed). */
export async function closeJobWaiters(): Promise<void> {
  const open = [...listeners.values()];
  listeners.clear();
  await Promise.all(open.map((events) => events.close().catch(() => undefined)));
}
