import test from 'ava';
import { ConfigError, loadConfig } from '../../shared/config';

const base = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/x', REDIS_URL: 'redis://127.0.0.1:6379' };

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
}

test('a minimal development environment loads with the documented defaults', (t) => {
  const config = loadConfig(base);
  t.is(config.siteCode, 'default');
  t.is(config.port, 3000);
  t.is(config.appTimezone, 'UTC');
  t.is(config.jwt.expiresIn, '7d');
  t.is(config.jwt.adminExpiresIn, '12h');
  t.not(config.jwt.secret, config.jwt.adminSecret);
  t.is(config.workerQueues, 'all');
});

test('missing DATABASE_URL and REDIS_URL are named', (t) => {
  const problems = problemsOf({});
  t.true(problems.some((p) => p.startsWith('DATABASE_URL is required')));
  t.true(problems.some((p) => p.startsWith('REDIS_URL is required')));
});

test('bad values are named with what was given', (t) => {
  const problems = problemsOf({
    ...base,
    PORT: 'eighty',
    DATABASE_URL: 'mysql://x',
    APP_TIMEZONE: 'Mars/Olympus',
    SITE_CODE: 'has space',
    JWT_EXPIRES_IN: 'forever',
    WORKER_CONCURRENCY_POST_BET: '0',
  });
  t.true(problems.some((p) => p.includes('PORT') && p.includes('"eighty"')));
  t.true(problems.some((p) => p.includes('DATABASE_URL') && p.includes('postgres:')));
  t.true(problems.some((p) => p.includes('APP_TIMEZONE') && p.includes('Mars/Olympus')));
  t.true(problems.some((p) => p.includes('SITE_CODE')));
  t.true(problems.some((p) => p.includes('JWT_EXPIRES_IN')));
  t.true(problems.some((p) => p.includes('WORKER_CONCURRENCY_POST_BET')));
});

test('production refuses development secrets and a missing admin password', (t) => {
  const problems = problemsOf({ ...base, NODE_ENV: 'production' });
  t.true(problems.some((p) => p.startsWith('JWT_SECRET is required in production')));
  t.true(problems.some((p) => p.startsWith('ADMIN_JWT_SECRET is required in production')));
  t.true(problems.some((p) => p.startsWith('ADMIN_PASSWORD is required in production')));
  const short = problemsOf({ ...base, NODE_ENV: 'production', JWT_SECRET: 'short', ADMIN_JWT_SECRET: 'x'.repeat(40), ADMIN_PASSWORD: 'long-enough' });
  t.true(short.some((p) => p.includes('JWT_SECRET must be at least 32 characters')));
});

test('worker selection and per-queue concurrency come from the environment', (t) => {
  const config = loadConfig({ ...base, WORKER_QUEUES: 'post-bet, mail', WORKER_CONCURRENCY_POST_BET: '16' });
  t.deepEqual(config.workerQueues, ['post-bet', 'mail']);
  t.is(config.workerConcurrency['post-bet'], 16);
});

test('rate limits, time-outs and the pool size are validated settings with documented defaults', (t) => {
  const config = loadConfig(base);
  t.is(config.limits.loginPerIp, 30);
  t.is(config.limits.loginPerAccount, 10);
  t.is(config.limits.verifySendPerUser, 5);
  t.is(config.timeouts.providerHttpMs, 5000);
  t.is(config.dbPoolMax, 10);
  const problems = problemsOf({ ...base, RATE_LIMIT_LOGIN_PER_IP: '0', PROVIDER_HTTP_TIMEOUT_MS: 'soon', DB_POOL_MAX: '-1' });
  t.true(problems.some((p) => p.includes('RATE_LIMIT_LOGIN_PER_IP')));
  t.true(problems.some((p) => p.includes('PROVIDER_HTTP_TIMEOUT_MS') && p.includes('"soon"')));
  t.true(problems.some((p) => p.includes('DB_POOL_MAX')));
});
