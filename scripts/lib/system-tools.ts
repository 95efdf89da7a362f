import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { findOnPath } from './services';

/**
 * The outside programs the scale-out tests run (pgbouncer, haproxy, redis-server): found on PATH (or
 * /usr/sbin, where Debian puts daemons), else installed from Debian with apt-get when this process is
 * root, else a thrown Error naming exactly what is missing and how to get it.
 */
export function ensureProgram(binary: string, debianPackage: string): string {
  const found = findOnPath(binary) ?? executable(path.join('/usr/sbin', binary));
  if (found) return found;
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!root || !findOnPath('apt-get')) {
    throw new Error(`${binary} is missing: install Debian's ${debianPackage} package (apt-get install ${debianPackage}) or put ${binary} on PATH`);
  }
  console.log(`  ${binary} missing: apt-get install ${debianPackage}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  let result = spawnSync('apt-get', ['install', '-y', '--no-install-recommends', debianPackage], { stdio: 'inherit', env });
  if (result.status !== 0) {
    spawnSync('apt-get', ['update'], { stdio: 'inherit', env });
    result = spawnSync('apt-get', ['install', '-y', '--no-install-recommends', debianPackage], { stdio: 'inherit', env });
  }
  const installed = findOnPath(binary) ?? executable(path.join('/usr/sbin', binary));
  if (result.status !== 0 || !installed) throw new Error(`apt-get install ${debianPackage} failed: ${binary} is still missing`);
  return installed;
}

function executable(file: string): string | undefined {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return file;
  } catch {
    return undefined;
  }
}

/** Listens on 127.0.0.1:`port` (0: any) and closes again: the port it got, or null when it is taken. */
function tryPort(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(null));
    server.listen(port, '127.0.0.1', () => {
      const { port: got } = server.address() as net.AddressInfo;
      server.close(() => resolve(got));
    });
  });
}

/** A TCP port free on 127.0.0.1 at the moment of asking. */
export async function freePort(): Promise<number> {
  const port = await tryPort(0);
  if (port === null) throw new Error('no free TCP port on 127.0.0.1');
  return port;
}

/** True when 127.0.0.1:`port` is free at the moment of asking. */
export async function isPortFree(port: number): Promise<boolean> {
  return (await tryPort(port)) !== null;
}

/** A fresh temporary folder (removed by the caller), readable by a daemon that drops root. */
export function tempDir(name: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  fs.chmodSync(dir, 0o777);
  return dir;
}

/** Resolves once 127.0.0.1:port accepts a connection, or rejects after timeoutMs. */
export async function waitForPort(port: number, timeoutMs: number, what: string): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > until) throw new Error(`${what} did not open 127.0.0.1:${port} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Runs `npm test`'s runner (scripts/test.ts) on `args` with `env`: its exit code (1 when a signal ended it). */
export function runTests(args: readonly string[], env: NodeJS.ProcessEnv): Promise<number> {
  const child = spawn(process.execPath, ['--import=tsx', path.join(__dirname, '..', 'test.ts'), ...args], { stdio: 'inherit', env });
  return new Promise<number>((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}
