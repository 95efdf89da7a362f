import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import test from 'ava';
import { VipRebate } from '../../shared/db/models';
import { queue } from '../../shared/queues/queues';
import { freePort } from '../../scripts/lib/system-tools';
import { startWorkers, type RunningWorkers } from '../../workers/main';
import { startMetricsServer, type MetricsServer } from '../../workers/metrics-server';
import { createBetOrder, createVipPlayer } from '../helpers/bets';
import { createSite } from '../helpers/factories';
import { sample, withMetricsAllow } from '../helpers/metrics';
import { startTestStack, type TestStack } from '../helpers/stack';
import { waitFor } from '../helpers/wait';

/**
 * The workers' metrics server (workers/metrics-server.ts): this process's registry after a rebate job
 * paid by a worker, to loopback; a peer outside METRICS_ALLOW gets 403, another request 404. Then
 * `workers/main.ts` as its own process with WORKER_METRICS_PORT: it serves the port, and SIGTERM ends it
 * with code 0.
 */

let stack: TestStack;
let workers: RunningWorkers | undefined;
let server: MetricsServer | undefined;
test.before(async () => {
  stack = await startTestStack();
  workers = startWorkers(['vip-rebate']);
  server = await startMetricsServer(0, '127.0.0.1');
});
test.after.always(async () => {
  await server?.close();
  await workers?.stop();
  await stack?.close();
});

const get = (urlPath: string, init?: RequestInit) => fetch(`http://127.0.0.1:${server!.port}${urlPath}`, init);

test.serial('a rebate paid by a worker shows in the scrape, with the queue gauges', async (t) => {
  const day = '2025-04-20';
  const siteCode = await createSite();
  await VipRebate.create({ siteCode, level: 1, gameType: 'slot', rebateRate: '1.00' });
  const player = await createVipPlayer(siteCode, 1);
  await createBetOrder(player, { gameType: '2', betAmount: '100', at: `${day}T09:00:00Z` });
  const scrape = async () => (await get('/metrics')).text();
  const before = sample(await scrape(), 'wallet_movements_total', { kind: 'rebate' }) ?? 0;

  const q = queue('vip-rebate');
  const job = await q.add('manual', { siteCode, day }, { jobId: `metrics-rebate-${siteCode}` });
  await waitFor('the rebate job to complete', async () => (await q.getJobState(job.id!)) === 'completed', 20_000);

  const res = await get('/metrics?debug=1');
  t.is(res.status, 200);
  t.regex(res.headers.get('content-type') ?? '', /^text\/plain/);
  t.is(res.headers.get('cache-control'), 'no-store');
  const text = await res.text();
  t.is(sample(text, 'wallet_movements_total', { kind: 'rebate' }), before + 1);
  t.true((sample(text, 'queue_jobs', { queue: 'vip-rebate', state: 'completed' }) ?? 0) >= 1);
  t.is(typeof sample(text, 'queue_jobs', { queue: 'post-bet', state: 'waiting' }), 'number');
  t.is(typeof sample(text, 'outbox_backlog', {}), 'number');
});

test.serial('a peer outside METRICS_ALLOW is refused; a range holding it is served', async (t) => {
  const refused = await withMetricsAllow('10.20.30.40,::2', () => get('/metrics'));
  t.is(refused.status, 403);
  const body = await refused.json();
  t.like(body, { code: 403, data: null });
  t.notRegex(JSON.stringify(body), /wallet_movements_total/);

  const range = await withMetricsAllow('10.0.0.0/8,127.0.0.0/8', () => get('/metrics'));
  t.is(range.status, 200);
  t.regex(await range.text(), /# TYPE wallet_movements_total counter/);
});

test('any other path or method is 404', async (t) => {
  for (const [urlPath, method] of [
    ['/', 'GET'],
    ['/metrics/x', 'GET'],
    ['/api/health', 'GET'],
    ['/metrics', 'POST'],
  ]) {
    const res = await get(urlPath, { method });
    t.is(res.status, 404, `${method} ${urlPath}`);
    t.like(await res.json(), { code: 404, data: null });
  }
});

test('the workers process serves WORKER_METRICS_PORT on HOST and exits cleanly on SIGTERM', async (t) => {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import=tsx', path.join(__dirname, '..', '..', 'workers', 'main.ts')], {
    env: { ...process.env, WORKER_QUEUES: 'mail', WORKER_METRICS_PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = once(child, 'exit');
  try {
    const res = await waitFor(
      'the workers process metrics',
      async () => {
        if (child.exitCode !== null) throw new Error(`the workers process exited (${child.exitCode}): ${stderr}`);
        return fetch(`http://127.0.0.1:${port}/metrics`).catch(() => undefined);
      },
      30_000,
      200,
    );
    t.is(res.status, 200, stderr);
    t.regex(await res.text(), /# TYPE queue_jobs gauge/);
  } finally {
    child.kill('SIGTERM');
  }
  const [code] = await exited;
  t.is(code, 0, stderr);
  await t.throwsAsync(fetch(`http://127.0.0.1:${port}/metrics`));
});
