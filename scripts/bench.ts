import { spawn } from 'node:child_process';
import autocannon from 'autocannon';

/**
 * `npm run bench` against a running stack started with the login and register limits raised (the bench
 * logs in thousands of times from one address):
 *
 *   RATE_LIMIT_LOGIN_PER_IP=1000000 RATE_LIMIT_LOGIN_PER_ACCOUNT=1000000 RATE_LIMIT_REGISTER_PER_IP=1000000 \
 *     LOG_LEVEL=warn npm start
 *
 * Each figure is printed beside a same-run ceiling measured with the same connections and duration:
 * - HTTP edge: a bare node:http server in its own process answering the same envelope;
 * - login: raw bcrypt compares per second (cost 10) in their own process, as many in flight as the
 *   libuv pool runs (login is bcrypt-bound, so this is its ceiling).
 *
 *   BENCH_URL (http://127.0.0.1:3000)  BENCH_CONNECTIONS (50)  BENCH_SECONDS (10)  BENCH_ONLY (edge,accounts)
 */
const base = (process.env.BENCH_URL ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const duration = Number(process.env.BENCH_SECONDS ?? 10);

interface Figure {
  name: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function measure(name: string, url: string, headers: Record<string, string> = {}, extra: Partial<autocannon.Options> = {}): Promise<Figure> {
  const result = await autocannon({ url, connections, duration, headers, ...extra });
  return {
    name,
    reqPerSec: result.requests.p50,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

const CEILING_SERVER = `
const http = require('node:http');
const server = http.createServer((req, res) => {
  const body = JSON.stringify({ code: 200, message: 'ok', result: 'Hello World!', timestamp: Date.now(), path: req.url });
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => process.stdout.write(String(server.address().port) + '\\n'));
`;

async function startCeiling(): Promise<{ url: string; stop: () => void }> {
  const child = spawn(process.execPath, ['-e', CEILING_SERVER], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve) => child.stdout.once('data', (d: Buffer) => resolve(d.toString().trim())));
  return { url: `http://127.0.0.1:${port}/api`, stop: () => child.kill() };
}

const BCRYPT_CEILING = `
const bcrypt = require('bcrypt');
const seconds = Number(process.argv[1]);
(async () => {
  const hash = await bcrypt.hash('bench-password', 10);
  const inFlight = Number(process.env.UV_THREADPOOL_SIZE || 4) * 2;
  let done = 0;
  const end = Date.now() + seconds * 1000;
  await Promise.all(Array.from({ length: inFlight }, async () => {
    while (Date.now() < end) { await bcrypt.compare('bench-password', hash); done += 1; }
  }));
  process.stdout.write(String(done / seconds) + '\\n');
})();
`;

async function bcryptCeiling(): Promise<number> {
  const child = spawn(process.execPath, ['-e', BCRYPT_CEILING, String(duration)], { stdio: ['ignore', 'pipe', 'inherit'], cwd: process.cwd() });
  const out = await new Promise<string>((resolve) => child.stdout.once('data', (d: Buffer) => resolve(d.toString().trim())));
  return Math.round(Number(out));
}

async function post(path: string, body: unknown, token?: string): Promise<any> {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return res.json();
}

async function accountFigures(): Promise<Figure[]> {
  const run = Date.now().toString(36);
  const accounts = Array.from({ length: 200 }, (_, i) => `bench_${run}_${i}`);
  for (const account of accounts) {
    const reg = await post('/api/auth/register', { account, password: 'bench-password', name: 'Bench' });
    if (reg.code !== 200) throw new Error(`register failed (${reg.code} ${reg.message}); start the stack with the raised limits shown in scripts/bench.ts`);
  }
  // The reader is not among the rotating logins: each login ends the account's earlier tokens.
  const readerAccount = `bench_${run}_reader`;
  await post('/api/auth/register', { account: readerAccount, password: 'bench-password', name: 'Bench' });
  const reader = await post('/api/auth/login', { account: readerAccount, password: 'bench-password' });
  let next = 0;
  const login = await measure('POST /api/auth/login (200 accounts in turn)', `${base}/api/auth/login`, { 'content-type': 'application/json' }, {
    method: 'POST',
    requests: [{ setupRequest: (req) => ({ ...req, body: JSON.stringify({ account: accounts[next++ % accounts.length], password: 'bench-password' }) }) }],
  });
  const ceiling = await bcryptCeiling();
  // The detail reader logged in once above; its token version is cached after the first request.
  await new Promise((r) => setTimeout(r, 6000));
  const detail = await measure('GET /api/auth/user-detail (authenticated, version cached)', `${base}/api/auth/user-detail`, {
    authorization: `Bearer ${reader.result.token}`,
  });
  console.log(`\nbcrypt ceiling (cost 10, same run): ${ceiling} compares/s; login reached ${login.reqPerSec} req/s = ${Math.round((login.reqPerSec / ceiling) * 100)} % of it`);
  // Login runs the bench's accounts in turn, so only the login figure is read against the bcrypt ceiling.
  return [login, detail];
}

async function main() {
  const health = await fetch(`${base}/api/health`).catch(() => null);
  if (!health?.ok) {
    console.error(`No healthy stack at ${base} (GET /api/health). Start one with \`npm start\`, or set BENCH_URL.`);
    process.exit(1);
  }
  console.log(`bench: ${connections} connections, ${duration} s each, against ${base}`);
  const only = (process.env.BENCH_ONLY ?? 'edge,accounts').split(',');
  const ceiling = await startCeiling();
  const figures: Figure[] = [];
  try {
    figures.push(await measure('ceiling: bare node:http, same envelope', ceiling.url));
    if (only.includes('edge')) {
      figures.push(await measure('GET /api (Express edge, no I/O)', `${base}/api`));
      figures.push(await measure('GET /api/common/enums (Redis-cached, ~40 KB)', `${base}/api/common/enums`, { locales: 'en-US' }));
      figures.push(await measure('GET /api/health (Postgres + Redis round trip)', `${base}/api/health`));
    }
  } finally {
    ceiling.stop();
  }
  if (only.includes('accounts')) figures.push(...(await accountFigures()));
  const top = figures[0].reqPerSec || 1;
  console.log('\n| measurement | req/s (median) | % of ceiling | latency p50 ms | p99 ms | non-2xx | errors |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const f of figures) {
    console.log(`| ${f.name} | ${f.reqPerSec} | ${Math.round((f.reqPerSec / top) * 100)} % | ${f.p50} | ${f.p99} | ${f.non2xx} | ${f.errors} |`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
