import test from 'ava';
import type { User } from '../../shared/db/models';
import { createAgent, createMember } from '../helpers/affiliates';
import { awayFromMinuteEdge } from '../helpers/wait';
import { startTestStack, type ApiResponse, type RequestOptions, type TestStack } from '../helpers/stack';

/**
 * The agents' own /affiliate endpoints as a client sees them: track-click (public, limited
 * per IP), promo-link, downline, click-stats, referral codes (format, uniqueness, the limit of 10, also
 * under concurrency), alliance-info and tier-info; a player who is not an agent gets 2001; another
 * site's and another agent's rows stay out. TRUST_PROXY is on so each test clicks from its own address.
 */
let stack: TestStack;
let models: typeof import('../../shared/db/models');
let factories: typeof import('../helpers/factories');

test.before(async () => {
  stack = await startTestStack({
    TRUST_PROXY: 'true',
    RATE_LIMIT_TRACK_CLICK_PER_IP: '5',
    APP_TIMEZONE: 'Asia/Taipei',
    PUBLIC_BASE_URL: 'https://api.example.test',
  });
  models = await import('../../shared/db/models');
  factories = await import('../helpers/factories');
});
test.after.always(async () => {
  await stack?.close();
});

let ipCounter = 0;
const freshIp = () => {
  ipCounter += 1;
  return `203.0.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
};

const api = (method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse> => stack.request(method, `/api${path}`, options);
const click = (site: string, refCode: unknown, ip = freshIp(), ua = 'UA-test') =>
  api('POST', '/affiliate/track-click', { body: { refCode }, headers: { 'site-name': site, 'x-forwarded-for': ip, 'user-agent': ua } });
const ok = (t: { is: (a: unknown, b: unknown, m?: string) => void }, res: ApiResponse) => t.is(res.body?.code, 200, res.text);

/** A site of its own with an agent (and its token). */
async function agentInNewSite(agentCode?: string) {
  const siteCode = await factories.createSite();
  const agent = await createAgent({ siteCode, agentCode });
  return { siteCode, ...agent };
}

// ---------------------------------------------------------------------------------------------------
// track-click

test('track-click records ip, device, code, agent and referral code; unknown, disabled and other-site codes are 2001', async (t) => {
  const { siteCode, user } = await agentInNewSite();
  const rc = await models.ReferralCode.create({ siteCode, agentId: user.id, code: 'SpringPromo' });
  const ip = freshIp();
  let res = await click(siteCode, user.agentCode, ip, 'Mozilla/5.0 test');
  ok(t, res);
  t.deepEqual(res.body.result, { tracked: true });
  res = await click(siteCode, 'springpromo', ip);
  ok(t, res);
  const rows = await models.AffiliateClick.findAll({ where: { agentId: user.id }, order: [['id', 'ASC']] });
  t.like(rows[0].get({ plain: true }), { siteCode, agentId: user.id, refCode: user.agentCode, referralCodeId: null, ip, device: 'Mozilla/5.0 test' });
  t.like(rows[1].get({ plain: true }), { refCode: 'springpromo', referralCodeId: rc.id, ip });

  for (const code of ['NOPE1234', user.agentCode?.toLowerCase()]) {
    res = await click(siteCode, code);
    t.is(res.body.code, 2001, res.text);
    t.is(res.body.path, '/api/affiliate/track-click');
  }
  await rc.update({ enabled: 0 });
  t.is((await click(siteCode, 'SpringPromo')).body.code, 2001);
  const other = await factories.createSite();
  t.is((await click(other, user.agentCode)).body.code, 2001, 'another site does not know the code');
  t.is(await models.AffiliateClick.count({ where: { agentId: user.id } }), 2);

  for (const body of [undefined, '', 42, 'x'.repeat(31)]) {
    res = await click(siteCode, body);
    t.is(res.status, 400, res.text);
  }
});

test('track-click is limited per IP (RATE_LIMIT_TRACK_CLICK_PER_IP a minute)', async (t) => {
  const { siteCode, user } = await agentInNewSite();
  const ip = freshIp();
  await awayFromMinuteEdge();
  const statuses: number[] = [];
  for (let i = 0; i < 6; i += 1) statuses.push((await click(siteCode, user.agentCode, ip)).status);
  t.deepEqual(statuses, [200, 200, 200, 200, 200, 429]);
  t.is(await models.AffiliateClick.count({ where: { agentId: user.id } }), 5);
  t.is((await click(siteCode, user.agentCode, freshIp())).status, 200, 'another address is counted apart');
});

// ---------------------------------------------------------------------------------------------------
// Agent-only endpoints: 2001 and 401

test('every agent endpoint answers 2001 to a player who is not an agent, and 401 without a token', async (t) => {
  const player = await factories.createUser();
  const calls: Array<[string, string, unknown?]> = [
    ['GET', '/affiliate/promo-link'],
    ['GET', '/affiliate/downline'],
    ['GET', '/affiliate/click-stats'],
    ['GET', '/affiliate/referral-codes'],
    ['POST', '/affiliate/referral-codes', { code: 'abc123', label: 'x' }],
    ['DELETE', '/affiliate/referral-codes/1'],
    ['GET', '/affiliate/tier-info'],
  ];
  for (const [method, path, body] of calls) {
    const res = await api(method, path, { token: player.token, body });
    t.is(res.body.code, 2001, `${method} ${path}: ${res.text}`);
    t.is((await api(method, path, { body })).status, 401, `${method} ${path} without a token`);
  }
  t.is(await models.ReferralCode.count({ where: { agentId: player.user.id } }), 0);
});

// ---------------------------------------------------------------------------------------------------
// promo-link

test('promo-link: the agent code on the site front end (frontendUrl setting), else PUBLIC_BASE_URL', async (t) => {
  const { siteCode, user, token } = await agentInNewSite();
  let res = await api('GET', '/affiliate/promo-link', { token });
  ok(t, res);
  t.deepEqual(res.body.result, { agentCode: user.agentCode, promoUrl: `https://api.example.test/?ref=${user.agentCode}` });
  const site = await models.SiteConfig.findOne({ where: { siteCode } });
  await site!.update({ settings: { ...site!.settings, frontendUrl: 'https://play.example.test/register?lang=en' } });
  res = await api('GET', '/affiliate/promo-link', { token });
  t.is(res.body.result.promoUrl, `https://play.example.test/register?lang=en&ref=${user.agentCode}`);
});

// ---------------------------------------------------------------------------------------------------
// downline

test('downline: members of levels 1 to 3 newest first, the level filter, paging; nobody else', async (t) => {
  const { siteCode, user: top, token } = await agentInNewSite();
  const a = (await createAgent({ siteCode, upline: top })).user; // level 1 of top
  const b = (await createAgent({ siteCode, upline: a })).user; // level 2 of top
  const c = (await createMember(b)).user; // level 3 of top
  const d = (await createMember(c as User)).user; // level 4: not top's
  const e = (await createMember(top)).user; // level 1 of top
  const stranger = (await createAgent({ siteCode })).user;
  await createMember(stranger);
  await models.User.update({ createdAt: new Date(Date.now() - 60_000) }, { where: { id: a.id } });
  void d;

  let res = await api('GET', '/affiliate/downline', { token });
  ok(t, res);
  t.deepEqual(res.body.result.pagination, { page: 1, pageSize: 10, total: 4, totalPages: 1 });
  const items = res.body.result.items as Array<{ userId: number; account: string; level: number; registeredAt: string }>;
  t.deepEqual(
    items.map((i) => [i.userId, i.level]),
    [
      [e.id, 1],
      [c.id, 3],
      [b.id, 2],
      [a.id, 1],
    ],
  );
  t.deepEqual(Object.keys(items[0]).sort(), ['account', 'level', 'registeredAt', 'userId']);
  t.is(items[0].account, e.account);
  t.truthy(Date.parse(items[0].registeredAt));

  res = await api('GET', '/affiliate/downline?level=1', { token });
  t.deepEqual(
    res.body.result.items.map((i: { userId: number }) => i.userId),
    [e.id, a.id],
  );
  res = await api('GET', '/affiliate/downline?level=3', { token });
  t.deepEqual(
    res.body.result.items.map((i: { userId: number }) => i.userId),
    [c.id],
  );
  res = await api('GET', '/affiliate/downline?page=2&pageSize=3', { token });
  t.deepEqual(
    res.body.result.items.map((i: { userId: number }) => i.userId),
    [a.id],
  );
  t.deepEqual(res.body.result.pagination, { page: 2, pageSize: 3, total: 4, totalPages: 2 });
  for (const q of ['level=4', 'level=0', 'level=x', 'pageSize=51', 'page=0']) {
    t.is((await api('GET', `/affiliate/downline?${q}`, { token })).status, 400, q);
  }
});

// ---------------------------------------------------------------------------------------------------
// click-stats

test('click-stats: clicks, unique IPs and registrations per day of APP_TIMEZONE, every day of the range', async (t) => {
  const { siteCode, user, token } = await agentInNewSite();
  const other = (await createAgent({ siteCode })).user;
  // APP_TIMEZONE is Asia/Taipei (UTC+8) in this file: days start at 16:00 UTC.
  const at = (iso: string) => new Date(iso);
  const clicks = [
    ['2026-02-28T15:59:59Z', '8.8.8.8'], // 02-28 23:59:59 local: before the range
    ['2026-02-28T16:00:01Z', '1.1.1.1'], // 03-01 00:00:01
    ['2026-03-01T04:00:00Z', '1.1.1.1'],
    ['2026-03-01T15:59:59Z', '2.2.2.2'], // 03-01 23:59:59
    ['2026-03-03T00:00:00Z', '1.1.1.1'],
    ['2026-03-03T16:00:00Z', '9.9.9.9'], // 03-04 00:00: after the range
  ] as const;
  for (const [when, ip] of clicks) await models.AffiliateClick.create({ siteCode, agentId: user.id, refCode: 'x', ip, device: 'ua', createdAt: at(when) });
  await models.AffiliateClick.create({ siteCode, agentId: other.id, refCode: 'y', ip: '5.5.5.5', device: 'ua', createdAt: at('2026-03-01T10:00:00Z') });
  const member = (await factories.createUser({ siteCode })).user;
  const log = (source: string, newAgentId: number, when: string) =>
    models.AffiliateBindLog.create({ siteCode, memberId: member.id, oldAgentId: null, newAgentId, action: 'bind', source, createdAt: at(when) });
  await log('register', user.id, '2026-03-02T05:00:00Z');
  await log('register', user.id, '2026-03-03T05:00:00Z');
  await log('admin', user.id, '2026-03-03T06:00:00Z'); // not a registration
  await log('register', other.id, '2026-03-03T07:00:00Z');

  const res = await api('GET', '/affiliate/click-stats?startDate=2026-03-01&endDate=2026-03-03', { token });
  ok(t, res);
  t.deepEqual(res.body.result, {
    totalClicks: 4,
    uniqueIps: 2,
    registrations: 2,
    daily: [
      { date: '2026-03-01', clicks: 3, uniqueIps: 2, registrations: 0 },
      { date: '2026-03-02', clicks: 0, uniqueIps: 0, registrations: 1 },
      { date: '2026-03-03', clicks: 1, uniqueIps: 1, registrations: 1 },
    ],
  });

  const week = await api('GET', '/affiliate/click-stats', { token });
  ok(t, week);
  t.is(week.body.result.daily.length, 7, 'default: the last 7 days up to today');
  t.is(week.body.result.totalClicks, 0);
  for (const q of ['startDate=2026-03-03&endDate=2026-03-01', 'startDate=2026-02-30', 'startDate=2024-01-01&endDate=2026-01-01']) {
    t.is((await api('GET', `/affiliate/click-stats?${q}`, { token })).status, 400, q);
  }
});

// ---------------------------------------------------------------------------------------------------
// referral codes

test('referral codes: create, list, delete; format 2004; in use 2002 (any case, any agent, an agent code); another agent cannot delete', async (t) => {
  const { siteCode, user, token } = await agentInNewSite('HOMECODE1');
  const other = await createAgent({ siteCode });
  let res = await api('POST', '/affiliate/referral-codes', { token, body: { code: 'Summer2026', label: 'summer' } });
  ok(t, res);
  t.deepEqual(Object.keys(res.body.result).sort(), ['code', 'convertCount', 'enabled', 'id', 'label']);
  t.like(res.body.result, { code: 'Summer2026', label: 'summer', enabled: 1, convertCount: 0 });
  const id = res.body.result.id as number;

  res = await api('POST', '/affiliate/referral-codes', { token, body: { code: 'NoLabel1' } });
  ok(t, res);
  t.is(res.body.result.label, '');

  res = await api('GET', '/affiliate/referral-codes', { token });
  ok(t, res);
  t.deepEqual(
    res.body.result.items.map((c: { code: string }) => c.code),
    ['Summer2026', 'NoLabel1'],
  );
  t.like(res.body.result.items[0], { id, label: 'summer', enabled: 1, convertCount: 0 });
  t.truthy(res.body.result.items[0].createdAt);
  t.deepEqual((await api('GET', '/affiliate/referral-codes', { token: other.token })).body.result, { items: [] });

  for (const code of ['ab', 'x'.repeat(31), 'has space', 'dash-code', 'ünï123']) {
    res = await api('POST', '/affiliate/referral-codes', { token, body: { code } });
    t.is(res.body.code, 2004, `${code}: ${res.text}`);
  }
  for (const code of ['SUMMER2026', 'summer2026', 'homecode1']) {
    res = await api('POST', '/affiliate/referral-codes', { token: other.token, body: { code } });
    t.is(res.body.code, 2002, `${code}: ${res.text}`);
  }
  // Globally unique: an agent of another site cannot take it either.
  const away = await agentInNewSite();
  t.is((await api('POST', '/affiliate/referral-codes', { token: away.token, body: { code: 'summer2026' } })).body.code, 2002);
  t.is((await api('POST', '/affiliate/referral-codes', { token: away.token, body: { code: 42 } })).status, 400);

  res = await api('DELETE', `/affiliate/referral-codes/${id}`, { token: other.token });
  t.is(res.body.code, 2001, 'another agent');
  t.is((await api('DELETE', `/affiliate/referral-codes/${id}`, { token: away.token })).body.code, 2001, 'another site');
  res = await api('DELETE', `/affiliate/referral-codes/${id}`, { token });
  ok(t, res);
  t.deepEqual(res.body.result, { success: true });
  t.is((await api('DELETE', `/affiliate/referral-codes/${id}`, { token })).body.code, 2001, 'already gone');
  t.is((await api('DELETE', '/affiliate/referral-codes/abc', { token })).status, 400);
  // Freed: another agent may take the text now.
  ok(t, await api('POST', '/affiliate/referral-codes', { token: other.token, body: { code: 'summer2026' } }));
  t.is(await models.ReferralCode.count({ where: { agentId: user.id } }), 1);
});

test('referral codes: at most 10 per agent (2003), also when 14 requests race', async (t) => {
  const { user, token } = await agentInNewSite();
  const results = await Promise.all(
    Array.from({ length: 14 }, (_, i) => api('POST', '/affiliate/referral-codes', { token, body: { code: `race${user.id}x${i}` } })),
  );
  const codes = results.map((r) => r.body.code).sort();
  t.deepEqual(codes, [...Array(10).fill(200), ...Array(4).fill(2003)], JSON.stringify(codes));
  t.is(await models.ReferralCode.count({ where: { agentId: user.id } }), 10);
  const res = await api('POST', '/affiliate/referral-codes', { token, body: { code: `late${user.id}` } });
  t.is(res.body.code, 2003);
  t.is(res.body.path, '/api/affiliate/referral-codes');
});

test('referral codes: two agents racing for one code: one 200, one 2002', async (t) => {
  const { siteCode, token } = await agentInNewSite();
  const other = await createAgent({ siteCode });
  const third = await agentInNewSite();
  for (let round = 0; round < 3; round += 1) {
    const code = `Contest${round}${Date.now().toString(36)}`;
    const results = await Promise.all(
      [token, other.token, third.token].map((tk, i) => api('POST', '/affiliate/referral-codes', { token: tk, body: { code: i ? code.toLowerCase() : code } })),
    );
    t.deepEqual(results.map((r) => r.body.code).sort(), [200, 2002, 2002], results.map((r) => r.text).join('\n'));
  }
});

// ---------------------------------------------------------------------------------------------------
// alliance-info, tier-info

test('alliance-info (public): the site tiers lowest first, enabled rates and enabled milestones only', async (t) => {
  const { siteCode } = await agentInNewSite();
  await models.AffiliateCommissionRate.update({ enabled: 0 }, { where: { siteCode, agentTier: 'platinum', agentLevel: 3 } });
  await models.AffiliateCommissionRate.create({ siteCode, agentTier: 'bronze', agentLevel: 1, gameType: 'slot', commissionRate: '33.5' });
  await models.AffiliateVipMilestone.bulkCreate([
    { siteCode, vipLevel: 5, bonusAmount: '50', description: 'five' },
    { siteCode, vipLevel: 3, bonusAmount: '10.5', description: 'three' },
    { siteCode, vipLevel: 9, bonusAmount: '99', description: 'off', enabled: 0 },
  ]);
  const other = await factories.createSite();
  await models.AffiliateVipMilestone.create({ siteCode: other, vipLevel: 4, bonusAmount: '1' });

  const res = await api('GET', '/affiliate/alliance-info', { headers: { 'site-name': siteCode } });
  ok(t, res);
  const r = res.body.result;
  t.deepEqual(r.tiers, [
    { tierCode: 'bronze', tierName: 'Bronze', minTotalEarned: '0.000000', minActiveMembers: 0 },
    { tierCode: 'silver', tierName: 'Silver', minTotalEarned: '1000.000000', minActiveMembers: 5 },
    { tierCode: 'gold', tierName: 'Gold', minTotalEarned: '10000.000000', minActiveMembers: 20 },
    { tierCode: 'platinum', tierName: 'Platinum', minTotalEarned: '50000.000000', minActiveMembers: 50 },
  ]);
  t.deepEqual(r.commissionRates.slice(0, 4), [
    { agentTier: 'bronze', agentLevel: 1, gameType: null, commissionRate: '30.00' },
    { agentTier: 'bronze', agentLevel: 1, gameType: 'slot', commissionRate: '33.50' },
    { agentTier: 'bronze', agentLevel: 2, gameType: null, commissionRate: '10.00' },
    { agentTier: 'bronze', agentLevel: 3, gameType: null, commissionRate: '5.00' },
  ]);
  t.is(r.commissionRates.length, 12, '4 tiers x 3 levels + 1 game rate - 1 disabled');
  t.false(r.commissionRates.some((c: { agentTier: string; agentLevel: number }) => c.agentTier === 'platinum' && c.agentLevel === 3));
  t.deepEqual(r.vipMilestones, [
    { vipLevel: 3, bonusAmount: '10.500000' },
    { vipLevel: 5, bonusAmount: '50.000000' },
  ]);
});

test('tier-info: current tier (null code = the lowest), the next by sortOrder or null at the top, progress', async (t) => {
  const { siteCode, user, token } = await agentInNewSite();
  const { moveAffiliateBalance } = await import('../../shared/domain/wallet');
  const { db } = await import('../../shared/db/sequelize');
  await db().transaction((transaction) =>
    moveAffiliateBalance(transaction, {
      userId: user.id,
      siteCode,
      kind: 'commission',
      available: '1234.5',
      earned: '1234.5',
      idempotencyKey: `test:tier:${user.id}`,
    }),
  );
  const { insertBetOrder } = await import('../helpers/bets');
  const m1 = (await createMember(user)).user; // active: a valid settled bet now
  const sub = (await createAgent({ siteCode, upline: user })).user; // level 1 without bets: not active
  const m2 = (await createMember(sub)).user; // level 2, active
  const m3 = (await createMember(user)).user; // only an invalid bet
  const m4 = (await createMember(user)).user; // a bet settled two weeks ago
  await insertBetOrder(m1);
  await insertBetOrder(m1);
  await insertBetOrder(m2);
  await insertBetOrder(m3, { status: 'invalid' });
  await insertBetOrder(m4, { settledAt: new Date(Date.now() - 14 * 86_400_000) });
  const outsider = (await factories.createUser({ siteCode })).user;
  await insertBetOrder(outsider);

  let res = await api('GET', '/affiliate/tier-info', { token });
  ok(t, res);
  t.deepEqual(res.body.result, {
    currentTier: { tierCode: 'bronze', tierName: 'Bronze' },
    nextTier: { tierCode: 'silver', tierName: 'Silver', minTotalEarned: '1000.000000', minActiveMembers: 5 },
    progress: { totalEarned: '1234.500000', activeMembers: 2 },
  });
  await models.User.update({ agentTierCode: 'gold' }, { where: { id: user.id } });
  res = await api('GET', '/affiliate/tier-info', { token });
  t.like(res.body.result, { currentTier: { tierCode: 'gold', tierName: 'Gold' }, nextTier: { tierCode: 'platinum' } });
  await models.User.update({ agentTierCode: 'platinum' }, { where: { id: user.id } });
  res = await api('GET', '/affiliate/tier-info', { token });
  t.like(res.body.result, { currentTier: { tierCode: 'platinum' }, nextTier: null });
});
