import type { Redis } from 'ioredis';
import { logger } from '../shared/logger';
import type { QueueName } from '../shared/queues/definitions';
import { isSchedulePresent, SCHEDULES, upsertSchedule, type Schedule } from '../shared/queues/schedules';
import { repeatEvery } from '../shared/queues/repeat';

/**
 * The workers' side of the job schedulers declared in shared/queues/schedules.ts: a process keeps the
 * schedulers of the queues it serves (docs/decisions/platform.md, "Job schedulers come back after Redis").
 */

/** How often the schedulers are checked; a missing one is back within this time of Redis answering again. */
export const SCHEDULE_CHECK_EVERY_MS = 15_000;

const served = (queues: readonly QueueName[]): Schedule[] => SCHEDULES.filter((schedule) => queues.includes(schedule.queue));

/** Upserts every scheduler of the served queues as declared (at start: a changed pattern takes effect). */
export async function ensureSchedules(queues: readonly QueueName[]): Promise<number> {
  const schedules = served(queues);
  for (const schedule of schedules) await upsertSchedule(schedule);
  if (schedules.length) logger().info({ count: schedules.length }, 'job schedulers upserted');
  return schedules.length;
}

/**
 * One check: each scheduler of the served queues that Redis does not hold is upserted. A failure (Redis
 * down or reconnecting) is logged per scheduler and left to the next check. Returns the ids put back.
 */
export async function restoreMissingSchedules(queues: readonly QueueName[]): Promise<string[]> {
  const restored: string[] = [];
  for (const schedule of served(queues)) {
    try {
      if (await isSchedulePresent(schedule)) continue;
      await upsertSchedule(schedule);
      restored.push(schedule.id);
    } catch (err) {
      logger().warn({ err, scheduler: schedule.id, queue: schedule.queue }, 'could not check or restore a job scheduler; retried at the next check');
    }
  }
  if (restored.length) logger().warn({ restored }, 'job schedulers missing from Redis were restored');
  return restored;
}

/**
 * Keeps the served queues' schedulers: upserts them all when `connection` is ready (at start and after
 * every reconnection), and checks them every `everyMs`, restoring missing ones; a check failing is
 * retried at the next. Returns the stop function.
 */
export function keepSchedules(queues: readonly QueueName[], connection: Redis, everyMs = SCHEDULE_CHECK_EVERY_MS): () => Promise<void> {
  if (!served(queues).length) return async () => undefined;
  const onReady = () => void ensureSchedules(queues).catch((err) => logger().warn({ err }, 'could not upsert job schedulers; the next check retries'));
  connection.on('ready', onReady);
  const stop = repeatEvery(everyMs, () => restoreMissingSchedules(queues));
  return async () => {
    connection.off('ready', onReady);
    await stop();
  };
}
