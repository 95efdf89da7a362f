import test from 'ava';
import { Redis } from 'ioredis';
import { startTestStack, type TestStack } from '../helpers/stack';

/**
 * GET /api/common/enums. Serial: some tests rewrite the per-language cache entry,
 * which every other test of this file reads through the endpoint.
 */
let stack: TestStack;
let redis: Redis;

test.before(async () => {
  stack = await startTestStack();
  redis = new Redis(process.env.REDIS_URL as string, { keyPrefix: `${stack.prefix}:` });
});
test.after.always(async () => {
  redis?.disconnect();
  await stack?.close();
});

const LOCALES = ['zh-TW', 'en-US', 'zh-CN', 'th-TH', 'vi-VN'] as const;
const ACTIONS = ['LOGIN', 'LOGOUT', 'LOGIN_FAIL', 'DEL', 'UNCAPTURED'];

/** Codes the spec tables promise, from both parts. */
const EXPECTED_CODES: Record<string, string[]> = {
  '/api/auth/register': ['2001', '2002'],
  '/api/auth/login': ['2001'],
  '/api/game/launch': ['5001', '5002', '5003', '5004', '5005', '5010'],
  '/api/mission/:id/claim': ['3001', '3002', '3003', '3004'],
  '/api/withdrawal/request': ['2001', '2002', '2003', '2004', '2005', '2006', '2007', '2008', '2009'],
  '/api/admin/groups/:id': ['2002'],
  '/api/admin/login': ['2001', '2002'],
};

const enums = (locale?: string) => stack.request('GET', '/api/common/enums', { headers: locale ? { locales: locale } : {} });

/** The cache entry is written after the answer without being awaited; give it a moment. */
async function cachedEntry(key: string): Promise<string | null> {
  for (let i = 0; i < 50; i += 1) {
    const value = await redis.get(key);
    if (value !== null) return value;
    await new Promise((r) => setTimeout(r, 20));
  }
  return null;
}

test.serial('needs no authentication and answers the envelope with the two enum groups', async (t) => {
  const res = await enums();
  t.is(res.status, 200);
  t.is(res.body.code, 200);
  t.is(res.body.message, 'ok');
  t.is(res.body.path, '/api/common/enums');
  t.deepEqual(Object.keys(res.body.result).sort(), ['AUTH_ENUM', 'ERROR_CODES']);
  t.is(res.body.result.AUTH_ENUM.RELATED.LOGIN_LOG, 'LOGIN_LOG');
});

test.serial('login log actions are exactly the five, labelled per language', async (t) => {
  const en = (await enums('en-US')).body.result.AUTH_ENUM.LOGIN_LOG.ACTION;
  const zhTW = (await enums('zh-TW')).body.result.AUTH_ENUM.LOGIN_LOG.ACTION;
  const byDefault = (await enums()).body.result.AUTH_ENUM.LOGIN_LOG.ACTION;
  t.deepEqual(Object.keys(en).sort(), [...ACTIONS].sort());
  t.deepEqual(Object.keys(zhTW).sort(), [...ACTIONS].sort());
  for (const action of ACTIONS) {
    t.is(typeof en[action], 'string');
    t.not(en[action], '');
    t.is(typeof zhTW[action], 'string');
    t.not(zhTW[action], '');
    t.not(en[action], zhTW[action], action);
  }
  t.is(en.LOGIN, 'Log in');
  t.deepEqual(byDefault, zhTW);
  for (const locale of LOCALES) {
    const labels = (await enums(locale)).body.result.AUTH_ENUM.LOGIN_LOG.ACTION;
    t.deepEqual(Object.keys(labels).sort(), [...ACTIONS].sort(), locale);
    t.true(
      Object.values(labels).every((v) => typeof v === 'string' && v !== ''),
      locale,
    );
  }
});

test.serial('ERROR_CODES covers paths of both spec parts with a text for every code in every language', async (t) => {
  const byLocale: Record<string, Record<string, Record<string, string>>> = {};
  for (const locale of LOCALES) {
    const codes = (await enums(locale)).body.result.ERROR_CODES as Record<string, Record<string, string>>;
    byLocale[locale] = codes;
    for (const [path, expected] of Object.entries(EXPECTED_CODES)) {
      t.truthy(codes[path], `${locale} ${path}`);
      for (const code of expected) {
        t.is(typeof codes[path]?.[code], 'string', `${locale} ${path} ${code}`);
      }
    }
    for (const [path, table] of Object.entries(codes)) {
      t.true(path === '*' || path.startsWith('/api/'), path);
      for (const [code, text] of Object.entries(table)) {
        t.regex(code, /^\d+$/, `${path} ${code}`);
        t.true(typeof text === 'string' && text.trim() !== '', `${locale} ${path} ${code} has no text`);
      }
    }
  }
  for (const locale of LOCALES) t.deepEqual(Object.keys(byLocale[locale]).sort(), Object.keys(byLocale['zh-TW']).sort(), locale);
  t.not(byLocale['en-US']['/api/auth/register']['2001'], byLocale['zh-TW']['/api/auth/register']['2001']);
});

test.serial('each language is cached in Redis for one hour and a second request answers the same', async (t) => {
  const key = 'cache:enums:vi-VN';
  await redis.del(key);
  const first = await enums('vi-VN');
  t.is(first.status, 200);
  t.regex(first.headers.get('cache-control') ?? '', /max-age=3600/);
  const cached = await cachedEntry(key);
  t.truthy(cached);
  t.deepEqual(JSON.parse(cached as string), first.body.result);
  const ttl = await redis.ttl(key);
  t.true(ttl >= 3500 && ttl <= 3600, `ttl ${ttl}`);

  const second = await enums('vi-VN');
  const { timestamp: _a, ...firstRest } = first.body;
  const { timestamp: _b, ...secondRest } = second.body;
  t.deepEqual(secondRest, firstRest);
});

test.serial('the cached copy is what is served, per language', async (t) => {
  const key = 'cache:enums:th-TH';
  const original = (await enums('th-TH')).body.result;
  const cached = await cachedEntry(key);
  t.truthy(cached);
  const en = (await enums('en-US')).body.result;
  t.truthy(await cachedEntry('cache:enums:en-US'));

  const modified = JSON.parse(cached as string);
  modified.AUTH_ENUM.LOGIN_LOG.ACTION.LOGIN = 'changed in the cache';
  modified.ERROR_CODES['/api/auth/register']['2001'] = 'cached text';
  await redis.set(key, JSON.stringify(modified), 'KEEPTTL');

  const served = (await enums('th-TH')).body.result;
  t.is(served.AUTH_ENUM.LOGIN_LOG.ACTION.LOGIN, 'changed in the cache');
  t.is(served.ERROR_CODES['/api/auth/register']['2001'], 'cached text');
  t.deepEqual((await enums('en-US')).body.result, en);

  // Without the entry the enums are built afresh, from the endpoints' refusal maps.
  await redis.del(key);
  t.deepEqual((await enums('th-TH')).body.result, original);
});
