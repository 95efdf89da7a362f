import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { ensureServices } from './lib/services';
import { ensureProgram, freePort, runTests, tempDir, waitForPort } from './lib/system-tools';

/**
 * `npm run test:pgbouncer`: the money-path test files with every application connection going through
 * PgBouncer in transaction pooling (docs/scaling.md, "PgBouncer"). Installs Debian's pgbouncer when
 * root and missing, starts it on a free port in a temporary folder, runs `scripts/test.ts` on the files
 * below (template cloning and dropping go straight to Postgres; the API, the workers and the tests'
 * own queries go through PgBouncer), then shows PgBouncer's counters so a run that bypassed it cannot
 * pass unseen. Extra arguments replace the file list.
 *
 * PgBouncer 1.21 and later keep named prepared statements across server connections
 * (max_prepared_statements); older ones (Debian 12 ships 1.18) cannot, so the run sets
 * DB_PREPARED_STATEMENTS=false for them, as an operator must.
 */
const MONEY_FILES = [
  'test/shared/wallet.test.ts',
  'test/api/game-simulate.test.ts',
  'test/api/providers-provx.test.ts',
  'test/api/providers-provy.test.ts',
  'test/api/deposit-callbacks.test.ts',
  'test/workers/deposit-credit.test.ts',
  'test/api/withdrawal.test.ts',
  'test/workers/affiliate-settlement.test.ts',
  'test/workers/vip-rebate.test.ts',
];

export function pgbouncerVersion(binary: string): [number, number] {
  const out = spawnSync(binary, ['--version'], { encoding: 'utf8' }).stdout ?? '';
  const m = /PgBouncer (\d+)\.(\d+)/.exec(out);
  if (!m) throw new Error(`could not read the version of ${binary} (got "${out.trim()}")`);
  return [Number(m[1]), Number(m[2])];
}

export interface RunningPgBouncer {
  url: string;
  port: number;
  preparedStatements: boolean;
  version: string;
  stop: () => Promise<void>;
}

/** Starts PgBouncer (transaction pooling) in front of the Postgres server of `serverUrl`. */
export async function startPgBouncer(serverUrl: string, poolSize = 20): Promise<RunningPgBouncer> {
  const binary = ensureProgram('pgbouncer', 'pgbouncer');
  const [major, minor] = pgbouncerVersion(binary);
  const preparedStatements = major > 1 || minor >= 21;
  const server = new URL(serverUrl);
  const user = decodeURIComponent(server.username || 'postgres');
  const password = decodeURIComponent(server.password);
  const port = await freePort();
  const dir = tempDir('pgbouncer');
  const quote = (v: string) => `'${v.replace(/'/g, "''")}'`;
  const ini = [
    '[databases]',
    `* = host=${server.hostname} port=${server.port || 5432} user=${quote(user)}${password ? ` password=${quote(password)}` : ''}`,
    '[pgbouncer]',
    'listen_addr = 127.0.0.1',
    `listen_port = ${port}`,
    'unix_socket_dir =',
    // Loopback only, for a test: clients are not authenticated; PgBouncer logs in as the user above.
    'auth_type = any',
    `admin_users = ${user}`,
    'pool_mode = transaction',
    'max_client_conn = 2000',
    `default_pool_size = ${poolSize}`,
    'max_db_connections = 0',
    'ignore_startup_parameters = extra_float_digits',
    'log_connections = 0',
    'log_disconnections = 0',
    ...(preparedStatements ? ['max_prepared_statements = 500'] : []),
    `logfile = ${path.join(dir, 'pgbouncer.log')}`,
    `pidfile = ${path.join(dir, 'pgbouncer.pid')}`,
  ].join('\n');
  const iniFile = path.join(dir, 'pgbouncer.ini');
  fs.writeFileSync(iniFile, ini + '\n', { mode: 0o644 });
  // PgBouncer refuses to run as root: it drops to nobody.
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const child: ChildProcess = spawn(binary, ['-q', ...(asRoot ? ['-u', 'nobody'] : []), iniFile], { stdio: ['ignore', 'inherit', 'inherit'] });
  try {
    await waitForPort(port, 10_000, 'pgbouncer');
  } catch (err) {
    child.kill('SIGTERM');
    const log = fs.existsSync(path.join(dir, 'pgbouncer.log')) ? fs.readFileSync(path.join(dir, 'pgbouncer.log'), 'utf8') : '';
    throw new Error(`${(err as Error).message}\n${log.split('\n').slice(-10).join('\n')}`, { cause: err });
  }
  const auth = `${encodeURIComponent(user)}${password ? `:${encodeURIComponent(password)}` : ''}`;
  return {
    url: `postgres://${auth}@127.0.0.1:${port}/postgres`,
    port,
    preparedStatements,
    version: `${major}.${minor}`,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGINT');
        await new Promise((r) => child.once('exit', r));
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** PgBouncer's own totals (its admin console): transactions and queries it carried. */
export async function pgbouncerTotals(url: string): Promise<{ xacts: number; queries: number }> {
  const u = new URL(url);
  u.pathname = '/pgbouncer';
  const client = new Client({ connectionString: u.toString() });
  await client.connect();
  try {
    // The admin console speaks the simple protocol only.
    const res = await client.query('SHOW STATS');
    let xacts = 0;
    let queries = 0;
    for (const row of res.rows) {
      xacts += Number(row.total_xact_count ?? 0);
      queries += Number(row.total_query_count ?? 0);
    }
    return { xacts, queries };
  } finally {
    await client.end();
  }
}

async function main(): Promise<void> {
  const files = process.argv.slice(2).length ? process.argv.slice(2) : MONEY_FILES;
  const services = await ensureServices({ databaseName: 'postgres', log: (msg) => console.log(`  ${msg}`) });
  let bouncer: RunningPgBouncer | undefined;
  let code: number;
  try {
    bouncer = await startPgBouncer(services.databaseUrl);
    const prepared = process.env.DB_PREPARED_STATEMENTS ?? String(bouncer.preparedStatements);
    console.log(
      `  PgBouncer ${bouncer.version} on 127.0.0.1:${bouncer.port}, transaction pooling, ` +
        (bouncer.preparedStatements ? 'max_prepared_statements = 500' : 'older than 1.21 (no max_prepared_statements)') +
        `; DB_PREPARED_STATEMENTS=${prepared}`,
    );
    code = await runTests(['--concurrency', '3', ...files], {
      ...process.env,
      DATABASE_URL: services.databaseUrl,
      REDIS_URL: process.env.REDIS_URL ?? services.redisUrl,
      TEST_PGBOUNCER_URL: bouncer.url,
      // Set by hand, it wins: DB_PREPARED_STATEMENTS=true on an old PgBouncer shows why the switch exists.
      DB_PREPARED_STATEMENTS: prepared,
    });
    const totals = await pgbouncerTotals(bouncer.url);
    console.log(`  through PgBouncer: ${totals.xacts} transactions, ${totals.queries} queries`);
    if (totals.xacts === 0) {
      console.error('  nothing went through PgBouncer: the run did not test it');
      code = 1;
    }
  } catch (err) {
    console.error(`test:pgbouncer: ${(err as Error).message}`);
    code = 1;
  } finally {
    await bouncer?.stop();
    await services.stop();
  }
  process.exit(code);
}

if (require.main === module) void main();
