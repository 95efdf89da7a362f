import test from 'ava';
import { startTestStack, type TestStack } from '../helpers/stack';

/** The site and locale headers (site-name, locales) on the real app. */
let stack: TestStack;
let knownSite: string;

test.before(async () => {
  stack = await startTestStack();
  const { createSite } = await import('../helpers/factories');
  knownSite = await createSite();
});
test.after.always(async () => {
  await stack?.close();
});

const LOCALES = ['zh-TW', 'en-US', 'zh-CN', 'th-TH', 'vi-VN'] as const;

test('an unknown site-name header is a 400 envelope naming the header', async (t) => {
  const res = await stack.request('GET', '/api/common/enums', { headers: { 'site-name': 'no-such-site' } });
  t.is(res.status, 400);
  t.is(res.body.code, 400);
  t.is(res.body.data, null);
  t.is(res.body.path, '/api/common/enums');
  t.regex(res.body.message, /site-name/);
  t.regex(res.body.message, /no-such-site/);
});

test('a known site is accepted in site-name, x-site-code and the siteCode query', async (t) => {
  const byName = await stack.request('GET', '/api/common/enums', { headers: { 'site-name': knownSite } });
  t.is(byName.status, 200);
  t.is(byName.body.code, 200);
  const byHeader = await stack.request('GET', '/api/common/enums', { headers: { 'x-site-code': knownSite } });
  t.is(byHeader.status, 200);
  const byQuery = await stack.request('GET', `/api/common/enums?siteCode=${knownSite}`);
  t.is(byQuery.status, 200);
  const defaultSite = await stack.request('GET', '/api/common/enums', { headers: { 'site-name': 'default' } });
  t.is(defaultSite.status, 200);
});

test('an unknown x-site-code header is a 400 naming x-site-code', async (t) => {
  const res = await stack.request('GET', '/api/common/enums', { headers: { 'x-site-code': 'nowhere' } });
  t.is(res.status, 400);
  t.is(res.body.code, 400);
  t.regex(res.body.message, /x-site-code/);
});

test('an unknown siteCode query is a 400 naming siteCode', async (t) => {
  const res = await stack.request('GET', '/api/common/enums?siteCode=nowhere');
  t.is(res.status, 400);
  t.is(res.body.code, 400);
  t.is(res.body.path, '/api/common/enums');
  t.regex(res.body.message, /siteCode/);
});

test('malformed site codes are a 400, not a lookup failure or a 500', async (t) => {
  const spaced = await stack.request('GET', '/api/common/enums', { headers: { 'site-name': 'a b' } });
  t.is(spaced.status, 400);
  t.is(spaced.body.code, 400);
  t.regex(spaced.body.message, /site-name/);

  const long = 'x'.repeat(100);
  const tooLong = await stack.request('GET', '/api/common/enums', { headers: { 'x-site-code': long } });
  t.is(tooLong.status, 400);
  t.is(tooLong.body.code, 400);
  t.false(tooLong.body.message.includes(long), 'the echoed code is cut short');

  const quoted = await stack.request('GET', `/api/common/enums?siteCode=${encodeURIComponent("x' OR '1'='1")}`);
  t.is(quoted.status, 400);
  t.regex(quoted.body.message, /siteCode/);
});

test('a business error message follows the locales header, one text per locale', async (t) => {
  const body = { account: 'nobody-here', password: 'whatever1' };
  const messages: Record<string, string> = {};
  for (const locale of LOCALES) {
    const res = await stack.request('POST', '/api/admin/login', { body, headers: { locales: locale } });
    t.is(res.status, 200);
    t.is(res.body.code, 2001);
    t.is(typeof res.body.message, 'string');
    t.not(res.body.message, '');
    messages[locale] = res.body.message;
    const enums = await stack.request('GET', '/api/common/enums', { headers: { locales: locale } });
    t.is(res.body.message, enums.body.result.ERROR_CODES['/api/admin/login']['2001']);
  }
  t.is(new Set(Object.values(messages)).size, LOCALES.length, JSON.stringify(messages));
});

test('no locales header and an unsupported locale both give the zh-TW text', async (t) => {
  const body = { account: 'nobody-here', password: 'whatever1' };
  const zhTW = await stack.request('POST', '/api/admin/login', { body, headers: { locales: 'zh-TW' } });
  const none = await stack.request('POST', '/api/admin/login', { body });
  const french = await stack.request('POST', '/api/admin/login', { body, headers: { locales: 'fr-FR' } });
  const english = await stack.request('POST', '/api/admin/login', { body, headers: { locales: 'en-US' } });
  t.is(none.body.code, 2001);
  t.is(french.body.code, 2001);
  t.is(none.body.message, zhTW.body.message);
  t.is(french.body.message, zhTW.body.message);
  t.not(english.body.message, zhTW.body.message);
});
