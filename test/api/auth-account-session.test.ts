import test from 'ava';
import { Redis } from 'ioredis';
import { PaymentChannelGroup, SiteConfig, User, UserLoginLog } from '../../shared/db/models';
import { COUNTRIES } from '../../shared/i18n/countries';
import { createAdmin, createSite, createUser } from '../helpers/factories';
import { startTestStack, type TestStack } from '../helpers/stack';

/**
 * The signed-in account endpoints: user-detail, country-codes, logout, locale, mascots,
 * avatar, as a client sees them.
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

const PROTECTED: Array<[string, string, unknown?]> = [
  ['GET', '/api/auth/user-detail'],
  ['GET', '/api/auth/country-codes'],
  ['POST', '/api/auth/logout'],
  ['PATCH', '/api/auth/locale', { locale: 'en-US' }],
  ['PATCH', '/api/auth/avatar', { mascotId: 'mascot-fox' }],
];

test('the signed-in endpoints answer 401 without a token, with a bad one and with an administrator-style token', async (t) => {
  const { token: adminToken } = await createAdmin();
  for (const [method, path, body] of PROTECTED) {
    for (const token of [undefined, 'not-a-jwt', adminToken]) {
      const res = await stack.request(method, path, { token, body });
      t.is(res.status, 401, `${method} ${path}`);
      t.is(res.body.code, 401);
      t.is(res.body.message, 'Unauthorized');
    }
  }
});

// ---------------------------------------------------------------------------------------------------
// user-detail

const SECRETS = ['password', 'totpAuthSecret', 'emailVerifyCode', 'mobileVerifyCode', 'withdrawalVerifyCode'];

test('user-detail: every field but the password and secrets, hasPassword, first mascot when no avatar', async (t) => {
  const { user, token } = await createUser({ balance: '7.25' });
  await user.update({
    totpAuthSecret: 'JBSWY3DPEHPK3PXP',
    emailVerifyCode: '482913',
    withdrawalVerifyCode: '771234',
    mobileVerifyCode: '+886912|654321',
    totalEffectiveBet: '100',
  });
  const res = await stack.request('GET', '/api/auth/user-detail', { token });
  t.is(res.status, 200);
  t.is(res.body.code, 200);
  const detail = res.body.result;
  for (const secret of SECRETS) t.false(secret in detail, secret);
  for (const value of ['JBSWY3DPEHPK3PXP', '482913', '771234', '654321', user.password]) t.false(res.text.includes(value), value);
  t.is(detail.id, user.id);
  t.is(detail.account, user.account);
  t.is(detail.name, 'Test Player');
  t.is(detail.balance, '7.250000');
  t.is(detail.frozenBalance, '0.000000');
  t.is(detail.totalEffectiveBet, '100.000000');
  t.is(detail.vipLevel, '1');
  t.is(detail.vipHold, 0);
  t.is(detail.relegationMissCount, 0);
  t.is(detail.totpAuthEnabled, 0);
  t.is(detail.locale, 'zh-TW');
  t.is(detail.siteCode, 'default');
  t.is(detail.hasPassword, true);
  t.false('loginLogs' in detail);
  for (const field of [
    'email',
    'mobile',
    'widget',
    'oauth',
    'vendorGroupId',
    'agentCode',
    'level1AgentId',
    'level2AgentId',
    'level3AgentId',
    'lastActivityAt',
  ]) {
    t.true(field in detail, field);
  }
  t.is(typeof detail.createdAt, 'string');
  // The factory user has no avatar: the first mascot of the site is shown.
  const site = await SiteConfig.findOne({ where: { siteCode: 'default' } });
  t.is(detail.avatar, site!.mascots[0].url);
  t.is((await User.findByPk(user.id))!.avatar, null);

  // A player created by a third-party login has no password.
  const thirdParty = await createUser();
  await thirdParty.user.update({ password: '', avatar: 'https://cdn.example.com/own.png' });
  const other = await stack.request('GET', '/api/auth/user-detail', { token: thirdParty.token });
  t.is(other.body.result.hasPassword, false);
  t.is(other.body.result.avatar, 'https://cdn.example.com/own.png');
});

test("user-detail?related=loginLogs: the latest 20 rows, newest first, only the user's own", async (t) => {
  const { user, token } = await createUser();
  const { user: someoneElse } = await createUser();
  const base = Date.now() - 3_600_000;
  await UserLoginLog.bulkCreate(
    Array.from({ length: 24 }, (_, i) => ({
      siteCode: 'default',
      userId: user.id,
      device: `device-${i}`,
      ip: '10.0.0.1',
      action: i % 3 === 0 ? 'LOGIN_FAIL' : 'LOGOUT',
      remark: i % 3 === 0 ? 'WRONG_PASSWORD' : null,
      lastUse: new Date(base + i * 1000),
    })),
  );
  await UserLoginLog.create({ siteCode: 'default', userId: someoneElse.id, device: 'not-mine', ip: '10.0.0.2', action: 'LOGIN', lastUse: new Date() });

  const res = await stack.request('GET', '/api/auth/user-detail?related=loginLogs', { token });
  t.is(res.body.code, 200);
  const logs = res.body.result.loginLogs;
  t.is(logs.length, 20);
  t.deepEqual(
    logs.map((l: { device: string }) => l.device),
    Array.from({ length: 20 }, (_, i) => `device-${23 - i}`),
  );
  const ids = logs.map((l: { id: number }) => l.id);
  t.deepEqual(
    ids,
    [...ids].sort((a, b) => b - a),
  );
  t.deepEqual(Object.keys(logs[0]).sort(), ['action', 'createdAt', 'device', 'id', 'ip', 'lastUse', 'remark', 'userId']);
  t.true(logs.every((l: { userId: number }) => l.userId === user.id));
  t.is(typeof logs[0].id, 'number');
  const fail = logs.find((l: { device: string }) => l.device === 'device-21');
  t.deepEqual([fail.action, fail.remark], ['LOGIN_FAIL', 'WRONG_PASSWORD']);

  // The enum value LOGIN_LOG works too; anything else is a 400.
  const byEnum = await stack.request('GET', '/api/auth/user-detail?related=LOGIN_LOG', { token });
  t.is(byEnum.body.result.loginLogs.length, 20);
  const unknown = await stack.request('GET', '/api/auth/user-detail?related=wallets', { token });
  t.is(unknown.status, 400);
  t.is(unknown.body.errors[0].field, 'related');
  const twice = await stack.request('GET', '/api/auth/user-detail?related=loginLogs&related=loginLogs', { token });
  t.is(twice.status, 400);
});

test('user-detail after a real login shows the LOGIN row on top', async (t) => {
  const { user, password } = await createUser();
  const login = await stack.request('POST', '/api/auth/login', { body: { account: user.account, password, device: 'my-phone' } });
  const res = await stack.request('GET', '/api/auth/user-detail?related=loginLogs', { token: login.body.result.token });
  t.is(res.body.result.loginLogs.length, 1);
  t.like(res.body.result.loginLogs[0], { action: 'LOGIN', device: 'my-phone', remark: null, userId: user.id });
  t.is(res.body.result.tokenVersion, 1);
});

// ---------------------------------------------------------------------------------------------------
// country-codes

test.serial('country-codes: ISO code, calling code and a name in the cookie language (default zh-TW)', async (t) => {
  const { token } = await createUser();
  const zh = await stack.request('GET', '/api/auth/country-codes', { token });
  t.is(zh.status, 200);
  const list = zh.body.result as Array<{ country: string; callingCode: string; name: string }>;
  t.true(list.length >= 240);
  t.is(list.length, COUNTRIES.length);
  for (const entry of list) {
    t.deepEqual(Object.keys(entry).sort(), ['callingCode', 'country', 'name']);
    t.regex(entry.country, /^[A-Z]{2}$/);
    t.regex(entry.callingCode, /^\+\d{1,4}$/);
    t.true(entry.name.length > 0);
  }
  t.is(new Set(list.map((c) => c.country)).size, list.length);
  const find = (l: typeof list, code: string) => l.find((c) => c.country === code)!;
  t.deepEqual(find(list, 'TW'), { country: 'TW', callingCode: '+886', name: '台灣' });
  t.is(find(list, 'US').callingCode, '+1');
  t.is(find(list, 'VN').callingCode, '+84');
  t.is(find(list, 'TH').callingCode, '+66');
  t.is(find(list, 'CN').callingCode, '+86');

  const names: Record<string, string> = { 'en-US': 'Taiwan', 'zh-CN': '台湾', 'th-TH': 'ไต้หวัน', 'vi-VN': 'Đài Loan', 'zh-TW': '台灣' };
  for (const [cookie, name] of Object.entries(names)) {
    const res = await stack.request('GET', '/api/auth/country-codes', { token, headers: { cookie: `i18n_redirected=${cookie}` } });
    t.is(find(res.body.result, 'TW').name, name, cookie);
    t.is(find(res.body.result, 'TW').callingCode, '+886');
  }
  const english = await stack.request('GET', '/api/auth/country-codes', { token, headers: { cookie: 'i18n_redirected=en-US' } });
  t.is(find(english.body.result, 'DE').name, 'Germany');
  // English names are sorted by name.
  const englishNames = english.body.result.map((c: { name: string }) => c.name);
  t.deepEqual(englishNames, [...englishNames].sort(new Intl.Collator('en-US').compare));
  // An unknown cookie falls back to zh-TW; the locales header does not choose the language.
  const fallback = await stack.request('GET', '/api/auth/country-codes', { token, headers: { cookie: 'i18n_redirected=xx-YY', locales: 'en-US' } });
  t.is(find(fallback.body.result, 'DE').name, '德國');
});

test.serial('country-codes: cached 24 hours per language under cache:country-codes:<lang>', async (t) => {
  const { token } = await createUser();
  await redis.del('cache:country-codes:vi-VN');
  const first = await stack.request('GET', '/api/auth/country-codes', { token, headers: { cookie: 'i18n_redirected=vi-VN' } });
  t.is(first.body.code, 200);
  const ttl = await redis.ttl('cache:country-codes:vi-VN');
  t.true(ttl > 86_300 && ttl <= 86_400, String(ttl));
  t.deepEqual(JSON.parse((await redis.get('cache:country-codes:vi-VN'))!), first.body.result);

  // Served from the cache while it lives.
  await redis.set('cache:country-codes:vi-VN', JSON.stringify([{ country: 'ZZ', callingCode: '+0', name: 'cached' }]), 'EX', 60);
  const cached = await stack.request('GET', '/api/auth/country-codes', { token, headers: { cookie: 'i18n_redirected=vi-VN' } });
  t.deepEqual(cached.body.result, [{ country: 'ZZ', callingCode: '+0', name: 'cached' }]);
  await redis.del('cache:country-codes:vi-VN');
});

// ---------------------------------------------------------------------------------------------------
// logout

test('logout: locale from the header, channel group re-matched, tokens ended, cache entry deleted', async (t) => {
  const { user, password } = await createUser();
  const login = await stack.request('POST', '/api/auth/login', { body: { account: user.account, password } });
  const token = login.body.result.token;
  await redis.del(`cache:auth:tv-hold:${user.id}`); // as if the short refill hold after the login had passed
  t.is((await stack.request('GET', '/api/auth/user-detail', { token })).status, 200); // caches the version
  t.is(await redis.get(`cache:auth:tv:${user.id}`), '1');

  const [usd] = await PaymentChannelGroup.findAll({ where: { siteCode: 'default', currency: 'USD', enabled: 1 }, order: [['id', 'ASC']] });
  const res = await stack.request('POST', '/api/auth/logout', { token, headers: { locales: 'en-US' } });
  t.is(res.status, 200);
  t.is(res.body.code, 200);
  t.is(res.body.path, '/api/auth/logout');
  t.deepEqual(res.body.result, { locale: 'en-US', vendorGroupId: usd.id });
  t.is(await redis.get(`cache:auth:tv:${user.id}`), null);

  const row = await User.findByPk(user.id);
  t.is(row!.locale, 'en-US');
  t.is(row!.vendorGroupId, usd.id);
  t.is(row!.tokenVersion, 2);
  const after = await stack.request('GET', '/api/auth/user-detail', { token });
  t.is(after.status, 401);
  t.is((await stack.request('POST', '/api/auth/logout', { token })).status, 401);

  // The session's LOGIN row is closed.
  const logs = await UserLoginLog.findAll({ where: { userId: user.id } });
  t.deepEqual(
    logs.map((l) => l.action),
    ['LOGOUT'],
  );
});

test('logout without a locales header keeps the locale; a currency without an enabled group gives null', async (t) => {
  const site = await createSite();
  const { user, token } = await createUser({ siteCode: site });
  await user.update({ locale: 'vi-VN', vendorGroupId: 12345 });
  const [vnd] = await PaymentChannelGroup.findAll({ where: { siteCode: site, currency: 'VND' }, order: [['id', 'ASC']] });
  const kept = await stack.request('POST', '/api/auth/logout', { token, headers: { 'site-name': site } });
  t.deepEqual(kept.body.result, { locale: 'vi-VN', vendorGroupId: vnd.id });

  await PaymentChannelGroup.update({ enabled: 0 }, { where: { siteCode: site, currency: 'THB' } });
  const login = await stack.request('POST', '/api/auth/login', { body: { account: user.account, password: 'secret123' }, headers: { 'site-name': site } });
  const res = await stack.request('POST', '/api/auth/logout', { token: login.body.result.token, headers: { 'site-name': site, locales: 'th-TH' } });
  t.deepEqual(res.body.result, { locale: 'th-TH', vendorGroupId: null });
  t.is((await User.findByPk(user.id))!.vendorGroupId, null);
});

// ---------------------------------------------------------------------------------------------------
// locale

test('PATCH locale: changes the locale only; 2001 for an unsupported one; 400 for a missing or non-string one', async (t) => {
  const { user, token } = await createUser();
  await user.update({ vendorGroupId: 777 });
  const res = await stack.request('PATCH', '/api/auth/locale', { token, body: { locale: 'th-TH' } });
  t.is(res.status, 200);
  t.deepEqual(res.body.result, { locale: 'th-TH' });
  const row = await User.findByPk(user.id);
  t.is(row!.locale, 'th-TH');
  t.is(row!.vendorGroupId, 777); // channel group untouched
  t.is(row!.tokenVersion, 0); // token untouched
  t.is((await stack.request('GET', '/api/auth/user-detail', { token })).body.result.locale, 'th-TH');

  for (const locale of ['ko-KR', 'en', 'EN-US', 'xx']) {
    const bad = await stack.request('PATCH', '/api/auth/locale', { token, body: { locale }, headers: { locales: 'en-US' } });
    t.is(bad.status, 200);
    t.is(bad.body.code, 2001, locale);
    t.is(bad.body.message, 'Unsupported language');
    t.is(bad.body.path, '/api/auth/locale');
  }
  t.is((await User.findByPk(user.id))!.locale, 'th-TH');
  for (const body of [{}, { locale: 12 }, { locale: ['en-US'] }, { locale: 'x'.repeat(21) }]) {
    const invalid = await stack.request('PATCH', '/api/auth/locale', { token, body });
    t.is(invalid.status, 400, JSON.stringify(body));
    t.is(invalid.body.errors[0].field, 'locale');
  }
});

// ---------------------------------------------------------------------------------------------------
// mascots and avatar

test("mascots: public, the site's ten mascots as {id, label, url} with labels in the request locale", async (t) => {
  const en = await stack.request('GET', '/api/auth/mascots', { headers: { locales: 'en-US' } });
  t.is(en.status, 200);
  t.is(en.body.code, 200);
  const list = en.body.result as Array<{ id: string; label: string; url: string }>;
  t.is(list.length, 10);
  t.deepEqual(
    list.map((m) => m.id),
    ['dragon', 'phoenix', 'angel', 'wizard', 'knight', 'mermaid', 'tiger', 'fox', 'owl', 'wolf'].map((n) => `mascot-${n}`),
  );
  for (const m of list) t.deepEqual(Object.keys(m).sort(), ['id', 'label', 'url']);
  t.is(list[0].label, 'Dragon');
  t.regex(list[0].url, /\/mascots\/mascot-dragon\.png$/);
  const zh = await stack.request('GET', '/api/auth/mascots');
  t.is(zh.body.result[0].label, '神龍');
  const th = await stack.request('GET', '/api/auth/mascots', { headers: { locales: 'th-TH' } });
  t.is(th.body.result[0].label, 'มังกร');

  // Another site's list, replaced by its operator (labels may be plain strings).
  const site = await createSite();
  await SiteConfig.update(
    {
      mascots: [
        { id: 'mascot-cat', label: { 'en-US': 'Cat', 'zh-TW': '貓' }, url: 'https://cdn.example.com/cat.png' },
        { id: 'mascot-plain', label: 'Plain', url: 'https://cdn.example.com/plain.png' },
      ],
    },
    { where: { siteCode: site } },
  );
  const other = await stack.request('GET', '/api/auth/mascots', { headers: { 'site-name': site, locales: 'vi-VN' } });
  t.deepEqual(other.body.result, [
    { id: 'mascot-cat', label: 'Cat', url: 'https://cdn.example.com/cat.png' },
    { id: 'mascot-plain', label: 'Plain', url: 'https://cdn.example.com/plain.png' },
  ]);
});

test('PATCH avatar: a mascot of the site becomes the avatar; 2001 for an unknown id; 400 without one', async (t) => {
  const { user, token } = await createUser();
  const mascots = (await stack.request('GET', '/api/auth/mascots')).body.result as Array<{ id: string; url: string }>;
  const fox = mascots.find((m) => m.id === 'mascot-fox')!;
  const res = await stack.request('PATCH', '/api/auth/avatar', { token, body: { mascotId: 'mascot-fox' } });
  t.is(res.status, 200);
  t.deepEqual(res.body.result, { avatar: fox.url });
  t.is((await User.findByPk(user.id))!.avatar, fox.url);
  t.is((await stack.request('GET', '/api/auth/user-detail', { token })).body.result.avatar, fox.url);

  for (const mascotId of ['mascot-unicorn', 'https://evil.example.com/x.png', 'MASCOT-FOX']) {
    const bad = await stack.request('PATCH', '/api/auth/avatar', { token, body: { mascotId }, headers: { locales: 'en-US' } });
    t.is(bad.status, 200);
    t.is(bad.body.code, 2001);
    t.is(bad.body.path, '/api/auth/avatar');
    t.is(bad.body.message, 'Invalid avatar');
  }
  t.is((await User.findByPk(user.id))!.avatar, fox.url);
  for (const body of [{}, { mascotId: 7 }, { mascotId: '' }]) {
    const invalid = await stack.request('PATCH', '/api/auth/avatar', { token, body });
    t.is(invalid.status, 400, JSON.stringify(body));
  }

  // The list is the player's own site's: another site's mascot id is unknown here.
  const site = await createSite();
  await SiteConfig.update({ mascots: [{ id: 'mascot-cat', label: 'Cat', url: 'https://cdn.example.com/cat.png' }] }, { where: { siteCode: site } });
  t.is((await stack.request('PATCH', '/api/auth/avatar', { token, body: { mascotId: 'mascot-cat' } })).body.code, 2001);
  const { token: siteToken, user: siteUser } = await createUser({ siteCode: site });
  const inSite = await stack.request('PATCH', '/api/auth/avatar', { token: siteToken, body: { mascotId: 'mascot-cat' }, headers: { 'site-name': site } });
  t.deepEqual(inSite.body.result, { avatar: 'https://cdn.example.com/cat.png' });
  t.is((await User.findByPk(siteUser.id))!.avatar, 'https://cdn.example.com/cat.png');
});
