import { randomBytes } from 'node:crypto';
import test from 'ava';
import { QueryTypes } from 'sequelize';
import { AdminOperationLog, Mission, MissionClaim, User } from '../../shared/db/models';
import { db } from '../../shared/db/sequelize';
import { addMissionDepositProgress } from '../../shared/domain/mission';
import { applyPostBet } from '../../shared/domain/post-bet/chain';
import { createSlotBetOrder } from '../helpers/bets';
import { createAdmin, createSite, createUser } from '../helpers/factories';
import { startTestStack, type TestStack } from '../helpers/stack';

let stack: TestStack;
let site: string;
let adminToken: string;
test.before(async () => {
  stack = await startTestStack();
  site = await createSite();
  adminToken = (await createAdmin({ permissions: ['mission:read', 'mission:write'] })).token;
});
test.after.always(async () => {
  await stack?.close();
});

const siteHeaders = () => ({ 'site-name': site });
const adminHeaders = () => ({ 'x-site-code': site });

async function deposit(userId: number, amount: string) {
  await db().transaction((t) => addMissionDepositProgress(t, userId, amount, `dep-${randomBytes(6).toString('hex')}`));
}

async function missionId(category: string, periodType: string, tier: number): Promise<number> {
  const m = await Mission.findOne({ where: { siteCode: site, category, periodType, tier } });
  return m!.id;
}

async function ledgerMatches(userId: number): Promise<boolean> {
  const [row] = await db().query<{ ok: boolean }>(
    `SELECT u.balance = COALESCE((SELECT SUM(amount) FROM game_transactions g WHERE g."userId" = u.id), 0) AS ok FROM users u WHERE u.id = :id`,
    { replacements: { id: userId }, type: QueryTypes.SELECT },
  );
  return row.ok;
}

async function settleBet(user: User, betEffective: string): Promise<void> {
  const order = await createSlotBetOrder(user, betEffective);
  await applyPostBet(order.id);
}

test('GET /mission anonymous: the site missions with null progress and false flags', async (t) => {
  const res = await stack.request('GET', '/api/mission', { headers: siteHeaders() });
  t.is(res.status, 200);
  t.is(res.body.code, 200);
  const list = res.body.result as Array<Record<string, unknown>>;
  t.is(list.length, 30);
  const first = list[0];
  t.deepEqual(Object.keys(first).sort(), [
    'category',
    'currentProgress',
    'id',
    'isClaimable',
    'isClaimed',
    'meetsVip',
    'periodType',
    'rewardAmount',
    'threshold',
    'tier',
    'turnoverMultiplier',
    'vipRequired',
  ]);
  for (const m of list) {
    t.is(m.currentProgress, null);
    t.false(m.isClaimed);
    t.false(m.isClaimable);
    t.is(m.meetsVip, (m.vipRequired as number) <= 0);
    t.is(typeof m.threshold, 'string');
    t.is(typeof m.rewardAmount, 'string');
  }
});

test('GET /mission with a token: progress of the current periods and the flags', async (t) => {
  const { user, token } = await createUser({ siteCode: site });
  await deposit(user.id, '120');
  await settleBet(user, '600');
  const res = await stack.request('GET', '/api/mission', { token, headers: siteHeaders() });
  t.is(res.body.code, 200);
  const find = (category: string, periodType: string, tier: number) =>
    (res.body.result as Array<Record<string, unknown>>).find((m) => m.category === category && m.periodType === periodType && m.tier === tier)!;
  t.like(find('deposit', 'daily', 1), { currentProgress: '120.000000', isClaimed: false, isClaimable: true, meetsVip: true, threshold: '50.000000' });
  t.like(find('deposit', 'daily', 2), { currentProgress: '120.000000', isClaimable: true });
  t.like(find('deposit', 'daily', 3), { currentProgress: '120.000000', isClaimable: false, meetsVip: false });
  t.like(find('bet', 'daily', 1), { currentProgress: '600.000000', isClaimable: true });
  t.like(find('bet', 'weekly', 1), { currentProgress: '600.000000', isClaimable: false });
  // Without site-name the token's own site answers.
  const own = await stack.request('GET', '/api/mission', { token });
  t.is(own.body.result.length, 30);
});

test('GET /mission: an invalid token is 401, not anonymous', async (t) => {
  const res = await stack.request('GET', '/api/mission', { token: 'not-a-token', headers: siteHeaders() });
  t.is(res.status, 401);
  t.is(res.body.code, 401);
});

test('player endpoints need a token: 401', async (t) => {
  const id = await missionId('deposit', 'daily', 1);
  for (const [method, path] of [
    ['GET', '/api/mission/claims'],
    ['POST', `/api/mission/${id}/claim`],
  ] as const) {
    const res = await stack.request(method, path, { headers: siteHeaders() });
    t.is(res.status, 401, path);
    t.is(res.body.message, 'Unauthorized');
  }
});

test('POST /mission/:id/claim: 3001, 3003, 3004, success, then 3002', async (t) => {
  const { user, token } = await createUser({ siteCode: site, balance: '10' });
  const claim = (id: number | string) => stack.request('POST', `/api/mission/${id}/claim`, { token, headers: siteHeaders() });
  t.is((await claim(99999999)).body.code, 3001);
  const other = await createSite();
  const foreign = await Mission.findOne({ where: { siteCode: other, category: 'deposit', periodType: 'daily', tier: 1 } });
  t.is((await claim(foreign!.id)).body.code, 3001);

  const tier1 = await missionId('deposit', 'daily', 1);
  const notReached = await claim(tier1);
  t.is(notReached.status, 200);
  t.is(notReached.body.code, 3004);
  t.is(notReached.body.data, null);
  t.is(notReached.body.path, `/api/mission/${tier1}/claim`);
  t.truthy(notReached.body.message);

  await deposit(user.id, '60');
  const tier3 = await missionId('deposit', 'daily', 3);
  t.is((await claim(tier3)).body.code, 3003);

  const ok = await claim(tier1);
  t.is(ok.body.code, 200);
  t.deepEqual(ok.body.result, { rewardAmount: '1.000000', requiredTurnover: '3.000000', newBalance: '11.000000' });
  t.is((await claim(tier1)).body.code, 3002);

  const ledger = await db().query<{ kind: string; idempotencyKey: string }>(
    `SELECT kind, "idempotencyKey" FROM game_transactions WHERE "userId" = :id AND kind = 'mission-reward'`,
    { replacements: { id: user.id }, type: QueryTypes.SELECT },
  );
  t.is(ledger.length, 1);
  t.regex(ledger[0].idempotencyKey, new RegExp(`^mission:${tier1}:${user.id}:\\d{4}-\\d{2}-\\d{2}$`));
  t.true(await ledgerMatches(user.id));

  const listed = await stack.request('GET', '/api/mission', { token, headers: siteHeaders() });
  const item = listed.body.result.find((m: { id: number }) => m.id === tier1);
  t.like(item, { isClaimed: true, isClaimable: false });

  // Disabled: not found, and not listed.
  await Mission.update({ enabled: 0 }, { where: { id: tier3 } });
  t.is((await claim(tier3)).body.code, 3001);
  const after = await stack.request('GET', '/api/mission', { token, headers: siteHeaders() });
  t.false(after.body.result.some((m: { id: number }) => m.id === tier3));
  await Mission.update({ enabled: 1 }, { where: { id: tier3 } });
});

test('POST /mission/:id/claim sent 10 times concurrently pays once; the others get 3002', async (t) => {
  const { user, token } = await createUser({ siteCode: site });
  await deposit(user.id, '5000');
  const id = await missionId('deposit', 'weekly', 2);
  const responses = await Promise.all(Array.from({ length: 10 }, () => stack.request('POST', `/api/mission/${id}/claim`, { token, headers: siteHeaders() })));
  const codes = responses.map((r) => r.body.code);
  t.is(codes.filter((c) => c === 200).length, 1);
  t.is(codes.filter((c) => c === 3002).length, 9);
  t.true(responses.every((r) => r.status === 200));
  t.is(await MissionClaim.count({ where: { userId: user.id } }), 1);
  const fresh = await User.findByPk(user.id);
  t.is(fresh!.balance, '15.000000');
  t.true(await ledgerMatches(user.id));
});

test('POST /mission/:id/claim: a malformed id is 400', async (t) => {
  const { token } = await createUser({ siteCode: site });
  for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
    const res = await stack.request('POST', `/api/mission/${id}/claim`, { token, headers: siteHeaders() });
    t.is(res.status, 400, id);
    t.is(res.body.code, 400);
  }
});

test('GET /mission/claims: items, tabs, pagination, date range and turnover completion', async (t) => {
  const { user, token } = await createUser({ siteCode: site });
  await deposit(user.id, '100');
  const daily1 = await missionId('deposit', 'daily', 1);
  const daily2 = await missionId('deposit', 'daily', 2);
  const weekly1 = await missionId('deposit', 'weekly', 1);
  await deposit(user.id, '250'); // weekly tier 1 needs 300
  for (const id of [daily1, daily2, weekly1]) {
    const res = await stack.request('POST', `/api/mission/${id}/claim`, { token, headers: siteHeaders() });
    t.is(res.body.code, 200);
  }
  const get = (query: string) => stack.request('GET', `/api/mission/claims${query}`, { token, headers: siteHeaders() });

  const all = await get('');
  t.is(all.body.code, 200);
  t.deepEqual(all.body.result.pagination, { page: 1, pageSize: 10, total: 3, totalPages: 1 });
  const item = all.body.result.items[0];
  t.deepEqual(Object.keys(item).sort(), [
    'category',
    'claimedAt',
    'completedTurnover',
    'id',
    'missionId',
    'periodKey',
    'periodType',
    'requiredTurnover',
    'rewardAmount',
    'tier',
    'turnoverCompleted',
  ]);
  t.like(item, {
    missionId: weekly1,
    category: 'deposit',
    periodType: 'weekly',
    tier: 1,
    rewardAmount: '5.000000',
    requiredTurnover: '15.000000',
    completedTurnover: '0.000000',
    turnoverCompleted: 0,
  });
  t.regex(item.periodKey, /^\d{4}-W\d{2}$/);

  // Turnover: 1x3 = 3 and 3x3 = 9 complete with 10 of effective bet; 5x3 = 15 does not.
  await settleBet(user, '10');
  const pending = await get('?tab=pending');
  t.deepEqual(
    pending.body.result.items.map((i: { missionId: number }) => i.missionId),
    [weekly1],
  );
  t.is(pending.body.result.items[0].completedTurnover, '10.000000');
  const completed = await get('?tab=completed');
  t.deepEqual(completed.body.result.items.map((i: { missionId: number }) => i.missionId).sort(), [daily1, daily2].sort());
  t.true(completed.body.result.items.every((i: { turnoverCompleted: number }) => i.turnoverCompleted === 1));

  const page2 = await get('?page=2&pageSize=2');
  t.deepEqual(page2.body.result.pagination, { page: 2, pageSize: 2, total: 3, totalPages: 2 });
  t.is(page2.body.result.items.length, 1);

  const today = new Date().toISOString().slice(0, 10); // APP_TIMEZONE is UTC in tests
  t.is((await get(`?startDate=${today}&endDate=${today}`)).body.result.pagination.total, 3);
  t.is((await get('?startDate=2020-01-01&endDate=2020-01-31')).body.result.pagination.total, 0);
  t.is((await get('?endDate=2020-01-31')).body.result.pagination.total, 0);

  // Another player sees none of them.
  const { token: otherToken } = await createUser({ siteCode: site });
  const other = await stack.request('GET', '/api/mission/claims', { token: otherToken, headers: siteHeaders() });
  t.is(other.body.result.pagination.total, 0);
});

test('GET /mission/claims: bad query is 400 naming the field, never 500', async (t) => {
  const { token } = await createUser({ siteCode: site });
  const cases: Array<[string, string]> = [
    ['?page=0', 'page'],
    ['?page=abc', 'page'],
    ['?pageSize=51', 'pageSize'],
    ['?pageSize=-1', 'pageSize'],
    ['?tab=done', 'tab'],
    ['?startDate=2026-13-01', 'startDate'],
    ['?endDate=yesterday', 'endDate'],
    ['?startDate=2026-11-10&endDate=2026-11-01', 'endDate'],
    ['?page=1&page=2', 'page'],
  ];
  for (const [query, field] of cases) {
    const res = await stack.request('GET', `/api/mission/claims${query}`, { token, headers: siteHeaders() });
    t.is(res.status, 400, query);
    t.true(
      res.body.errors?.some((e: { field: string }) => e.field === field),
      query,
    );
  }
});

// ---------------------------------------------------------------------------------------------------
// Administrator routes

test('admin mission routes: 401 without an admin token, 403 without the mission permission', async (t) => {
  const { token: playerToken } = await createUser({ siteCode: site });
  t.is((await stack.request('GET', '/api/mission/admin/missions', { headers: adminHeaders() })).status, 401);
  t.is((await stack.request('GET', '/api/mission/admin/missions', { token: playerToken, headers: adminHeaders() })).status, 401);
  const { token: readOnly } = await createAdmin({ permissions: ['mission:read'] });
  t.is((await stack.request('GET', '/api/mission/admin/missions', { token: readOnly, headers: adminHeaders() })).status, 200);
  const write = await stack.request('POST', '/api/mission/admin/missions', {
    token: readOnly,
    headers: adminHeaders(),
    body: { category: 'bet', periodType: 'daily', tier: 1, threshold: '1', rewardAmount: '1' },
  });
  t.is(write.status, 403);
  const { token: other } = await createAdmin({ permissions: ['vip:read', 'vip:write'] });
  t.is((await stack.request('GET', '/api/mission/admin/claims', { token: other, headers: adminHeaders() })).status, 403);
});

test('admin mission CRUD: list, create, duplicate slot 2001, patch, delete (2002 not with claims), operation-logged', async (t) => {
  const newSite = await createSite();
  const headers = { 'x-site-code': newSite };
  const list = await stack.request('GET', '/api/mission/admin/missions?category=bet&periodType=daily', { token: adminToken, headers });
  t.is(list.body.code, 200);
  t.is(list.body.result.length, 5);
  t.true(list.body.result.every((m: { siteCode: string; category: string }) => m.siteCode === newSite && m.category === 'bet'));

  const missionsBefore = await Mission.count({ where: { siteCode: newSite } });
  const dup = await stack.request('POST', '/api/mission/admin/missions', {
    token: adminToken,
    headers: { ...headers, locales: 'en-US' },
    body: { category: 'bet', periodType: 'daily', tier: 1, threshold: '10', rewardAmount: '1' },
  });
  t.is(dup.status, 200);
  t.is(dup.body.code, 2001);
  t.is(dup.body.data, null);
  t.is(dup.body.message, 'The site already has a mission for this category, period and tier');
  t.is(await Mission.count({ where: { siteCode: newSite } }), missionsBefore, 'a taken slot creates nothing');

  // Free a slot and create a mission in it.
  const slot = list.body.result.find((m: { tier: number }) => m.tier === 5);
  const del = await stack.request('DELETE', `/api/mission/admin/missions/${slot.id}`, { token: adminToken, headers });
  t.is(del.body.code, 200);
  t.is(del.body.result, null);
  const created = await stack.request('POST', '/api/mission/admin/missions', {
    token: adminToken,
    headers,
    body: { category: 'bet', periodType: 'daily', tier: 5, threshold: '20000.5', rewardAmount: 150, vipRequired: 4, turnoverMultiplier: '2.5', sortOrder: 99 },
  });
  t.is(created.body.code, 200);
  t.like(created.body.result, {
    siteCode: newSite,
    category: 'bet',
    periodType: 'daily',
    tier: 5,
    threshold: '20000.500000',
    rewardAmount: '150.000000',
    vipRequired: 4,
    turnoverMultiplier: '2.50',
    enabled: 1,
    sortOrder: 99,
  });
  const id = created.body.result.id as number;

  const patched = await stack.request('PATCH', `/api/mission/admin/missions/${id}`, { token: adminToken, headers, body: { enabled: 0, threshold: '100' } });
  t.like(patched.body.result, { enabled: 0, threshold: '100.000000' });
  // Moving it into a taken slot is refused with the create endpoint's 2001 text; the mission is unchanged.
  const moved = await stack.request('PATCH', `/api/mission/admin/missions/${id}`, {
    token: adminToken,
    headers: { ...headers, locales: 'en-US' },
    body: { tier: 1, threshold: '5' },
  });
  t.is(moved.status, 200);
  t.is(moved.body.code, 2001);
  t.is(moved.body.message, 'The site already has a mission for this category, period and tier');
  t.like((await Mission.findByPk(id))!.get({ plain: true }), { tier: 5, threshold: '100.000000', enabled: 0 });
  const players = await stack.request('GET', '/api/mission', { headers: { 'site-name': newSite } });
  t.false(players.body.result.some((m: { id: number }) => m.id === id));

  // Another site's administrator filter does not reach it.
  t.is((await stack.request('PATCH', `/api/mission/admin/missions/${id}`, { token: adminToken, headers: adminHeaders(), body: { enabled: 1 } })).status, 404);
  t.is((await stack.request('DELETE', `/api/mission/admin/missions/${id}`, { token: adminToken, headers: adminHeaders() })).status, 404);

  // A mission with claims cannot be deleted.
  const { user, token } = await createUser({ siteCode: newSite });
  await deposit(user.id, '60');
  const depositTier1 = (await Mission.findOne({ where: { siteCode: newSite, category: 'deposit', periodType: 'daily', tier: 1 } }))!.id;
  t.is((await stack.request('POST', `/api/mission/${depositTier1}/claim`, { token, headers: { 'site-name': newSite } })).body.code, 200);
  const refused = await stack.request('DELETE', `/api/mission/admin/missions/${depositTier1}`, {
    token: adminToken,
    headers: { ...headers, locales: 'en-US' },
  });
  t.is(refused.status, 200);
  t.is(refused.body.code, 2002);
  t.is(refused.body.message, 'The mission has claims and cannot be deleted; disable it instead');
  t.truthy(await Mission.findByPk(depositTier1), 'the mission with claims stays');

  const claims = await stack.request('GET', `/api/mission/admin/claims?userId=${user.id}`, { token: adminToken, headers });
  t.is(claims.body.result.pagination.total, 1);
  t.like(claims.body.result.items[0], { userId: user.id, missionId: depositTier1, rewardAmount: '1.000000' });

  const logs = await AdminOperationLog.findAll({ where: { module: 'mission', siteCode: newSite } });
  t.deepEqual(logs.map((l) => l.action).sort(), ['create', 'delete', 'update']);
});

test('admin mission bodies: bad input is 400 naming the field, never 500', async (t) => {
  const base = { category: 'bet', periodType: 'daily', tier: 1, threshold: '10', rewardAmount: '1' };
  const cases: Array<[Record<string, unknown>, string]> = [
    [{ ...base, category: 'casino' }, 'category'],
    [{ ...base, periodType: 'yearly' }, 'periodType'],
    [{ ...base, tier: 6 }, 'tier'],
    [{ ...base, tier: '1' }, 'tier'],
    [{ ...base, threshold: 'abc' }, 'threshold'],
    [{ ...base, threshold: '0' }, 'threshold'],
    [{ ...base, rewardAmount: '1.1234567' }, 'rewardAmount'],
    [{ ...base, rewardAmount: -5 }, 'rewardAmount'],
    [{ ...base, turnoverMultiplier: '1.234' }, 'turnoverMultiplier'],
    [{ ...base, vipRequired: 'high' }, 'vipRequired'],
    [{ ...base, enabled: 2 }, 'enabled'],
    [{ periodType: 'daily' }, 'category'],
  ];
  for (const [body, field] of cases) {
    const res = await stack.request('POST', '/api/mission/admin/missions', { token: adminToken, headers: adminHeaders(), body });
    t.is(res.status, 400, JSON.stringify(body));
    t.true(
      res.body.errors?.some((e: { field: string }) => e.field === field),
      JSON.stringify(body),
    );
  }
  const id = await missionId('bet', 'monthly', 1);
  const empty = await stack.request('PATCH', `/api/mission/admin/missions/${id}`, { token: adminToken, headers: adminHeaders(), body: {} });
  t.is(empty.status, 400);
  const badId = await stack.request('PATCH', '/api/mission/admin/missions/x', { token: adminToken, headers: adminHeaders(), body: { enabled: 1 } });
  t.is(badId.status, 400);
  const array = await stack.request('POST', '/api/mission/admin/missions', { token: adminToken, headers: adminHeaders(), body: [1] });
  t.is(array.status, 400);
  const malformed = await stack.request('POST', '/api/mission/admin/missions', {
    token: adminToken,
    headers: { ...adminHeaders(), 'content-type': 'application/json' },
    rawBody: '{"category":',
  });
  t.is(malformed.status, 400);
  const badQuery = await stack.request('GET', '/api/mission/admin/claims?pageSize=100', { token: adminToken, headers: adminHeaders() });
  t.is(badQuery.status, 400);
});

test('POST /mission/:id/claim: a reward that would take the balance past what it holds is a 409 and changes nothing', async (t) => {
  const { user, token } = await createUser({ siteCode: site, balance: '999999999999.500000' });
  await deposit(user.id, '60');
  const tier1 = await missionId('deposit', 'daily', 1);
  const res = await stack.request('POST', `/api/mission/${tier1}/claim`, { token, headers: siteHeaders() });
  t.is(res.status, 409);
  t.is(res.body.code, 409);
  t.is(res.body.reason, 'BALANCE_OVERFLOW');
  t.regex(res.body.message, /exceed/);
  t.is((await User.findByPk(user.id))!.balance, '999999999999.500000');
  t.is(await MissionClaim.count({ where: { userId: user.id } }), 0);
});
