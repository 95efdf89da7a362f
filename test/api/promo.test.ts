import test from 'ava';
import { PromotionClaim, User } from '../../shared/db/models';
import { createSite, createUser, paidDeposit } from '../helpers/factories';
import { createPromotion, DAY_MS, ledgerMatches } from '../helpers/promotions';
import { startTestStack, type TestStack } from '../helpers/stack';

/**
 * The players' promotion endpoints: the list and detail with and without a token,
 * the claim's checks in order (2004, 2001, 2002, 2003), its reward through the wallet, the quota and
 * one player's repeated claims under concurrency, and the claim list with its tabs.
 */

let stack: TestStack;
let site: string;
test.before(async () => {
  stack = await startTestStack();
  site = await createSite();
});
test.after.always(async () => {
  await stack?.close();
});

const headers = (extra: Record<string, string> = {}) => ({ 'site-name': site, ...extra });
const claim = (id: number | string, token: string) => stack.request('POST', `/api/promo/${id}/claim`, { token, headers: headers() });

test('GET /promo anonymous: items resolved to the locale, images null, isActive computed, no player flags', async (t) => {
  const own = await createSite();
  const running = await createPromotion({ siteCode: own, tag: 'weekly' });
  const ended = await createPromotion({ siteCode: own, startTime: new Date(Date.now() - 3 * DAY_MS), endTime: new Date(Date.now() - DAY_MS) });
  await createPromotion({ siteCode: own, enabled: 0 });
  const res = await stack.request('GET', '/api/promo', { headers: { 'site-name': own, locales: 'en-US' } });
  t.is(res.status, 200);
  t.is(res.body.code, 200);
  const { items, pagination } = res.body.result;
  t.deepEqual(pagination, { page: 1, pageSize: 10, total: 2, totalPages: 1 });
  t.deepEqual(items.map((p: { id: number }) => p.id).sort(), [running.id, ended.id].sort());
  const first = items.find((p: { id: number }) => p.id === running.id);
  t.deepEqual(Object.keys(first).sort(), [
    'actionHtml',
    'bonusMaxBet',
    'bonusMaxConversion',
    'bonusValidDays',
    'claimedCount',
    'conditionType',
    'conditionValue',
    'content',
    'createdAt',
    'enabled',
    'endTime',
    'id',
    'imgMobile',
    'imgPc',
    'isActive',
    'maxClaims',
    'rewardAmount',
    'rewardKind',
    'startTime',
    'tag',
    'title',
    'turnoverMultiplier',
    'updatedAt',
  ]);
  t.like(first, {
    title: 'Welcome bonus',
    content: '<p>Claim it</p>',
    imgPc: null,
    imgMobile: null,
    isActive: true,
    rewardAmount: '10.000000',
    turnoverMultiplier: '0.00',
    tag: 'weekly',
  });
  t.false(items.find((p: { id: number }) => p.id === ended.id).isActive);
  // The request locale picks the text.
  const zh = await stack.request('GET', `/api/promo/${running.id}`, { headers: { 'site-name': own, locales: 'zh-TW' } });
  t.is(zh.body.result.title, '歡迎禮');
  // Filters: tag, and activeOnly=1 leaves the ended one out.
  const tagged = await stack.request('GET', '/api/promo?tag=weekly', { headers: { 'site-name': own } });
  t.deepEqual(
    tagged.body.result.items.map((p: { id: number }) => p.id),
    [running.id],
  );
  const active = await stack.request('GET', '/api/promo?activeOnly=1', { headers: { 'site-name': own } });
  t.deepEqual(
    active.body.result.items.map((p: { id: number }) => p.id),
    [running.id],
  );
});

test('GET /promo with a token: isClaimed and isClaimable per promotion', async (t) => {
  const own = await createSite();
  const { user, token } = await createUser({ siteCode: own });
  const open = await createPromotion({ siteCode: own, conditionType: 'vip_level', conditionValue: '1' });
  const high = await createPromotion({ siteCode: own, conditionType: 'vip_level', conditionValue: '9' });
  const deposit = await createPromotion({ siteCode: own, conditionType: 'deposit_threshold', conditionValue: '100' });
  const first = await createPromotion({ siteCode: own, conditionType: 'first_deposit' });
  const flags = async () => {
    const res = await stack.request('GET', '/api/promo?pageSize=50', { token, headers: { 'site-name': own } });
    return Object.fromEntries(res.body.result.items.map((p: { id: number; isClaimed: boolean; isClaimable: boolean }) => [p.id, [p.isClaimed, p.isClaimable]]));
  };
  t.like(await flags(), { [open.id]: [false, true], [high.id]: [false, false], [deposit.id]: [false, false], [first.id]: [false, false] });
  await paidDeposit(user, '120');
  t.like(await flags(), { [deposit.id]: [false, true], [first.id]: [false, true] });
  t.is((await stack.request('POST', `/api/promo/${open.id}/claim`, { token, headers: { 'site-name': own } })).body.code, 200);
  t.like(await flags(), { [open.id]: [true, false] });
  const one = await stack.request('GET', `/api/promo/${open.id}`, { token, headers: { 'site-name': own } });
  t.like(one.body.result, { isClaimed: true, isClaimable: false, claimedCount: 1 });
  // An invalid token is a 401, not anonymous.
  t.is((await stack.request('GET', '/api/promo', { token: 'nope', headers: { 'site-name': own } })).status, 401);
});

test("GET /promo/:id: 2001 for a missing, disabled or other site's promotion; 400 for a bad id", async (t) => {
  const other = await createSite();
  const foreign = await createPromotion({ siteCode: other });
  const disabled = await createPromotion({ siteCode: site, enabled: 0 });
  for (const id of [99999999, foreign.id, disabled.id]) {
    const res = await stack.request('GET', `/api/promo/${id}`, { headers: headers() });
    t.is(res.status, 200);
    t.is(res.body.code, 2001, String(id));
    t.is(res.body.path, `/api/promo/${id}`);
    t.truthy(res.body.message);
  }
  for (const id of ['abc', '1e3', '99999999999', '-1']) t.is((await stack.request('GET', `/api/promo/${id}`, { headers: headers() })).status, 400, id);
  t.is((await stack.request('GET', '/api/promo?pageSize=51', { headers: headers() })).status, 400);
  t.is((await stack.request('GET', '/api/promo?activeOnly=yes', { headers: headers() })).status, 400);
});

test('POST /promo/:id/claim: reward through the wallet, claim row, then 2001; balance = ledger', async (t) => {
  const { user, token } = await createUser({ siteCode: site, balance: '5' });
  const promo = await createPromotion({ siteCode: site, rewardAmount: '12.5', turnoverMultiplier: '3' });
  const res = await claim(promo.id, token);
  t.is(res.body.code, 200);
  t.deepEqual(res.body.result, { rewardAmount: '12.500000', newBalance: '17.500000' });
  const row = await PromotionClaim.findOne({ where: { promoId: promo.id, userId: user.id } });
  t.like(row!.get({ plain: true }), {
    siteCode: site,
    rewardAmount: '12.500000',
    requiredTurnover: '37.500000',
    completedTurnover: '0.000000',
    turnoverCompleted: 0,
    promoTag: 'bonus',
  });
  t.truthy(row!.ledgerId);
  await promo.reload();
  t.is(promo.claimedCount, 1);
  const again = await claim(promo.id, token);
  t.is(again.body.code, 2001);
  t.is(again.body.path, `/api/promo/${promo.id}/claim`);
  t.is((await User.findByPk(user.id))!.balance, '17.500000');
  t.true(await ledgerMatches(user.id));
});

test('POST /promo/:id/claim: turnoverMultiplier 0 completes at once', async (t) => {
  const { user, token } = await createUser({ siteCode: site });
  const promo = await createPromotion({ siteCode: site, turnoverMultiplier: '0' });
  t.is((await claim(promo.id, token)).body.code, 200);
  t.like((await PromotionClaim.findOne({ where: { promoId: promo.id, userId: user.id } }))!.get({ plain: true }), {
    requiredTurnover: '0.000000',
    turnoverCompleted: 1,
  });
});

test('POST /promo/:id/claim: 2004 missing, other site, disabled, not started, ended; 401 without a token', async (t) => {
  const { token } = await createUser({ siteCode: site });
  const foreign = await createPromotion({ siteCode: await createSite() });
  const disabled = await createPromotion({ siteCode: site, enabled: 0 });
  const future = await createPromotion({ siteCode: site, startTime: new Date(Date.now() + DAY_MS), endTime: new Date(Date.now() + 2 * DAY_MS) });
  const ended = await createPromotion({ siteCode: site, startTime: new Date(Date.now() - 2 * DAY_MS), endTime: new Date(Date.now() - 1000) });
  for (const id of [99999999, foreign.id, disabled.id, future.id, ended.id]) t.is((await claim(id, token)).body.code, 2004, String(id));
  const anonymous = await stack.request('POST', `/api/promo/${future.id}/claim`, { headers: headers() });
  t.is(anonymous.status, 401);
  t.is(anonymous.body.message, 'Unauthorized');
});

test('POST /promo/:id/claim: checks in order: claimed (2001) before quota (2002) before condition (2003)', async (t) => {
  const a = await createUser({ siteCode: site });
  const b = await createUser({ siteCode: site });
  const promo = await createPromotion({ siteCode: site, maxClaims: 1, conditionType: 'deposit_threshold', conditionValue: '50' });
  // b meets nothing and the quota is open: 2003.
  t.is((await claim(promo.id, b.token)).body.code, 2003);
  await paidDeposit(a.user, '50');
  t.is((await claim(promo.id, a.token)).body.code, 200);
  // a claimed and the quota is full: 2001 first. b: the quota (2002) before its unmet condition.
  t.is((await claim(promo.id, a.token)).body.code, 2001);
  t.is((await claim(promo.id, b.token)).body.code, 2002);
});

test('claim conditions: deposits count only inside the period; VIP level at least the value; first deposit inside the period', async (t) => {
  const start = new Date(Date.now() - DAY_MS);
  const threshold = await createPromotion({ siteCode: site, conditionType: 'deposit_threshold', conditionValue: '100', startTime: start });
  const vip = await createPromotion({ siteCode: site, conditionType: 'vip_level', conditionValue: '3' });
  const first = await createPromotion({ siteCode: site, conditionType: 'first_deposit', startTime: start });

  const early = await createUser({ siteCode: site });
  await paidDeposit(early.user, '500', new Date(start.getTime() - 1000));
  await paidDeposit(early.user, '60');
  t.is((await claim(threshold.id, early.token)).body.code, 2003, 'only 60 inside the period');
  t.is((await claim(first.id, early.token)).body.code, 2003, 'the first deposit was before the period');
  await paidDeposit(early.user, '40');
  t.is((await claim(threshold.id, early.token)).body.code, 200, '100 inside the period');

  const newcomer = await createUser({ siteCode: site });
  t.is((await claim(first.id, newcomer.token)).body.code, 2003, 'no deposit yet');
  await paidDeposit(newcomer.user, '1');
  t.is((await claim(first.id, newcomer.token)).body.code, 200);

  const player = await createUser({ siteCode: site });
  await User.update({ vipLevel: '2' }, { where: { id: player.user.id } });
  t.is((await claim(vip.id, player.token)).body.code, 2003);
  await User.update({ vipLevel: '3' }, { where: { id: player.user.id } });
  t.is((await claim(vip.id, player.token)).body.code, 200);
});

test('quota under concurrency: one claim left, ten players at once: one success, nine 2002', async (t) => {
  const promo = await createPromotion({ siteCode: site, maxClaims: 1, rewardAmount: '7' });
  const players = await Promise.all(Array.from({ length: 10 }, () => createUser({ siteCode: site })));
  const codes = (await Promise.all(players.map((p) => claim(promo.id, p.token)))).map((r) => r.body.code);
  t.is(codes.filter((c) => c === 200).length, 1);
  t.is(codes.filter((c) => c === 2002).length, 9);
  await promo.reload();
  t.is(promo.claimedCount, 1);
  t.is(await PromotionClaim.count({ where: { promoId: promo.id } }), 1);
  for (const p of players) t.true(await ledgerMatches(p.user.id));
});

test('one player claiming ten times at once: one success, nine 2001, paid once', async (t) => {
  const { user, token } = await createUser({ siteCode: site });
  const promo = await createPromotion({ siteCode: site, rewardAmount: '3' });
  const codes = (await Promise.all(Array.from({ length: 10 }, () => claim(promo.id, token)))).map((r) => r.body.code);
  t.is(codes.filter((c) => c === 200).length, 1);
  t.is(codes.filter((c) => c === 2001).length, 9);
  t.is((await User.findByPk(user.id))!.balance, '3.000000');
  t.true(await ledgerMatches(user.id));
});

test("GET /promo/claims: the caller's claims with tabs, dates and paging", async (t) => {
  const { user, token } = await createUser({ siteCode: site });
  const other = await createUser({ siteCode: site });
  const pending = await createPromotion({ siteCode: site, turnoverMultiplier: '2', title: { 'en-US': 'Pending one' } });
  const done = await createPromotion({ siteCode: site, turnoverMultiplier: '0', tag: 'vip' });
  for (const p of [pending, done]) t.is((await claim(p.id, token)).body.code, 200);
  t.is((await claim(done.id, other.token)).body.code, 200);
  const list = (query = '') => stack.request('GET', `/api/promo/claims${query}`, { token, headers: headers({ locales: 'en-US' }) });
  const all = await list();
  t.is(all.body.code, 200);
  t.is(all.body.result.pagination.total, 2);
  const item = all.body.result.items.find((c: { promoId: number }) => c.promoId === pending.id);
  t.deepEqual(Object.keys(item).sort(), [
    'claimedAt',
    'completedTurnover',
    'id',
    'promoId',
    'promoTag',
    'promoTitle',
    'requiredTurnover',
    'rewardAmount',
    'turnoverCompleted',
  ]);
  t.like(item, {
    promoTitle: 'Pending one',
    promoTag: 'bonus',
    rewardAmount: '10.000000',
    requiredTurnover: '20.000000',
    completedTurnover: '0.000000',
    turnoverCompleted: 0,
  });
  t.deepEqual(
    (await list('?tab=pending')).body.result.items.map((c: { promoId: number }) => c.promoId),
    [pending.id],
  );
  t.deepEqual(
    (await list('?tab=completed')).body.result.items.map((c: { promoId: number }) => c.promoId),
    [done.id],
  );
  t.is((await list('?tab=all&pageSize=1&page=2')).body.result.items.length, 1);
  t.is((await list('?startDate=2000-01-01&endDate=2000-01-02')).body.result.pagination.total, 0);
  t.is((await list('?tab=open')).status, 400);
  t.is((await list('?startDate=2026-02-30')).status, 400);
  t.is((await stack.request('GET', '/api/promo/claims', { headers: headers() })).status, 401);
  t.true(await ledgerMatches(user.id));
});
