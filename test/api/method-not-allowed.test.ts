import test from 'ava';
import { providerEnv } from '../helpers/provider-requests';
import { startTestStack, type ApiResponse, type TestStack } from '../helpers/stack';

/**
 * Methods and paths (docs/decisions/platform.md, "Unsupported methods"): a declared path asked with a method it
 * does not declare is a 405 envelope with the `Allow` header; a literal path is never taken by a
 * parameter path of another method; unknown paths stay 404.
 */

let stack: TestStack;
test.before(async () => {
  stack = await startTestStack(providerEnv());
});
test.after.always(async () => {
  await stack?.close();
});

function methodNotAllowed(t: import('ava').ExecutionContext, res: ApiResponse, allow: string, label: string) {
  t.is(res.status, 405, `${label}: ${res.text.slice(0, 200)}`);
  t.is(res.headers.get('allow'), allow, label);
  t.is(res.body.code, 405, label);
  t.is(res.body.data, null, label);
  t.is(typeof res.body.timestamp, 'number', label);
}

test('DELETE /wallet/bank-card/list is a 405 allowing GET, not "id must be a positive integer" of DELETE /wallet/bank-card/:id', async (t) => {
  const res = await stack.request('DELETE', '/api/wallet/bank-card/list', { headers: { locales: 'en-US' } });
  methodNotAllowed(t, res, 'GET, HEAD', 'DELETE list');
  t.is(res.body.message, 'Method not allowed on this path');
  t.is(res.body.path, '/api/wallet/bank-card/list');
  t.notRegex(res.text, /positive integer/);
  // Same path in other cases and with a trailing slash, as Express matches it.
  methodNotAllowed(t, await stack.request('DELETE', '/api/Wallet/Bank-Card/LIST/'), 'GET, HEAD', 'DELETE LIST/');
  // The parameter path itself still takes DELETE (refused here for want of a token), and GET list is the literal path's.
  t.is((await stack.request('DELETE', '/api/wallet/bank-card/12')).status, 401);
  t.is((await stack.request('GET', '/api/wallet/bank-card/list')).status, 401);
});

test('the 405 text is the generic one in every locale', async (t) => {
  const { GENERIC_TEXTS } = await import('../../api/http/generic-texts');
  for (const locale of ['zh-TW', 'zh-CN', 'en-US', 'th-TH', 'vi-VN'] as const) {
    const res = await stack.request('PUT', '/api/auth/login', { headers: { locales: locale } });
    methodNotAllowed(t, res, 'POST', locale);
    t.is(res.body.message, GENERIC_TEXTS[405][locale], locale);
  }
});

test('a literal path wins over parameter paths of other methods; the parameter paths keep their own requests', async (t) => {
  // GET /admin/list is declared; PATCH and DELETE are /admin/:id's only.
  methodNotAllowed(t, await stack.request('PATCH', '/api/admin/list'), 'GET, HEAD', 'PATCH /admin/list');
  methodNotAllowed(t, await stack.request('DELETE', '/api/admin/groups/list'), 'GET, HEAD', 'DELETE /admin/groups/list');
  methodNotAllowed(t, await stack.request('POST', '/api/promo/claims'), 'GET, HEAD', 'POST /promo/claims');
  t.is((await stack.request('PATCH', '/api/admin/7')).status, 401, 'PATCH /admin/:id still reaches its endpoint');
  methodNotAllowed(t, await stack.request('POST', '/api/admin/7'), 'GET, HEAD, PATCH, DELETE', 'POST /admin/:id');
  methodNotAllowed(t, await stack.request('GET', '/api/auth/login'), 'POST', 'GET /auth/login');
  methodNotAllowed(t, await stack.request('POST', '/api/health'), 'GET, HEAD', 'POST /health');
});

test('unknown paths stay 404; HEAD is served where GET is; OPTIONS answers the Allow header', async (t) => {
  for (const [method, url] of [
    ['DELETE', '/api/wallet/bank-card/list/extra'],
    ['GET', '/api/no-such-path'],
    ['PUT', '/api/wallet'],
    ['GET', '/api/wallet/bank-card//'],
  ]) {
    const res = await stack.request(method, url);
    t.is(res.status, 404, `${method} ${url}`);
    t.is(res.headers.get('allow'), null);
  }
  const head = await stack.request('HEAD', '/api/common/enums');
  t.is(head.status, 200);
  t.is(head.headers.get('allow'), null);
  const options = await stack.request('OPTIONS', '/api/wallet/bank-card/list');
  t.is(options.status, 204);
  t.is(options.headers.get('allow'), 'GET, HEAD');
});

test('provider callback paths keep answering other methods in the provider shape (signature first)', async (t) => {
  const res = await stack.request('GET', '/api/game/provx/Bet');
  t.is(res.status, 401);
  t.is(res.body.errorCode, 1001);
  t.is(res.headers.get('allow'), null);
});

test('every declared path answers an undeclared method with 405 and exactly its declared methods', async (t) => {
  const { endpoints } = await import('../../api/endpoints');
  const byPath = new Map<string, Set<string>>();
  for (const e of endpoints) {
    if (typeof e.answer === 'object') continue;
    // Bull Board's own app is mounted on /admin/queues before the endpoints and answers its paths itself.
    if (e.path.startsWith('/admin/queues')) continue;
    const methods = byPath.get(e.path) ?? new Set<string>();
    methods.add(e.method.toUpperCase());
    byPath.set(e.path, methods);
  }
  const order = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];
  for (const [path, methods] of byPath) {
    if (methods.has('GET')) methods.add('HEAD');
    const url = `/api${path.replace(/:\w+/g, '1')}`;
    // A method the path does not declare (PUT, unless it is one of them).
    const method = ['PUT', 'PATCH', 'DELETE', 'POST'].find((m) => !methods.has(m)) as 'PUT' | 'PATCH' | 'DELETE' | 'POST';
    const res = await stack.request(method, url);
    methodNotAllowed(t, res, order.filter((m) => methods.has(m)).join(', '), `${method} ${path}`);
  }
});
