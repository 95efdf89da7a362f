import test from 'ava';
import type { Redis } from 'ioredis';
import type { QueueName } from '../../shared/queues/definitions';
import { queue } from '../../shared/queues/queues';
import { isSchedulePresent, SCHEDULES, scheduleStates, upsertSchedule } from '../../shared/queues/schedules';
import { startWorkers, type RunningWorkers } from '../../workers/main';
import { restoreMissingSchedules } from '../../workers/schedules';
import { sample } from '../helpers/metrics';
import { deleteKeys, startTestStack, type TestStack } from '../helpers/stack';
import { waitFor } from '../helpers/wait';

/**
 * Job schedulers after Redis loses everything (this file's keys deleted, as a restart without
 * persistence does): the workers serving a queue put its schedulers back by themselves, GET /health
 * reports a missing one (503) until then and is healthy after, and the `job_scheduler_present` metric
 * says 0, then 1.
 */
const QUEUES: QueueName[] = ['deposit-expiry', 'affiliate-settlement', 'vip-rebate'];
const SERVED = SCHEDULES.filter((s) => QUEUES.includes(s.queue));
const IDS = SERVED.map((s) => s.id).sort();

let stack: TestStack;
let workers: RunningWorkers | undefined;
test.before(async () => {
  stack = await startTestStack({ APP_TIMEZONE: 'Asia/Taipei' });
});
test.after.always(async () => {
  await workers?.stop();
  await stack?.close();
});

const loseRedis = () => deleteKeys(process.env.REDIS_URL as string, `${stack.prefix}*`);
const presentIds = async () =>
  (await scheduleStates(SERVED))
    .filter((s) => s.present)
    .map((s) => s.schedule.id)
    .sort();
/** Every served scheduler is in Redis; false while the connections are still down. */
const allPresent = async () => (await presentIds().catch(() => [])).length === IDS.length;
const health = () => stack.request('GET', '/api/health');
const gauges = async () => {
  const scrape = (await stack.request('GET', '/metrics')).text;
  return Object.fromEntries(SERVED.map((s) => [s.id, sample(scrape, 'job_scheduler_present', { scheduler: s.id, queue: s.queue })]));
};
const each = (value: number) => Object.fromEntries(SERVED.map((s) => [s.id, value]));

/** For a failure message: each served scheduler as Redis holds it, its connection, and what one more upsert says. */
async function whatIsMissing(): Promise<string> {
  const lines = await Promise.all(
    SERVED.map(async (schedule) => {
      const q = queue(schedule.queue);
      const status = (q.opts.connection as Redis).status;
      const held = await q.getJobScheduler(schedule.id).then(
        (s) => JSON.stringify(s ?? null),
        (e: Error) => `read failed: ${e.message}`,
      );
      const jobs = await q.getDelayed().then(
        (js) =>
          js
            .filter((j) => j.name === schedule.id)
            .map((j) => j.id)
            .join(','),
        (e: Error) => `jobs failed: ${e.message}`,
      );
      const upsert = await upsertSchedule(schedule).then(
        () => 'upsert ok',
        (e: Error) => `upsert failed: ${e.message}`,
      );
      return `${schedule.id} [connection ${status}] held ${held}; delayed jobs ${jobs || 'none'}; ${upsert}`;
    }),
  );
  return lines.join(' | ');
}

async function stopWorkers(): Promise<void> {
  await workers?.stop();
  workers = undefined;
}

test.serial('GET /health and the metric report schedulers missing from Redis while their workers run, and healthy once restored', async (t) => {
  // No worker yet: the schedulers are absent but nobody would run their jobs; health stays ok.
  await loseRedis();
  const idle = await health();
  t.is(idle.status, 200, idle.text);
  t.like(idle.body.result, { status: 'ok', schedulers: { ok: true, missing: [] } });
  t.deepEqual([...idle.body.result.schedulers.unserved].sort(), SCHEDULES.map((s) => s.id).sort());
  t.deepEqual(await gauges(), each(0));

  // Checks far apart: only the start's upsert runs, and the loss stays visible.
  workers = startWorkers(QUEUES, { scheduleCheckEveryMs: 600_000 });
  await waitFor('the schedulers upserted at start', allPresent);
  const healthy = await health();
  t.is(healthy.status, 200, healthy.text);
  t.like(healthy.body.result, { status: 'ok', schedulers: { ok: true, missing: [] } });
  t.deepEqual(await gauges(), each(1));

  await loseRedis();
  const degraded = await health();
  t.is(degraded.status, 503, degraded.text);
  t.like(degraded.body, { code: 503, message: 'Service degraded' });
  t.like(degraded.body.result, { status: 'degraded', postgres: { ok: true }, redis: { ok: true }, schedulers: { ok: false } });
  t.deepEqual([...degraded.body.result.schedulers.missing].sort(), IDS);
  t.deepEqual(await gauges(), each(0));

  // What each periodic check does: the missing ones are upserted again.
  t.deepEqual((await restoreMissingSchedules(QUEUES)).sort(), IDS);
  const restored = await health();
  t.is(restored.status, 200, restored.text);
  t.like(restored.body.result, { status: 'ok', schedulers: { ok: true, missing: [] } });
  t.deepEqual(await gauges(), each(1));
  t.deepEqual(await restoreMissingSchedules(QUEUES), [], 'nothing to restore when all are there');
  await stopWorkers();
});

test.serial('the schedulers come back by themselves after Redis loses every key and drops the connections, as declared', async (t) => {
  workers = startWorkers(QUEUES, { scheduleCheckEveryMs: 300 });
  await waitFor('the schedulers upserted at start', allPresent);

  // A restart: every key gone and the connections cut (commands fail until they reconnect).
  await loseRedis();
  for (const name of QUEUES) (queue(name).opts.connection as Redis).stream.destroy();
  const lostAt = Date.now();
  // Well within the minute an operator is promised, with room for a loaded machine.
  await waitFor('the schedulers to come back', allPresent, 30_000).catch(async (err: Error) => {
    throw new Error(`${err.message}; ${await whatIsMissing()}`);
  });
  t.true(Date.now() - lostAt < 30_000);

  for (const schedule of SERVED) {
    const scheduler = await queue(schedule.queue).getJobScheduler(schedule.id);
    t.like(scheduler, { pattern: schedule.pattern, tz: 'Asia/Taipei', name: schedule.id }, schedule.id);
  }
  t.like((await health()).body.result, { status: 'ok', schedulers: { ok: true, missing: [] } });
  await stopWorkers();
});

test.serial('a scheduler whose next job outlived it (a partial loss) is restored, with that one job and not a second', async (t) => {
  const [schedule] = SERVED.filter((s) => s.id === 'affiliate-settlement-weekly');
  const q = queue(schedule.queue);
  await upsertSchedule(schedule);
  const before = await q.getJobScheduler(schedule.id);
  const nextJob = `repeat:${schedule.id}:${before?.next}`;
  t.truthy(await q.getJob(nextJob), 'the next run is a delayed job');

  // Only the scheduler's own keys go: its entry in the repeat set and its hash. The job stays.
  const redis = q.opts.connection as Redis;
  await redis.del(`${q.keys.repeat}:${schedule.id}`);
  await redis.zrem(q.keys.repeat, schedule.id);
  t.false(await isSchedulePresent(schedule));

  t.deepEqual(await restoreMissingSchedules(QUEUES), [schedule.id]);
  t.like(await q.getJobScheduler(schedule.id), { next: before?.next, pattern: schedule.pattern });
  const delayed = (await q.getDelayed()).filter((job) => job.name === schedule.id);
  t.deepEqual(
    delayed.map((job) => job.id),
    [nextJob],
  );
});
