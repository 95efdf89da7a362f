import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import test from 'ava';
import { Queue } from 'bullmq';
import { db } from '../../shared/db/sequelize';
import { OutboxMessage } from '../../shared/db/models';
import { BATCHED_QUEUES, QUEUES } from '../../shared/queues/definitions';
import { addToOutbox, deliveries, pushOutboxRows, relayOutbox } from '../../shared/queues/outbox';
import { currentOutboxJobId, outboxJobId } from '../../shared/queues/incarnation';
import { findOnPath } from '../../scripts/lib/services';
import { freePort } from '../../scripts/lib/system-tools';
import { startTestStack, type TestStack } from '../helpers/stack';
import { waitFor } from '../helpers/wait';

/**
 * docs/architecture.md, "Invariants", for real: a private redis-server is killed while a row is written, and
 * the relay delivers the row once it is back. Tests here are serial: they share that one Redis.
 * Without a redis-server binary the tests run on the reachable REDIS_URL (the stack's own prefixes),
 * and the one that kills and restarts Redis is skipped, saying why.
 */
const REDIS_SERVER = findOnPath('redis-server');
const RESTART_SKIPPED = 'skipped: it needs a redis-server binary on PATH to kill and restart a private Redis';
const restartTest = REDIS_SERVER ? test.serial : test.serial.skip;
// eslint-disable-next-line no-console -- a skipped test says so in the run's output
if (!REDIS_SERVER) console.warn(`outbox.test.ts: the Redis restart test is ${RESTART_SKIPPED}; the other tests run on REDIS_URL`);

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.setTimeout(500);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

let port = 0;
let redisUrl = '';
let redis: ChildProcess | undefined;
let stack: TestStack | undefined;
let probe: Queue | undefined;

async function startRedis(): Promise<void> {
  const child = spawn(
    REDIS_SERVER as string,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--maxmemory-policy', 'noeviction'],
    { stdio: 'ignore' },
  );
  redis = child;
  child.once('exit', () => {
    if (redis === child) redis = undefined;
  });
  await waitFor(`redis-server on port ${port}`, () => portOpen(port), 10_000);
}

async function killRedis(): Promise<void> {
  const child = redis;
  if (!child) return;
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  child.kill('SIGKILL');
  await withTimeout(exited, 5000, 'redis-server exit');
  await waitFor(`port ${port} to close`, async () => !(await portOpen(port)), 5000);
}

/** A BullMQ queue of our own on the stack's Redis, with the stack's prefix, to see what was pushed. */
function probeQueue(name: string): Queue {
  const url = new URL(redisUrl);
  const connection = {
    host: url.hostname,
    port: Number(url.port || 6379),
    username: url.username ? decodeURIComponent(url.username) : undefined,
    password: url.password ? decodeURIComponent(url.password) : undefined,
    db: Number(url.pathname.slice(1) || 0),
    maxRetriesPerRequest: 1,
  };
  return new Queue(name, { connection, prefix: process.env.QUEUE_PREFIX });
}

async function row(id: string): Promise<OutboxMessage> {
  const found = await OutboxMessage.findByPk(id);
  if (!found) throw new Error(`outbox row ${id} is gone`);
  return found;
}

test.before(async () => {
  if (REDIS_SERVER) {
    port = await freePort();
    await startRedis();
    redisUrl = `redis://127.0.0.1:${port}`;
  } else {
    redisUrl = process.env.REDIS_URL as string;
  }
  stack = await startTestStack({ REDIS_URL: redisUrl });
});

test.after.always(async () => {
  await probe?.close().catch(() => undefined);
  // close() deletes keys on REDIS_URL, which may be our private Redis: it must be up for that.
  if (stack) {
    if (REDIS_SERVER && !redis) await startRedis().catch(() => undefined);
    await withTimeout(stack.close(), 20_000, 'stack close').catch(() => undefined);
  }
  await killRedis().catch(() => undefined);
});

test.serial('a row written while Redis is up is pushed by the after-commit push alone', async (t) => {
  const written = await db().transaction(async (transaction) => addToOutbox(transaction, 'deposit-credit', 'paid', { depositOrderId: 7 }));
  const sent = await waitFor('the after-commit push', async () => {
    const r = await row(written.id);
    return r.sentAt ? r : undefined;
  });
  t.is(sent.attempts, 1);
  t.is(sent.lastError, null);

  probe ??= probeQueue('deposit-credit');
  const job = await probe.getJob(await currentOutboxJobId(written.id));
  t.truthy(job);
  t.is(job?.name, 'paid');
  t.deepEqual(job?.data, { depositOrderId: 7 });
});

restartTest(`a row written while Redis is down is delivered by the relay once Redis is back, once${REDIS_SERVER ? '' : ` (${RESTART_SKIPPED})`}`, async (t) => {
  t.timeout(60_000);
  await killRedis();

  const written = await db().transaction(async (transaction) => addToOutbox(transaction, 'deposit-credit', 'paid', { depositOrderId: 42 }));
  // The after-commit push fails (at most its 3 s timeout) and records the failure on the row.
  const failed = await waitFor('the failed after-commit push to be recorded', async () => {
    const r = await row(written.id);
    return r.attempts >= 1 ? r : undefined;
  });
  t.is(failed.sentAt, null);
  t.truthy(failed.lastError);

  // While Redis is still down the relay cannot deliver it either.
  const down = await withTimeout(relayOutbox(), 10_000, 'relay while Redis is down');
  t.is(down.sent, 0);
  t.is((await row(written.id)).sentAt, null);

  await startRedis();
  const delivered = await waitFor(
    'the relay to deliver the row',
    async () => {
      await withTimeout(relayOutbox(), 10_000, 'relay sweep');
      const r = await row(written.id);
      return r.sentAt ? r : undefined;
    },
    20_000,
    100,
  );
  t.is(delivered.lastError, null);
  t.true(delivered.attempts >= 2);

  probe ??= probeQueue('deposit-credit');
  const job = await probe.getJob(await currentOutboxJobId(written.id));
  t.truthy(job, `the job of row ${written.id} is not in deposit-credit`);
  t.is(job?.name, 'paid');
  t.deepEqual(job?.data, { depositOrderId: 42 });
  const counts = await probe.getJobCounts();

  // Relaying again finds nothing to send, and pushing the sent row by id is a no-op.
  t.deepEqual(await relayOutbox(), { sent: 0, failed: 0 });
  t.deepEqual(await pushOutboxRows([written.id]), { sent: 0, failed: 0 });
  t.deepEqual(await probe.getJobCounts(), counts);

  // A crash between push and marking the row sent: the row is pushed again, and the job id dedupes it.
  await db().query(`UPDATE outbox SET "sentAt" = NULL WHERE id = :id`, { replacements: { id: written.id } });
  t.deepEqual(await pushOutboxRows([written.id]), { sent: 1, failed: 0 });
  t.truthy((await row(written.id)).sentAt);
  t.deepEqual(await probe.getJobCounts(), counts);
  const jobs = await probe.getJobs(['waiting', 'delayed', 'prioritized', 'active', 'completed', 'failed']);
  t.is(jobs.filter((j) => (j.data as { depositOrderId?: number }).depositOrderId === 42).length, 1);
});

test.serial('post-bet rows wait for the relay, which delivers them a batch to a job, in order, once', async (t) => {
  const max = QUEUES['post-bet'].batch!.max;
  const count = max + 5;
  await relayOutbox(); // nothing left over from the tests above
  const written: string[] = [];
  for (let i = 1; i <= count; i += 1) {
    written.push((await db().transaction(async (transaction) => addToOutbox(transaction, 'post-bet', 'settled', { betOrderId: 1000 + i }))).id);
  }
  // No after-commit push for a batched queue: the rows stay unsent until the relay runs.
  await new Promise((r) => setTimeout(r, 300));
  t.is(await OutboxMessage.count({ where: { id: written, sentAt: null } }), count);

  t.deepEqual(await relayOutbox(100, BATCHED_QUEUES), { sent: count, failed: 0 });
  t.is(await OutboxMessage.count({ where: { id: written, sentAt: null } }), 0);
  const postBet = probeQueue('post-bet');
  try {
    const first = await postBet.getJob(await currentOutboxJobId([written[0], written[max - 1]]));
    const second = await postBet.getJob(await currentOutboxJobId([written[max], written[count - 1]]));
    t.deepEqual(first?.data, { betOrderIds: Array.from({ length: max }, (_, i) => 1001 + i) });
    t.deepEqual(second?.data, { betOrderIds: Array.from({ length: 5 }, (_, i) => 1001 + max + i) });
    t.is(first?.name, 'settled');
    t.deepEqual(await relayOutbox(100, BATCHED_QUEUES), { sent: 0, failed: 0 });
  } finally {
    await postBet.close();
  }
});

test('deliveries: one job per row, except runs of one batched queue and name, cut at its max', (t) => {
  const row = (id: number, queue: 'post-bet' | 'mail', name = 'settled') => ({
    id: String(id),
    queue,
    name,
    payload: queue === 'post-bet' ? { betOrderId: id * 10 } : { kind: 'welcome', userId: id },
  });
  const rows = [row(1, 'post-bet'), row(2, 'post-bet'), row(3, 'mail', 'send'), row(4, 'post-bet'), row(5, 'post-bet', 'other')];
  t.deepEqual(
    deliveries(rows).map((d) => [d.queue, outboxJobId('a1b2c3', [d.ids[0], d.ids[d.ids.length - 1]]), d.ids, d.payload]),
    [
      ['post-bet', 'outbox-a1b2c3-1-2', ['1', '2'], { betOrderIds: [10, 20] }],
      ['mail', 'outbox-a1b2c3-3', ['3'], { kind: 'welcome', userId: 3 }],
      ['post-bet', 'outbox-a1b2c3-4', ['4'], { betOrderIds: [40] }],
      ['post-bet', 'outbox-a1b2c3-5', ['5'], { betOrderIds: [50] }],
    ],
  );
  const max = QUEUES['post-bet'].batch!.max;
  const many = Array.from({ length: 2 * max + 1 }, (_, i) => row(i + 1, 'post-bet'));
  t.deepEqual(
    deliveries(many).map((d) => d.ids.length),
    [max, max, 1],
  );
});
