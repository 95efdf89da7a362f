import { spawn } from 'node:child_process';
import path from 'node:path';
import { Client } from 'pg';
import { resetConfig } from '../shared/config';
import { closeDb } from '../shared/db/sequelize';
import { prepareDatabase } from '../shared/db/setup';
import { bootServices } from './lib/boot';
import { pidAlive, withDatabase } from './lib/services';

/**
 * `npm test`: finds or starts Postgres and Redis (as `npm start` does), builds a migrated and seeded
 * template database, then runs ava. Each test file clones its own database from the template and uses
 * its own Redis key prefix (test/helpers/stack.ts), so files run in parallel. Extra arguments go to ava.
 */
/**
 * Names carry the runner's pid, so runs on one server never touch each other's databases; leftovers
 * of runs whose process is gone (a killed run) are dropped at the next start.
 */
const RUN = process.pid;
export const TEMPLATE_DB = `gaming_test_${RUN}_template`;
export const TEST_DB_PREFIX = `gaming_test_${RUN}_f`;


/** Drops this run's databases, and those of earlier runs whose process no longer exists. */
async function dropTestDatabases(serverUrl: string, includeOwnTemplate: boolean): Promise<void> {
  const client = new Client({ connectionString: withDatabase(serverUrl, 'postgres') });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE 'gaming\\_test\\_%'`);
    for (const { datname } of rows) {
      const pid = Number(/^gaming_test_(\d+)_/.exec(datname)?.[1]);
      const mine = pid === RUN && (includeOwnTemplate || datname !== TEMPLATE_DB);
      const orphan = Number.isInteger(pid) && pid !== RUN && !pidAlive(pid);
      if (mine || orphan) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    }
  } finally {
    await client.end();
  }
}

async function main() {
  process.env.NODE_ENV = 'test';
  const services = await bootServices('postgres');
  const serverUrl = process.env.DATABASE_URL as string;

  await dropTestDatabases(serverUrl, true);
  const admin = new Client({ connectionString: withDatabase(serverUrl, 'postgres') });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${TEMPLATE_DB}"`);
  await admin.end();

  process.env.DATABASE_URL = withDatabase(serverUrl, TEMPLATE_DB);
  resetConfig();
  const prepared = await prepareDatabase();
  await closeDb();
  console.log(`  template database ${TEMPLATE_DB}: ${prepared.migrations.length} migrations, seeded ${prepared.seeded.join(', ')}`);

  const ava = path.join(__dirname, '..', 'node_modules', 'ava', 'entrypoints', 'cli.mjs');
  const code = await new Promise<number>((resolve) => {
    const child = spawn(process.execPath, [ava, ...process.argv.slice(2)], {
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'test', TEST_PG_URL: serverUrl, TEST_TEMPLATE_DB: TEMPLATE_DB, TEST_DB_PREFIX, DATABASE_URL: '' },
    });
    child.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
  });

  await dropTestDatabases(serverUrl, true).catch((err) => console.error('cleanup failed:', err.message));
  await services.stop();
  process.exit(code);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
