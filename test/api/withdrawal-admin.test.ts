import test from 'ava';
import { startAdminStack, type AdminRequest, type AdminStack } from '../helpers/admin-requests';
import type { TestStack } from '../helpers/stack';
import { balancesAndLedger, CODE, giveCode, readyPlayer } from '../helpers/withdrawals';

/**
 * Operators' withdrawal endpoints (permission module `withdrawal`): the site's list, review (approve,
 * reject) and complete; the hold resolves exactly once (release or payout), final states never change,
 * two operators at once move money once; another site's withdrawal is not found; permissions; the
 * operation log.
 */
let stack: TestStack;
let factories: AdminStack['factories'];
let models: AdminStack['models'];
let req: AdminRequest;

test.before(async () => {
  ({ stack, factories, models, req } = await startAdminStack({ permissions: ['withdrawal:read', 'withdrawal:write'] }));
});
test.after.always(async () => {
  await stack?.close();
});

/** A pending withdrawal of `amount` by a fresh player holding `balance`. */
async function pendingWithdrawal(amount = '40', balance = '100') {
  const player = await readyPlayer({ balance });
  await giveCode(player.user);
  const res = await stack.request('POST', '/api/withdrawal/request', {
    token: player.token,
    body: { amount, cryptoAddressId: player.address.id, verifyCode: CODE },
  });
  if (res.body.code !== 200) throw new Error(res.text);
  return { ...player, id: res.body.result.id as number };
}

const review = (id: number, body: unknown, options: { token?: string; site?: string } = {}) =>
  req('POST', `/withdrawal/admin/${id}/review`, { body, ...options });
const complete = (id: number, options: { token?: string; site?: string } = {}) => req('POST', `/withdrawal/admin/${id}/complete`, options);
const logsOf = (id: number, action: string) => models.AdminOperationLog.count({ where: { module: 'withdrawal', action, targetId: String(id) } });

test('approve then complete: the hold leaves the account once; balances equal their ledger sums at each step', async (t) => {
  const w = await pendingWithdrawal('40', '100');
  t.deepEqual(await balancesAndLedger(w.user.id), { balance: '60.000000', frozen: '40.000000', ledger: '60.000000', ledgerFrozen: '40.000000' });

  let res = await review(w.id, { action: 'approve' });
  t.is(res.body.code, 200, res.text);
  t.like(res.body.result, {
    id: w.id,
    status: 'approved',
    amount: '40.000000',
    userId: w.user.id,
    account: w.user.account,
    address: w.address.address,
    rejectReason: null,
    completedAt: null,
  });
  t.truthy(res.body.result.reviewedAt);
  t.deepEqual(await balancesAndLedger(w.user.id), { balance: '60.000000', frozen: '40.000000', ledger: '60.000000', ledgerFrozen: '40.000000' });

  res = await complete(w.id);
  t.is(res.body.code, 200, res.text);
  t.like(res.body.result, { status: 'completed' });
  t.truthy(res.body.result.completedAt);
  t.deepEqual(await balancesAndLedger(w.user.id), { balance: '60.000000', frozen: '0.000000', ledger: '60.000000', ledgerFrozen: '0.000000' });
  const detail = await stack.request('GET', '/api/auth/user-detail', { token: w.token });
  t.is(detail.body.result.frozenBalance, '0.000000');

  // Final: nothing changes it again.
  for (const again of [() => complete(w.id), () => review(w.id, { action: 'reject', rejectReason: 'late' }), () => review(w.id, { action: 'approve' })]) {
    const r = await again();
    t.is(r.body.code, 2002, r.text);
  }
  t.is((await complete(w.id)).body.path, `/api/withdrawal/admin/${w.id}/complete`);
  t.deepEqual(await balancesAndLedger(w.user.id), { balance: '60.000000', frozen: '0.000000', ledger: '60.000000', ledgerFrozen: '0.000000' });
  t.is((await models.Withdrawal.findByPk(w.id))?.status, 'completed');
  t.is(await models.GameTransaction.count({ where: { userId: w.user.id } }), 3, 'the opening balance, the hold and the payout only');
  t.is(await logsOf(w.id, 'approve'), 1);
  t.is(await logsOf(w.id, 'complete'), 1);
  t.is(await models.GameTransaction.count({ where: { idempotencyKey: `withdrawal:payout:${w.id}` } }), 1);
});

test('reject returns the hold to balance with the reason; a rejected withdrawal never changes', async (t) => {
  const w = await pendingWithdrawal('25.5', '30');
  const res = await review(w.id, { action: 'reject', rejectReason: 'address flagged' });
  t.is(res.body.code, 200, res.text);
  t.like(res.body.result, { status: 'rejected', rejectReason: 'address flagged' });
  t.deepEqual(await balancesAndLedger(w.user.id), { balance: '30.000000', frozen: '0.000000', ledger: '30.000000', ledgerFrozen: '0.000000' });
  t.is((await review(w.id, { action: 'reject', rejectReason: 'twice' })).body.code, 2002);
  t.is((await review(w.id, { action: 'approve' })).body.code, 2002);
  t.is((await complete(w.id)).body.code, 2002);
  t.deepEqual(await balancesAndLedger(w.user.id), { balance: '30.000000', frozen: '0.000000', ledger: '30.000000', ledgerFrozen: '0.000000' });
  const list = await stack.request('GET', '/api/withdrawal/list', { token: w.token });
  t.like(list.body.result.items[0], { id: w.id, status: 'rejected', rejectReason: 'address flagged' });
  t.truthy(list.body.result.items[0].reviewedAt);
  const log = await models.AdminOperationLog.findOne({ where: { module: 'withdrawal', action: 'reject', targetId: String(w.id) } });
  t.like(log?.detail as object, { userId: w.user.id, amount: '25.500000', from: 'pending', to: 'rejected', rejectReason: 'address flagged' });
});

test('complete is refused (2002) before approval; unknown ids are 2001', async (t) => {
  const w = await pendingWithdrawal('5', '5');
  let res = await complete(w.id);
  t.like(res.body, { code: 2002, path: `/api/withdrawal/admin/${w.id}/complete` });
  t.is(res.body.message, '目前狀態無法完成出款');
  res = await review(2147483647, { action: 'approve' });
  t.like(res.body, { code: 2001, path: '/api/withdrawal/admin/2147483647/review' });
  t.is((await complete(2147483647)).body.code, 2001);
  t.deepEqual(await balancesAndLedger(w.user.id), { balance: '0.000000', frozen: '5.000000', ledger: '0.000000', ledgerFrozen: '5.000000' });
});

test('two operators at once: one wins, the others get 2002, money moves once', async (t) => {
  const rejected = await pendingWithdrawal('10', '10');
  const rejects = await Promise.all([1, 2, 3, 4].map(() => review(rejected.id, { action: 'reject', rejectReason: 'dup' })));
  t.deepEqual(rejects.map((r) => r.body.code).sort(), [200, 2002, 2002, 2002]);
  t.deepEqual(await balancesAndLedger(rejected.user.id), { balance: '10.000000', frozen: '0.000000', ledger: '10.000000', ledgerFrozen: '0.000000' });
  t.is(await logsOf(rejected.id, 'reject'), 1);

  const mixed = await pendingWithdrawal('10', '10');
  const both = await Promise.all([review(mixed.id, { action: 'approve' }), review(mixed.id, { action: 'reject', rejectReason: 'x' })]);
  t.deepEqual(both.map((r) => r.body.code).sort(), [200, 2002]);
  const sums = await balancesAndLedger(mixed.user.id);
  t.true(
    JSON.stringify(sums) === JSON.stringify({ balance: '0.000000', frozen: '10.000000', ledger: '0.000000', ledgerFrozen: '10.000000' }) ||
      JSON.stringify(sums) === JSON.stringify({ balance: '10.000000', frozen: '0.000000', ledger: '10.000000', ledgerFrozen: '0.000000' }),
    JSON.stringify(sums),
  );

  const paid = await pendingWithdrawal('7', '7');
  t.is((await review(paid.id, { action: 'approve' })).body.code, 200);
  const completes = await Promise.all([1, 2, 3].map(() => complete(paid.id)));
  t.deepEqual(completes.map((r) => r.body.code).sort(), [200, 2002, 2002]);
  t.deepEqual(await balancesAndLedger(paid.user.id), { balance: '0.000000', frozen: '0.000000', ledger: '0.000000', ledgerFrozen: '0.000000' });
  t.is(await logsOf(paid.id, 'complete'), 1);
});

test("another site's administrator gets not found; the list is the site's own", async (t) => {
  const w = await pendingWithdrawal('3', '3');
  const other = await factories.createSite();
  t.is((await review(w.id, { action: 'approve' }, { site: other })).body.code, 2001);
  t.is((await complete(w.id, { site: other })).body.code, 2001);
  const list = await req('GET', `/withdrawal/admin/list?userId=${w.user.id}`, { site: other });
  t.is(list.body.result.pagination.total, 0);
  const own = await req('GET', `/withdrawal/admin/list?userId=${w.user.id}`);
  t.is(own.body.result.pagination.total, 1);
  t.is((await models.Withdrawal.findByPk(w.id))?.status, 'pending');
});

test('admin list: filters by status, player and dates, paged, newest first, with the whole address', async (t) => {
  const a = await pendingWithdrawal('1', '10');
  const b = await pendingWithdrawal('2', '10');
  t.is((await review(b.id, { action: 'approve' })).body.code, 200);
  let res = await req('GET', `/withdrawal/admin/list?userId=${b.user.id}`);
  t.is(res.body.code, 200, res.text);
  t.is(res.body.result.items.length, 1);
  t.like(res.body.result.items[0], { id: b.id, status: 'approved', address: b.address.address, account: b.user.account, siteCode: b.user.siteCode });
  res = await req('GET', `/withdrawal/admin/list?status=approved&pageSize=50`);
  t.true(res.body.result.items.every((i: { status: string }) => i.status === 'approved'));
  t.true(res.body.result.items.some((i: { id: number }) => i.id === b.id));
  t.false(res.body.result.items.some((i: { id: number }) => i.id === a.id));
  res = await req('GET', `/withdrawal/admin/list?pageSize=50`);
  const times = res.body.result.items.map((i: { createdAt: string }) => Date.parse(i.createdAt));
  t.deepEqual(
    times,
    [...times].sort((x, y) => y - x),
  );
  res = await req('GET', `/withdrawal/admin/list?pageSize=1&page=2`);
  t.is(res.body.result.items.length, 1);
  t.like(res.body.result.pagination, { page: 2, pageSize: 1 });
  t.true(res.body.result.pagination.total >= 2);
  res = await req('GET', `/withdrawal/admin/list?startDate=2020-01-01&endDate=2020-12-31`);
  t.is(res.body.result.pagination.total, 0);
  for (const q of ['status=paid', 'userId=abc', 'userId=2147483648', 'endDate=2020-01-01&startDate=2020-02-01']) {
    t.is((await req('GET', `/withdrawal/admin/list?${q}`)).status, 400, q);
  }
});

test('review body and ids: hostile input is a 400', async (t) => {
  const w = await pendingWithdrawal('1', '1');
  for (const body of [
    {},
    { action: 'delete' },
    { action: 1 },
    { action: 'reject', rejectReason: 5 },
    { action: 'reject', rejectReason: 'x'.repeat(256) },
    { action: 'approve\u0000' },
  ]) {
    const res = await review(w.id, body);
    t.is(res.status, 400, `${JSON.stringify(body)}: ${res.text}`);
  }
  for (const id of ['0', '-1', 'abc', '2147483648', '1.5']) {
    t.is((await req('POST', `/withdrawal/admin/${id}/complete`)).status, 400, id);
  }
  t.is((await models.Withdrawal.findByPk(w.id))?.status, 'pending');
});

test('permissions: read-only administrators list but cannot review or complete; players and anonymous callers are refused', async (t) => {
  const w = await pendingWithdrawal('2', '2');
  const reader = await factories.createAdmin({ permissions: ['withdrawal:read'] });
  const writerOnly = await factories.createAdmin({ permissions: ['withdrawal:write'] });
  t.is((await req('GET', '/withdrawal/admin/list', { token: reader.token })).body.code, 200);
  t.is((await review(w.id, { action: 'approve' }, { token: reader.token })).status, 403);
  t.is((await complete(w.id, { token: reader.token })).status, 403);
  t.is((await req('GET', '/withdrawal/admin/list', { token: writerOnly.token })).status, 403);
  t.is((await review(w.id, { action: 'approve' }, { token: w.token })).status, 401);
  t.is((await req('GET', '/withdrawal/admin/list', { token: null })).status, 401);
  t.is((await models.Withdrawal.findByPk(w.id))?.status, 'pending');
  t.is(await logsOf(w.id, 'approve'), 0);
});
