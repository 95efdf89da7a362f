import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import test, { type ExecutionContext } from 'ava';
import type { AnySchema } from 'yup';
import { DEPOSIT_ENV, FIATVENDOR_SECRET, createDepositor, postFiatCallback, resetDepositMocks, unique, usdtChannel, usdtHeaders } from '../helpers/deposits';
import { PROVIDER_SECRETS, providerEnv, snapshot, uniqueId } from '../helpers/provider-requests';
import { startTestStack, type ApiResponse, type TestStack } from '../helpers/stack';
import { providerSignatureOf } from '../../api/modules/providers/signature';
import { fiatvendorCheckSum } from '../../shared/integrations/fiatvendor';
import { rawJsonFields } from '../../shared/integrations/json-fields';

/**
 * Strict input at the edge: signatures are the exact lowercase hex digest (docs/providers.md,
 * docs/payments.md); money strings are taken as sent (no surrounding spaces); string limits count
 * characters, not UTF-16 units; mascot URLs are absolute https URLs; every answer says nosniff.
 */

let stack: TestStack;
let factories: typeof import('../helpers/factories');
let models: typeof import('../../shared/db/models');
let adminToken: string;
let site: string;
const uploadDir = mkdtempSync(path.join(tmpdir(), 'edge-strictness-'));

test.before(async () => {
  stack = await startTestStack({ ...providerEnv(), ...DEPOSIT_ENV, UPLOAD_DIR: uploadDir });
  factories = await import('../helpers/factories');
  models = await import('../../shared/db/models');
  adminToken = (await factories.createAdmin()).token;
  site = await factories.createSite();
});
test.beforeEach(resetDepositMocks);
test.after.always(async () => {
  await stack?.close();
});

const admin = (method: string, url: string, body?: unknown) =>
  stack.request(method, `/api${url}`, { token: adminToken, body, headers: { 'x-site-code': site } });

/** A 400 envelope naming `field`. */
function refusedField(t: ExecutionContext, res: ApiResponse, field: string, label: string) {
  t.is(res.status, 400, `${label}: ${res.text.slice(0, 300)}`);
  t.is(res.body.code, 400, label);
  t.true(
    (res.body.errors ?? []).some((e: { field: string }) => e.field === field),
    `${label}: ${res.text.slice(0, 300)}`,
  );
}

// ------------------------------------------------------------------------------------------------
// 1. Signatures: the exact lowercase hex digest only

/** The right digest, spoiled in the ways a lenient check would still take. */
const spoiled = (digest: string) => ({
  'upper case': digest.toUpperCase(),
  'one letter upper case': digest.replace(/[a-f]/, (c) => c.toUpperCase()),
  'sha256= prefix': `sha256=${digest}`,
  '0x prefix': `0x${digest}`,
  'a character after': `${digest}0`,
});

test('provider callbacks: the right signature upper-cased or prefixed is INVALID_SIGNATURE and changes nothing; lowercase passes', async (t) => {
  const { user } = await factories.createUser({ balance: '100' });
  const before = await snapshot(user.id);
  const body = { transactionId: uniqueId('bet'), roundId: uniqueId('round'), userId: user.id, gameCode: 'provx-slot-01', amount: '10' };
  const raw = JSON.stringify(body);
  const ts = String(Math.floor(Date.now() / 1000));
  const digest = providerSignatureOf(PROVIDER_SECRETS.provx, ts, raw);
  const post = (signature: string) =>
    stack.request('POST', '/api/game/provx/Bet', {
      rawBody: raw,
      headers: { 'content-type': 'application/json', 'x-timestamp': ts, 'x-signature': signature },
    });
  for (const [label, signature] of Object.entries(spoiled(digest))) {
    const res = await post(signature);
    t.is(res.status, 401, label);
    t.is(res.body.errorCode, 1001, `${label}: ${res.text}`);
  }
  t.deepEqual(await snapshot(user.id), before);
  const ok = await post(digest);
  t.is(ok.status, 200, ok.text);
  t.is((await snapshot(user.id)).balance, '90.000000');
});

test('fiat vendor: check_sum upper-cased, padded with spaces or prefixed is a 401 and records nothing; lowercase is recorded', async (t) => {
  const subOrder = unique();
  const text = `{"sub_order":"${subOrder}","pay_amount":3200,"pay_time":"2026-11-25 14:00:00"}`;
  const digest = fiatvendorCheckSum(FIATVENDOR_SECRET, rawJsonFields(text)!);
  const withSum = (sum: string) => `${text.slice(0, -1)},"check_sum":${JSON.stringify(sum)}}`;
  const cases = { ...spoiled(digest), 'space before': ` ${digest}`, 'space after': `${digest} `, 'tab after': `${digest}\t` };
  for (const [label, sum] of Object.entries(cases)) {
    const res = await postFiatCallback(stack, 'pay', withSum(sum));
    t.is(res.status, 401, `${label}: ${res.text}`);
    t.is(res.body.code, 401, label);
  }
  t.is(await models.DepositCallback.count({ where: { subOrder } }), 0);
  // The same body with the exact digest is taken (an unknown order, recorded as such).
  const ok = await postFiatCallback(stack, 'pay', withSum(digest));
  t.deepEqual(ok.body, { received: true });
  t.deepEqual(
    (await models.DepositCallback.findAll({ where: { subOrder } })).map((c) => c.outcome),
    ['unknown-order'],
  );
});

test('USDT: X-Signature upper-cased or prefixed is a 401 and the order stays pending; lowercase pays it', async (t) => {
  const { token } = await createDepositor({ siteCode: site });
  const channel = await usdtChannel(site);
  const subOrder = unique();
  const created = await stack.request('POST', '/api/deposit', {
    token,
    body: { channelId: channel.id, paymentMethod: 'crypto', subOrder, orderAmount: '100' },
  });
  t.is(created.body.code, 200, created.text);
  const text = JSON.stringify({ subOrder, payAmount: 100, txHash: uniqueId('0x'), payTime: '2026-11-25T14:00:00Z' });
  const headers = usdtHeaders(text);
  for (const [label, signature] of Object.entries(spoiled(headers['x-signature']))) {
    const res = await stack.request('POST', '/api/vendor/usdt/callback/pay', { rawBody: text, headers: { ...headers, 'x-signature': signature } });
    t.is(res.status, 401, `${label}: ${res.text}`);
  }
  t.is((await models.DepositOrder.findOne({ where: { subOrder } }))!.status, 'pending');
  t.is(await models.DepositCallback.count({ where: { subOrder } }), 0);
  const ok = await stack.request('POST', '/api/vendor/usdt/callback/pay', { rawBody: text, headers });
  t.deepEqual(ok.body, { received: true });
  t.is((await models.DepositOrder.findOne({ where: { subOrder } }))!.status, 'paid');
});

// ------------------------------------------------------------------------------------------------
// 2. Money strings are taken as sent

test('money fields refuse " 5" and "5 " with a 400 naming the field (shared helper and VIP), and take "5"', async (t) => {
  const { user, token } = await factories.createUser({ balance: '50', siteCode: site });
  for (const amount of [' 5', '5 ', ' 5 ', '\t5']) {
    refusedField(
      t,
      await admin('POST', `/admin/users/${user.id}/balance-adjustments`, { amount, reason: 'x' }),
      'amount',
      `adjustment ${JSON.stringify(amount)}`,
    );
    refusedField(t, await admin('PATCH', '/vip/levels/1', { minChip: amount }), 'minChip', `vip ${JSON.stringify(amount)}`);
    refusedField(
      t,
      await stack.request('POST', '/api/deposit', { token, body: { channelId: 1, paymentMethod: 'crypto', subOrder: unique(), orderAmount: amount } }),
      'orderAmount',
      `deposit ${JSON.stringify(amount)}`,
    );
  }
  t.is((await models.User.findByPk(user.id))!.balance, '50.000000');
  const ok = await admin('POST', `/admin/users/${user.id}/balance-adjustments`, { amount: '5', reason: 'x' });
  t.is(ok.body.result?.balanceAfter, '55.000000', ok.text);
});

test('a provider callback amount with spaces is the provider BAD_REQUEST and changes nothing', async (t) => {
  const { user } = await factories.createUser({ balance: '100' });
  const before = await snapshot(user.id);
  for (const amount of [' 10', '10 ']) {
    const body = { transactionId: uniqueId('bet'), roundId: uniqueId('round'), userId: user.id, gameCode: 'provx-slot-01', amount };
    const raw = JSON.stringify(body);
    const ts = String(Math.floor(Date.now() / 1000));
    const res = await stack.request('POST', '/api/game/provx/Bet', {
      rawBody: raw,
      headers: { 'content-type': 'application/json', 'x-timestamp': ts, 'x-signature': providerSignatureOf(PROVIDER_SECRETS.provx, ts, raw) },
    });
    t.is(res.status, 400, res.text);
    t.is(res.body.errorCode, 1003, res.text);
    t.regex(res.body.message, /amount/);
  }
  t.deepEqual(await snapshot(user.id), before);
});

test('a vendor callback amount with spaces is invalid: recorded as such, the order stays pending', async (t) => {
  const { token } = await createDepositor({ siteCode: site });
  const channel = await usdtChannel(site);
  const subOrder = unique();
  t.is(
    (await stack.request('POST', '/api/deposit', { token, body: { channelId: channel.id, paymentMethod: 'crypto', subOrder, orderAmount: '100' } })).body.code,
    200,
  );
  const text = JSON.stringify({ subOrder, payAmount: ' 100', txHash: uniqueId('0x'), payTime: '2026-11-25T14:00:00Z' });
  const res = await stack.request('POST', '/api/vendor/usdt/callback/pay', { rawBody: text, headers: usdtHeaders(text) });
  t.deepEqual(res.body, { received: true });
  t.is((await models.DepositOrder.findOne({ where: { subOrder } }))!.status, 'pending');
  t.deepEqual(
    (await models.DepositCallback.findAll({ where: { subOrder } })).map((c) => c.outcome),
    ['invalid'],
  );
  // The wallet's reader is where the rule lives.
  const { moneyAmountOf } = await import('../../shared/domain/wallet');
  for (const bad of [' 5', '5 ', ' 5 ', '5\n']) t.is(moneyAmountOf(bad), null, JSON.stringify(bad));
  t.is(moneyAmountOf('5'), '5');
});

// ------------------------------------------------------------------------------------------------
// 3. String limits count characters

const EMOJI = '\u{1F600}';

test('string limits count characters: 6 emoji are a 6-character password, 5 are too short; 50 emoji fill a 50-character name', async (t) => {
  const account = `e${unique('').slice(0, 10)}`;
  const register = (password: string, name: string) =>
    stack.request('POST', '/api/auth/register', { body: { account, password, name }, headers: { 'site-name': site } });
  refusedField(t, await register(EMOJI.repeat(5), 'Emoji'), 'password', '5 emoji password');
  refusedField(t, await register('secret123', EMOJI.repeat(51)), 'name', '51 emoji name');
  const ok = await register(EMOJI.repeat(6), EMOJI.repeat(50));
  t.is(ok.body.code, 200, ok.text);
  t.is((await models.User.findByPk(ok.body.result.user.id))!.name, EMOJI.repeat(50));
  const login = await stack.request('POST', '/api/auth/login', { body: { account, password: EMOJI.repeat(6) }, headers: { 'site-name': site } });
  t.is(login.body.code, 200, login.text);
});

test.serial('locale maps and mascot labels count characters too', async (t) => {
  const config = await models.SiteConfig.findOne({ where: { siteCode: site } });
  const atLimit = await admin('PATCH', `/site-config/admin/${config!.id}`, { siteName: { 'en-US': EMOJI.repeat(100) } });
  t.is(atLimit.body.code, 200, atLimit.text);
  const over = await admin('PATCH', `/site-config/admin/${config!.id}`, { siteName: { 'en-US': EMOJI.repeat(101) } });
  t.is(over.status, 400, over.text);
  const mascots = (label: string) => ({ mascots: [{ id: 'smile', label, url: 'https://cdn.test/smile.png' }] });
  t.is((await admin('PATCH', `/site-config/admin/${config!.id}/mascots`, mascots(EMOJI.repeat(60)))).body.code, 200);
  t.is((await admin('PATCH', `/site-config/admin/${config!.id}/mascots`, mascots(EMOJI.repeat(61)))).status, 400);
});

test('every string limit of every endpoint counts characters (built on charString)', async (t) => {
  const { endpoints } = await import('../../api/endpoints');
  const { CharStringSchema, charCount, charString } = await import('../../api/http/schema-helpers');
  t.is(charCount(EMOJI.repeat(3)), 3);
  t.is(charCount(`a${EMOJI}\uD800b`), 4, 'a lone surrogate counts as one');
  t.true(charString().max(3).isValidSync(EMOJI.repeat(3)));
  t.false(charString().max(3).isValidSync(EMOJI.repeat(4)));
  t.false(charString().min(3).isValidSync(EMOJI.repeat(2)));
  t.true(charString().length(2).isValidSync(EMOJI.repeat(2)));

  const limited: string[] = [];
  const visit = (schema: AnySchema | undefined, where: string): void => {
    if (!schema) return;
    const s = schema as AnySchema & { fields?: Record<string, AnySchema>; innerType?: AnySchema };
    const lengthTest = (test: { name?: string; params?: Record<string, unknown> }) =>
      ['min', 'max', 'length'].some((name) => test.name === name && test.params?.[name] !== undefined);
    if (s.type === 'string' && s.describe().tests.some(lengthTest)) {
      limited.push(where);
      t.true(s instanceof CharStringSchema, `${where} counts UTF-16 units`);
    }
    for (const [name, field] of Object.entries(s.fields ?? {})) visit(field, `${where}.${name}`);
    visit(s.innerType, `${where}[]`);
  };
  for (const e of endpoints) {
    for (const part of ['params', 'query', 'body'] as const) visit(e[part] as AnySchema | undefined, `${e.method.toUpperCase()} ${e.path} ${part}`);
  }
  t.true(limited.length > 50, String(limited.length));
});

// ------------------------------------------------------------------------------------------------
// 4. Mascot URLs

test.serial('mascot URLs must be absolute https URLs without blanks, quotes or angle brackets', async (t) => {
  const config = await models.SiteConfig.findOne({ where: { siteCode: site } });
  const put = (url: unknown) => admin('PATCH', `/site-config/admin/${config!.id}/mascots`, { mascots: [{ id: 'm', label: 'M', url }] });
  const good = 'https://cdn.test/mascots/m.png?v=2';
  t.is((await put(good)).body.code, 200);
  const bad = [
    'http://cdn.test/m.png',
    '//cdn.test/m.png',
    '/mascots/m.png',
    'm.png',
    'https://',
    'https:///m.png',
    'https://cdn.test/"onerror="x.png',
    "https://cdn.test/'m.png",
    'https://cdn.test/<script>.png',
    'https://cdn.test/m.png>',
    'https://cdn.test/m .png',
    ' https://cdn.test/m.png',
    'https://cdn.test\\m.png',
    'javascript:alert(1)',
    `https://cdn.test/${'a'.repeat(490)}`,
  ];
  for (const url of bad) {
    const res = await put(url);
    t.is(res.status, 400, url);
    t.regex(res.body.message ?? '', /mascots\[0\]\.url must be an absolute https URL/, url);
  }
  t.deepEqual(
    ((await models.SiteConfig.findByPk(config!.id))!.mascots as Array<{ url: string }>).map((m) => m.url),
    [good],
  );
});

// ------------------------------------------------------------------------------------------------
// 5. nosniff

test('X-Content-Type-Options: nosniff on answers, errors, /assets files and /metrics', async (t) => {
  mkdirSync(path.join(uploadDir, 'public'), { recursive: true });
  writeFileSync(path.join(uploadDir, 'public', 'sniff.png'), '<html><script>alert(1)</script></html>');
  const answers: Array<[string, Promise<ApiResponse>]> = [
    ['ok', stack.request('GET', '/api/health')],
    ['404', stack.request('GET', '/api/no-such-path')],
    ['405', stack.request('DELETE', '/api/wallet/bank-card/list')],
    ['400 malformed JSON', stack.request('POST', '/api/auth/login', { rawBody: '{"account":', headers: { 'content-type': 'application/json' } })],
    ['401', stack.request('GET', '/api/auth/user-detail')],
    ['asset', stack.request('GET', '/assets/sniff.png')],
    ['missing asset', stack.request('GET', '/assets/missing.png')],
    ['metrics', stack.request('GET', '/metrics')],
    ['docs page', stack.request('GET', '/api/docs/')],
    ['provider callback', stack.request('POST', '/api/game/provx/Bet', { body: {} })],
  ];
  for (const [label, pending] of answers) {
    const res = await pending;
    t.is(res.headers.get('x-content-type-options'), 'nosniff', `${label} (${res.status})`);
  }
  const asset = await stack.request('GET', '/assets/sniff.png');
  t.is(asset.status, 200);
  t.regex(asset.headers.get('content-type') ?? '', /image\/png/);
});
