import { createHash, createHmac, randomInt } from 'node:crypto';
import test from 'ava';
import type { User } from '../../shared/db/models';
import { createAgent } from '../helpers/affiliates';
import { startTestStack, type ApiResponse, type TestStack } from '../helpers/stack';
import { waitFor } from '../helpers/wait';

/**
 * Registration with a refCode: the site's agentCode first, else an enabled
 * referral code (any case) of an agent of the site; the new player's three levels, the referral code's
 * convertCount, registerIp/registerDevice and one bind log (bind, register), through the password
 * registration and the widget login (the OAuth login creates players through the same function). An
 * unknown code stays what it was: 2002 for register, ignored for third-party logins.
 */
const BOT_TOKEN = '5551234:affiliate-registration-bot';
let stack: TestStack;
let models: typeof import('../../shared/db/models');
let factories: typeof import('../helpers/factories');

test.before(async () => {
  stack = await startTestStack({ TRUST_PROXY: 'true', RATE_LIMIT_REGISTER_PER_IP: '1000', WIDGET_BOT_TOKEN: BOT_TOKEN, THIRD_PARTY_LOGIN_RATE_LIMIT: '1000' });
  models = await import('../../shared/db/models');
  factories = await import('../helpers/factories');
});
test.after.always(async () => {
  await waitFor('outbox pushes', async () => (await models?.OutboxMessage.count({ where: { sentAt: null } })) === 0, 5000).catch(() => undefined);
  await stack?.close();
});

let counter = 0;
const fresh = (prefix: string) => `${prefix}${(counter += 1)}${Math.random().toString(36).slice(2, 7)}`;

function register(site: string, refCode: string | undefined, extra: Record<string, unknown> = {}, ip = '198.18.0.7'): Promise<ApiResponse> {
  return stack.request('POST', '/api/auth/register', {
    body: { account: fresh('reg'), password: 'secret123', name: 'New', refCode, ...extra },
    headers: { 'site-name': site, 'x-forwarded-for': ip, 'user-agent': 'UA-registration' },
  });
}

/** agent0 <- agent1 <- agent2: agent2's new members get levels agent2, agent1, agent0. */
async function chain() {
  const siteCode = await factories.createSite();
  const a0 = (await createAgent({ siteCode })).user;
  const a1 = (await createAgent({ siteCode, upline: a0 })).user;
  const a2 = (await createAgent({ siteCode, upline: a1 })).user;
  return { siteCode, a0, a1, a2 };
}

const userOf = (res: ApiResponse) => models.User.findByPk(res.body.result.user.id as number) as Promise<User>;
const logsOf = (memberId: number) => models.AffiliateBindLog.findAll({ where: { memberId }, raw: true });

test('register with an agentCode: three levels, registerIp and device, one bind log; no referral code counted', async (t) => {
  const { siteCode, a0, a1, a2 } = await chain();
  const res = await register(siteCode, a2.agentCode as string, { device: 'fp-123' }, '198.18.1.1');
  t.is(res.body.code, 200, res.text);
  const user = await userOf(res);
  t.like(user.get({ plain: true }), {
    level1AgentId: a2.id,
    level2AgentId: a1.id,
    level3AgentId: a0.id,
    referralCodeId: null,
    registerIp: '198.18.1.1',
    registerDevice: 'fp-123',
  });
  const logs = await logsOf(user.id);
  t.is(logs.length, 1);
  t.like(logs[0], { siteCode, memberId: user.id, oldAgentId: null, newAgentId: a2.id, action: 'bind', source: 'register', operatorAccount: null });
});

test('register with a referral code (any case): its agent, convertCount + 1, referralCodeId, bind log', async (t) => {
  const { siteCode, a0, a1, a2 } = await chain();
  const code = `Ref${'x'.repeat(21)}${randomInt(100000, 999999)}`.slice(0, 30);
  t.is(code.length, 30);
  const rc = await models.ReferralCode.create({ siteCode, agentId: a2.id, code });
  const res = await register(siteCode, code.toUpperCase(), {}, '198.18.1.2');
  t.is(res.body.code, 200, res.text);
  const user = await userOf(res);
  t.like(user.get({ plain: true }), {
    level1AgentId: a2.id,
    level2AgentId: a1.id,
    level3AgentId: a0.id,
    referralCodeId: rc.id,
    registerIp: '198.18.1.2',
    registerDevice: 'UA-registration',
  });
  await rc.reload();
  t.is(rc.convertCount, 1);
  t.like((await logsOf(user.id))[0], { newAgentId: a2.id, action: 'bind', source: 'register' });
  // The agent sees it in its referral codes and its click statistics.
  const { signPlayerToken } = await import('../../shared/domain/auth');
  const list = await stack.request('GET', '/api/affiliate/referral-codes', { token: signPlayerToken(a2) });
  t.like(list.body.result.items[0], { id: rc.id, convertCount: 1 });
  const stats = await stack.request('GET', '/api/affiliate/click-stats', { token: signPlayerToken(a2) });
  t.is(stats.body.result.registrations, 1, stats.text);
});

test('concurrent registrations through one referral code count each once', async (t) => {
  const { siteCode, a2 } = await chain();
  const rc = await models.ReferralCode.create({ siteCode, agentId: a2.id, code: `Busy${randomInt(1e6, 9e6)}` });
  const results = await Promise.all(Array.from({ length: 8 }, (_, i) => register(siteCode, rc.code, {}, `198.18.2.${i + 1}`)));
  t.deepEqual(
    results.map((r) => r.body.code),
    Array(8).fill(200),
  );
  await rc.reload();
  t.is(rc.convertCount, 8);
  t.is(await models.User.count({ where: { referralCodeId: rc.id, level1AgentId: a2.id } }), 8);
  t.is(await models.AffiliateBindLog.count({ where: { newAgentId: a2.id, source: 'register' } }), 8);
});

test('unknown, disabled and other-site codes: register answers 2002 as before and creates nothing', async (t) => {
  const { siteCode, a2 } = await chain();
  const disabled = await models.ReferralCode.create({ siteCode, agentId: a2.id, code: `Off${randomInt(1e6, 9e6)}`, enabled: 0 });
  const elsewhere = await factories.createSite();
  const away = (await createAgent({ siteCode: elsewhere })).user;
  const awayCode = await models.ReferralCode.create({ siteCode: elsewhere, agentId: away.id, code: `Away${randomInt(1e6, 9e6)}` });
  const before = await models.User.count({ where: { siteCode } });
  for (const code of ['NOSUCH99', disabled.code, away.agentCode as string, awayCode.code]) {
    const res = await register(siteCode, code);
    t.is(res.body.code, 2002, `${code}: ${res.text}`);
  }
  t.is(await models.User.count({ where: { siteCode } }), before);
  await disabled.reload();
  await awayCode.reload();
  t.is(disabled.convertCount + awayCode.convertCount, 0);
});

test('register without a refCode: no upline, no bind log, registerIp and device still kept', async (t) => {
  const siteCode = await factories.createSite();
  const res = await register(siteCode, undefined, {}, '198.18.3.3');
  t.is(res.body.code, 200, res.text);
  const user = await userOf(res);
  t.like(user.get({ plain: true }), {
    level1AgentId: null,
    level2AgentId: null,
    level3AgentId: null,
    referralCodeId: null,
    registerIp: '198.18.3.3',
    registerDevice: 'UA-registration',
  });
  t.is((await logsOf(user.id)).length, 0);
});

// ---------------------------------------------------------------------------------------------------
// Widget login (third-party registration)

function sign(fields: Record<string, string | number>) {
  const checkString = Object.keys(fields)
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('\n');
  const key = createHash('sha256').update(BOT_TOKEN).digest();
  return { ...fields, hash: createHmac('sha256', key).update(checkString).digest('hex') };
}
const widgetFields = () => ({ id: randomInt(1_000_000, 2_000_000_000), first_name: 'Ada', auth_date: Math.floor(Date.now() / 1000) });
const loginWidget = (site: string, refCode: string) =>
  stack.request('POST', '/api/auth/login-widget', {
    body: { ...sign(widgetFields()), refCode },
    headers: { 'site-name': site, 'x-forwarded-for': '198.18.4.4', 'user-agent': 'UA-widget' },
  });

test('widget login of a new player with a referral code binds it the same way; an unknown code is ignored as before', async (t) => {
  const { siteCode, a0, a1, a2 } = await chain();
  const rc = await models.ReferralCode.create({ siteCode, agentId: a2.id, code: `Wid${randomInt(1e6, 9e6)}` });
  let res = await loginWidget(siteCode, rc.code.toLowerCase());
  t.is(res.body.code, 200, res.text);
  t.true(res.body.result.isNewUser);
  const user = await userOf(res);
  t.like(user.get({ plain: true }), {
    level1AgentId: a2.id,
    level2AgentId: a1.id,
    level3AgentId: a0.id,
    referralCodeId: rc.id,
    registerIp: '198.18.4.4',
    registerDevice: 'UA-widget',
  });
  await rc.reload();
  t.is(rc.convertCount, 1);
  t.like((await logsOf(user.id))[0], { newAgentId: a2.id, action: 'bind', source: 'register' });

  res = await loginWidget(siteCode, 'NOSUCH77');
  t.is(res.body.code, 200, res.text);
  const plain = await userOf(res);
  t.is(plain.level1AgentId, null);
  t.is((await logsOf(plain.id)).length, 0);
});
