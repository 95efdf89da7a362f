import test from 'ava';
import { providerCall, providerEnv } from '../helpers/provider-requests';
import { sample, withMetricsAllow } from '../helpers/metrics';
import { startTestStack, type TestStack } from '../helpers/stack';

/**
 * GET /metrics (shared/metrics.ts, api/http/metrics-endpoint.ts): after a login, a simulate round and
 * provider callbacks, the scrape holds their request durations by route template, the wallet movements
 * by kind, the callback outcomes, the queue and outbox gauges; an address outside METRICS_ALLOW is
 * refused.
 */

let stack: TestStack;
test.before(async () => {
  stack = await startTestStack({ ...providerEnv(), TRUST_PROXY: 'true' });
});
test.after.always(async () => {
  await stack?.close();
});

test.serial('a scrape after traffic holds requests, wallet movements, provider callbacks, queues and outbox', async (t) => {
  const { createUser } = await import('../helpers/factories');
  const { user, password } = await createUser({ balance: '100' });

  const login = await stack.request('POST', '/api/auth/login', { body: { account: user.account, password } });
  t.is(login.body.code, 200, login.text);
  const token = login.body.result.token as string;
  const round = await stack.request('POST', '/api/game/simulate', { token, body: { gameCode: 'provy-crypto-01', productId: 3001, betAmount: 1 } });
  t.is(round.body.code, 200, round.text);
  const balance = await providerCall(stack, 'provy', 'getBalance', { playerId: user.id, currency: 'USD' });
  t.is(balance.status, 200);
  const refused = await providerCall(stack, 'provy', 'getPlayerInfo', {});
  t.is(refused.status, 400);
  t.is(refused.body.code, 1003);
  t.is((await stack.request('GET', '/api/no-such-route')).status, 404);

  const res = await stack.request('GET', '/metrics');
  t.is(res.status, 200);
  t.regex(res.headers.get('content-type') ?? '', /^text\/plain/);
  const scrape = res.text;

  const count = (route: string, status: string, method = 'POST') => sample(scrape, 'http_request_duration_seconds_count', { method, route, status });
  t.true((count('/api/auth/login', '200') ?? 0) >= 1, 'the login is timed under its route template');
  t.true((count('/api/game/simulate', '200') ?? 0) >= 1);
  t.true((count('/api/game/provy/getBalance', '200') ?? 0) >= 1);
  t.true((count('unmatched', '404', 'GET') ?? 0) >= 1, 'a request no endpoint matched is "unmatched"');
  t.truthy(sample(scrape, 'http_request_duration_seconds_bucket', { route: '/api/game/simulate', le: '+Inf' }));
  t.false(scrape.includes('/api/no-such-route'), 'raw URLs never become labels');

  t.true((sample(scrape, 'wallet_movements_total', { kind: 'adjustment' }) ?? 0) >= 1, 'the opening balance');
  t.true((sample(scrape, 'wallet_movements_total', { kind: 'bet' }) ?? 0) >= 1, 'the simulate bet');

  t.true((sample(scrape, 'provider_callbacks_total', { provider: 'provy', outcome: 'ok', code: '' }) ?? 0) >= 1);
  t.true((sample(scrape, 'provider_callbacks_total', { provider: 'provy', outcome: 'refused', code: '1003' }) ?? 0) >= 1);

  for (const state of ['waiting', 'active', 'failed', 'completed']) {
    t.is(typeof sample(scrape, 'queue_jobs', { queue: 'post-bet', state }), 'number', `post-bet ${state}`);
  }
  t.is(typeof sample(scrape, 'queue_jobs', { queue: 'mail', state: 'waiting' }), 'number');
  const backlog = sample(scrape, 'outbox_backlog', {});
  t.true(backlog !== undefined && Number.isInteger(backlog) && backlog >= 0, `outbox_backlog ${backlog}`);
});

test.serial('wallet movements count once committed: set-based credits too, never replays or rolled-back moves', async (t) => {
  const { createUser } = await import('../helpers/factories');
  const { db } = await import('../../shared/db/sequelize');
  const { creditFromQuery } = await import('../../shared/domain/wallet');
  const { moveBalance } = await import('../../shared/domain/wallet');
  const { user } = await createUser();
  const movements = async (kind: string) => sample((await stack.request('GET', '/metrics')).text, 'wallet_movements_total', { kind }) ?? 0;

  const credit = () =>
    db().transaction((transaction) =>
      creditFromQuery(transaction, {
        source: `SELECT CAST(:userId AS integer) AS "userId", 1.5 AS amount, 'metrics-test:' || :userId AS "idempotencyKey"`,
        replacements: { userId: user.id },
        kind: 'rebate',
      }),
    );
  const rebates = await movements('rebate');
  t.is((await credit()).credited, 1);
  t.is(await movements('rebate'), rebates + 1);
  t.is((await credit()).replayed, 1);
  t.is(await movements('rebate'), rebates + 1, 'a replay moves nothing and counts nothing');

  const adjustments = await movements('adjustment');
  await t.throwsAsync(
    db().transaction(async (transaction) => {
      await moveBalance(transaction, { userId: user.id, amount: '1', kind: 'adjustment', idempotencyKey: `metrics-test:rollback:${user.id}` });
      throw new Error('roll back');
    }),
    { message: 'roll back' },
  );
  t.is(await movements('adjustment'), adjustments, 'a rolled-back movement is not counted');
});

test.serial('an address outside METRICS_ALLOW is refused; a range holding the client is served', async (t) => {
  const refused = await withMetricsAllow('10.20.30.40,::2', () => stack.request('GET', '/metrics'));
  t.is(refused.status, 403);
  t.is(refused.body.code, 403);
  t.is(refused.body.data, null);
  t.notRegex(refused.text, /http_request_duration_seconds/);

  // With TRUST_PROXY on, X-Forwarded-For names the client for everything else; here the TCP peer counts.
  const forwarded = await withMetricsAllow('10.20.30.40', () => stack.request('GET', '/metrics', { headers: { 'x-forwarded-for': '10.20.30.40' } }));
  t.is(forwarded.status, 403);

  const range = await withMetricsAllow('10.0.0.0/8,127.0.0.0/8', () => stack.request('GET', '/metrics'));
  t.is(range.status, 200);
  t.regex(range.text, /# TYPE wallet_movements_total counter/);
});

test('METRICS_ALLOW is validated with the configuration', async (t) => {
  const { loadConfig, ConfigError } = await import('../../shared/config');
  const base = { DATABASE_URL: 'postgres://u@127.0.0.1/db', REDIS_URL: 'redis://127.0.0.1:6379' };
  t.deepEqual(loadConfig(base).metrics.allow, ['127.0.0.1', '::1']);
  t.deepEqual(loadConfig({ ...base, METRICS_ALLOW: ' 10.0.0.0/8, fd00::/8 ' }).metrics.allow, ['10.0.0.0/8', 'fd00::/8']);
  const err = t.throws(() => loadConfig({ ...base, METRICS_ALLOW: 'prometheus.local' }), { instanceOf: ConfigError });
  t.regex(err?.message ?? '', /METRICS_ALLOW/);
  t.throws(() => loadConfig({ ...base, METRICS_ALLOW: '10.0.0.0/33' }), { instanceOf: ConfigError });
});

test.serial("the oldest waiting job's age per queue, Postgres and Redis up, and the audit verifier's last run", async (t) => {
  const { queue } = await import('../../shared/queues/queues');
  const { recordVerifyRun } = await import('../../shared/domain/audit');
  const scrape = async () => (await stack.request('GET', '/metrics')).text;

  const before = await scrape();
  t.is(sample(before, 'dependency_up', { dependency: 'postgres' }), 1);
  t.is(sample(before, 'dependency_up', { dependency: 'redis' }), 1);
  t.is(sample(before, 'audit_verify_last_run_timestamp_seconds', {}), 0, 'never verified');
  t.true(Number.isNaN(sample(before, 'audit_verify_last_problems', {})), 'no run, no count');
  t.is(sample(before, 'queue_oldest_waiting_age_seconds', { queue: 'audit-digest' }), 0, 'an empty queue');

  // No worker serves this stack's queues: a job created a minute ago waits, and a newer one is not the oldest.
  await queue('vip-relegation').add('old', { reason: 'manual' } as never, { timestamp: Date.now() - 60_000 });
  await queue('vip-relegation').add('new', { reason: 'manual' } as never);
  await new Promise((r) => setTimeout(r, 5100)); // past the gauge's 5 s cache
  await recordVerifyRun({ ok: false, rows: 10, chains: 2, digests: 1, problems: [{} as never, {} as never] });

  const after = await scrape();
  const age = sample(after, 'queue_oldest_waiting_age_seconds', { queue: 'vip-relegation' }) ?? -1;
  t.true(age >= 60 && age < 120, `vip-relegation waits ${age} s`);
  t.is(sample(after, 'queue_oldest_waiting_age_seconds', { queue: 'audit-digest' }), 0, 'still empty');
  t.is(sample(after, 'audit_verify_last_problems', {}), 2);
  const at = sample(after, 'audit_verify_last_run_timestamp_seconds', {}) ?? 0;
  t.true(Math.abs(at - Date.now() / 1000) < 60, `last run at ${at}`);
});
