import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import { Client } from 'pg';
import { withDatabase } from '../../scripts/lib/services';
import { dropKilledRuns, markRun, newRunId, serverOf } from '../../scripts/lib/test-databases';

/**
 * `npm test` on a shared Postgres drops only its own databases: those of the killed runs this checkout
 * marked, never those of other runs whatever their names (scripts/lib/test-databases.ts).
 */
const serverUrl = process.env.TEST_PG_URL as string;
let client: Client;
const created: string[] = [];

/** The pid of a process that has already exited. */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '0']).pid as number;
}

async function createDatabase(name: string): Promise<void> {
  await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
  created.push(name);
}

async function exists(name: string): Promise<boolean> {
  return (await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
}

test.before(async () => {
  client = new Client({ connectionString: withDatabase(serverUrl, 'postgres') });
  await client.connect();
});
test.after.always(async () => {
  for (const name of created) await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`);
  await client.end();
});

test('only the databases of this checkout’s killed runs are dropped', async (t) => {
  const markers = fs.mkdtempSync(path.join(os.tmpdir(), 'test-runs-'));
  const server = serverOf(serverUrl);
  const [killed, running, otherServer, unmarked] = [newRunId(), newRunId(), newRunId(), newRunId()];
  const dead = deadPid();
  const names = {
    killedTemplate: `gaming_test_${killed}_template`,
    killedFile: `gaming_test_${killed}_fabc`,
    running: `gaming_test_${running}_template`,
    otherServer: `gaming_test_${otherServer}_template`,
    // another machine's run on a shared server: no marker here, whatever its name says
    unmarked: `gaming_test_${unmarked}_template`,
    legacy: `gaming_test_${dead}_template`,
  };
  for (const name of Object.values(names)) await createDatabase(name);
  t.is(markRun(markers, killed, server, dead), undefined);
  t.is(markRun(markers, running, server, process.pid), undefined);
  t.is(markRun(markers, otherServer, 'db.elsewhere:5432', dead), undefined);

  const dropped = await dropKilledRuns(client, markers, server, newRunId());
  t.deepEqual(dropped.sort(), [names.killedFile, names.killedTemplate].sort());
  t.false(await exists(names.killedTemplate));
  t.false(await exists(names.killedFile));
  for (const kept of [names.running, names.otherServer, names.unmarked, names.legacy]) t.true(await exists(kept), kept);
  t.deepEqual(fs.readdirSync(markers).sort(), [otherServer, running].sort());
});
