import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Client } from 'pg';
import { pidAlive } from './services';

/**
 * The databases of one `npm test` run are named gaming_test_<run id>_..., the run id random, and a run
 * drops only what it can prove is its own: its run id, or a run id listed in this checkout's markers
 * directory (.data/test-runs/<run id>, holding the run's pid and server) whose process is gone - a run
 * that was killed. Databases of other checkouts, or of other machines sharing the server, are never
 * touched, whatever their names.
 */
export interface RunMarker {
  pid: number;
  server: string;
}

export const newRunId = (): string => randomBytes(4).toString('hex');

/** host:port of a Postgres URL: which server a marker's databases live on. */
export function serverOf(url: string): string {
  const u = new URL(url);
  return `${u.hostname}:${u.port || '5432'}`;
}

/** Drops every database of one run; answers their names. */
export async function dropRunDatabases(client: Client, run: string): Promise<string[]> {
  if (!/^[0-9a-f]{8}$/.test(run)) throw new Error(`not a test run id: ${run}`);
  const { rows } = await client.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [`gaming\\_test\\_${run}\\_%`]);
  for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(datname)} WITH (FORCE)`);
  return rows.map((r) => r.datname);
}

/** Records a run before it creates anything; the error when the marker cannot be written. */
export function markRun(markersDir: string, run: string, server: string, pid = process.pid): Error | undefined {
  try {
    fs.mkdirSync(markersDir, { recursive: true });
    const marker: RunMarker = { pid, server };
    fs.writeFileSync(path.join(markersDir, run), JSON.stringify(marker), { flag: 'wx' });
    return undefined;
  } catch (err) {
    return err as Error;
  }
}

export function unmarkRun(markersDir: string, run: string): void {
  fs.rmSync(path.join(markersDir, run), { force: true });
}

/** Drops the databases on `server` of the marked runs whose process is gone; answers what it dropped. */
export async function dropKilledRuns(client: Client, markersDir: string, server: string, currentRun: string): Promise<string[]> {
  let runs: string[];
  try {
    runs = fs.readdirSync(markersDir);
  } catch {
    return [];
  }
  const dropped: string[] = [];
  for (const run of runs) {
    if (!/^[0-9a-f]{8}$/.test(run) || run === currentRun) continue;
    let marker: RunMarker;
    try {
      marker = JSON.parse(fs.readFileSync(path.join(markersDir, run), 'utf8')) as RunMarker;
    } catch {
      continue;
    }
    if (marker.server !== server || !Number.isInteger(marker.pid) || pidAlive(marker.pid)) continue;
    dropped.push(...(await dropRunDatabases(client, run)));
    unmarkRun(markersDir, run);
  }
  return dropped;
}
