import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import test from 'ava';
import { Client } from 'pg';
import { withDatabase } from '../../scripts/lib/services';

/**
 * `npm run doctor` (scripts/doctor.ts) as a child process against the Postgres and Redis of `npm test`:
 * versions and pending migrations when they answer, exit 1 naming what is unreachable, nothing written.
 */
const ROOT = path.join(__dirname, '..', '..');
const TSX = path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const serverUrl = process.env.TEST_PG_URL as string;
const prefix = `${process.env.TEST_DB_PREFIX ?? 'gaming_test_0_f'}doctor${randomBytes(3).toString('hex')}`;
const [partlyMigrated, empty, missing] = ['a', 'b', 'c'].map((s) => `${prefix}${s}`);
let client: Client;

interface Run {
  code: number | null;
  stdout: string;
  ms: number;
}

function doctor(env: Record<string, string>): Promise<Run> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [TSX, 'scripts/doctor.ts'], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: 'development', REDIS_URL: process.env.REDIS_URL as string, ...env },
    });
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString('utf8')));
    child.stderr.resume();
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, ms: Date.now() - started }));
  });
}

async function hasTable(database: string, table: string): Promise<boolean> {
  const c = new Client({ connectionString: withDatabase(serverUrl, database) });
  await c.connect();
  try {
    return (await c.query('SELECT to_regclass($1) AS t', [`"${table}"`])).rows[0].t !== null;
  } finally {
    await c.end();
  }
}

test.before(async () => {
  client = new Client({ connectionString: withDatabase(serverUrl, 'postgres') });
  await client.connect();
  for (const name of [partlyMigrated, empty]) await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
  // the first migration recorded as applied: the rest are pending
  const first = fs
    .readdirSync(path.join(ROOT, 'shared', 'db', 'migrations'))
    .filter((f) => /\.ts$/.test(f) && !f.endsWith('.d.ts'))
    .sort()[0];
  const db = new Client({ connectionString: withDatabase(serverUrl, partlyMigrated) });
  await db.connect();
  await db.query('CREATE TABLE "SequelizeMeta" (name varchar(255) PRIMARY KEY)');
  await db.query('INSERT INTO "SequelizeMeta" (name) VALUES ($1)', [path.basename(first, '.ts')]);
  await db.end();
});

test.after.always(async () => {
  for (const name of [partlyMigrated, empty]) await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`);
  await client.end();
});

test('reachable Postgres and Redis: versions, pending migrations, exit 0', async (t) => {
  const secrets = { JWT_SECRET: 'jwt-secret-value-not-to-print', PROVX_SECRET: 'provx-secret-value-not-to-print' };
  const run = await doctor({ DATABASE_URL: withDatabase(serverUrl, partlyMigrated), PROVX_BASE_URL: '', PROVX_API_KEY: '', STORAGE_BACKEND: '', ...secrets });
  t.is(run.code, 0, run.stdout);
  t.regex(run.stdout, /^ok\s+Node\s+v\d+/m);
  t.regex(run.stdout, /^ok\s+Postgres\s+.*server \d+/m);
  t.regex(run.stdout, /^warn\s+Migrations\s+\d+ pending \(/m);
  t.regex(run.stdout, /^ok\s+Redis\s+.*version \d+\.\d+/m);
  t.regex(run.stdout, /^(ok|warn)\s+Redis policy\s+maxmemory-policy/m);
  t.regex(run.stdout, /^ok\s+Storage\s+local folder /m);
  t.regex(run.stdout, /^warn\s+provx\s+partly configured: PROVX_BASE_URL, PROVX_API_KEY not set/m);
  for (const value of Object.values(secrets)) t.false(run.stdout.includes(value));
});

test('an empty database: every migration pending, and the doctor creates nothing', async (t) => {
  const run = await doctor({ DATABASE_URL: withDatabase(serverUrl, empty) });
  t.is(run.code, 0, run.stdout);
  t.regex(run.stdout, /^warn\s+Migrations\s+none applied yet/m);
  t.false(await hasTable(empty, 'SequelizeMeta'));
});

test('a database that does not exist yet is one npm start will create, not a failure', async (t) => {
  const run = await doctor({ DATABASE_URL: withDatabase(serverUrl, missing) });
  t.is(run.code, 0, run.stdout);
  t.regex(run.stdout, /^warn\s+Migrations\s+database .* does not exist yet/m);
  t.is((await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [missing])).rowCount, 0);
});

test('Redis on a closed port: exit 1 within seconds of a run with Redis up, naming Redis as unreachable', async (t) => {
  // Compared with a run of the same doctor with Redis reachable, so that a loaded machine (slower start
  // of every run) does not read as a retry loop; a doctor that kept retrying would never come back.
  const reachable = await doctor({ DATABASE_URL: withDatabase(serverUrl, partlyMigrated) });
  const run = await doctor({ DATABASE_URL: withDatabase(serverUrl, partlyMigrated), REDIS_URL: 'redis://127.0.0.1:1' });
  t.is(run.code, 1, run.stdout);
  t.regex(run.stdout, /^fail\s+Redis\s+not reachable at 127\.0\.0\.1:1\b/m);
  t.regex(run.stdout, /^ok\s+Postgres\s/m);
  t.true(run.ms < reachable.ms + 5000, `took ${run.ms} ms, against ${reachable.ms} ms with Redis reachable`);
});

test('production without secrets: exit 1 with the messages of the configuration check', async (t) => {
  const run = await doctor({
    NODE_ENV: 'production',
    DATABASE_URL: withDatabase(serverUrl, partlyMigrated),
    JWT_SECRET: '',
    ADMIN_JWT_SECRET: '',
    ADMIN_PASSWORD: '',
  });
  t.is(run.code, 1, run.stdout);
  for (const name of ['JWT_SECRET', 'ADMIN_JWT_SECRET', 'ADMIN_PASSWORD'])
    t.regex(run.stdout, new RegExp(`^fail\\s+Config\\s+${name} is required in production`, 'm'));
});

test('storage on S3: a bucket that answers is ok, a missing bucket fails naming it', async (t) => {
  const database = { DATABASE_URL: withDatabase(serverUrl, partlyMigrated) };
  const { startS3Server } = await import('../../scripts/lib/s3-server');
  const s3 = await startS3Server('doctor-bucket');
  try {
    const ok = await doctor({ ...database, ...s3.env });
    t.is(ok.code, 0, ok.stdout);
    t.regex(ok.stdout, new RegExp(`^ok\\s+Storage\\s+S3 bucket doctor-bucket at ${s3.endpoint} answers`, 'm'));
    const missing = await doctor({ ...database, ...s3.env, S3_BUCKET: 'no-such-bucket' });
    t.is(missing.code, 1, missing.stdout);
    t.regex(missing.stdout, /^fail\s+Storage\s+S3 bucket no-such-bucket at .*: The specified bucket does not exist/m);
  } finally {
    await s3.stop();
  }
});
