import { getNextMillis } from 'bullmq';
import { config } from '../config';
import type { QueueName, QueuePayloads } from './definitions';
import { queue } from './queues';

/**
 * The repeating jobs, declared once: BullMQ job schedulers with cron patterns. Each run is keyed by its
 * period in the domain, so a run repeated by hand or by retry pays nothing twice. Schedulers live in
 * Redis, which may forget them (docs/decisions/platform.md, "Job schedulers come back after Redis"): the workers
 * serving a queue upsert its schedulers at start and put back any that go missing
 * (workers/schedules.ts); GET /health and the `job_scheduler_present` metric report them from this list.
 */
export interface Schedule<Q extends QueueName = QueueName> {
  queue: Q;
  /** The scheduler's id in Redis, also the name of its jobs. */
  id: string;
  /** Cron pattern, read in `timezone`. */
  pattern: string;
  /** IANA time zone of the pattern; APP_TIMEZONE when absent. */
  timezone?: string;
  data: QueuePayloads[Q];
}

export const SCHEDULES: Schedule[] = [
  { queue: 'vip-rebate', id: 'vip-rebate-daily', pattern: '5 0 * * *', data: {} },
  { queue: 'vip-relegation', id: 'vip-relegation-monthly', pattern: '0 1 1 * *', data: {} },
  { queue: 'affiliate-settlement', id: 'affiliate-settlement-weekly', pattern: '0 3 * * 1', data: { period: 'weekly' } },
  { queue: 'affiliate-settlement', id: 'affiliate-settlement-daily', pattern: '30 3 * * *', data: { period: 'daily' } },
  { queue: 'live-sports', id: 'live-sports-refresh', pattern: '*/30 * * * *', data: { reason: 'schedule' } },
  { queue: 'deposit-expiry', id: 'deposit-expiry-sweep', pattern: '*/5 * * * *', data: { reason: 'schedule' } },
  { queue: 'bonus-expiry', id: 'bonus-expiry-sweep', pattern: '* * * * *', data: { reason: 'schedule' } },
  { queue: 'upload-sweep', id: 'upload-sweep-daily', pattern: '15 4 * * *', data: { reason: 'schedule' } },
  { queue: 'audit-digest', id: 'audit-digest-daily', pattern: '45 23 * * *', data: { reason: 'schedule' } },
  // Daily, so the months ahead exist weeks before they are needed (docs/decisions/bet-record.md).
  { queue: 'history', id: 'history-daily', pattern: '20 4 * * *', data: { reason: 'schedule' } },
  // Every 5 seconds (a six-field pattern): a lost run only delays the rollup (docs/decisions/reports.md).
  { queue: 'report-fold', id: 'report-fold-frequent', pattern: '*/5 * * * * *', data: { reason: 'schedule' } },
];

export function scheduleTimezone(schedule: Schedule): string {
  return schedule.timezone ?? config().appTimezone;
}

const write = (schedule: Schedule) =>
  queue(schedule.queue).upsertJobScheduler(
    schedule.id,
    { pattern: schedule.pattern, tz: scheduleTimezone(schedule) },
    { name: schedule.id, data: schedule.data as never },
  );

/** BullMQ refuses a pattern scheduler whose next run's job id is already taken (its error code -10). */
const isIdCollision = (err: unknown) => err instanceof Error && err.message.includes('job ID already exists');

/**
 * Writes the scheduler as declared (creates it, or replaces its pattern, zone and job template).
 *
 * Redis losing only some keys (eviction, a partial flush, a loss racing an upsert) can leave the next
 * run's job `repeat:<id>:<next>` without its scheduler. BullMQ then refuses the scheduler until that
 * slot has passed, which for a weekly run is days. That orphan is the run the scheduler would create
 * itself, so it is removed and the scheduler written again, which recreates it (a job being processed
 * is locked and stays; the next check retries).
 */
export async function upsertSchedule(schedule: Schedule): Promise<void> {
  try {
    await write(schedule);
  } catch (err) {
    if (!isIdCollision(err)) throw err;
    const next = getNextMillis(Date.now(), { pattern: schedule.pattern, tz: scheduleTimezone(schedule) });
    await queue(schedule.queue).remove(`repeat:${schedule.id}:${next}`);
    await write(schedule);
  }
}

/** True when Redis holds the scheduler with a next run (a scheduler without one never fires). */
export async function isSchedulePresent(schedule: Schedule): Promise<boolean> {
  const found = await queue(schedule.queue).getJobScheduler(schedule.id);
  return typeof found?.next === 'number';
}

export interface ScheduleState {
  schedule: Schedule;
  present: boolean;
}

/** Each declared scheduler and whether Redis holds it (one round trip per scheduler, in parallel). */
export async function scheduleStates(schedules: readonly Schedule[] = SCHEDULES): Promise<ScheduleState[]> {
  return Promise.all(schedules.map(async (schedule) => ({ schedule, present: await isSchedulePresent(schedule) })));
}

export interface SchedulesReport {
  /** Absent while a worker serves their queue: their jobs do not run. */
  missing: string[];
  /** Absent, and no worker serves their queue (yet): the first one to start upserts them. */
  unserved: string[];
}

/**
 * What GET /health says of the schedulers. Only the workers serving a queue upsert its schedulers, so an
 * absent scheduler is missing only when such a worker is connected (BullMQ names its connections; the
 * queue's worker count reads them). Present ones cost no worker lookup.
 */
export async function schedulesReport(schedules: readonly Schedule[] = SCHEDULES): Promise<SchedulesReport> {
  const absent = (await scheduleStates(schedules)).filter((state) => !state.present).map((state) => state.schedule);
  const queues = [...new Set(absent.map((schedule) => schedule.queue))];
  const counts = await Promise.all(queues.map(async (name) => [name, await queue(name).getWorkersCount()] as const));
  const served = new Set(counts.filter(([, count]) => count > 0).map(([name]) => name));
  return {
    missing: absent.filter((schedule) => served.has(schedule.queue)).map((schedule) => schedule.id),
    unserved: absent.filter((schedule) => !served.has(schedule.queue)).map((schedule) => schedule.id),
  };
}
