import { spawn } from 'node:child_process';
import autocannon from 'autocannon';

/**
 * `npm run bench` against a running stack (`npm start` in another terminal; BENCH_URL to point
 * elsewhere). Each figure is printed beside a same-run ceiling: a bare node:http server in its own
 * process answering the same envelope, measured with the same connections and duration.
 *
 *   BENCH_URL (http://127.0.0.1:3000)  BENCH_CONNECTIONS (50)  BENCH_SECONDS (10)
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

async function measure(name: string, url: string, headers: Record<string, string> = {}): Promise<Figure> {
  const result = await autocannon({ url, connections, duration, headers });
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

async function main() {
  const health = await fetch(`${base}/api/health`).catch(() => null);
  if (!health?.ok) {
    console.error(`No healthy stack at ${base} (GET /api/health). Start one with \`npm start\`, or set BENCH_URL.`);
    process.exit(1);
  }
  console.log(`bench: ${connections} connections, ${duration} s each, against ${base}`);
  const ceiling = await startCeiling();
  const figures: Figure[] = [];
  try {
    figures.push(await measure('ceiling: bare node:http, same envelope', ceiling.url));
    figures.push(await measure('GET /api (Express edge, no I/O)', `${base}/api`));
    figures.push(await measure('GET /api/common/enums (Redis-cached, ~40 KB)', `${base}/api/common/enums`, { locales: 'en-US' }));
    figures.push(await measure('GET /api/health (Postgres + Redis round trip)', `${base}/api/health`));
  } finally {
    ceiling.stop();
  }
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
