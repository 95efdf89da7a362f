import { readFileSync } from 'node:fs';
import http from 'node:http';
import autocannon from 'autocannon';
import type { Pool, PoolClient } from 'pg';
import { figureFailure, isSuccessEnvelope, verdicts, type FirstFailure } from './verdict';

/** Settings shared by every bench section (environment). */
export const base = (process.env.BENCH_URL ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
export const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
export const duration = Number(process.env.BENCH_SECONDS ?? 10);
/**
 * Seconds of the same load run and discarded before each measurement: the first second of a path
 * includes its JIT compilation and cold caches (a cached read's p99 was 24 ms cold and 8-16 ms warm in
 * three back-to-back runs), and the targets are about the steady state. Ceilings get the same warm-up.
 */
export const warmup = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);

export interface Figure {
  name: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** Envelope or provider error answers counted by the section (HTTP 200 with an error code). */
  note?: string;
  /** Answers per HTTP status. */
  statuses?: Record<string, number>;
  /** Milliseconds of the whole machine's CPU (every process, every core) per operation in the counted window. */
  cpuMsPerOp?: number;
  /** Answers in a 2xx status that were not the expected success (an error envelope). */
  refused?: number;
  /** The first failed answer, for the verdict. */
  firstFailure?: FirstFailure;
}

/**
 * The machine's busy CPU time so far, in milliseconds summed over its cores (/proc/stat: user, nice,
 * system, irq, softirq, steal; clock ticks of 10 ms), or null where there is no /proc/stat. The stack,
 * the database and this bench share the machine, so busy time per operation is what an operation costs
 * all of them together.
 */
export function machineBusyMs(): number | null {
  try {
    const ticks = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    const [user, nice, system, , , irq, softirq, steal = 0] = ticks;
    return (user + nice + system + irq + softirq + steal) * 10;
  } catch {
    return null;
  }
}

/** Machine CPU per operation between two `machineBusyMs` readings; undefined when either is missing or nothing was done. */
export function cpuPerOp(from: number | null, to: number | null, operations: number): number | undefined {
  if (from === null || to === null || operations <= 0) return undefined;
  return Math.round(((to - from) / operations) * 100) / 100;
}

/**
 * What counts as a successful answer of a measured request: `envelope` (the default), HTTP 2xx with the
 * success envelope; `2xx`, any 2xx (callbacks answering a vendor's own format).
 */
export type Expect = 'envelope' | '2xx';

/**
 * One autocannon run after a `warmup`: median req/s and latency p50/p99 over `duration` seconds (or
 * `extra.duration`). Every answer is judged (`expect`); the first failure's status and body are kept for
 * the verdict (scripts/bench/verdict.ts), which printTable gives.
 */
export async function measure(
  name: string,
  url: string,
  headers: Record<string, string> = {},
  extra: Partial<autocannon.Options> = {},
  expect: Expect = 'envelope',
): Promise<Figure> {
  if (warmup > 0) await autocannon({ url, connections, headers, ...extra, duration: warmup });
  let refused = 0;
  let firstFailure: FirstFailure | undefined;
  const judge = (status: number, body: string) => {
    const success = status >= 200 && status < 300;
    if (success && (expect === '2xx' || isSuccessEnvelope(body))) return;
    if (success) refused += 1;
    firstFailure ??= { status, body };
  };
  const requests = (extra.requests ?? [{}]).map((r): autocannon.Request => ({
    ...r,
    onResponse: (status, body, context, responseHeaders) => {
      judge(status, body);
      if (typeof r.onResponse === 'function') r.onResponse(status, body, context, responseHeaders);
    },
  }));
  const busyBefore = machineBusyMs();
  const result = await autocannon({ url, connections, duration, headers, ...extra, requests });
  const busyAfter = machineBusyMs();
  return {
    cpuMsPerOp: cpuPerOp(busyBefore, busyAfter, result.requests.total),
    name,
    reqPerSec: result.requests.p50,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    refused,
    firstFailure,
    statuses: Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([status, stat]) => [status, stat?.count ?? 0])),
  };
}

/**
 * The bench's own requests (those autocannon does not send) go over keep-alive node:http sockets. The
 * load generator shares the machine's two cores with the stack: fetch (undici) cost the client about
 * 0.54 ms of CPU per provider callback, node:http 0.16 ms, and the CPU fetch took was the stack's
 * (docs/history/performance-log.md, "Provider callbacks: the machine's CPU per callback").
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 1024 });
const target = new URL(base);

/** One request to the stack; the answer's JSON body. */
export function request(method: 'GET' | 'POST' | 'PUT', path: string, body?: string, headers: Record<string, string> = {}): Promise<any> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: target.hostname,
        port: target.port || 80,
        path,
        method,
        agent,
        headers: body === undefined ? headers : { ...headers, 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
          } catch (err) {
            reject(new Error(`${method} ${path} answered HTTP ${res.statusCode} with a body that is not JSON (${(err as Error).message})`));
          }
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

export async function post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<any> {
  return request('POST', path, JSON.stringify(body), { 'content-type': 'application/json', ...headers });
}

/** Closes the keep-alive sockets, so the bench process can end. */
export function closeClient(): void {
  agent.destroy();
}

/**
 * A markdown table of the figures; with a ceiling (req/s) each row also shows its share of it. Each
 * figure is judged: one whose requests failed is printed FAILED and fails the run (scripts/bench/verdict.ts).
 */
export function printTable(figures: Figure[], ceiling?: number): void {
  const share = (f: Figure) => (ceiling ? ` ${Math.round((f.reqPerSec / ceiling) * 100)} % |` : '');
  console.log(`\n| measurement | req/s (median) |${ceiling ? ' % of ceiling |' : ''} latency p50 ms | p99 ms | non-2xx | errors |`);
  console.log(`|---|---:|${ceiling ? '---:|' : ''}---:|---:|---:|---:|`);
  for (const f of figures) {
    console.log(
      `| ${figureFailure(f) ? 'FAILED: ' : ''}${f.name} | ${f.reqPerSec} |${share(f)} ${f.p50} | ${f.p99} | ${f.non2xx} | ${f.errors} |${f.note ? ` ${f.note}` : ''}`,
    );
  }
  verdicts.judge(figures);
}

/**
 * The turn with the median rate, standing for its turns; the failures of every turn stay with it, so a
 * turn that failed is never hidden behind a median that did not.
 */
export function medianFigure(figures: Figure[]): Figure {
  const sorted = [...figures].sort((a, b) => a.reqPerSec - b.reqPerSec);
  const sum = (key: 'non2xx' | 'errors' | 'refused') => figures.reduce((total, f) => total + (f[key] ?? 0), 0);
  return {
    ...sorted[Math.floor((sorted.length - 1) / 2)],
    non2xx: sum('non2xx'),
    errors: sum('errors'),
    refused: sum('refused'),
    firstFailure: figures.find((f) => f.firstFailure)?.firstFailure,
  };
}

/** Percentile of a list of numbers (nearest rank). */
export function percentile(values: number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/**
 * A ceiling made of SQL: `connections` loops share `pool` for `seconds` (after the same `warmup` as every
 * measured path), each running `work` as one transaction after another (BEGIN, work, COMMIT; ROLLBACK and
 * stop on an error). Transactions per second, with the p50 and p99 of one transaction as its loop saw it
 * (the wait for a pooled connection included, as for an API request). `work` gets the loop's number.
 */
export async function transactionLoops(name: string, pool: Pool, seconds: number, work: (client: PoolClient, loop: number) => Promise<void>): Promise<Figure> {
  const latencies: number[] = [];
  let done = 0;
  const counted = Date.now() + warmup * 1000;
  const end = counted + seconds * 1000;
  const busy = countedWindow(counted);
  await Promise.all(
    Array.from({ length: connections }, async (_, loop) => {
      while (Date.now() < end) {
        const started = Date.now();
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          await work(client, loop);
          await client.query('COMMIT');
        } catch (err) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw err;
        } finally {
          client.release();
        }
        if (started < counted) continue;
        latencies.push(Date.now() - started);
        done += 1;
      }
    }),
  );
  return {
    name,
    reqPerSec: Math.round(done / seconds),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    non2xx: 0,
    errors: 0,
    cpuMsPerOp: busy.perOp(done),
  };
}

/**
 * The machine's busy time from `start` (a Date.now() in the future: the end of a warm-up) to the call of
 * `perOp`, per operation counted in that window. Operations still running at the end are not counted,
 * nor is their CPU subtracted: at 50 loops and thousands of operations that is well under 1 %.
 */
export function countedWindow(start: number): { perOp: (operations: number) => number | undefined } {
  let from: number | null = null;
  const timer = setTimeout(() => (from = machineBusyMs()), Math.max(0, start - Date.now()));
  return {
    perOp: (operations) => {
      clearTimeout(timer);
      return cpuPerOp(from, machineBusyMs(), operations);
    },
  };
}

/**
 * Runs a bench on its own (`tsx scripts/bench/<name>.ts`, not through scripts/bench.ts): closes Postgres
 * afterwards, and Redis when the bench used it; a failure, thrown or judged (scripts/bench/verdict.ts), exits 1.
 */
export function runStandalone(bench: () => Promise<unknown>, options: { redis?: boolean } = {}): void {
  verdicts.enter('standalone');
  bench()
    .then(async () => {
      const { closeDb } = await import('../../shared/db/sequelize');
      await closeDb();
      if (options.redis) await (await import('../../shared/redis')).closeRedis();
      const { lines, exitCode } = verdicts.summary(['standalone']);
      console.log(lines.join('\n'));
      process.exitCode = exitCode;
    })
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}
