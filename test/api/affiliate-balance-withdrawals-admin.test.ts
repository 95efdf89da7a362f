import test from 'ava';
import { startAdminStack, type AdminRequest, type AdminStack } from '../helpers/admin-requests';
import type { TestStack } from '../helpers/stack';

/**
 * Operators' commission withdrawal endpoints (permission module `affiliate`): the site's list, review
 * (approved, rejected) and complete. The hold resolves exactly once (release on reject, payout on
 * complete), final states never change, two operators at once move money once, another site's
 * withdrawal is not found, every write is operation-logged. Balances equal their ledger sums at each step.
 */
let stack: TestStack;
let factories: AdminStack['factories'];
let models: AdminStack['models'];
let req: AdminRequest;
let helpers: typeof import('../helpers/affiliate-money');

test.before(async () => {
  ({ stack, factories, models, req } = await startAdminStack({ permissions: ['affiliate:read', 'affiliate:write'] }));
  helpers = await import('../helpers/affiliate-money');
});
test.after.always(async () => {
  await stack?.close();
});

/** A pending commission withdrawal of `amount` by a fresh agent with `commission`. */
async function pendingWithdrawal(amount = '40', commission = '100', siteCode?: string) {
  const agent = await helpers.agentWithCommission(commission, { siteCode });
  const res = await stack.request('POST', '/api/affiliate/withdrawals/request', {
    token: agent.token,
    body: { amount, method: 'crypto', targetId: agent.address.id },
  });
  if (res.body.code !== 200) throw new Error(res.text);
  return { ...agent, id: res.body.result.id as number };
}

const review = (id: number, body: unknown, options: { token?: string; site?: string } = {}) =>
  req('POST', `/affiliate/admin/withdrawals/${id}/review`, { body, ...options });
const complete = (id: number, options: { token?: string; site?: string } = {}) => req('POST', `/affiliate/admin/withdrawals/${id}/complete`, options);
const logsOf = (id: number, action: string) => models.AdminOperationLog.count({ where: { module: 'affiliate', action, targetId: String(id) } });
const ledgerRows = (key: string) => models.AffiliateLedger.count({ where: { idempotencyKey: key } });
const sums = (available: string, frozen: string, totalEarned: string, totalWithdrawn: string) => ({ available, frozen, totalEarned, totalWithdrawn });

test('approve then complete: frozen moves to totalWithdrawn once; the agent sees the states and times', async (t) => {
  const w = await pendingWithdrawal('40', '100');
  t.deepEqual(await helpers.balanceMatchingLedger(w.user.id), sums('60.000000', '40.000000', '100.000000', '0.000000'));

  let res = await review(w.id, { action: 'approved', remark: 'checked' });
  t.is(res.body.code, 200, res.text);
  t.like(res.body.result, {
    id: w.id,
    status: 'approved',
    amount: '40.000000',
    method: 'crypto',
    targetId: w.address.id,
    remark: 'checked',
    agentId: w.user.id,
    agentAccount: w.user.account,
    completedAt: null,
  });
  t.truthy(res.body.result.reviewedAt);
  t.deepEqual(await helpers.balanceMatchingLedger(w.user.id), sums('60.000000', '40.000000', '100.000000', '0.000000'));

  res = await complete(w.id);
  t.is(res.body.code, 200, res.text);
  t.deepEqual(res.body.result, { id: w.id, status: 'completed' });
  t.deepEqual(await helpers.balanceMatchingLedger(w.user.id), sums('60.000000', '0.000000', '100.000000', '40.000000'));
  const balance = await stack.request('GET', '/api/affiliate/balance', { token: w.token });
  t.deepEqual(balance.body.result, sums('60.000000', '0.000000', '100.000000', '40.000000'));
  const list = await stack.request('GET', '/api/affiliate/withdrawals', { token: w.token });
  t.like(list.body.result.items[0], { id: w.id, status: 'completed', remark: 'checked' });
  t.truthy(list.body.result.items[0].completedAt);

  // Final: nothing changes it again.
  for (const again of [() => complete(w.id), () => review(w.id, { action: 'rejected', remark: 'late' }), () => review(w.id, { action: 'approved' })]) {
    t.is((await again()).body.code, 2002);
  }
  t.deepEqual(await helpers.balanceMatchingLedger(w.user.id), sums('60.000000', '0.000000', '100.000000', '40.000000'));
  t.is(await logsOf(w.id, 'withdrawal-approved'), 1);
  t.is(await logsOf(w.id, 'withdrawal-complete'), 1);
  t.is(await ledgerRows(`affiliate:withdrawal:payout:${w.id}`), 1);
});

test('reject returns frozen to available with the remark; then complete and review are 2002', async (t) => {
  const w = await pendingWithdrawal('25.5', '30');
  let res = await review(w.id, { action: 'rejected', remark: 'card closed' });
  t.is(res.body.code, 200, res.text);
  t.like(res.body.result, { status: 'rejected', remark: 'card closed' });
  t.deepEqual(await helpers.balanceMatchingLedger(w.user.id), sums('30.000000', '0.000000', '30.000000', '0.000000'));
  res = await complete(w.id);
  t.like(res.body, { code: 2002, path: `/api/affiliate/admin/withdrawals/${w.id}/complete` });
  t.is(res.body.message, '僅已核准的提領可標記完成');
  res = await review(w.id, { action: 'approved' });
  t.like(res.body, { code: 2002, path: `/api/affiliate/admin/withdrawals/${w.id}/review` });
  t.is((await review(w.id, { action: 'rejected', remark: 'twice' })).body.code, 2002);
  t.deepEqual(await helpers.balanceMatchingLedger(w.user.id), sums('30.000000', '0.000000', '30.000000', '0.000000'));
  t.is(await ledgerRows(`affiliate:withdrawal:release:${w.id}`), 1);
  const log = await models.AdminOperationLog.findOne({ where: { module: 'affiliate', action: 'withdrawal-rejected', targetId: String(w.id) } });
  t.like(log?.detail as object, { agentId: w.user.id, amount: '25.500000', from: 'pending', to: 'rejected', remark: 'card closed' });
});

test('complete before approval is 2002; unknown ids are 2001', async (t) => {
  const w = await pendingWithdrawal('5', '5');
  let res = await complete(w.id);
  t.like(res.body, { code: 2002, path: `/api/affiliate/admin/withdrawals/${w.id}/complete` });
  res = await review(2147483647, { action: 'approved' });
  t.like(res.body, { code: 2001, path: '/api/affiliate/admin/withdrawals/2147483647/review' });
  t.is((await complete(2147483647)).body.code, 2001);
  t.deepEqual(await helpers.balanceMatchingLedger(w.user.id), sums('0.000000', '5.000000', '5.000000', '0.000000'));
});

test('two operators at once: one wins, the others get 2002, money moves once', async (t) => {
  const rejected = await pendingWithdrawal('10', '10');
  const rejects = await Promise.all([1, 2, 3, 4].map(() => review(rejected.id, { action: 'rejected', remark: 'dup' })));
  t.deepEqual(rejects.map((r) => r.body.code).sort(), [200, 2002, 2002, 2002]);
  t.deepEqual(await helpers.balanceMatchingLedger(rejected.user.id), sums('10.000000', '0.000000', '10.000000', '0.000000'));
  t.is(await logsOf(rejected.id, 'withdrawal-rejected'), 1);

  const mixed = await pendingWithdrawal('10', '10');
  const both = await Promise.all([review(mixed.id, { action: 'approved' }), review(mixed.id, { action: 'rejected', remark: 'x' })]);
  t.deepEqual(both.map((r) => r.body.code).sort(), [200, 2002]);
  const won = both.find((r) => r.body.code === 200)!.body.result.status;
  t.deepEqual(
    await helpers.balanceMatchingLedger(mixed.user.id),
    won === 'approved' ? sums('0.000000', '10.000000', '10.000000', '0.000000') : sums('10.000000', '0.000000', '10.000000', '0.000000'),
  );

  const paid = await pendingWithdrawal('7', '7');
  t.is((await review(paid.id, { action: 'approved' })).body.code, 200);
  const completes = await Promise.all([1, 2, 3].map(() => complete(paid.id)));
  t.deepEqual(completes.map((r) => r.body.code).sort(), [200, 2002, 2002]);
  t.deepEqual(await helpers.balanceMatchingLedger(paid.user.id), sums('0.000000', '0.000000', '7.000000', '7.000000'));
  t.is(await logsOf(paid.id, 'withdrawal-complete'), 1);

  // Reject racing complete on an approved one: reject is 2002 (not pending), complete pays once.
  const raced = await pendingWithdrawal('3', '3');
  t.is((await review(raced.id, { action: 'approved' })).body.code, 200);
  const race = await Promise.all([complete(raced.id), review(raced.id, { action: 'rejected' })]);
  t.deepEqual(
    race.map((r) => r.body.code),
    [200, 2002],
  );
  t.deepEqual(await helpers.balanceMatchingLedger(raced.user.id), sums('0.000000', '0.000000', '3.000000', '3.000000'));
});

test("another site's withdrawal is not found (2001) for its administrators; the list is the site's own", async (t) => {
  const other = await factories.createSite();
  const w = await pendingWithdrawal('3', '3', other);
  const home = await pendingWithdrawal('2', '2');
  // The default site's operators do not see or touch the other site's withdrawal, and the reverse.
  t.like((await review(w.id, { action: 'approved' })).body, { code: 2001 });
  t.is((await complete(w.id)).body.code, 2001);
  t.is((await review(home.id, { action: 'rejected' }, { site: other })).body.code, 2001);
  let list = await req('GET', '/affiliate/admin/withdrawals?pageSize=50', { site: other });
  t.deepEqual(
    list.body.result.items.map((i: { id: number }) => i.id),
    [w.id],
  );
  list = await req('GET', '/affiliate/admin/withdrawals?pageSize=50');
  t.false(list.body.result.items.some((i: { id: number }) => i.id === w.id));
  t.true(list.body.result.items.some((i: { id: number }) => i.id === home.id));
  t.is((await models.AffiliateWithdrawal.findByPk(w.id))?.status, 'pending');
  t.is((await models.AffiliateWithdrawal.findByPk(home.id))?.status, 'pending');
  t.is((await review(w.id, { action: 'approved' }, { site: other })).body.code, 200);
  t.deepEqual(await helpers.balanceMatchingLedger(w.user.id), sums('0.000000', '3.000000', '3.000000', '0.000000'));
});

test('admin list: filters by status, paged, newest first, with the agent account and the payout target', async (t) => {
  const a = await pendingWithdrawal('1', '10');
  const b = await pendingWithdrawal('2', '10');
  t.is((await review(b.id, { action: 'approved' })).body.code, 200);
  let res = await req('GET', '/affiliate/admin/withdrawals?status=approved&pageSize=50');
  t.is(res.body.code, 200, res.text);
  t.true(res.body.result.items.every((i: { status: string }) => i.status === 'approved'));
  t.like(
    res.body.result.items.find((i: { id: number }) => i.id === b.id),
    { id: b.id, status: 'approved', amount: '2.000000', agentId: b.user.id, agentAccount: b.user.account, method: 'crypto', targetId: b.address.id },
  );
  t.false(res.body.result.items.some((i: { id: number }) => i.id === a.id));
  // The payout target, whole: the crypto address, or the bank card of a bank_card withdrawal.
  t.deepEqual(res.body.result.items.find((i: { id: number }) => i.id === b.id).target, {
    walletName: b.address.walletName,
    currency: b.address.currency,
    network: b.address.network,
    address: b.address.address,
  });
  const c = await helpers.agentWithCommission('5');
  const cw = await stack.request('POST', '/api/affiliate/withdrawals/request', {
    token: c.token,
    body: { amount: 5, method: 'bank_card', targetId: c.card.id },
  });
  t.is(cw.body.code, 200, cw.text);
  res = await req('GET', '/affiliate/admin/withdrawals?status=pending&pageSize=50');
  t.deepEqual(res.body.result.items.find((i: { id: number }) => i.id === cw.body.result.id).target, {
    bankCode: c.card.bankCode,
    bankAccount: c.card.bankAccount,
    branch: c.card.branch,
    holderName: c.card.holderName,
  });
  res = await req('GET', '/affiliate/admin/withdrawals?pageSize=50');
  const ids = res.body.result.items.map((i: { id: number }) => i.id);
  t.true(ids.indexOf(b.id) < ids.indexOf(a.id));
  res = await req('GET', '/affiliate/admin/withdrawals?pageSize=1&page=2');
  t.is(res.body.result.items.length, 1);
  t.like(res.body.result.pagination, { page: 2, pageSize: 1 });
  t.true(res.body.result.pagination.total >= 2);
  for (const q of ['status=paid', 'page=0', 'pageSize=51']) t.is((await req('GET', `/affiliate/admin/withdrawals?${q}`)).status, 400, q);
});

test('review body and ids: hostile input is a 400 and changes nothing', async (t) => {
  const w = await pendingWithdrawal('1', '1');
  for (const body of [
    {},
    { action: 'approve' },
    { action: 'reject' },
    { action: 1 },
    { action: 'rejected', remark: 5 },
    { action: 'rejected', remark: 'x'.repeat(256) },
  ]) {
    const res = await review(w.id, body);
    t.is(res.status, 400, `${JSON.stringify(body)}: ${res.text}`);
  }
  for (const id of ['0', '-1', 'abc', '2147483648', '1.5']) t.is((await req('POST', `/affiliate/admin/withdrawals/${id}/complete`)).status, 400, id);
  t.is((await models.AffiliateWithdrawal.findByPk(w.id))?.status, 'pending');
  t.deepEqual(await helpers.balanceMatchingLedger(w.user.id), sums('0.000000', '1.000000', '1.000000', '0.000000'));
});

test('permissions: read-only administrators list but cannot review or complete; players and anonymous callers are refused', async (t) => {
  const w = await pendingWithdrawal('2', '2');
  const reader = await factories.createAdmin({ permissions: ['affiliate:read'] });
  const withdrawalOnly = await factories.createAdmin({ permissions: ['withdrawal:read', 'withdrawal:write'] });
  t.is((await req('GET', '/affiliate/admin/withdrawals', { token: reader.token })).body.code, 200);
  t.is((await review(w.id, { action: 'approved' }, { token: reader.token })).status, 403);
  t.is((await complete(w.id, { token: reader.token })).status, 403);
  t.is((await req('GET', '/affiliate/admin/withdrawals', { token: withdrawalOnly.token })).status, 403);
  t.is((await review(w.id, { action: 'approved' }, { token: w.token })).status, 401);
  t.is((await req('GET', '/affiliate/admin/withdrawals', { token: null })).status, 401);
  t.is((await models.AffiliateWithdrawal.findByPk(w.id))?.status, 'pending');
  t.is(await logsOf(w.id, 'withdrawal-approved'), 0);
});
