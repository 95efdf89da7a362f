import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureProgram, freePort, tempDir, waitForPort } from '../../scripts/lib/system-tools';

/** The processes of `npm run test:scale-out`: API processes, worker processes and HAProxy in front. */

const ROOT = path.join(__dirname, '..', '..');

export interface Proc {
  name: string;
  port?: number;
  child: ChildProcess;
  log: string;
}

function startNode(name: string, entry: string, env: Record<string, string>, logDir: string, port?: number): Proc {
  const log = path.join(logDir, `${name}.log`);
  const out = fs.openSync(log, 'a');
  const child = spawn(process.execPath, ['--import=tsx', path.join(ROOT, entry)], {
    cwd: ROOT,
    env: { ...process.env, ...env, ...(port ? { PORT: String(port) } : {}) },
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  return { name, port, child, log };
}

/** `npm run start:api` (api/server.ts) on a free port; resolves once it listens. */
export async function startApiProcess(name: string, env: Record<string, string>, logDir: string): Promise<Proc> {
  const port = await freePort();
  const proc = startNode(name, 'api/server.ts', env, logDir, port);
  await waitForPort(port, 90_000, name).catch((err) => {
    throw new Error(`${(err as Error).message}; its log: ${tail(proc.log)}`);
  });
  return proc;
}

/** `npm run start:workers` (workers/main.ts). */
export function startWorkerProcess(name: string, env: Record<string, string>, logDir: string): Proc {
  return startNode(name, 'workers/main.ts', env, logDir);
}

export function tail(file: string, lines = 15): string {
  try {
    return fs.readFileSync(file, 'utf8').trim().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/**
 * HAProxy (Debian's) on a free port, round robin over the API ports, health-checked on GET /api/health
 * every second. A request whose connection to a process fails before it was sent is tried on another
 * (retry-on conn-failure, redispatch); a request a process took and died with is answered 502, never
 * sent twice: POSTs move money.
 */
export async function startHaproxy(apiPorts: number[], logDir: string): Promise<{ port: number; child: ChildProcess; stop: () => Promise<void> }> {
  const binary = ensureProgram('haproxy', 'haproxy');
  const port = await freePort();
  const dir = tempDir('haproxy');
  const cfg = [
    'global',
    '  maxconn 4096',
    '  log stdout format raw local0 notice',
    'defaults',
    '  mode http',
    '  log global',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    // The health check reads Postgres and Redis: on a busy machine it takes longer than the check interval.
    '  timeout check 3s',
    '  retries 3',
    '  option redispatch',
    '  retry-on conn-failure',
    'frontend api',
    `  bind 127.0.0.1:${port}`,
    '  default_backend api',
    'backend api',
    '  balance roundrobin',
    '  option httpchk GET /api/health',
    // Any answer is alive (a 503 names a degraded dependency, which every process shares); a refused connection is not.
    '  http-check expect rstatus ^[2-5]',
    ...apiPorts.map((p, i) => `  server api${i + 1} 127.0.0.1:${p} check inter 1s fall 2 rise 1`),
  ].join('\n');
  const file = path.join(dir, 'haproxy.cfg');
  fs.writeFileSync(file, cfg + '\n');
  const out = fs.openSync(path.join(logDir, 'haproxy.log'), 'a');
  const child = spawn(binary, ['-f', file, '-db'], { stdio: ['ignore', out, out] });
  fs.closeSync(out);
  await waitForPort(port, 10_000, 'haproxy');
  return {
    port,
    child,
    stop: async () => {
      await stopProcess(child);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** SIGTERM, then SIGKILL after 15 s; resolves when the process is gone. */
export async function stopProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((r) => child.once('exit', r));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await gone;
  clearTimeout(timer);
}
