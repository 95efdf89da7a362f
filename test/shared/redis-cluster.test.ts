import test from 'ava';
import type { Cluster } from 'ioredis';
import { startTestStack, type TestStack } from '../helpers/stack';
import { awayFromMinuteEdge, waitFor } from '../helpers/wait';

/**
 * The stack on a Redis Cluster (docs/scaling.md, "Redis Cluster"): queues, rate limits, token versions
 * and cache clears. `npm run test:redis-cluster` starts a local 3-master cluster and sets
 * REDIS_CLUSTER_NODES; without it there is no cluster to run on and the file is skipped.
 */
if (!process.env.REDIS_CLUSTER_NODES) {
  test.skip('on a Redis Cluster: run with npm run test:redis-cluster', () => undefined);
} else {
  let stack: TestStack;
  let factories: typeof import('../helpers/factories');
  let workers: import('../../workers/main').RunningWorkers | undefined;

  test.before(async () => {
    stack = await startTestStack({ RATE_LIMIT_SIMULATE_PER_USER: '3', OUTBOX_RELAY_EVERY_MS: '200' });
    factories = await import('../helpers/factories');
    const { startWorkers } = await import('../../workers/main');
    workers = startWorkers(['post-bet', 'outbox-relay']);
  });
  test.after.always(async () => {
    await workers?.stop();
    await stack?.close();
  });

  const login = (account: string, password: string) => stack.request('POST', '/api/auth/login', { body: { account, password } });
  const detail = (token: string) => stack.request('GET', '/api/auth/user-detail', { token });
  const simulate = (token: string) =>
    stack.request('POST', '/api/game/simulate', { token, body: { gameCode: 'provy-crypto-01', productId: 3001, betAmount: 1 }, headers: { locales: 'en-US' } });

  test.serial('the connections are a cluster of three masters, and the queue prefix carries a hash tag', async (t) => {
    const { cache } = await import('../../shared/redis');
    const { config } = await import('../../shared/config');
    const cluster = cache() as unknown as Cluster;
    await waitFor('cluster ready', async () => cluster.status === 'ready');
    t.is(cluster.nodes('master').length, 3);
    t.is(config().queuePrefix, `{${stack.prefix}}`);
  });

  test.serial('token versions: a logout refuses the token at once; a new login supersedes the old token', async (t) => {
    const { user, password } = await factories.createUser({ balance: '0' });
    const first = (await login(user.account, password)).body.result.token as string;
    t.is((await detail(first)).status, 200);
    t.is((await stack.request('POST', '/api/auth/logout', { token: first })).body.code, 200);
    t.is((await detail(first)).status, 401);
    const second = (await login(user.account, password)).body.result.token as string;
    const third = (await login(user.account, password)).body.result.token as string;
    t.is((await detail(second)).status, 401, 'the older session is superseded');
    t.is((await detail(third)).status, 200);
    // After the refill hold, the version is cached again and still answers the same.
    await new Promise((r) => setTimeout(r, 5_500));
    t.is((await detail(third)).status, 200);
    t.is((await detail(third)).status, 200);
    t.is((await detail(second)).status, 401);
  });

  test.serial('rate limits: the per-account login limit (counters of two slots) and a per-player limit count on the cluster', async (t) => {
    await awayFromMinuteEdge();
    const { user } = await factories.createUser({ balance: '0' });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await login(user.account, 'wrong-password')).status);
    t.deepEqual(statuses, [...Array(10).fill(200), 429]);

    const player = await factories.createUser({ balance: '100' });
    const plays: number[] = [];
    for (let i = 0; i < 4; i += 1) plays.push((await simulate(player.token)).status);
    t.deepEqual(plays, [200, 200, 200, 429]);
  });

  test.serial('queues: a round goes through the outbox and the post-bet queue on the cluster', async (t) => {
    const { User } = await import('../../shared/db/models');
    const { user, token } = await factories.createUser({ balance: '100' });
    const res = await simulate(token);
    t.is(res.body.code, 200, res.text);
    const applied = await waitFor(
      'post-bet applied',
      async () => {
        const row = await User.findByPk(user.id);
        return Number(row!.totalEffectiveBet) > 0 ? row : null;
      },
      30_000,
      200,
    );
    const { BetOrder } = await import('../../shared/db/models');
    const order = await BetOrder.findOne({ where: { userId: user.id } });
    t.is(applied.totalEffectiveBet, order!.betEffective, "the round's effective bet was added by the post-bet job");
  });

  test.serial('cache clears of keys in several slots: site config per locale and the provider lists', async (t) => {
    const { cache } = await import('../../shared/redis');
    const { siteConfigKey, clearSiteConfigCache } = await import('../../shared/domain/site-config');
    const { providerListKey, clearProviderListCache } = await import('../../shared/domain/game/cache');
    t.is((await stack.request('GET', '/api/site-config', { headers: { locales: 'en-US' } })).status, 200);
    t.truthy(await cache().get(siteConfigKey('default', 'en-US')), 'GET /site-config cached its view');
    await cache().set(siteConfigKey('default', 'th-TH'), 'stale');
    await clearSiteConfigCache('default');
    t.is(await cache().get(siteConfigKey('default', 'en-US')), null);
    t.is(await cache().get(siteConfigKey('default', 'th-TH')), null);

    const keys = ['all', '1', '2', '3', '4'].map((type) => providerListKey('default', type));
    for (const key of keys) await cache().set(key, '[]');
    await clearProviderListCache('default');
    t.deepEqual(
      await Promise.all(keys.map((key) => cache().get(key))),
      keys.map(() => null),
    );
  });

  test.serial("the oldest waiting job's age per queue is read on the cluster, and Redis answers the dependency gauge", async (t) => {
    const { queue } = await import('../../shared/queues/queues');
    const { sample } = await import('../helpers/metrics');
    // No worker serves vip-relegation here: a job created a minute ago waits.
    await queue('vip-relegation').add('old', {}, { timestamp: Date.now() - 60_000 });
    await new Promise((r) => setTimeout(r, 5_100)); // past the gauge's 5 s cache
    const scrape = (await stack.request('GET', '/metrics')).text;
    const age = sample(scrape, 'queue_oldest_waiting_age_seconds', { queue: 'vip-relegation' }) ?? -1;
    t.true(age >= 60 && age < 120, `vip-relegation waits ${age} s`);
    t.is(typeof sample(scrape, 'queue_oldest_waiting_age_seconds', { queue: 'post-bet' }), 'number');
    t.is(sample(scrape, 'dependency_up', { dependency: 'redis' }), 1);
  });
}
