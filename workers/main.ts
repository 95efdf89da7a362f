import { Worker, type Job } from 'bullmq';
import { config } from '../shared/config';
import { closeDb, db } from '../shared/db/sequelize';
import { logger } from '../shared/logger';
import { BATCHED_QUEUES, QUEUES, QUEUE_NAMES, isQueueName, type QueueName } from '../shared/queues/definitions';
import { settleOutboxPushes, startOutboxRelay } from '../shared/queues/outbox';
import { closeQueues } from '../shared/queues/queues';
import { startOutboxReconcilers } from '../shared/queues/reconcile';
import { watchSweepTriggers } from '../shared/queues/sweep-triggers';
import { closeRedis, producerConnection, workerConnection } from '../shared/redis';
import { JOB_HANDLERS } from './job-handlers';
import { startMetricsServer } from './metrics-server';
import { OUTBOX_RECONCILERS } from './outbox-reconcilers';
import { keepSchedules, SCHEDULE_CHECK_EVERY_MS } from './schedules';

/** The queues this process serves: WORKER_QUEUES (comma list) or all. Unknown names stop the start. */
export function selectedQueues(selection = config().workerQueues): QueueName[] {
  if (selection === 'all') return [...QUEUE_NAMES];
  const unknown = selection.filter((q) => !isQueueName(q));
  if (unknown.length) throw new Error(`WORKER_QUEUES names unknown queues: ${unknown.join(', ')} (known: ${QUEUE_NAMES.join(', ')})`);
  return selection as QueueName[];
}

function runLogged(name: QueueName) {
  const handler = JOB_HANDLERS[name] as (job: Job) => Promise<unknown>;
  return async (job: Job) => {
    const start = performance.now();
    const log = logger().child({ queue: name, jobId: job.id, attempt: job.attemptsMade + 1 });
    log.info('job start');
    try {
      const result = await handler(job);
      log.info({ ms: Math.round(performance.now() - start) }, 'job done');
      return result;
    } catch (err) {
      log.warn({ ms: Math.round(performance.now() - start), err }, 'job failed');
      throw err;
    }
  };
}

export interface RunningWorkers {
  queues: QueueName[];
  stop: () => Promise<void>;
}

export interface WorkerOptions {
  /** How often the job schedulers of the served queues are checked and restored (workers/schedules.ts). */
  scheduleCheckEveryMs?: number;
}

/**
 * Starts one BullMQ worker per selected queue (concurrency from WORKER_CONCURRENCY_<QUEUE>, else the
 * queue's default), keeps the job schedulers of those queues (workers/schedules.ts) and, when
 * outbox-relay is among them, runs the timed outbox sweeps: the relay of unsent rows and the
 * reconcilers of effects whose jobs Redis lost.
 */
export function startWorkers(queues = selectedQueues(), options: WorkerOptions = {}): RunningWorkers {
  db(); // registers the models before any job uses them
  const workers = queues.map((name) => {
    const worker = new Worker(name, runLogged(name), {
      connection: workerConnection(),
      prefix: config().queuePrefix,
      concurrency: config().workerConcurrency[name] ?? QUEUES[name].concurrency,
    });
    worker.on('error', (err) => logger().warn({ queue: name, err: err.message }, 'worker connection error'));
    return worker;
  });
  // The outbox sweep, and the fast one that delivers the batched queues' rows (post-bet) many to a job.
  // The reconcilers' sweep re-enqueues, through the outbox, effects Postgres does not show after their jobs were
  // sent; at once, without the grace, when Redis came back empty or the database is a new incarnation (restored).
  const relays: Array<() => Promise<void>> = [];
  if (queues.includes('outbox-relay')) {
    const reconcilers = startOutboxReconcilers(OUTBOX_RECONCILERS, config().outboxReconcileEveryMs, config().outboxReconcileAfterMs);
    relays.push(
      startOutboxRelay(config().outboxRelayEveryMs),
      startOutboxRelay(config().outboxBatchRelayEveryMs, BATCHED_QUEUES),
      watchSweepTriggers(reconcilers.sweepNow),
      reconcilers.stop,
    );
  }
  // Job schedulers: upserted when this connection is ready (at start and after every outage), and
  // checked on a timer, which restores missing ones and retries what failed.
  const watcher = producerConnection();
  const stopSchedules = keepSchedules(queues, watcher, options.scheduleCheckEveryMs ?? SCHEDULE_CHECK_EVERY_MS);
  logger().info({ queues }, 'workers started');
  return {
    queues,
    stop: async () => {
      await Promise.all([...relays, stopSchedules].map((stop) => stop()));
      watcher.disconnect();
      await Promise.all(workers.map((w) => w.close()));
    },
  };
}

/**
 * `npm run start:workers`: the workers as their own process, with their metrics server when
 * WORKER_METRICS_PORT is set. The server starts first, so a port it cannot take stops the start before
 * any job is taken. `npm start` calls startWorkers() alone: the API's GET /metrics serves that process.
 */
async function main(): Promise<void> {
  const port = config().metrics.workerPort;
  const metrics = port === undefined ? undefined : await startMetricsServer(port);
  const running = startWorkers();
  const shutdown = async (signal: string) => {
    logger().info({ signal }, 'workers shutting down (finishing active jobs)');
    await metrics?.close();
    await running.stop();
    await settleOutboxPushes();
    await closeQueues();
    await closeRedis();
    await closeDb();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

if (require.main === module) {
  main().catch((err) => {
    // eslint-disable-next-line no-console -- the workers did not start (the logger may be what failed): say why on stderr
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
