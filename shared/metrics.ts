import { QueryTypes } from 'sequelize';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { db } from './db/sequelize';
import { lastVerifyRun } from './domain/audit';
import { QUEUE_NAMES, type QueueName } from './queues/definitions';
import { queue } from './queues/queues';
import { scheduleStates } from './queues/schedules';
import { cache } from './redis';

/**
 * The process's Prometheus metrics (prom-client), served by the API at /metrics and, in a separate
 * workers process with WORKER_METRICS_PORT, by workers/metrics-server.ts (docs/decisions/platform.md,
 * "Metrics"). Counters and the request histogram are updated as things happen; the queue, job scheduler,
 * outbox, dependency and audit verifier gauges are read from Redis and Postgres when scraped. What each
 * alert of deploy/prometheus/alerts.yml reads, and what to do, is in docs/operations.md. Each process counts its own work:
 * wallet movements made by the workers are not in the API's counters.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

const requestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP request durations by method, route template (or "unmatched") and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

/** One finished request; `route` is the endpoint's template (`/api/admin/:id`), never the raw URL. */
export function observeRequest(method: string, route: string, status: number, seconds: number): void {
  requestDuration.labels(method, route, String(status)).observe(seconds);
}

const walletMovements = new Counter({
  name: 'wallet_movements_total',
  help: 'Balance movements committed (ledger rows written), by ledger kind; replayed keys are not counted',
  labelNames: ['kind'] as const,
  registers: [metricsRegistry],
});

/** Movements applied by shared/domain/wallet, counted when their transaction commits (not replays). */
export function countWalletMovement(kind: string, count = 1): void {
  if (count > 0) walletMovements.labels(kind).inc(count);
}

const providerCallbacks = new Counter({
  name: 'provider_callbacks_total',
  help: 'Provider callbacks by provider and outcome: ok, refused (with the provider error code) or error',
  labelNames: ['provider', 'outcome', 'code'] as const,
  registers: [metricsRegistry],
});

export type CallbackOutcome = 'ok' | 'refused' | 'error';

/** One answered provider callback; `code` is the provider's error code of a refusal or error. */
export function countProviderCallback(provider: string, outcome: CallbackOutcome, code?: number): void {
  providerCallbacks.labels(provider, outcome, code === undefined ? '' : String(code)).inc();
}

/** A scrape waits at most this long for Redis or Postgres; a slow source leaves its gauge out. */
const SCRAPE_SOURCE_TIMEOUT_MS = 2000;

function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('metrics source timed out')), SCRAPE_SOURCE_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

const QUEUE_STATES = ['waiting', 'active', 'failed', 'completed'] as const;

new Gauge({
  name: 'queue_jobs',
  help: 'BullMQ jobs per queue and state (waiting, active, failed, completed), read at scrape time',
  labelNames: ['queue', 'state'] as const,
  registers: [metricsRegistry],
  async collect() {
    this.reset();
    await Promise.all(
      QUEUE_NAMES.map(async (name) => {
        const counts = await withTimeout(queue(name).getJobCounts(...QUEUE_STATES)).catch(() => null);
        if (!counts) return;
        for (const state of QUEUE_STATES) this.labels(name, state).set(counts[state] ?? 0);
      }),
    );
  },
});

new Gauge({
  name: 'job_scheduler_present',
  help: 'Each declared job scheduler: 1 when Redis holds it, 0 when it is missing, read at scrape time (absent when Redis did not answer)',
  labelNames: ['scheduler', 'queue'] as const,
  registers: [metricsRegistry],
  async collect() {
    this.reset();
    const states = await withTimeout(scheduleStates()).catch(() => null);
    for (const { schedule, present } of states ?? []) this.labels(schedule.id, schedule.queue).set(present ? 1 : 0);
  },
});

new Gauge({
  name: 'outbox_backlog',
  help: 'Outbox rows not yet delivered to their queue, read at scrape time',
  registers: [metricsRegistry],
  async collect() {
    const rows = await withTimeout(
      db().query<{ n: string }>('SELECT count(*)::text AS n FROM outbox WHERE "sentAt" IS NULL', { type: QueryTypes.SELECT }),
    ).catch(() => null);
    // NaN when Postgres did not answer: an unknown backlog must not read as an empty one.
    this.set(rows?.[0] ? Number(rows[0].n) : NaN);
  },
});

/**
 * How long one computation of the queues' oldest waiting jobs serves scrapes: several Prometheus
 * servers (or a dashboard's refresh) scraping each process cost Redis one round per queue per window.
 */
const QUEUE_AGE_CACHE_MS = 5000;
let oldestDue: { at: number; due: Promise<Map<QueueName, number | null>> } | undefined;

/**
 * When each queue's oldest waiting job became due (ms), null for an empty queue; a queue Redis did not
 * answer for is left out. BullMQ pushes new jobs at the head of the wait list, so its tail is the
 * oldest (getJobs ascending, one job); a delayed or scheduled job is due at its timestamp plus its
 * delay, not when it was created. Per queue, so each call names the keys of one queue's hash slot
 * (docs/scaling.md, "Redis Cluster").
 */
async function oldestDueTimes(): Promise<Map<QueueName, number | null>> {
  const found = new Map<QueueName, number | null>();
  await Promise.all(
    QUEUE_NAMES.map(async (name) => {
      const jobs = await withTimeout(queue(name).getJobs(['wait', 'prioritized'], 0, 0, true)).catch(() => null);
      if (!jobs) return;
      const due = jobs.map((job) => job.timestamp + (job.delay ?? 0)).filter((ms) => Number.isFinite(ms));
      found.set(name, due.length ? Math.min(...due) : null);
    }),
  );
  return found;
}

new Gauge({
  name: 'queue_oldest_waiting_age_seconds',
  help: "Age of each queue's oldest waiting job (seconds since it became due; 0 when none waits): the post-bet lag for post-bet. Read at scrape time, cached 5 s",
  labelNames: ['queue'] as const,
  registers: [metricsRegistry],
  async collect() {
    this.reset();
    const now = Date.now();
    if (!oldestDue || now - oldestDue.at > QUEUE_AGE_CACHE_MS) oldestDue = { at: now, due: oldestDueTimes() };
    const due = await oldestDue.due;
    for (const [name, at] of due) this.labels(name).set(at === null ? 0 : Math.max(0, (now - at) / 1000));
  },
});

new Gauge({
  name: 'dependency_up',
  help: 'Postgres (SELECT 1) and Redis (PING) answering this process within 2 s at scrape time: 1, else 0',
  labelNames: ['dependency'] as const,
  registers: [metricsRegistry],
  async collect() {
    const [postgres, redis] = await Promise.all([
      withTimeout(db().query('SELECT 1')).then(
        () => 1,
        () => 0,
      ),
      withTimeout(cache().ping()).then(
        () => 1,
        () => 0,
      ),
    ]);
    this.labels('postgres').set(postgres);
    this.labels('redis').set(redis);
  },
});

/** The last run of `npm run audit:verify` (audit_verify_runs), read once per scrape for both gauges. */
let lastRun: { at: number; run: ReturnType<typeof lastVerifyRun> } | undefined;
function lastRunOnce() {
  const now = Date.now();
  if (!lastRun || now - lastRun.at > 1000) lastRun = { at: now, run: withTimeout(lastVerifyRun()) };
  return lastRun.run;
}

new Gauge({
  name: 'audit_verify_last_run_timestamp_seconds',
  help: 'When the last audit verifier run (npm run audit:verify) finished, Unix seconds; 0 when it never ran, NaN when Postgres did not answer',
  registers: [metricsRegistry],
  async collect() {
    const run = await lastRunOnce().catch(() => null);
    this.set(run === null ? NaN : run ? new Date(run.finishedAt).getTime() / 1000 : 0);
  },
});

new Gauge({
  name: 'audit_verify_last_problems',
  help: 'Problems the last audit verifier run found (changed, deleted or inserted chained rows, heads, digests, state); NaN when it never ran or Postgres did not answer',
  registers: [metricsRegistry],
  async collect() {
    const run = await lastRunOnce().catch(() => null);
    this.set(run ? Number(run.problems) : NaN);
  },
});

/** The text exposition of every metric, and its content type. */
export async function scrapeMetrics(): Promise<{ contentType: string; body: string }> {
  return { contentType: metricsRegistry.contentType, body: await metricsRegistry.metrics() };
}
