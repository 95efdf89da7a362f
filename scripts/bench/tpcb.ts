import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import { Client, Pool } from 'pg';
import { transactionLoops, type Figure } from './lib';

/**
 * The database ceiling of the money paths, independent of our own SQL: pgbench's built-in TPC-B-like
 * transaction (BEGIN; UPDATE pgbench_accounts; SELECT abalance; UPDATE pgbench_tellers; UPDATE
 * pgbench_branches; INSERT INTO pgbench_history; END) on pgbench-style tables in a scratch database
 * (`<bench database>_tpcb`, created and filled once, reused by later runs), sent through `pg` with the
 * API's pool size (DB_POOL_MAX, 10) at the bench's concurrency (`connections` loops sharing the pool),
 * as the API would send it. `pgbenchCrossCheck` runs the real pgbench (where installed) on the same
 * tables with as many clients as the pool has connections.
 *
 *   BENCH_TPCB_SCALE (10: branches; 10 tellers and 100 000 accounts each; at least the pool size, as
 *   pgbench's documentation asks, so that one branch row does not serialize every transaction)
 */
const SCALE = Math.max(1, Number(process.env.BENCH_TPCB_SCALE ?? 10));
const POOL_SIZE = Number(process.env.DB_POOL_MAX ?? 10);
const PGBENCH = process.env.BENCH_PGBENCH ?? '/usr/bin/pgbench';

/** The scratch database's URL, next to the bench's database on the same server. */
export function tpcbDatabaseUrl(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${decodeURIComponent(url.pathname.slice(1) || 'postgres')}_tpcb`;
  return url.toString();
}

/** Creates the scratch database and pgbench's four tables at SCALE when they are not there yet. */
export async function prepareTpcb(databaseUrl: string): Promise<string> {
  const target = tpcbDatabaseUrl(databaseUrl);
  const name = decodeURIComponent(new URL(target).pathname.slice(1));
  const admin = new Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(name)}`);
  } finally {
    await admin.end();
  }
  const client = new Client({ connectionString: target });
  await client.connect();
  try {
    const ready = await client
      .query<{ n: string }>('SELECT count(*) AS n FROM pgbench_branches')
      .then((r) => Number(r.rows[0].n) === SCALE)
      .catch(() => false);
    if (ready) {
      await client.query('TRUNCATE pgbench_history');
      return target;
    }
    // pgbench -i's layout (fillfactor 100, the same keys), filled with generate_series.
    await client.query(`
      DROP TABLE IF EXISTS pgbench_history, pgbench_tellers, pgbench_accounts, pgbench_branches;
      CREATE TABLE pgbench_branches (bid INT NOT NULL PRIMARY KEY, bbalance INT, filler CHAR(88));
      CREATE TABLE pgbench_tellers (tid INT NOT NULL PRIMARY KEY, bid INT, tbalance INT, filler CHAR(84));
      CREATE TABLE pgbench_accounts (aid INT NOT NULL PRIMARY KEY, bid INT, abalance INT, filler CHAR(84));
      CREATE TABLE pgbench_history (tid INT, bid INT, aid INT, delta INT, mtime TIMESTAMP, filler CHAR(22));
      INSERT INTO pgbench_branches (bid, bbalance) SELECT b, 0 FROM generate_series(1, ${SCALE}) b;
      INSERT INTO pgbench_tellers (tid, bid, tbalance) SELECT t, (t - 1) / 10 + 1, 0 FROM generate_series(1, ${SCALE * 10}) t;
      INSERT INTO pgbench_accounts (aid, bid, abalance, filler) SELECT a, (a - 1) / 100000 + 1, 0, '' FROM generate_series(1, ${SCALE * 100_000}) a;
    `);
    for (const table of ['pgbench_branches', 'pgbench_tellers', 'pgbench_accounts']) await client.query(`VACUUM ANALYZE ${table}`);
    return target;
  } finally {
    await client.end();
  }
}

const random = (max: number) => 1 + Math.floor(Math.random() * max);

/**
 * The TPC-B-like transaction through pg: `connections` loops share a pool of POOL_SIZE connections for
 * `seconds` (after the bench's warm-up). Transactions per second, with the p50 and p99 of one
 * transaction as its loop saw it (waiting for a pooled connection included, as for an API request).
 */
export async function tpcbCeiling(databaseUrl: string, seconds: number): Promise<Figure> {
  const pool = new Pool({ connectionString: tpcbDatabaseUrl(databaseUrl), max: POOL_SIZE });
  try {
    return await transactionLoops(`ceiling: TPC-B-like transaction through pg (pool ${POOL_SIZE}, scale ${SCALE})`, pool, seconds, async (client) => {
      const [aid, tid, bid, delta] = [random(SCALE * 100_000), random(SCALE * 10), random(SCALE), random(10_001) - 5001];
      await client.query('UPDATE pgbench_accounts SET abalance = abalance + $1 WHERE aid = $2', [delta, aid]);
      await client.query('SELECT abalance FROM pgbench_accounts WHERE aid = $1', [aid]);
      await client.query('UPDATE pgbench_tellers SET tbalance = tbalance + $1 WHERE tid = $2', [delta, tid]);
      await client.query('UPDATE pgbench_branches SET bbalance = bbalance + $1 WHERE bid = $2', [delta, bid]);
      await client.query('INSERT INTO pgbench_history (tid, bid, aid, delta, mtime) VALUES ($1, $2, $3, $4, CURRENT_TIMESTAMP)', [tid, bid, aid, delta]);
    });
  } finally {
    await pool.end();
  }
}

/**
 * pgbench itself (built-in tpcb-like script, no vacuum, prepared statements off as pg sends them) on the
 * same tables with POOL_SIZE clients for `seconds`; null when pgbench is not installed.
 */
export async function pgbenchCrossCheck(databaseUrl: string, seconds: number): Promise<Figure | null> {
  if (!existsSync(PGBENCH)) return null;
  const { stdout } = await promisify(execFile)(
    PGBENCH,
    ['-n', '-b', 'tpcb-like', '-c', String(POOL_SIZE), '-j', '2', '-T', String(Math.max(1, Math.round(seconds))), '-r', tpcbDatabaseUrl(databaseUrl)],
    { env: { ...process.env, PGOPTIONS: '' } },
  );
  const tps = /tps = ([\d.]+)/.exec(stdout);
  const latency = /latency average = ([\d.]+) ms/.exec(stdout);
  return {
    name: `cross-check: pgbench -b tpcb-like -c ${POOL_SIZE} (its own ${POOL_SIZE} connections)`,
    reqPerSec: tps ? Math.round(Number(tps[1])) : NaN,
    p50: latency ? Number(latency[1]) : NaN,
    p99: NaN,
    non2xx: 0,
    errors: 0,
    note: "(p50 column: pgbench's average latency)",
  };
}
