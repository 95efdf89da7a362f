import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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

/** The development secrets this repository once shipped as defaults: public, so never usable again. */
const PUBLISHED = ['dev-player-jwt-secret-change-me', 'dev-admin-jwt-secret-change-me'];

function tempFile(name = 'dev-secrets.json'): string {
  return path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'config-test-')), '.data', name);
}

test('development without JWT secrets generates random ones in the data folder and reuses them', (t) => {
  const file = tempFile();
  const first = loadConfig(base, { devSecretsFile: file });
  t.false(PUBLISHED.includes(first.jwt.secret));
  t.false(PUBLISHED.includes(first.jwt.adminSecret));
  t.true(first.jwt.secret.length >= 32);
  t.not(first.jwt.secret, first.jwt.adminSecret);
  t.is(first.jwt.generatedSecretsFile, file);
  t.is(fs.statSync(file).mode & 0o777, 0o600);

  const again = loadConfig(base, { devSecretsFile: file });
  t.is(again.jwt.secret, first.jwt.secret);
  t.is(again.jwt.adminSecret, first.jwt.adminSecret);

  const elsewhere = loadConfig(base, { devSecretsFile: tempFile() });
  t.not(elsewhere.jwt.secret, first.jwt.secret);

  const chosen = loadConfig({ ...base, JWT_SECRET: 'x'.repeat(40), ADMIN_JWT_SECRET: 'y'.repeat(40) }, { devSecretsFile: tempFile() });
  t.is(chosen.jwt.secret, 'x'.repeat(40));
  t.is(chosen.jwt.generatedSecretsFile, undefined);
});

test('tests and callers without a secrets file get random secrets of their own, never the published ones', (t) => {
  const file = tempFile();
  const testEnv = loadConfig({ ...base, NODE_ENV: 'test' }, { devSecretsFile: file });
  t.false(PUBLISHED.includes(testEnv.jwt.secret));
  t.false(PUBLISHED.includes(testEnv.jwt.adminSecret));
  t.false(fs.existsSync(file));
  const plain = loadConfig(base);
  t.false(PUBLISHED.includes(plain.jwt.secret));
  t.is(plain.jwt.secret, loadConfig(base).jwt.secret);
});

test('a secrets file that cannot be kept or read stops the start, naming the variables', (t) => {
  const blocked = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'config-test-')), 'a-file');
  fs.writeFileSync(blocked, '');
  const err = t.throws(() => loadConfig(base, { devSecretsFile: path.join(blocked, 'dev-secrets.json') }), { instanceOf: ConfigError });
  t.true(err?.problems.some((p) => p.startsWith('JWT_SECRET is not set') && p.includes('set JWT_SECRET and ADMIN_JWT_SECRET')));

  const corrupt = tempFile();
  fs.mkdirSync(path.dirname(corrupt), { recursive: true });
  fs.writeFileSync(corrupt, '{"JWT_SECRET":"short"}');
  const bad = t.throws(() => loadConfig(base, { devSecretsFile: corrupt }), { instanceOf: ConfigError });
  t.true(bad?.problems.some((p) => p.includes(corrupt) && p.includes('delete it')));
});

test('the API listens on loopback unless HOST says otherwise', (t) => {
  t.is(loadConfig(base).host, '127.0.0.1');
  t.is(loadConfig({ ...base, HOST: '0.0.0.0' }).host, '0.0.0.0');
  t.is(loadConfig({ ...base, HOST: '::' }).host, '::');
  t.is(loadConfig({ ...base, HOST: 'api.internal' }).host, 'api.internal');
  t.true(problemsOf({ ...base, HOST: 'not a host' }).some((p) => p.startsWith('HOST must be') && p.includes('"not a host"')));
});

test('WORKER_METRICS_PORT: unset by default (no workers metrics server), else a port from 1 to 65535', (t) => {
  t.is(loadConfig(base).metrics.workerPort, undefined);
  t.is(loadConfig({ ...base, WORKER_METRICS_PORT: ' ' }).metrics.workerPort, undefined);
  t.is(loadConfig({ ...base, WORKER_METRICS_PORT: '9464' }).metrics.workerPort, 9464);
  for (const bad of ['0', '65536', 'metrics', '94.64']) {
    t.true(
      problemsOf({ ...base, WORKER_METRICS_PORT: bad }).some((p) => p.startsWith('WORKER_METRICS_PORT') && p.includes(`"${bad}"`)),
      bad,
    );
  }
});

test('CARD_FINGERPRINT_SECRET: required (32 characters or more) in production; elsewhere derived from the token secret when unset', (t) => {
  t.true(problemsOf({ ...base, NODE_ENV: 'production' }).some((p) => p.startsWith('CARD_FINGERPRINT_SECRET is required in production')));
  t.true(
    problemsOf({ ...base, NODE_ENV: 'production', CARD_FINGERPRINT_SECRET: 'short' }).some((p) =>
      p.includes('CARD_FINGERPRINT_SECRET must be at least 32 characters'),
    ),
  );
  const chosen = loadConfig({ ...base, CARD_FINGERPRINT_SECRET: 'f'.repeat(40) });
  t.is(chosen.cardFingerprintSecret, 'f'.repeat(40));
  const a = loadConfig({ ...base, JWT_SECRET: 'j'.repeat(40), ADMIN_JWT_SECRET: 'a'.repeat(40) });
  const b = loadConfig({ ...base, JWT_SECRET: 'j'.repeat(40), ADMIN_JWT_SECRET: 'b'.repeat(40) });
  t.is(a.cardFingerprintSecret, b.cardFingerprintSecret, 'stable for the same JWT_SECRET');
  t.not(a.cardFingerprintSecret, 'j'.repeat(40));
  t.true(a.cardFingerprintSecret.length >= 32);
});

test('UPLOAD_DIR: an absolute folder, .data/uploads of the checkout by default', (t) => {
  t.regex(loadConfig(base).uploadDir, /[/\\]\.data[/\\]uploads$/);
  t.is(loadConfig({ ...base, UPLOAD_DIR: '/srv/uploads' }).uploadDir, '/srv/uploads');
});

test('STORAGE_BACKEND: local by default (S3 settings then ignored); s3 with its bucket, region, credentials, path style and key prefix', (t) => {
  t.deepEqual(loadConfig(base).storage, { backend: 'local' });
  t.deepEqual(loadConfig({ ...base, S3_BUCKET: 'ignored', S3_REGION: 'not a region' }).storage, { backend: 'local' });
  t.deepEqual(
    loadConfig({
      ...base,
      STORAGE_BACKEND: 's3',
      S3_ENDPOINT: 'http://minio:9000',
      S3_BUCKET: 'gaming-uploads',
      S3_REGION: 'eu-west-1',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
      S3_KEY_PREFIX: 'prod/site-a/',
    }).storage,
    {
      backend: 's3',
      s3: {
        endpoint: 'http://minio:9000',
        bucket: 'gaming-uploads',
        region: 'eu-west-1',
        accessKeyId: 'key',
        secretAccessKey: 'secret',
        forcePathStyle: true,
        keyPrefix: 'prod/site-a/',
      },
    },
  );
  t.deepEqual(loadConfig({ ...base, STORAGE_BACKEND: 's3', S3_BUCKET: 'aws-bucket' }).storage, {
    backend: 's3',
    s3: {
      endpoint: undefined,
      bucket: 'aws-bucket',
      region: 'us-east-1',
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: false,
      keyPrefix: '',
    },
  });
});

test('STORAGE_BACKEND: a bad backend and bad S3 settings are each named', (t) => {
  t.true(problemsOf({ ...base, STORAGE_BACKEND: 'ftp' }).some((p) => p.startsWith('STORAGE_BACKEND must be local or s3')));
  t.true(problemsOf({ ...base, STORAGE_BACKEND: 's3' }).some((p) => p.startsWith('S3_BUCKET is required')));
  const problems = problemsOf({
    ...base,
    STORAGE_BACKEND: 's3',
    S3_BUCKET: 'Bad_Bucket',
    S3_ENDPOINT: 'ftp://minio',
    S3_REGION: 'EU WEST',
    S3_ACCESS_KEY_ID: 'only-the-key',
    S3_FORCE_PATH_STYLE: 'yes',
    S3_KEY_PREFIX: '../up/',
  });
  for (const name of [
    'S3_BUCKET must',
    'S3_ENDPOINT must use',
    'S3_REGION must',
    'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY',
    'S3_FORCE_PATH_STYLE must',
    'S3_KEY_PREFIX must',
  ]) {
    t.true(
      problems.some((p) => p.startsWith(name)),
      name,
    );
  }
  t.true(problemsOf({ ...base, STORAGE_BACKEND: 's3', S3_BUCKET: 'ok-bucket', S3_KEY_PREFIX: 'no-slash' }).some((p) => p.startsWith('S3_KEY_PREFIX must')));
});

test('REDIS_CLUSTER_NODES: host:port pairs, a hash-tagged queue prefix, REDIS_URL optional; bad entries and DB_PREPARED_STATEMENTS named', (t) => {
  const single = loadConfig(base);
  t.deepEqual(single.redisClusterNodes, []);
  t.is(single.queuePrefix, 'bull');
  t.true(single.dbPreparedStatements);

  const cluster = loadConfig({
    DATABASE_URL: base.DATABASE_URL,
    REDIS_CLUSTER_NODES: '10.0.0.1:7000, redis-b:7001,[::1]:7002',
    DB_PREPARED_STATEMENTS: 'false',
  });
  t.deepEqual(cluster.redisClusterNodes, [
    { host: '10.0.0.1', port: 7000 },
    { host: 'redis-b', port: 7001 },
    { host: '::1', port: 7002 },
  ]);
  t.is(cluster.redisUrl, 'redis://10.0.0.1:7000');
  t.is(cluster.queuePrefix, '{bull}');
  t.false(cluster.dbPreparedStatements);
  t.is(loadConfig({ ...base, REDIS_CLUSTER_NODES: '127.0.0.1:7000', QUEUE_PREFIX: 'site1' }).queuePrefix, '{site1}');
  t.is(loadConfig({ ...base, REDIS_CLUSTER_NODES: '127.0.0.1:7000', QUEUE_PREFIX: '{q}site1' }).queuePrefix, '{q}site1');

  const problems = problemsOf({ ...base, REDIS_CLUSTER_NODES: '127.0.0.1:7000,nope,host:99999', DB_PREPARED_STATEMENTS: 'yes' });
  t.true(problems.includes('REDIS_CLUSTER_NODES must list host:port pairs, comma separated (got "nope")'), problems.join('\n'));
  t.true(problems.includes('REDIS_CLUSTER_NODES must list host:port pairs, comma separated (got "host:99999")'), problems.join('\n'));
  t.true(problems.includes('DB_PREPARED_STATEMENTS must be true or false (got "yes")'), problems.join('\n'));
});
