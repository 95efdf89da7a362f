import test from 'ava';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { untypedAnswers, untypedFields } from '../../scripts/lib/contract-coverage';
import { checkAnswer } from '../helpers/contract';
import { startTestStack, type TestStack } from '../helpers/stack';

/**
 * The API document as a contract (docs/architecture.md, "Where to add", an endpoint's answer): how many
 * operations still answer an untyped value (a ratchet: the number may only go down, to 0), no request
 * field without a type, and the tests' answer check (test/helpers/contract.ts) refusing an answer that
 * leaves the document.
 */

/** Operations whose answer has no declared schema. Lower it when you declare answers; never raise it. */
const UNTYPED_ANSWERS_AT_MOST = 0;

let stack: TestStack;
let doc: any;

test.before(async () => {
  stack = await startTestStack();
  doc = (await stack.request('GET', '/api/docs.json')).body;
});
test.after.always(async () => {
  await stack?.close();
});

test('operations without a declared answer: the count only goes down', (t) => {
  const untyped = untypedAnswers(doc);
  t.log(`${untyped.length} operations without a declared answer`);
  if (untyped.length) t.log(untyped.join('\n'));
  t.true(untyped.length <= UNTYPED_ANSWERS_AT_MOST, `${untyped.length} untyped answers, more than the ${UNTYPED_ANSWERS_AT_MOST} allowed`);
});

test('every request field has a type (parameters and body fields, nested)', (t) => {
  t.deepEqual(untypedFields(doc), []);
});

test('an answer that leaves its schema fails the request, naming the operation', async (t) => {
  const error = await t.throwsAsync(
    checkAnswer('GET', '/api/health', 200, 'application/json', { code: 200, message: 'ok', result: { status: 'fine' }, timestamp: 1, path: '/api/health' }),
  );
  t.regex(error.message, /getHealth \(GET \/api\/health\), HTTP 200, leaves the API document/);
  const refusal = await t.throwsAsync(checkAnswer('POST', '/api/withdrawal/admin/12/review', 401, 'application/json; charset=utf-8', { code: 401 }));
  t.regex(refusal.message, /\(POST \/api\/withdrawal\/admin\/\{id\}\/review\), HTTP 401/);
  await t.notThrowsAsync(checkAnswer('GET', '/api', 200, 'application/json', { code: 200, message: 'ok', result: 'Hello World!', timestamp: 1, path: '/api' }));
});

test('GET /api answers as its document says (the shared client checks it)', async (t) => {
  const res = await stack.request('GET', '/api');
  t.is(res.body.result, 'Hello World!');
  t.deepEqual(doc.paths['/api'].get.responses['200'].content['application/json'].schema.properties.result, { const: 'Hello World!' });
});

test('a field named `default` is a field like any other (theme border colours)', (t) => {
  const border = doc.paths['/api/site-config/admin/themes/{id}'].patch.requestBody.content['application/json'].schema.properties.border;
  t.is(border.type, 'object');
  t.is(border.properties.default.type, 'string');
  t.truthy(border.properties.default.pattern);
});

test('fiat vendor callbacks: signed by check_sum in the body, not a header; the body and the answer documented', (t) => {
  for (const kind of ['add', 'pay']) {
    const op = doc.paths[`/api/vendor/fiatvendor/callback/${kind}`].post;
    t.deepEqual(op.security, []);
    t.regex(op.description, /check_sum/);
    const body = op.requestBody.content['application/json'].schema;
    t.true(body.required.includes('check_sum'));
    t.true(body.required.includes('sub_order'));
    t.deepEqual(op.responses['200'].content['application/json'].schema.properties.received, { const: true });
  }
  const usdt = doc.paths['/api/vendor/usdt/callback/pay'].post;
  t.deepEqual(usdt.security, [{ providerSignature: [], providerTimestamp: [] }]);
  t.true(usdt.requestBody.content['application/json'].schema.required.includes('txHash'));
});

test('money in a request is a decimal string or a number, with its bounds; an order amount is above 0 in both forms', (t) => {
  const amount = doc.paths['/api/deposit'].post.requestBody.content['application/json'].schema.properties.orderAmount;
  t.deepEqual(amount.type, ['string', 'number']);
  t.is(amount.exclusiveMinimum, 0);
  t.true(amount.maximum < 1e12);
  const pattern = new RegExp(amount.pattern, 'u');
  t.regex('100.5', pattern);
  t.regex('0.000001', pattern);
  for (const refused of ['-1', '1.1234567', '0', '0.000000', '00.0']) t.notRegex(refused, pattern);
  const adjustment = doc.paths['/api/admin/users/{userId}/balance-adjustments'].post.requestBody.content['application/json'].schema.properties.amount;
  t.deepEqual(adjustment.not, { const: 0 });
  t.regex('-5', new RegExp(adjustment.pattern, 'u'));
  t.notRegex('-0.0', new RegExp(adjustment.pattern, 'u'));
});

test('the examples of the main player flows hold to their own schemas', async (t) => {
  const ajv = new Ajv2020({ strict: false });
  addFormats(ajv);
  const flows = [
    ['post', '/api/auth/register'],
    ['post', '/api/auth/login'],
    ['post', '/api/deposit'],
    ['post', '/api/game/simulate'],
    ['post', '/api/withdrawal/request'],
  ] as const;
  for (const [method, path] of flows) {
    const op = doc.paths[path][method];
    const body = op.requestBody.content['application/json'];
    t.truthy(body.example, `${path} has a request example`);
    t.true(ajv.validate(body.schema, body.example), `${path} request example: ${ajv.errorsText()}`);
    const answer = op.responses['200'].content['application/json'].example;
    if (answer) await t.notThrowsAsync(checkAnswer(method, path, 200, 'application/json', answer), `${path} answer example`);
  }
});

test('links lead from a create to its read and from register to login, each to an operation that takes the parameters it fills', (t) => {
  const links: Array<[string, string, Record<string, unknown>]> = [];
  for (const [path, operations] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
    for (const [method, operation] of Object.entries(operations)) {
      for (const [name, link] of Object.entries((operation.responses?.['200']?.links ?? {}) as Record<string, any>))
        links.push([`${method} ${path} ${name}`, link.operationRef, link]);
    }
  }
  t.true(links.length >= 8, `only ${links.length} links`);
  for (const [where, ref, link] of links) {
    const [, pathPointer, method] = /^#\/paths\/([^/]+)\/(\w+)$/.exec(ref) ?? [];
    const target = doc.paths[pathPointer?.replace(/~1/g, '/').replace(/~0/g, '~')]?.[method];
    t.truthy(target, `${where}: ${ref} names no operation`);
    const names = ((target?.parameters ?? []) as Array<{ name: string }>).map((p) => p.name);
    for (const parameter of Object.keys((link.parameters ?? {}) as Record<string, string>))
      t.true(names.includes(parameter), `${where}: ${parameter} is not a parameter of ${ref}`);
  }
  const register = doc.paths['/api/auth/register'].post.responses['200'].links.login;
  t.is(register.operationRef, '#/paths/~1api~1auth~1login/post');
});
