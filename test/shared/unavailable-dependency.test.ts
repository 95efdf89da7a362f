import net from 'node:net';
import test from 'ava';
import { Redis } from 'ioredis';
import { Client } from 'pg';
import { Sequelize } from 'sequelize';
import { describeError } from '../../api/http/error-mapper';
import { withDatabase } from '../../scripts/lib/services';
import { commitOutcome, trackingCommits } from '../../shared/db/commit-outcome';
import { unavailableDependency } from '../../shared/unavailable-dependency';

/**
 * Which errors are an outage (shared/unavailable-dependency.ts), on the errors the real drivers throw:
 * Redis and Postgres on a port nothing listens on, a Postgres backend terminated mid-statement; and
 * which are not (a wrong statement, a duplicate key). The error mapper answers the first 503 with
 * Retry-After and the outcome of the work it belongs to.
 */

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function caught(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (err) {
    return err;
  }
  throw new Error('expected an error');
}

const serverUrl = () => withDatabase(process.env.TEST_PG_URL as string, 'postgres');

test('Redis down: the cache connection (one retry) and the producer connection (no offline queue) fail as redis outages', async (t) => {
  const port = await closedPort();
  const cache = new Redis({ port, host: '127.0.0.1', maxRetriesPerRequest: 1, connectTimeout: 500, retryStrategy: () => 50 });
  cache.on('error', () => undefined);
  const producer = new Redis({ port, host: '127.0.0.1', maxRetriesPerRequest: 1, enableOfflineQueue: false, retryStrategy: () => 50 });
  producer.on('error', () => undefined);
  try {
    const cacheError = await caught(() => cache.get('k'));
    t.is(unavailableDependency(cacheError), 'redis', String(cacheError));
    const producerError = await caught(() => producer.set('k', '1'));
    t.is(unavailableDependency(producerError), 'redis', String(producerError));
  } finally {
    cache.disconnect();
    producer.disconnect();
  }
});

test('Postgres down: pg and Sequelize refused connections are postgres outages', async (t) => {
  const port = await closedPort();
  const url = new URL(serverUrl());
  url.port = String(port);
  const client = new Client({ connectionString: url.toString() });
  t.is(unavailableDependency(await caught(() => client.connect())), 'postgres');
  const sequelize = new Sequelize(url.toString(), { dialect: 'postgres', logging: false });
  try {
    const err = await caught(() => sequelize.query('SELECT 1'));
    t.is((err as Error).name, 'SequelizeConnectionRefusedError');
    t.is(unavailableDependency(err), 'postgres');
  } finally {
    await sequelize.close();
  }
});

test('a backend terminated mid-statement is a postgres outage; a wrong statement or a duplicate key is not', async (t) => {
  const sequelize = new Sequelize(serverUrl(), { dialect: 'postgres', logging: false, pool: { max: 1 } });
  try {
    t.is(unavailableDependency(await caught(() => sequelize.query('SELEC 1'))), null);
    const duplicate = await caught(() => sequelize.query('CREATE TEMP TABLE d (id int PRIMARY KEY); INSERT INTO d VALUES (1), (1)'));
    t.is(unavailableDependency(duplicate), null, String(duplicate));
    t.is(unavailableDependency(new Error('something else')), null);
    const terminated = await caught(() => sequelize.query('SELECT pg_terminate_backend(pg_backend_pid())'));
    t.is(unavailableDependency(terminated), 'postgres', String(terminated));
    t.regex(String(terminated), /terminating connection/);
  } finally {
    await sequelize.close();
  }
});

test('the mapper answers an outage 503 with Retry-After and the outcome of the work it belongs to', async (t) => {
  const err = await caught(async () => {
    const port = await closedPort();
    const client = new Client({ host: '127.0.0.1', port });
    await client.connect();
  });
  const outside = describeError(err, 'en-US');
  t.like(outside, { status: 503, code: 503, message: 'Service temporarily unavailable', extra: { retryAfter: 5, data: { outcome: 'unknown' } } });
  await trackingCommits(async () => {
    t.is(commitOutcome(), 'none');
    t.like(describeError(err, 'en-US'), { status: 503, extra: { data: { outcome: 'none' } } });
  });
  t.is(describeError(new Error('a bug'), 'en-US').status, 500, 'anything else stays a 500');
});
