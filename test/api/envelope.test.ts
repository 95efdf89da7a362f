import test from 'ava';
import { startTestStack, type TestStack } from '../helpers/stack';

let stack: TestStack;
test.before(async () => {
  stack = await startTestStack({ HTTP_BODY_LIMIT: '1kb' });
});
test.after.always(async () => {
  await stack?.close();
});

test('GET /api answers the plain string Hello World! in the envelope', async (t) => {
  const res = await stack.request('GET', '/api');
  t.is(res.status, 200);
  t.is(res.body.code, 200);
  t.is(res.body.message, 'ok');
  t.is(res.body.result, 'Hello World!');
  t.is(res.body.path, '/api');
  t.is(typeof res.body.timestamp, 'number');
});

test('every answer carries a request id, and a sane incoming one is kept', async (t) => {
  const fresh = await stack.request('GET', '/api');
  t.regex(fresh.headers.get('x-request-id') ?? '', /^[0-9a-f-]{36}$/);
  const kept = await stack.request('GET', '/api', { headers: { 'x-request-id': 'trace-abc.123' } });
  t.is(kept.headers.get('x-request-id'), 'trace-abc.123');
  const replaced = await stack.request('GET', '/api', { headers: { 'x-request-id': 'bad id with spaces' } });
  t.not(replaced.headers.get('x-request-id'), 'bad id with spaces');
});

test('an unknown route gets a 404 envelope naming it', async (t) => {
  const res = await stack.request('POST', '/api/no/such/route?x=1', { body: {} });
  t.is(res.status, 404);
  t.is(res.body.code, 404);
  t.is(res.body.data, null);
  t.is(res.body.path, '/api/no/such/route');
  t.true(res.body.message.includes('POST /api/no/such/route'));
  const outside = await stack.request('GET', '/nothing-here');
  t.is(outside.status, 404);
  t.is(outside.body.code, 404);
});

test('malformed JSON gets a clear 400 envelope, not a stack trace', async (t) => {
  const res = await stack.request('POST', '/api/admin/login', { rawBody: '{"account": "a", ', headers: { 'content-type': 'application/json' } });
  t.is(res.status, 400);
  t.is(res.body.code, 400);
  t.is(res.body.message, 'Malformed JSON in the request body');
  t.false(res.text.includes(' at '));
  t.false(res.text.includes('SyntaxError'));
});

test('an oversize body gets a 413 envelope', async (t) => {
  const res = await stack.request('POST', '/api/admin/login', { body: { account: 'a', password: 'x'.repeat(5000) } });
  t.is(res.status, 413);
  t.is(res.body.code, 413);
  t.regex(res.body.message, /1024 bytes/);
});

test('validation failures name the field in a 400 envelope', async (t) => {
  const res = await stack.request('POST', '/api/admin/login', { body: { password: 12 } });
  t.is(res.status, 400);
  t.is(res.body.code, 400);
  t.regex(res.body.message, /account/);
  t.deepEqual(
    res.body.errors.map((e: { field: string }) => e.field),
    ['account'],
  );
  const notObject = await stack.request('POST', '/api/admin/login', { body: ['account'] });
  t.is(notObject.status, 400);
  t.regex(notObject.body.message, /JSON object/);
});

test('a business error is HTTP 200 with the code and the localized message of its path', async (t) => {
  const zh = await stack.request('POST', '/api/admin/login', { body: { account: 'nobody', password: 'whatever1' } });
  t.is(zh.status, 200);
  t.is(zh.body.code, 2001);
  t.is(zh.body.data, null);
  t.is(zh.body.path, '/api/admin/login');
  const en = await stack.request('POST', '/api/admin/login', { body: { account: 'nobody', password: 'whatever1' }, headers: { locales: 'en-US' } });
  t.is(en.body.code, 2001);
  t.not(en.body.message, zh.body.message);
  const enums = await stack.request('GET', '/api/common/enums', { headers: { locales: 'en-US' } });
  t.is(en.body.message, enums.body.result.ERROR_CODES['/api/admin/login']['2001']);
});

test('the health endpoint reports Postgres and Redis', async (t) => {
  const res = await stack.request('GET', '/api/health');
  t.is(res.status, 200);
  t.is(res.body.result.status, 'ok');
  t.true(res.body.result.postgres.ok);
  t.true(res.body.result.redis.ok);
  t.is(typeof res.body.result.postgres.latencyMs, 'number');
});
