import test from 'ava';
import { Op } from 'sequelize';
import { PaymentChannelGroup, SiteConfig, User, UserLoginLog } from '../../shared/db/models';
import { createSite, createUser } from '../helpers/factories';
import { startTestStack, type ApiResponse, type RequestOptions, type TestStack } from '../helpers/stack';
import { awayFromMinuteEdge } from '../helpers/wait';

/**
 * POST /auth/register and POST /auth/login as a client sees them.
 * TRUST_PROXY is on for this file so each test speaks from its own X-Forwarded-For address: the
 * per-IP rate limits then count only that test's requests.
 */
let stack: TestStack;
test.before(async () => {
  stack = await startTestStack({ TRUST_PROXY: 'true' });
});
test.after.always(async () => {
  await stack?.close();
});

let ipCounter = 0;
/** A client address of its own for one test. */
const freshIp = () => {
  ipCounter += 1;
  return `198.51.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
};

let accountCounter = 0;
const freshAccount = (prefix = 'user') => {
  accountCounter += 1;
  return `${prefix}${accountCounter}${Math.random().toString(36).slice(2, 7)}`;
};

interface CallOptions extends RequestOptions {
  ip: string;
}

function call(method: string, path: string, options: CallOptions): Promise<ApiResponse> {
  const { ip, ...rest } = options;
  return stack.request(method, path, { ...rest, headers: { 'x-forwarded-for': ip, ...rest.headers } });
}

function register(body: Record<string, unknown>, ip: string, headers: Record<string, string> = {}) {
  return call('POST', '/api/auth/register', { body, ip, headers });
}

function login(body: Record<string, unknown>, ip: string, headers: Record<string, string> = {}) {
  return call('POST', '/api/auth/login', { body, ip, headers });
}

// ---------------------------------------------------------------------------------------------------
// Register

test('register creates a player and returns a token for immediate use', async (t) => {
  const ip = freshIp();
  const account = freshAccount();
  const res = await register({ account, password: 'secret123', name: 'Alice', device: 'device-fp-1' }, ip, { locales: 'en-US', 'user-agent': 'UA-register' });
  t.is(res.status, 200);
  t.is(res.body.code, 200);
  t.is(res.body.message, 'ok');
  t.is(res.body.path, '/api/auth/register');
  const { token, user, vendorGroupId } = res.body.result;
  t.deepEqual(Object.keys(res.body.result).sort(), ['token', 'user', 'vendorGroupId']);
  t.is(typeof token, 'string');
  t.deepEqual(Object.keys(user).sort(), ['id', 'name']);
  t.is(user.name, 'Alice');

  const row = await User.findByPk(user.id);
  t.truthy(row);
  t.is(row!.account, account);
  t.is(row!.siteCode, 'default');
  t.is(row!.tokenVersion, 0);
  t.is(row!.locale, 'en-US');
  t.regex(row!.password, /^\$2[aby]\$10\$/); // bcrypt, cost 10
  t.not(row!.password, 'secret123');
  const site = await SiteConfig.findOne({ where: { siteCode: 'default' } });
  t.is(row!.avatar, site!.mascots[0].url);
  t.is(row!.vendorGroupId, vendorGroupId);

  // The registration session is a LOGIN row with the client-sent device.
  const logs = await UserLoginLog.findAll({ where: { userId: user.id } });
  t.is(logs.length, 1);
  t.is(logs[0].action, 'LOGIN');
  t.is(logs[0].device, 'device-fp-1');
  t.is(logs[0].ip, ip);

  const detail = await call('GET', '/api/auth/user-detail', { token, ip });
  t.is(detail.status, 200);
  t.is(detail.body.result.id, user.id);
  t.is(detail.body.result.account, account);
});

test('register: an account that exists in the site is 2001, in another site it is a new player', async (t) => {
  const ip = freshIp();
  const account = freshAccount();
  const first = await register({ account, password: 'secret123', name: 'First' }, ip);
  t.is(first.body.code, 200);
  const again = await register({ account, password: 'other-pass', name: 'Second' }, ip, { locales: 'en-US' });
  t.is(again.status, 200);
  t.is(again.body.code, 2001);
  t.is(again.body.data, null);
  t.is(again.body.message, 'Account already exists');
  t.is(again.body.path, '/api/auth/register');

  const otherSite = await createSite();
  const elsewhere = await register({ account, password: 'other-pass', name: 'Elsewhere' }, ip, { 'site-name': otherSite });
  t.is(elsewhere.body.code, 200);
  t.not(elsewhere.body.result.user.id, first.body.result.user.id);
  const rows = await User.findAll({ where: { account } });
  t.deepEqual(rows.map((r) => r.siteCode).sort(), ['default', otherSite].sort());
});

test('register: concurrent registrations of one account give one player and 2001 for the rest, never 500', async (t) => {
  const account = freshAccount();
  const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => register({ account, password: 'secret123', name: `Racer ${i}` }, freshIp())));
  t.deepEqual(
    answers.map((a) => a.status),
    Array(6).fill(200),
  );
  t.is(answers.filter((a) => a.body.code === 200).length, 1);
  t.is(answers.filter((a) => a.body.code === 2001).length, 5);
  t.is(await User.count({ where: { account } }), 1);
});

test('register: channel group of the locale currency, the smallest enabled id, else the next enabled, else null', async (t) => {
  const ip = freshIp();
  const site = await createSite();
  const headers = (locale: string) => ({ 'site-name': site, locales: locale });
  const usd = await PaymentChannelGroup.findAll({ where: { siteCode: site, currency: 'USD', enabled: 1 }, order: [['id', 'ASC']] });
  t.true(usd.length >= 1);
  const en = await register({ account: freshAccount(), password: 'secret123', name: 'En' }, ip, headers('en-US'));
  t.is(en.body.result.vendorGroupId, usd[0].id);

  // THB: the seeded group disabled, a later enabled one is picked; none enabled gives null.
  const [thb] = await PaymentChannelGroup.findAll({ where: { siteCode: site, currency: 'THB' }, order: [['id', 'ASC']] });
  await thb.update({ enabled: 0 });
  const later = await PaymentChannelGroup.create({
    siteCode: site,
    groupName: { 'en-US': 'THB second' },
    currency: 'THB',
    channelIds: [],
    enabled: 1,
  });
  const th = await register({ account: freshAccount(), password: 'secret123', name: 'Th' }, ip, headers('th-TH'));
  t.is(th.body.result.vendorGroupId, later.id);
  await later.update({ enabled: 0 });
  const none = await register({ account: freshAccount(), password: 'secret123', name: 'Th2' }, ip, headers('th-TH'));
  t.is(none.body.code, 200);
  t.is(none.body.result.vendorGroupId, null);
  t.is((await User.findByPk(none.body.result.user.id))!.vendorGroupId, null);

  // Without a locales header the default locale zh-TW (TWD) applies.
  const [twd] = await PaymentChannelGroup.findAll({ where: { siteCode: site, currency: 'TWD', enabled: 1 }, order: [['id', 'ASC']] });
  const zh = await register({ account: freshAccount(), password: 'secret123', name: 'Zh' }, ip, { 'site-name': site });
  t.is(zh.body.result.vendorGroupId, twd.id);
  t.is((await User.findByPk(zh.body.result.user.id))!.locale, 'zh-TW');
});

test('register: a refCode naming no agent of the site is 2002 and creates nothing', async (t) => {
  const ip = freshIp();
  const account = freshAccount();
  const res = await register({ account, password: 'secret123', name: 'Ref', refCode: 'NOPE123' }, ip, { locales: 'en-US' });
  t.is(res.body.code, 2002);
  t.is(res.body.message, 'Referral code not found');
  t.is(await User.count({ where: { account } }), 0);

  // An agent of another site does not count.
  const otherSite = await createSite();
  const { user: foreignAgent } = await createUser({ siteCode: otherSite });
  await foreignAgent.update({ agentCode: 'FOREIGN1' });
  const foreign = await register({ account, password: 'secret123', name: 'Ref', refCode: 'FOREIGN1' }, ip);
  t.is(foreign.body.code, 2002);
  t.is(await User.count({ where: { account } }), 0);
});

test('register: a refCode of an agent binds the player to three upline levels', async (t) => {
  const ip = freshIp();
  const { user: top } = await createUser();
  const { user: middle } = await createUser();
  const { user: agent } = await createUser();
  const code = `AG${Math.random().toString(36).slice(2, 8)}`;
  await middle.update({ level1AgentId: top.id });
  await agent.update({ level1AgentId: middle.id, level2AgentId: top.id, agentCode: code });

  const res = await register({ account: freshAccount(), password: 'secret123', name: 'Down', refCode: code }, ip);
  t.is(res.body.code, 200);
  const created = await User.findByPk(res.body.result.user.id);
  t.is(created!.level1AgentId, agent.id);
  t.is(created!.level2AgentId, middle.id);
  t.is(created!.level3AgentId, top.id);

  // An agent with no upline: level 1 only.
  const { user: lone } = await createUser();
  const loneCode = `LN${Math.random().toString(36).slice(2, 8)}`;
  await lone.update({ agentCode: loneCode });
  const second = await register({ account: freshAccount(), password: 'secret123', name: 'Down2', refCode: loneCode }, ip);
  const created2 = await User.findByPk(second.body.result.user.id);
  t.is(created2!.level1AgentId, lone.id);
  t.is(created2!.level2AgentId, null);
  t.is(created2!.level3AgentId, null);

  // An empty refCode is no refCode.
  const third = await register({ account: freshAccount(), password: 'secret123', name: 'NoRef', refCode: '' }, ip);
  t.is(third.body.code, 200);
  t.is((await User.findByPk(third.body.result.user.id))!.level1AgentId, null);
});

test('register: bad input is a 400 envelope naming the field, never a 500', async (t) => {
  const ip = freshIp();
  const ok = { account: freshAccount(), password: 'secret123', name: 'Valid' };
  const cases: Array<[Record<string, unknown>, string]> = [
    [{ password: 'secret123', name: 'x' }, 'account'],
    [{ account: 'someone', name: 'x' }, 'password'],
    [{ account: 'someone', password: 'secret123' }, 'name'],
    [{ ...ok, account: 'a'.repeat(51) }, 'account'],
    [{ ...ok, account: '' }, 'account'],
    [{ ...ok, account: 'has space' }, 'account'],
    [{ ...ok, account: 'oauth_12345' }, 'account'],
    [{ ...ok, account: 12345678 }, 'account'],
    [{ ...ok, password: '12345' }, 'password'],
    [{ ...ok, password: 'x'.repeat(129) }, 'password'],
    [{ ...ok, password: 12345678 }, 'password'],
    [{ ...ok, name: 'n'.repeat(51) }, 'name'],
    [{ ...ok, name: { first: 'a' } }, 'name'],
    [{ ...ok, refCode: 'r'.repeat(31) }, 'refCode'],
    [{ ...ok, device: 'd'.repeat(256) }, 'device'],
    [{ ...ok, device: ['a'] }, 'device'],
  ];
  // More than the register limit from one address: spread them.
  for (const [body, field] of cases) {
    const res = await register(body, freshIp());
    t.is(res.status, 400, JSON.stringify(body));
    t.is(res.body.code, 400);
    t.true(
      res.body.errors.some((e: { field: string }) => e.field === field),
      `${field} in ${JSON.stringify(res.body.errors)}`,
    );
  }
  const notObject = await register(['x'] as unknown as Record<string, unknown>, ip);
  t.is(notObject.status, 400);
  const malformed = await call('POST', '/api/auth/register', { rawBody: '{"account":', headers: { 'content-type': 'application/json' }, ip });
  t.is(malformed.status, 400);
  t.is(await User.count({ where: { name: 'Valid' } }), 0);
});

test('register: more than 10 registrations per hour from one address get a 429 with Retry-After', async (t) => {
  const ip = freshIp();
  // Invalid bodies count too (and cost nothing to refuse).
  for (let i = 0; i < 10; i += 1) {
    const res = await register({ account: '' }, ip);
    t.is(res.status, 400);
  }
  const limited = await register({ account: freshAccount(), password: 'secret123', name: 'Eleventh' }, ip);
  t.is(limited.status, 429);
  t.is(limited.body.code, 429);
  t.is(limited.body.data, null);
  t.is(limited.body.path, '/api/auth/register');
  const retryAfter = Number(limited.headers.get('retry-after'));
  t.true(retryAfter >= 1 && retryAfter <= 3600);
  t.is(await User.count({ where: { name: 'Eleventh' } }), 0);
  // Another address is not affected.
  const other = await register({ account: freshAccount(), password: 'secret123', name: 'Other' }, freshIp());
  t.is(other.body.code, 200);
});

// ---------------------------------------------------------------------------------------------------
// Login

const LOGIN_USER_FIELDS = [
  'account',
  'agentCode',
  'avatar',
  'balance',
  'createdAt',
  'email',
  'frozenBalance',
  'id',
  'level1AgentId',
  'lastActivityAt',
  'locale',
  'mobile',
  'name',
  'oauth',
  'siteCode',
  'tokenVersion',
  'totalEffectiveBet',
  'totpAuthEnabled',
  'vendorGroupId',
  'vipLevel',
  'vipProgress',
  'widget',
];

test('login returns a token and the user of 2.6 with money as 6-decimal strings, never secrets', async (t) => {
  const ip = freshIp();
  const { user, token: oldToken, password } = await createUser({ balance: '12.5' });
  await user.update({ totpAuthSecret: 'JBSWY3DPEHPK3PXP', emailVerifyCode: '482913', withdrawalVerifyCode: '771234', mobileVerifyCode: '+886912|123456' });
  const res = await login({ account: user.account, password }, ip);
  t.is(res.status, 200);
  t.is(res.body.code, 200);
  t.is(res.body.path, '/api/auth/login');
  const { token, user: body } = res.body.result;
  t.is(typeof token, 'string');
  t.deepEqual(Object.keys(body).sort(), [...LOGIN_USER_FIELDS].sort());
  t.is(body.id, user.id);
  t.is(body.account, user.account);
  t.is(body.vipLevel, '1');
  t.is(body.balance, '12.500000');
  t.is(body.frozenBalance, '0.000000');
  t.is(body.totalEffectiveBet, '0.000000');
  t.is(body.totpAuthEnabled, 0);
  t.is(body.tokenVersion, 1);
  t.is(body.siteCode, 'default');
  for (const secret of ['password', 'totpAuthSecret', 'emailVerifyCode', 'mobileVerifyCode', 'withdrawalVerifyCode']) {
    t.false(secret in body);
  }
  for (const value of ['JBSWY3DPEHPK3PXP', '482913', '771234', user.password]) t.false(res.text.includes(value));

  // The earlier token stops working; the new one works.
  t.is((await call('GET', '/api/auth/user-detail', { token: oldToken, ip })).status, 401);
  t.is((await call('GET', '/api/auth/user-detail', { token, ip })).status, 200);
  // A later login ends this one too.
  const again = await login({ account: user.account, password }, ip);
  t.is(again.body.result.user.tokenVersion, 2);
  const stale = await call('GET', '/api/auth/user-detail', { token, ip });
  t.is(stale.status, 401);
  t.deepEqual({ code: stale.body.code, message: stale.body.message }, { code: 401, message: 'Unauthorized' });
  t.is((await call('GET', '/api/auth/user-detail', { token: again.body.result.token, ip })).status, 200);
});

test('login logs: the previous LOGIN row becomes LOGOUT; device from the body wins over the User-Agent', async (t) => {
  const ip = freshIp();
  const { user, password } = await createUser();
  const first = await login({ account: user.account, password, device: 'fingerprint-A' }, ip, { 'user-agent': 'UA-one' });
  t.is(first.body.code, 200);
  let rows = await UserLoginLog.findAll({ where: { userId: user.id }, order: [['id', 'ASC']] });
  t.deepEqual(
    rows.map((r) => [r.action, r.device, r.ip]),
    [['LOGIN', 'fingerprint-A', ip]],
  );

  const second = await login({ account: user.account, password }, ip, { 'user-agent': 'UA-two' });
  t.is(second.body.code, 200);
  rows = await UserLoginLog.findAll({ where: { userId: user.id }, order: [['id', 'ASC']] });
  t.deepEqual(
    rows.map((r) => [r.action, r.device]),
    [
      ['LOGOUT', 'fingerprint-A'],
      ['LOGIN', 'UA-two'],
    ],
  );
  t.true(rows[0].lastUse.getTime() >= rows[0].createdAt.getTime());
});

test('login failures: one 2001 for unknown account and wrong password, each with its LOGIN_FAIL row', async (t) => {
  const ip = freshIp();
  const { user } = await createUser();
  const unknownAccount = freshAccount('ghost');
  const unknown = await login({ account: unknownAccount, password: 'whatever1', device: 'dev-x' }, ip, { locales: 'en-US' });
  const wrong = await login({ account: user.account, password: 'wrong-password' }, ip, { locales: 'en-US', 'user-agent': 'UA-fail' });
  for (const res of [unknown, wrong]) {
    t.is(res.status, 200);
    t.is(res.body.code, 2001);
    t.is(res.body.data, null);
    t.is(res.body.path, '/api/auth/login');
  }
  t.is(unknown.body.message, wrong.body.message);

  const ghostRows = await UserLoginLog.findAll({ where: { remark: `ACCOUNT_NOT_FOUND:${unknownAccount}` } });
  t.is(ghostRows.length, 1);
  t.is(ghostRows[0].userId, null);
  t.is(ghostRows[0].action, 'LOGIN_FAIL');
  t.is(ghostRows[0].device, 'dev-x');
  t.is(ghostRows[0].ip, ip);

  const rows = await UserLoginLog.findAll({ where: { userId: user.id } });
  t.deepEqual(
    rows.map((r) => [r.action, r.remark, r.device]),
    [['LOGIN_FAIL', 'WRONG_PASSWORD', 'UA-fail']],
  );
  t.is((await User.findByPk(user.id))!.tokenVersion, 0);
});

test('login: a player created by a third-party login (empty password) cannot log in with a password', async (t) => {
  const ip = freshIp();
  const { user } = await createUser();
  await user.update({ password: '' });
  for (const password of ['secret123', '      ']) {
    const res = await login({ account: user.account, password }, ip);
    t.is(res.body.code, 2001);
  }
  const rows = await UserLoginLog.findAll({ where: { userId: user.id } });
  t.true(rows.every((r) => r.action === 'LOGIN_FAIL' && r.remark === 'WRONG_PASSWORD'));
  t.is((await User.findByPk(user.id))!.tokenVersion, 0);
});

test('login: sites are isolated; one account name in two sites is two players', async (t) => {
  const ip = freshIp();
  const siteA = await createSite();
  const siteB = await createSite();
  const account = freshAccount();
  const { user: inA } = await createUser({ siteCode: siteA, account, password: 'password-a' });
  const { user: inB } = await createUser({ siteCode: siteB, account, password: 'password-b' });

  const a = await login({ account, password: 'password-a' }, ip, { 'site-name': siteA });
  t.is(a.body.result.user.id, inA.id);
  t.is(a.body.result.user.siteCode, siteA);
  const b = await login({ account, password: 'password-b' }, ip, { 'site-name': siteB });
  t.is(b.body.result.user.id, inB.id);
  // A's password does not open B, and a player of one site cannot log in through another.
  t.is((await login({ account, password: 'password-a' }, ip, { 'site-name': siteB })).body.code, 2001);
  const { user: onlyA, password } = await createUser({ siteCode: siteA });
  t.is((await login({ account: onlyA.account, password }, ip, { 'site-name': siteB })).body.code, 2001);
  t.is((await login({ account: onlyA.account, password }, ip)).body.code, 2001); // default site
  const failRow = await UserLoginLog.findOne({ where: { remark: `ACCOUNT_NOT_FOUND:${onlyA.account}`, siteCode: siteB } });
  t.truthy(failRow);
  // A's token does not open B's site.
  t.is((await call('GET', '/api/auth/user-detail', { token: a.body.result.token, ip, headers: { 'site-name': siteB } })).status, 401);
});

test('login: bad input is a 400 envelope naming the field, never a 500', async (t) => {
  const ip = freshIp();
  const cases: Array<[unknown, string]> = [
    [{ password: 'secret123' }, 'account'],
    [{ account: 'someone' }, 'password'],
    [{ account: 'someone', password: '12345' }, 'password'],
    [{ account: 'a'.repeat(51), password: 'secret123' }, 'account'],
    [{ account: 42, password: 'secret123' }, 'account'],
    [{ account: 'someone', password: 123456 }, 'password'],
    [{ account: 'someone', password: true }, 'password'],
    [{ account: 'someone', password: 'secret123', device: 'd'.repeat(256) }, 'device'],
    [{ account: null, password: 'secret123' }, 'account'],
  ];
  for (const [body, field] of cases) {
    const res = await call('POST', '/api/auth/login', { body, ip });
    t.is(res.status, 400, JSON.stringify(body));
    t.is(res.body.code, 400);
    t.true(
      res.body.errors.some((e: { field: string }) => e.field === field),
      JSON.stringify(res.body.errors),
    );
  }
  const empty = await call('POST', '/api/auth/login', { ip });
  t.is(empty.status, 400);
  t.is(await UserLoginLog.count({ where: { ip } }), 0);
});

test('login: the 11th attempt for one account within a minute gets a 429 with Retry-After', async (t) => {
  const { user, password } = await createUser();
  await awayFromMinuteEdge();
  // From several addresses: the per-account limit holds whatever the address.
  for (let i = 0; i < 10; i += 1) {
    const res = await login({ account: user.account, password: 'wrong-password' }, freshIp());
    t.is(res.body.code, 2001);
  }
  const limited = await login({ account: user.account, password }, freshIp());
  t.is(limited.status, 429);
  t.is(limited.body.code, 429);
  t.is(limited.body.data, null);
  t.is(limited.body.path, '/api/auth/login');
  t.is(typeof limited.body.message, 'string');
  const retryAfter = Number(limited.headers.get('retry-after'));
  t.true(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60, String(retryAfter));
  t.is((await User.findByPk(user.id))!.tokenVersion, 0);
  // Another account is not held back.
  const other = await createUser();
  t.is((await login({ account: other.user.account, password: other.password }, freshIp())).body.code, 200);
});

test('login: more than 30 attempts per minute from one address get a 429', async (t) => {
  const ip = freshIp();
  await awayFromMinuteEdge();
  for (let i = 0; i < 30; i += 1) {
    const res = await login({ account: `nobody-${i}` }, ip); // invalid bodies count too
    t.is(res.status, 400);
  }
  const { user, password } = await createUser();
  const limited = await login({ account: user.account, password }, ip);
  t.is(limited.status, 429);
  t.truthy(limited.headers.get('retry-after'));
  t.is((await login({ account: user.account, password }, freshIp())).body.code, 200);
  t.is(await UserLoginLog.count({ where: { ip, action: { [Op.ne]: 'LOGIN_FAIL' } } }), 0);
});
