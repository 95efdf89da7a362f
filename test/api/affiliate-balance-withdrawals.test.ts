import test from 'ava';
import { QueryTypes } from 'sequelize';
import { startAdminStack, type AdminRequest, type AdminStack } from '../helpers/admin-requests';
import type { TestStack } from '../helpers/stack';

/**
 * The agent's commission money: GET /affiliate/balance, GET /affiliate/withdrawals and
 * POST /affiliate/withdrawals/request with every code in the spec's order (2005, 2001, 2002, 2003, 2004),
 * the cooldown (AFFILIATE_WITHDRAWAL_COOLDOWN_HOURS, default 24; rejected requests do not count), the
 * hold (available to frozen, once) and concurrent requests with money for one. Balances equal the sums
 * of their affiliate_ledger columns after each step.
 */
let stack: TestStack;
let factories: AdminStack['factories'];
let models: AdminStack['models'];
let req: AdminRequest;
let helpers: typeof import('../helpers/affiliate-money');
let affiliates: typeof import('../helpers/affiliates');
let db: typeof import('../../shared/db/sequelize').db;

test.before(async () => {
  ({ stack, factories, models, req } = await startAdminStack({ permissions: ['affiliate:read', 'affiliate:write'] }));
  helpers = await import('../helpers/affiliate-money');
  affiliates = await import('../helpers/affiliates');
  db = (await import('../../shared/db/sequelize')).db;
});
test.after.always(async () => {
  await stack?.close();
});

const REQUEST = '/api/affiliate/withdrawals/request';
const ask = (token: string, body: unknown) => stack.request('POST', REQUEST, { token, body });
const balanceOf = (token: string) => stack.request('GET', '/api/affiliate/balance', { token });
const zero = { available: '0.000000', frozen: '0.000000', totalEarned: '0.000000', totalWithdrawn: '0.000000' };

/** Moves the agent's requests back in time by `hours`. */
async function age(agentId: number, hours: number) {
  await db().query(`UPDATE affiliate_withdrawals SET "createdAt" = "createdAt" - CAST(:hours AS NUMERIC) * interval '1 hour' WHERE "agentId" = :agentId`, {
    replacements: { agentId, hours },
  });
}

test('balance: an agent sees its four balances as its ledger sums; a player who is not an agent gets 2001; no token is 401', async (t) => {
  const a = await helpers.agentWithCommission('0');
  let res = await balanceOf(a.token);
  t.is(res.body.code, 200, res.text);
  t.deepEqual(res.body.result, zero);
  await helpers.creditCommission(a.user, '12.345678');
  res = await balanceOf(a.token);
  t.deepEqual(res.body.result, { available: '12.345678', frozen: '0.000000', totalEarned: '12.345678', totalWithdrawn: '0.000000' });
  t.deepEqual(await helpers.balanceMatchingLedger(a.user.id), res.body.result);

  const player = await factories.createUser();
  res = await balanceOf(player.token);
  t.like(res.body, { code: 2001, path: '/api/affiliate/balance', result: undefined });
  t.is(res.status, 200);
  t.is(res.body.data, null);
  t.is((await stack.request('GET', '/api/affiliate/balance')).status, 401);
});

test('request: every code in the spec order (2005, 2001, 2002, 2003, 2004), then success moves available to frozen once', async (t) => {
  const a = await helpers.agentWithCommission('100');
  const card = { method: 'bank_card', targetId: a.card.id };

  // 2005 before anything: a player who is not an agent, even with a zero amount and an unknown method.
  const player = await factories.createUser();
  const pcard = await helpers.approvedBankCard(player.user);
  for (const body of [
    { amount: 0, method: 'paypal', targetId: 1 },
    { amount: 10, method: 'bank_card', targetId: pcard.id },
  ]) {
    const res = await ask(player.token, body);
    t.like(res.body, { code: 2005, path: REQUEST }, res.text);
  }

  // 2001: not above 0, before the method and target.
  for (const amount of [0, -1, '0', '-0.000001']) {
    const res = await ask(a.token, { amount, method: 'paypal', targetId: 999999 });
    t.like(res.body, { code: 2001, path: REQUEST }, `${amount}: ${res.text}`);
  }

  // 2002: an unknown method, or a target that is not an approved instrument of this agent of that kind.
  const other = await helpers.agentWithCommission('0');
  const pending = await helpers.approvedBankCard(a.user, 0);
  const rejected = await helpers.approvedBankCard(a.user, 2);
  const deleted = await helpers.approvedBankCard(a.user);
  await deleted.update({ deletedAt: new Date() });
  for (const body of [
    { amount: 1000, method: 'paypal', targetId: a.card.id },
    { amount: 1000, method: 'BANK_CARD', targetId: a.card.id },
    { amount: 1000, method: '', targetId: a.card.id },
    { amount: 1000, method: 'bank_card', targetId: a.address.id + 1_000_000 },
    { amount: 1000, method: 'bank_card', targetId: a.address.id === a.card.id ? 2147483647 : a.address.id },
    { amount: 1000, method: 'crypto', targetId: a.card.id === a.address.id ? 2147483647 : a.card.id },
    { amount: 1000, method: 'bank_card', targetId: pending.id },
    { amount: 1000, method: 'bank_card', targetId: rejected.id },
    { amount: 1000, method: 'bank_card', targetId: deleted.id },
    { amount: 1000, method: 'bank_card', targetId: other.card.id },
    { amount: 1000, method: 'crypto', targetId: other.address.id },
  ]) {
    const res = await ask(a.token, body);
    t.like(res.body, { code: 2002, path: REQUEST }, `${JSON.stringify(body)}: ${res.text}`);
  }

  // 2004: more than available (no cooldown yet).
  let res = await ask(a.token, { amount: '100.000001', ...card });
  t.like(res.body, { code: 2004, path: REQUEST }, res.text);
  t.deepEqual(await helpers.balanceMatchingLedger(a.user.id), {
    available: '100.000000',
    frozen: '0.000000',
    totalEarned: '100.000000',
    totalWithdrawn: '0.000000',
  });

  // Success: {id, amount, status}; available to frozen; the row as the agent lists it.
  res = await ask(a.token, { amount: 40.5, ...card });
  t.is(res.body.code, 200, res.text);
  t.deepEqual(Object.keys(res.body.result).sort(), ['amount', 'id', 'status']);
  t.like(res.body.result, { amount: '40.500000', status: 'pending' });
  const id = res.body.result.id as number;
  t.deepEqual(await helpers.balanceMatchingLedger(a.user.id), {
    available: '59.500000',
    frozen: '40.500000',
    totalEarned: '100.000000',
    totalWithdrawn: '0.000000',
  });
  t.deepEqual((await balanceOf(a.token)).body.result, { available: '59.500000', frozen: '40.500000', totalEarned: '100.000000', totalWithdrawn: '0.000000' });
  t.is(await models.AffiliateLedger.count({ where: { idempotencyKey: `affiliate:withdrawal:hold:${id}` } }), 1);

  // 2003 comes before 2004: the cooldown answers even when the balance is short too.
  res = await ask(a.token, { amount: 1, method: 'crypto', targetId: a.address.id });
  t.like(res.body, { code: 2003, path: REQUEST }, res.text);
  res = await ask(a.token, { amount: 1000, ...card });
  t.like(res.body, { code: 2003, path: REQUEST }, res.text);
  // But 2002 comes before 2003.
  res = await ask(a.token, { amount: 1, method: 'bank_card', targetId: pending.id });
  t.is(res.body.code, 2002);
  t.deepEqual(await helpers.balanceMatchingLedger(a.user.id), {
    available: '59.500000',
    frozen: '40.500000',
    totalEarned: '100.000000',
    totalWithdrawn: '0.000000',
  });
  t.is(await models.AffiliateWithdrawal.count({ where: { agentId: a.user.id } }), 1);
});

test('bad input is a 400 naming the field: amount type, decimals and size; method and targetId types; missing fields', async (t) => {
  const a = await helpers.agentWithCommission('10');
  const cases: Array<[unknown, string]> = [
    [{}, 'amount'],
    [{ method: 'bank_card', targetId: a.card.id }, 'amount'],
    [{ amount: 'abc', method: 'bank_card', targetId: a.card.id }, 'amount'],
    [{ amount: 1.0000001, method: 'bank_card', targetId: a.card.id }, 'amount'],
    [{ amount: '0.0000001', method: 'bank_card', targetId: a.card.id }, 'amount'],
    [{ amount: '1e400', method: 'bank_card', targetId: a.card.id }, 'amount'],
    [{ amount: 1, targetId: a.card.id }, 'method'],
    [{ amount: 1, method: 5, targetId: a.card.id }, 'method'],
    [{ amount: 1, method: 'bank_card' }, 'targetId'],
    [{ amount: 1, method: 'bank_card', targetId: '1' }, 'targetId'],
    [{ amount: 1, method: 'bank_card', targetId: 0 }, 'targetId'],
    [{ amount: 1, method: 'bank_card', targetId: 2147483648 }, 'targetId'],
  ];
  for (const [body, field] of cases) {
    const res = await ask(a.token, body);
    t.is(res.status, 400, `${JSON.stringify(body)}: ${res.text}`);
    t.regex(String(res.body.message), new RegExp(field), `${JSON.stringify(body)}: ${res.text}`);
  }
  t.deepEqual(await helpers.balanceMatchingLedger(a.user.id), {
    available: '10.000000',
    frozen: '0.000000',
    totalEarned: '10.000000',
    totalWithdrawn: '0.000000',
  });
  t.is((await stack.request('POST', REQUEST, { body: { amount: 1, method: 'crypto', targetId: a.address.id } })).status, 401);
});

test('cooldown: 24 hours from the previous request that was not rejected', async (t) => {
  const a = await helpers.agentWithCommission('100');
  const body = { amount: 10, method: 'crypto', targetId: a.address.id };
  t.is((await ask(a.token, body)).body.code, 200);
  await age(a.user.id, 23);
  t.is((await ask(a.token, body)).body.code, 2003);
  await age(a.user.id, 1.01);
  const second = await ask(a.token, body);
  t.is(second.body.code, 200, second.text);

  // A rejected request does not count: after the operator rejects it, the agent may ask again at once.
  const review = await req('POST', `/affiliate/admin/withdrawals/${second.body.result.id}/review`, { body: { action: 'rejected', remark: 'wrong card' } });
  t.is(review.body.code, 200, review.text);
  const third = await ask(a.token, body);
  t.is(third.body.code, 200, third.text);
  // An approved (or completed) one does count.
  t.is((await req('POST', `/affiliate/admin/withdrawals/${third.body.result.id}/review`, { body: { action: 'approved', remark: null } })).body.code, 200);
  t.is((await ask(a.token, body)).body.code, 2003);
  t.deepEqual(await helpers.balanceMatchingLedger(a.user.id), {
    available: '80.000000',
    frozen: '20.000000',
    totalEarned: '100.000000',
    totalWithdrawn: '0.000000',
  });
});

test('concurrent requests with money for one: exactly one succeeds, the others wait on the account and get 2003', async (t) => {
  const a = await helpers.agentWithCommission('100');
  const results = await Promise.all(
    Array.from({ length: 8 }, (_, i) => ask(a.token, { amount: 60, method: i % 2 ? 'crypto' : 'bank_card', targetId: i % 2 ? a.address.id : a.card.id })),
  );
  t.deepEqual(results.map((r) => r.body.code).sort(), [200, 2003, 2003, 2003, 2003, 2003, 2003, 2003]);
  t.is(await models.AffiliateWithdrawal.count({ where: { agentId: a.user.id } }), 1);
  t.deepEqual(await helpers.balanceMatchingLedger(a.user.id), {
    available: '40.000000',
    frozen: '60.000000',
    totalEarned: '100.000000',
    totalWithdrawn: '0.000000',
  });
});

test("list: the agent's own withdrawals, newest first, paged, with the 2.8 fields; 2001 for a player who is not an agent", async (t) => {
  const a = await helpers.agentWithCommission('100');
  const other = await helpers.agentWithCommission('100');
  t.is((await ask(other.token, { amount: 1, method: 'crypto', targetId: other.address.id })).body.code, 200);
  const ids: number[] = [];
  for (const amount of ['1', '2', '3']) {
    const res = await ask(a.token, { amount, method: 'bank_card', targetId: a.card.id });
    t.is(res.body.code, 200, res.text);
    ids.push(res.body.result.id);
    await age(a.user.id, 25);
  }
  let res = await stack.request('GET', '/api/affiliate/withdrawals', { token: a.token });
  t.is(res.body.code, 200, res.text);
  t.deepEqual(res.body.result.pagination, { page: 1, pageSize: 10, total: 3, totalPages: 1 });
  t.deepEqual(
    res.body.result.items.map((i: { id: number }) => i.id),
    [...ids].reverse(),
  );
  const item = res.body.result.items[0];
  t.deepEqual(Object.keys(item).sort(), ['amount', 'completedAt', 'createdAt', 'id', 'method', 'remark', 'reviewedAt', 'status', 'targetId']);
  t.like(item, {
    id: ids[2],
    amount: '3.000000',
    method: 'bank_card',
    targetId: a.card.id,
    status: 'pending',
    remark: null,
    reviewedAt: null,
    completedAt: null,
  });
  res = await stack.request('GET', '/api/affiliate/withdrawals?page=2&pageSize=2', { token: a.token });
  t.deepEqual(
    res.body.result.items.map((i: { id: number }) => i.id),
    [ids[0]],
  );
  t.like(res.body.result.pagination, { page: 2, pageSize: 2, total: 3, totalPages: 2 });
  for (const q of ['page=0', 'pageSize=51', 'page=abc'])
    t.is((await stack.request('GET', `/api/affiliate/withdrawals?${q}`, { token: a.token })).status, 400, q);

  const player = await factories.createUser();
  res = await stack.request('GET', '/api/affiliate/withdrawals', { token: player.token });
  t.like(res.body, { code: 2001, path: '/api/affiliate/withdrawals' });
  // A member of an agent is not an agent either.
  const member = await affiliates.createMember(a.user);
  t.is((await stack.request('GET', '/api/affiliate/withdrawals', { token: member.token })).body.code, 2001);
  const [{ n }] = await db().query<{ n: string }>('SELECT COUNT(*)::text AS n FROM affiliate_withdrawals WHERE "agentId" = :id', {
    replacements: { id: a.user.id },
    type: QueryTypes.SELECT,
  });
  t.is(n, '3');
});
