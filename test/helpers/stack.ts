import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { Redis } from 'ioredis';
import { withDatabase } from '../../scripts/lib/services';
import { checkAnswer } from './contract';
import { isolateNetwork } from './network';

/**
 * One test file's own stack: a database cloned from the migrated template, its own Redis key and queue
 * prefixes, and the API listening on a free loopback port. Call in `test.before`, close in
 * `test.after.always`.
 */
export interface TestStack {
  baseUrl: string;
  databaseUrl: string;
  prefix: string;
  request: (method: string, path: string, options?: RequestOptions) => Promise<ApiResponse>;
  close: () => Promise<void>;
}

export interface RequestOptions {
  body?: unknown;
  rawBody?: string;
  token?: string;
  headers?: Record<string, string>;
}

export interface ApiResponse {
  status: number;
  headers: Headers;
  body: any;
  text: string;
}

async function cloneTemplate(serverUrl: string, template: string, name: string): Promise<void> {
  const client = new Client({ connectionString: withDatabase(serverUrl, 'postgres') });
  await client.connect();
  try {
    for (let attempt = 0; ; attempt += 1) {
      try {
        await client.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
        return;
      } catch (err) {
        // Two files cloning the same template at the same moment: Postgres refuses one; try again.
        if (attempt > 50 || !/being accessed by other users/.test((err as Error).message)) throw err;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
  } finally {
    await client.end();
  }
}

async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  const client = new Client({ connectionString: withDatabase(serverUrl, 'postgres') });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).finally(() => client.end());
}

/**
 * Deletes the keys matching `pattern` (a test file's prefix: Redis losing what it held), never others.
 * With REDIS_CLUSTER_NODES (npm run test:redis-cluster), on every node, one key per DEL (a cluster
 * refuses one DEL of keys in several slots).
 */
export async function deleteKeys(redisUrl: string, pattern: string): Promise<void> {
  const nodes = (process.env.REDIS_CLUSTER_NODES ?? '').split(',').filter(Boolean);
  for (const url of nodes.length ? nodes.map((n) => `redis://${n}`) : [redisUrl]) {
    const redis = new Redis(url);
    try {
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
        cursor = next;
        if (keys.length && nodes.length) await Promise.all(keys.map((key) => redis.del(key)));
        else if (keys.length) await redis.del(...keys);
      } while (cursor !== '0');
    } finally {
      redis.disconnect();
    }
  }
}

/** `env` may be computed from the database URL the stack would use (a test that puts a proxy in front of it). */
export async function startTestStack(env: Record<string, string> | ((databaseUrl: string) => Record<string, string>) = {}): Promise<TestStack> {
  const serverUrl = process.env.TEST_PG_URL;
  const template = process.env.TEST_TEMPLATE_DB;
  if (!serverUrl || !template || !process.env.REDIS_URL) {
    throw new Error('run the tests with `npm test` (it prepares Postgres, Redis and the template database)');
  }
  isolateNetwork();
  const id = randomBytes(4).toString('hex');
  const dbName = `${process.env.TEST_DB_PREFIX ?? 'gaming_test_0_f'}${id}`;
  const prefix = `test${id}`;
  await cloneTemplate(serverUrl, template, dbName);

  // npm run test:pgbouncer: the application's connections go through PgBouncer; cloning and dropping stay direct.
  const databaseUrl = withDatabase(process.env.TEST_PGBOUNCER_URL || serverUrl, dbName);
  Object.assign(process.env, {
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    REDIS_KEY_PREFIX: `${prefix}:`,
    QUEUE_PREFIX: prefix,
    // npm run test:s3: each file's objects under its own prefix of the one bucket (the local folder ignores it).
    S3_KEY_PREFIX: `${prefix}/`,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    ...(typeof env === 'function' ? env(databaseUrl) : env),
  });
  const { resetConfig } = await import('../../shared/config');
  resetConfig();
  const { startApi, closeConnections } = await import('../../api/server');
  const api = await startApi(0);
  // fetch reuses an idle connection until about a second before the server's keep-alive timeout (5 s);
  // on a loaded machine that second is not always enough, and a request meets a socket the server is
  // closing ("fetch failed"). Tests keep connections idle for seconds, so the test server waits longer.
  api.server.keepAliveTimeout = 60_000;
  const baseUrl = `http://127.0.0.1:${api.port}`;

  const request = async (method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse> => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | undefined = options.rawBody;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await fetch(`${baseUrl}${path}`, { method, headers, body, redirect: 'manual' });
    const text = await res.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    // Every answer is checked against the API document: one that leaves it fails the test that got it.
    await checkAnswer(method, path, res.status, res.headers.get('content-type'), parsed);
    return { status: res.status, headers: res.headers, body: parsed, text };
  };

  return {
    baseUrl,
    databaseUrl: process.env.DATABASE_URL as string,
    prefix,
    request,
    close: async () => {
      await api.stop();
      await closeConnections();
      await dropDatabase(serverUrl, dbName);
      await deleteKeys(process.env.REDIS_URL as string, `${prefix}*`);
    },
  };
}
