import { gzipSync, deflateSync, brotliCompressSync } from 'node:zlib';
import test from 'ava';
import { startTestStack, type TestStack } from '../helpers/stack';

/**
 * What hostile bodies get, on every endpoint alike (the pipeline's body and text steps): compressed data
 * that does not decompress is a 400 envelope, an encoding we do not read a 415, and text Postgres cannot
 * store (NUL, an unpaired surrogate) a 400 naming the field, with nothing stored. Never a 500.
 */
let stack: TestStack;
let models: typeof import('../../shared/db/models');

test.before(async () => {
  stack = await startTestStack();
  models = await import('../../shared/db/models');
});

test.after.always(async () => {
  await stack?.close();
});

async function send(path: string, body: Buffer | string, headers: Record<string, string>): Promise<{ status: number; body: any }> {
  const res = await fetch(`${stack.baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
  return { status: res.status, body: JSON.parse(await res.text()) };
}

const BODY_ENDPOINTS = ['/api/auth/register', '/api/auth/login', '/api/game/simulate', '/api/admin/login'];

for (const encoding of ['gzip', 'deflate', 'br']) {
  test(`Content-Encoding ${encoding} with data that does not decompress: 400 envelope on every endpoint`, async (t) => {
    for (const path of BODY_ENDPOINTS) {
      const res = await send(path, 'this is not compressed {"a":1}', { 'content-encoding': encoding });
      t.is(res.status, 400, path);
      t.is(res.body.code, 400, path);
      t.is(res.body.message, 'The request body is not valid data for its Content-Encoding', path);
      t.is(res.body.path, path);
    }
  });
}

test('an encoding we do not read is a 415 envelope', async (t) => {
  const res = await send('/api/auth/login', '{}', { 'content-encoding': 'compress' });
  t.is(res.status, 415);
  t.is(res.body.code, 415);
});

test('well-formed gzip, deflate and br JSON bodies are read', async (t) => {
  const body = JSON.stringify({ account: 'nobody-here', password: 'wrong-password' });
  for (const [encoding, data] of [
    ['gzip', gzipSync(body)],
    ['deflate', deflateSync(body)],
    ['br', brotliCompressSync(body)],
  ] as const) {
    const res = await send('/api/auth/login', data, { 'content-encoding': encoding });
    t.is(res.status, 200, encoding);
    t.is(res.body.code, 2001, encoding); // read, validated, and refused as a wrong login
  }
});

test('a NUL in the register name is a 400 naming name, and no player is stored', async (t) => {
  const account = `nul_${Date.now()}`;
  const res = await send('/api/auth/register', JSON.stringify({ account, password: 'secret123', name: 'bad\u0000name' }), {});
  t.is(res.status, 400);
  t.deepEqual(
    res.body.errors.map((e: { field: string }) => e.field),
    ['name'],
  );
  t.is(await models.User.count({ where: { account } }), 0);
});

test('an unpaired surrogate anywhere (a nested field, a key, the query) is a 400 naming where', async (t) => {
  const nested = await send('/api/auth/login', '{"account":"a","password":"secret123","device":{"x":["ok","\\ud800"]}}', {});
  t.is(nested.status, 400);
  t.is(nested.body.errors[0].field, 'device.x[1]');
  const key = await send('/api/auth/login', '{"account":"a","password":"secret123","\\udc00":1}', {});
  t.is(key.status, 400);
  const query = await stack.request('GET', '/api/game/provider?gameType=%00');
  t.is(query.status, 400);
  t.is(query.body.errors[0].field, 'gameType');
});
