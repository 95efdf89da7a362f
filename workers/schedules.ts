import { config } from '../shared/config';
import { logger } from '../shared/logger';
import type { QueueName, QueuePayloads } from '../shared/queues/definitions';
import { queue } from '../shared/queues/queues';

/**
 * Repeating jobs, as BullMQ job schedulers with cron patterns in APP_TIMEZONE (Part A section 6). Each
 * run is keyed by its period in the domain, so a run repeated by hand or by retry pays nothing twice.
 * Schedulers live in Redis: workers upsert them at start and again whenever Redis comes back (a Redis
 * without persistence forgets them).
 */
export interface Schedule<Q extends QueueName = QueueName> {
  queue: Q;
  id: string;
  pattern: string;
  data: QueuePayloads[Q];
}

export const SCHEDULES: Schedule[] = [
  { queue: 'vip-rebate', id: 'vip-rebate-daily', pattern: '5 0 * * *', data: {} },
  { queue: 'vip-relegation', id: 'vip-relegation-monthly', pattern: '0 1 1 * *', data: {} },
  { queue: 'affiliate-settlement', id: 'affiliate-settlement-weekly', pattern: '0 3 * * 1', data: { period: 'weekly' } },
  { queue: 'affiliate-settlement', id: 'affiliate-settlement-daily', pattern: '30 3 * * *', data: { period: 'daily' } },
  { queue: 'live-sports', id: 'live-sports-refresh', pattern: '*/30 * * * *', data: { reason: 'schedule' } },
  { queue: 'deposit-expiry', id: 'deposit-expiry-sweep', pattern: '*/5 * * * *', data: { reason: 'schedule' } },
  { queue: 'upload-sweep', id: 'upload-sweep-daily', pattern: '15 4 * * *', data: { reason: 'schedule' } },
];

export async function ensureSchedules(queues: readonly QueueName[]): Promise<number> {
  let count = 0;
  for (const schedule of SCHEDULES) {
    if (!queues.includes(schedule.queue)) continue;
    await queue(schedule.queue).upsertJobScheduler(
      schedule.id,
      { pattern: schedule.pattern, tz: config().appTimezone },
      { name: schedule.id, data: schedule.data as never },
    );
    count += 1;
  }
  if (count) logger().info({ count }, 'job schedulers upserted');
  return count;
}
