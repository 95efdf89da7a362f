import { execFile } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import test from 'ava';
import { figureFailure, isSuccessEnvelope, Verdicts } from '../../scripts/bench/verdict';

/**
 * The bench's own verdicts (scripts/bench/verdict.ts): a figure whose requests failed never counts, and
 * `npm run bench` run against a stack whose answers fail prints FAILED with the first failure and exits 1.
 */
const ROOT = path.join(__dirname, '..', '..');
const TSX = path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');

const envelope = (code: number, message: string) => JSON.stringify({ code, message, result: null, timestamp: Date.now(), path: '/api' });

/** A stand-in stack: GET /api/health answers ok; other paths answer what `answers` says. */
async function fakeStack(answers: Record<string, [number, string]>): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const [status, body] = path === '/api/health' ? [200, envelope(200, 'ok')] : (answers[path] ?? [200, envelope(200, 'ok')]);
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function bench(url: string, only: string): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [TSX, 'scripts/bench.ts'],
      {
        cwd: ROOT,
        env: { ...process.env, BENCH_URL: url, BENCH_ONLY: only, BENCH_SECONDS: '1', BENCH_WARMUP_SECONDS: '0', BENCH_CONNECTIONS: '2' },
        timeout: 50_000,
      },
      (err, stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, out: stdout + stderr }),
    );
  });
}

test('a figure counts only when every request succeeded and some completed', (t) => {
  const clean = { name: 'GET /api', reqPerSec: 900, non2xx: 0, errors: 0 };
  t.is(figureFailure(clean), null);
  t.is(figureFailure({ ...clean, reqPerSec: 0 }), 'GET /api: no request completed');
  const failed = figureFailure({ ...clean, non2xx: 20455, firstFailure: { status: 503, body: '{"code":503,"message":"not configured"}' } });
  t.is(failed, 'GET /api: 20455 non-2xx; first failure: HTTP 503 {"code":503,"message":"not configured"}');
  t.regex(figureFailure({ ...clean, refused: 3 }) ?? '', /3 refused in a success status/);
  t.regex(figureFailure({ ...clean, errors: 2 }) ?? '', /2 errors or timeouts/);
});

test('a success envelope is told from an error envelope in HTTP 200', (t) => {
  t.true(isSuccessEnvelope(envelope(200, 'ok')));
  t.false(isSuccessEnvelope(envelope(4101, 'self-excluded')));
  t.false(isSuccessEnvelope(envelope(2000, 'x')));
  t.false(isSuccessEnvelope('<html>'));
});

test('the summary names every section and fails the run when one failed', (t) => {
  const verdicts = new Verdicts();
  verdicts.enter('edge');
  verdicts.judge([{ name: 'GET /api', reqPerSec: 10, non2xx: 0, errors: 0 }]);
  verdicts.enter('deposits');
  verdicts.fail('no order was paid');
  t.deepEqual(verdicts.summary(['edge', 'deposits']), { lines: ['', '## Verdict', 'ok  edge', 'FAILED  deposits'], exitCode: 1 });
  t.is(new Verdicts().summary(['edge']).exitCode, 0);
});

test.serial('npm run bench against a stack whose answers fail prints FAILED with the first failure and exits 1', async (t) => {
  const stack = await fakeStack({ '/api/common/enums': [503, envelope(503, 'Service unavailable: enums not configured')] });
  try {
    const { code, out } = await bench(stack.url, 'edge');
    t.is(code, 1, out);
    t.regex(
      out,
      /FAILED \(edge\): GET \/api\/common\/enums .*non-2xx; first failure: HTTP 503 \{"code":503,"message":"Service unavailable: enums not configured"/,
    );
    t.regex(out, /\| FAILED: GET \/api\/common\/enums/);
    t.regex(out, /FAILED {2}edge/);
  } finally {
    await stack.close();
  }
});

test.serial('an error envelope in HTTP 200 fails the section too; a clean run exits 0', async (t) => {
  const refusing = await fakeStack({ '/api/health': [200, envelope(200, 'ok')], '/api': [200, envelope(9999, 'internal')] });
  try {
    const { code, out } = await bench(refusing.url, 'edge');
    t.is(code, 1, out);
    t.regex(out, /FAILED \(edge\): GET \/api \(our pipeline, no I\/O\): \d+ refused in a success status; first failure: HTTP 200 \{"code":9999/);
  } finally {
    await refusing.close();
  }
  const clean = await fakeStack({});
  try {
    const { code, out } = await bench(clean.url, 'edge');
    t.is(code, 0, out);
    t.regex(out, /ok {2}edge/);
    t.notRegex(out, /FAILED/);
  } finally {
    await clean.close();
  }
});
