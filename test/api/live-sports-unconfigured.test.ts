import test from 'ava';
import type { Job } from 'bullmq';
import { LIVE_SPORTS_LIST_KEY, LIVE_SPORTS_STATUS_KEY, liveSportsStatus } from '../../shared/domain/live-sports/cache';
import { refreshLiveSports } from '../../shared/domain/live-sports/refresh';
import { cache } from '../../shared/redis';
import { queue } from '../../shared/queues/queues';
import { startWorkers } from '../../workers/main';
import { startTestStack, type TestStack } from '../helpers/stack';
import { waitFor } from '../helpers/wait';

let stack: TestStack;
test.before(async () => {
  // Explicitly empty, in case the environment running the tests sets them.
  stack = await startTestStack({ LIVE_SPORTS_BASE_URL: '', LIVE_SPORTS_API_KEY: '' });
});
test.after.always(async () => {
  await stack?.close();
});

test.serial('not configured: the refresh records it, drops any old list, and GET /live-sports returns []', async (t) => {
  await cache().set(LIVE_SPORTS_LIST_KEY, JSON.stringify({ refreshedAt: new Date().toISOString(), matches: [{ fixtureId: 1 }] }));
  t.deepEqual(await refreshLiveSports(), { configured: false });
  const status = await liveSportsStatus();
  t.like(status, { configured: false });
  t.truthy(Date.parse(status?.at ?? ''));
  t.is(await cache().get(LIVE_SPORTS_LIST_KEY), null);

  const res = await stack.request('GET', '/api/live-sports');
  t.is(res.status, 200);
  t.like(res.body, { code: 200, message: 'ok', path: '/api/live-sports' });
  t.deepEqual(res.body.result, []);
});

test.serial('not configured: a worker job completes and records it', async (t) => {
  await cache().del(LIVE_SPORTS_STATUS_KEY);
  const workers = startWorkers(['live-sports']);
  try {
    const job: Job = await queue('live-sports').add('manual', { reason: 'manual' });
    const state = await waitFor('the job to finish', async () => {
      const s = await job.getState();
      return s === 'completed' || s === 'failed' ? s : undefined;
    });
    t.is(state, 'completed');
    t.deepEqual((await queue('live-sports').getJob(job.id as string))?.returnvalue, { configured: false });
    t.like(await liveSportsStatus(), { configured: false });
  } finally {
    await workers.stop();
  }
  const res = await stack.request('GET', '/api/live-sports');
  t.deepEqual(res.body.result, []);
});
