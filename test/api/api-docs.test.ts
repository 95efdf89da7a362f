import SwaggerParser from '@apidevtools/swagger-parser';
import test from 'ava';
import { startTestStack, type TestStack } from '../helpers/stack';

/**
 * The API document (GET /api/docs.json, api/http/openapi/) and its Swagger UI page (/api/docs/): the
 * document is valid OpenAPI 3.1 and lists exactly the routes the app serves, with their authentication,
 * request schemas and business codes with their refusals' texts.
 */

let stack: TestStack;
let doc: any;

test.before(async () => {
  stack = await startTestStack();
  const res = await stack.request('GET', '/api/docs.json');
  if (res.status !== 200) throw new Error(`GET /api/docs.json answered ${res.status}: ${res.text.slice(0, 300)}`);
  doc = res.body;
});
test.after.always(async () => {
  await stack?.close();
});

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** `METHOD /path` of every operation of the document. */
function documentRoutes(): string[] {
  return Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, item]) =>
    Object.keys(item)
      .filter((m) => METHODS.includes(m))
      .map((m) => `${m.toUpperCase()} ${path}`),
  );
}

const asDocumentPath = (expressPath: string) => (expressPath === '/' ? '/api' : `/api${expressPath.replace(/:(\w+)/g, '{$1}')}`);

test('GET /api/docs.json answers the OpenAPI 3.1 document as plain JSON (no envelope)', async (t) => {
  const res = await stack.request('GET', '/api/docs.json');
  t.regex(res.headers.get('content-type') ?? '', /application\/json/);
  t.is(res.body.openapi, '3.1.0');
  t.is(res.body.code, undefined);
  t.truthy(res.body.info.title);
});

test('the document is valid OpenAPI (swagger-parser)', async (t) => {
  const api = (await SwaggerParser.validate(structuredClone(doc))) as any;
  t.is(api.openapi, '3.1.0');
});

test('the document lists exactly the endpoints of api/endpoints.ts', async (t) => {
  const { endpoints } = await import('../../api/endpoints');
  const declared = endpoints.map((e) => `${e.method.toUpperCase()} ${asDocumentPath(e.path)}`);
  t.is(new Set(declared).size, declared.length, 'no endpoint is declared twice');
  t.deepEqual([...documentRoutes()].sort(), [...declared].sort());
  t.true(declared.includes('GET /api/docs.json'));
  t.true(declared.includes('GET /api/admin/{id}'));
});

test('the document lists exactly the routes of the built app under /api', async (t) => {
  const { buildApp } = await import('../../api/app');
  const app = buildApp() as any;
  const apiLayer = (app.router.stack as any[]).find((layer) => layer.rawPath === '/api' && layer.handle?.stack);
  t.truthy(apiLayer, 'the /api router is mounted');
  const served = (apiLayer.handle.stack as any[])
    .filter((layer) => layer.route)
    .flatMap((layer) =>
      Object.keys(layer.route.methods)
        .filter((m) => METHODS.includes(m))
        .map((m) => `${m.toUpperCase()} ${asDocumentPath(layer.route.path)}`),
    );
  t.true(served.length > 50);
  t.deepEqual([...documentRoutes()].sort(), [...served].sort());
});

test('GET /admin/list: administrator bearer token with admin:read', (t) => {
  const op = doc.paths['/api/admin/list'].get;
  t.deepEqual(op.security, [{ adminBearer: ['admin:read'] }]);
  t.is(op['x-permission'], 'admin:read');
  t.regex(op.description, /`admin:read`/);
  t.like(doc.components.securitySchemes.adminBearer, { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
  t.truthy(op.responses['401']);
  t.truthy(op.responses['403']);
  // A write of the same module needs admin:write.
  t.deepEqual(doc.paths['/api/admin/create'].post.security, [{ adminBearer: ['admin:write'] }]);
  // Players and anonymous callers.
  t.deepEqual(doc.paths['/api/auth/user-detail'].get.security, [{ playerBearer: [] }]);
  t.deepEqual(doc.paths['/api/mission'].get.security, [{}, { playerBearer: [] }]);
  t.deepEqual(doc.paths['/api/auth/login'].post.security, []);
});

test('provider callbacks: the X-Signature and X-Timestamp headers', (t) => {
  const op = doc.paths['/api/game/provy/bet'].post;
  t.deepEqual(op.security, [{ providerSignature: [], providerTimestamp: [] }]);
  t.like(doc.components.securitySchemes.providerSignature, { type: 'apiKey', in: 'header', name: 'X-Signature' });
  t.like(doc.components.securitySchemes.providerTimestamp, { type: 'apiKey', in: 'header', name: 'X-Timestamp' });
  t.regex(op.description, /provy/);
});

test("POST /game/simulate: its business codes with their refusals' texts", async (t) => {
  const { refusalText } = await import('../../shared/domain/refusal-texts');
  const ok = doc.paths['/api/game/simulate'].post.responses['200'];
  const codes = ok['x-error-codes'] as Array<{ code: number; message: string; messages: Record<string, string> }>;
  const insufficient = codes.find((c) => c.code === 5011);
  t.truthy(insufficient);
  t.is(insufficient?.message, refusalText('game.balanceTooLow', 'en-US'));
  t.is(insufficient?.message, 'Insufficient balance');
  t.is(insufficient?.messages['zh-TW'], refusalText('game.balanceTooLow', 'zh-TW'));
  t.regex(ok.description, /`5011`: Insufficient balance/);
  // Business codes are answered with HTTP 200 in the error envelope.
  const refusal = ok.content['application/json'].schema.oneOf[1];
  t.deepEqual(refusal.allOf[0], { $ref: '#/components/schemas/ErrorEnvelope' });
  t.true(refusal.allOf[1].properties.code.enum.includes(5011));
});

test('every business code an operation answers for a refusal is listed on it with the text it answers', async (t) => {
  const { endpoints } = await import('../../api/endpoints');
  const { refusalCode } = await import('../../api/http/endpoint');
  const served = new Set(documentRoutes());
  const missing: string[] = [];
  let checked = 0;
  for (const e of endpoints) {
    const path = `/api${e.path}`.replace(/:(\w+)/g, '{$1}');
    if (typeof e.answer === 'object' || !served.has(`${e.method.toUpperCase()} ${path}`)) continue;
    const listed = (doc.paths[path]?.[e.method]?.responses?.['200']?.['x-error-codes'] ?? []) as Array<{ code: number; message: string }>;
    const first = new Map<number, string>();
    for (const name of Object.keys(e.refusals ?? {}) as Parameters<typeof refusalCode>[1][]) {
      const mapped = refusalCode(e.refusals, name);
      if (mapped && mapped.code >= 1000 && !first.has(mapped.code)) first.set(mapped.code, mapped.text['en-US']);
    }
    for (const [code, message] of first) {
      checked += 1;
      if (!listed.some((c) => c.code === code && c.message === message)) missing.push(`${e.method.toUpperCase()} ${path} ${code}`);
    }
  }
  t.true(checked > 50, `only ${checked} codes checked`);
  t.deepEqual(missing, []);
  // POST /mission/:id/claim: the table's 3001-3004 are there, player protection's exclusions (4101, 4102)
  // and the KYC under-age freeze the exclusion rule asks (2303).
  const claim = doc.paths['/api/mission/{id}/claim'].post.responses['200']['x-error-codes'].map((c: { code: number }) => c.code);
  t.deepEqual(claim, [2303, 3001, 3002, 3003, 3004, 4101, 4102]);
});

test('POST /auth/register: the body schema converted from yup', (t) => {
  const body = doc.paths['/api/auth/register'].post.requestBody;
  t.true(body.required);
  const schema = body.content['application/json'].schema;
  t.is(schema.type, 'object');
  t.deepEqual([...schema.required].sort(), ['account', 'name', 'password']);
  t.like(schema.properties.account, { type: 'string', minLength: 1, maxLength: 50 });
  t.like(schema.properties.password, { type: 'string', minLength: 6 });
  t.deepEqual(schema.properties.refCode.type, ['string', 'null']);
});

test('paths, query parameters and the envelopes', (t) => {
  const byId = doc.paths['/api/admin/{id}'].get;
  const id = byId.parameters.find((p: any) => p.in === 'path');
  t.like(id, { name: 'id', required: true, schema: { type: 'integer' } });
  const list = doc.paths['/api/admin/users'].get.parameters.filter((p: any) => p.in === 'query').map((p: any) => p.name);
  t.true(list.includes('page'));
  t.deepEqual(doc.components.schemas.ResultEnvelope.required, ['code', 'message', 'result', 'timestamp', 'path']);
  t.deepEqual(doc.components.schemas.ErrorEnvelope.required, ['code', 'message', 'data', 'timestamp', 'path']);
  // null, or what a refusal gives the client to decide again (POST /withdrawal/request 2010: the bonus money at stake).
  t.deepEqual(doc.components.schemas.ErrorEnvelope.properties.data.type, ['object', 'null']);
});

test('the Swagger UI page and its files', async (t) => {
  const bare = await stack.request('GET', '/api/docs');
  t.is(bare.status, 301);
  t.is(bare.headers.get('location'), '/api/docs/');

  const page = await stack.request('GET', '/api/docs/');
  t.is(page.status, 200);
  t.regex(page.headers.get('content-type') ?? '', /text\/html/);
  t.regex(page.text, /swagger-ui-bundle\.js/);

  const init = await stack.request('GET', '/api/docs/swagger-ui-init.js');
  t.is(init.status, 200);
  t.regex(init.text, /\/api\/docs\.json/);
  const css = await stack.request('GET', '/api/docs/swagger-ui.css');
  t.is(css.status, 200);
  t.regex(css.headers.get('content-type') ?? '', /text\/css/);
  const bundle = await stack.request('GET', '/api/docs/swagger-ui-bundle.js');
  t.is(bundle.status, 200);

  const missing = await stack.request('GET', '/api/docs/package.json');
  t.is(missing.status, 404);
  t.is(missing.body.code, 404);
});
