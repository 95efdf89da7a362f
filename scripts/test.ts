import { spawn } from 'node:child_process';
import path from 'node:path';
import { Client } from 'pg';
import { resetConfig } from '../shared/config';
import { closeDb } from '../shared/db/sequelize';
import { prepareDatabase } from '../shared/db/setup';
import { projectDataDir } from '../shared/dev-secrets';
import { bootServices } from './lib/boot';
import { withDatabase } from './lib/services';
import { dropKilledRuns, dropRunDatabases, markRun, newRunId, serverOf, unmarkRun } from './lib/test-databases';

/**
 * `npm test`: finds or starts Postgres and Redis (as `npm start` does), builds a migrated and seeded
 * template database, then runs ava. Each test file clones its own database from the template and uses
 * its own Redis key prefix (test/helpers/stack.ts), so files run in parallel. Extra arguments go to ava.
 * The run's databases carry a random run id and only they are dropped (scripts/lib/test-databases.ts).
 */
const RUN = newRunId();
export const TEMPLATE_DB = `gaming_test_${RUN}_template`;
export const TEST_DB_PREFIX = `gaming_test_${RUN}_f`;
const MARKERS = path.join(projectDataDir(), 'test-runs');

async function withServer<T>(serverUrl: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: withDatabase(serverUrl, 'postgres') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function main() {
  process.env.NODE_ENV = 'test';
  const services = await bootServices('postgres');
  const serverUrl = process.env.DATABASE_URL as string;
  const server = serverOf(serverUrl);

  const markError = markRun(MARKERS, RUN, server);
  if (markError) console.warn(`  could not record this run in ${MARKERS} (${markError.message}): if it is killed, gaming_test_${RUN}_* stay`);
  await withServer(serverUrl, async (client) => {
    const dropped = await dropKilledRuns(client, MARKERS, server, RUN);
    if (dropped.length) console.log(`  dropped ${dropped.length} databases of killed earlier runs: ${dropped.join(', ')}`);
    await client.query(`CREATE DATABASE ${client.escapeIdentifier(TEMPLATE_DB)}`);
  });

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

  await withServer(serverUrl, (client) => dropRunDatabases(client, RUN))
    .then(() => {
      if (!markError) unmarkRun(MARKERS, RUN);
    })
    .catch((err) => console.error('cleanup failed:', err.message));
  await services.stop();
  process.exit(code);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
