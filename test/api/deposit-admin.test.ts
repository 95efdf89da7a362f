import test from 'ava';
import nock from 'nock';
import { QueryTypes } from 'sequelize';
import { DepositOrder } from '../../shared/db/models';
import { db } from '../../shared/db/sequelize';
import { startWorkers, type RunningWorkers } from '../../workers/main';
import { startAdminStack, type AdminRequest, type AdminStack } from '../helpers/admin-requests';
import {
  cacheTwdRate,
  createDepositor,
  resetDepositMocks,
  DEPOSIT_ENV,
  FIATVENDOR,
  fiatChannel,
  fiatPayText,
  fiatSigned,
  postFiatCallback,
  unique,
} from '../helpers/deposits';
import type { TestStack } from '../helpers/stack';
import { waitFor } from '../helpers/wait';

/**
 * Operators' deposit tools (permission module `deposit`): the site's orders with filters, an order's
 * callback history, and the resolution of a flagged order (credit or fail, logged, twice = once).
 */
let stack: TestStack;
let req: AdminRequest;
let factories: AdminStack['factories'];
let models: AdminStack['models'];
let workers: RunningWorkers | undefined;
let site: string;
test.before(async () => {
  ({ stack, req, factories, models } = await startAdminStack({
    permissions: ['deposit:read', 'deposit:write'],
    env: DEPOSIT_ENV,
    headers: { locales: 'en-US' },
  }));
  workers = startWorkers(['deposit-credit', 'outbox-relay']);
  site = await factories.createSite();
});
test.beforeEach(resetDepositMocks);
test.after.always(async () => {
  await workers?.stop();
  await stack?.close();
});

async function fiatOrder(token: string, amount: string) {
  const subOrder = unique();
  nock(FIATVENDOR).post('/order/atm').reply(200, { status: true, sub_order: subOrder });
  const channel = await fiatChannel(site);
  await stack.request('POST', '/api/deposit', {
    token,
    body: { channelId: channel.id, paymentMethod: 'fiat', subOrder, orderAmount: amount, expectedCode: '004', expectedAccount: '12345678901234' },
  });
  return (await DepositOrder.findOne({ where: { subOrder } }))!;
}

const balanceOf = async (userId: number) => (await models.User.findByPk(userId))!.balance;

test.serial('the order list: the site only, with filters (status, method, user, subOrder, flagged, dates), admin fields', async (t) => {
  const { token, user } = await createDepositor({ siteCode: site });
  const flagged = await fiatOrder(token, '3200');
  const plain = await fiatOrder(token, '640');
  await postFiatCallback(stack, 'pay', fiatSigned(fiatPayText(flagged.subOrder, '3000')));
  const other = await factories.createSite();
  const { token: elsewhere } = await createDepositor({ siteCode: other });
  nock(FIATVENDOR).post('/order/atm').reply(200, { status: true });
  await stack.request('POST', '/api/deposit', {
    token: elsewhere,
    body: {
      channelId: (await fiatChannel(other)).id,
      paymentMethod: 'fiat',
      subOrder: unique(),
      orderAmount: '1',
      expectedCode: '004',
      expectedAccount: '1234567890',
    },
  });

  const all = await req('GET', '/deposit/admin/orders', { site });
  t.is(all.body.code, 200);
  t.is(all.body.result.pagination.total, 2);
  t.like(all.body.result.items[1], {
    id: Number(flagged.id),
    userId: user.id,
    flag: 'amount-mismatch',
    payAmount: 3000,
    status: 'pending',
    channelName: 'TWD Bank Transfer & Card',
    resolution: null,
  });
  t.false('callbackData' in all.body.result.items[0]);
  const ids = async (query: string) => (await req('GET', `/deposit/admin/orders?${query}`, { site })).body.result.items.map((i: { id: number }) => i.id);
  t.deepEqual(await ids('flagged=1'), [Number(flagged.id)]);
  t.deepEqual(await ids('flagged=0'), [Number(plain.id)]);
  t.deepEqual(await ids(`subOrder=${plain.subOrder}`), [Number(plain.id)]);
  t.deepEqual(await ids(`userId=${user.id}&status=pending&paymentMethod=fiat`), [Number(plain.id), Number(flagged.id)]);
  t.deepEqual(await ids('status=paid'), []);
  t.deepEqual(await ids('paymentMethod=crypto'), []);
  t.deepEqual(await ids('endDate=2020-01-01'), []);
  t.is((await req('GET', '/deposit/admin/orders', { site: other })).body.result.pagination.total, 1);
  for (const q of ['flagged=2', 'status=x', 'userId=abc', 'pageSize=500']) t.is((await req('GET', `/deposit/admin/orders?${q}`, { site })).status, 400, q);
});

test.serial('callback history and resolution: credit once (twice = once, logged once), then the worker credits what was paid; 2001 / 2002', async (t) => {
  const { token, user } = await createDepositor({ siteCode: site });
  const order = await fiatOrder(token, '3200');
  await postFiatCallback(stack, 'pay', fiatSigned(fiatPayText(order.subOrder, '3136')));
  const history = await req('GET', `/deposit/admin/orders/${order.id}/callbacks`, { site });
  t.deepEqual(
    history.body.result.map((c: { kind: string; outcome: string; vendor: string }) => [c.vendor, c.kind, c.outcome]),
    [['fiatvendor', 'pay', 'amount-mismatch']],
  );
  t.is(history.body.result[0].body.sub_order, order.subOrder);

  const body = { action: 'credit', reason: 'customer paid 3136 TWD; confirmed with the vendor' };
  const [a, b] = await Promise.all([
    req('POST', `/deposit/admin/orders/${order.id}/resolve`, { site, body }),
    req('POST', `/deposit/admin/orders/${order.id}/resolve`, { site, body }),
  ]);
  t.is(a.body.code, 200);
  t.like(a.body.result, { status: 'paid', resolution: 'credit', usdAmount: '98.000000', flag: 'amount-mismatch' });
  t.deepEqual(b.body.result.resolution, 'credit');
  await waitFor('the resolved order credited', async () => (await DepositOrder.findByPk(order.id))!.creditedAt);
  t.is(await balanceOf(user.id), '98.000000');
  const logs = await models.AdminOperationLog.findAll({ where: { module: 'deposit', targetId: String(order.id) } });
  t.deepEqual(
    logs.map((l) => l.action),
    ['resolve-credit'],
  );
  // A third time, much later: still once.
  t.is((await req('POST', `/deposit/admin/orders/${order.id}/resolve`, { site, body })).body.code, 200);
  t.is(await balanceOf(user.id), '98.000000');
  const [ledger] = await db().query<{ n: string }>(`SELECT COUNT(*)::text AS n FROM game_transactions WHERE "idempotencyKey" = :key`, {
    replacements: { key: `deposit:${order.id}` },
    type: QueryTypes.SELECT,
  });
  t.is(ledger.n, '1');

  // The other way now, or an order never flagged: 2002; another site's order or none: 2001.
  t.like((await req('POST', `/deposit/admin/orders/${order.id}/resolve`, { site, body: { action: 'fail', reason: 'x' } })).body, { code: 2002 });
  const plain = await fiatOrder(token, '100');
  t.is((await req('POST', `/deposit/admin/orders/${plain.id}/resolve`, { site, body })).body.code, 2002);
  t.like((await req('POST', `/deposit/admin/orders/${order.id}/resolve`, { site: await factories.createSite(), body })).body, {
    code: 2001,
    message: 'Deposit order not found',
  });
  t.is((await req('POST', '/deposit/admin/orders/99999999/resolve', { site, body })).body.code, 2001);
  t.is((await req('GET', '/deposit/admin/orders/99999999/callbacks', { site })).body.code, 2001);
});

test.serial('resolution credit at an inexact rate: 3200 TWD paid at 31.92 credits 100.250626, rounded down to 6 decimals (docs/payments.md)', async (t) => {
  await cacheTwdRate('31.92');
  const { token, user } = await createDepositor({ siteCode: site });
  const order = await fiatOrder(token, '3300');
  await postFiatCallback(stack, 'pay', fiatSigned(fiatPayText(order.subOrder, '3200')));
  const res = await req('POST', `/deposit/admin/orders/${order.id}/resolve`, { site, body: { action: 'credit', reason: 'customer paid 3200 TWD' } });
  t.is(res.body.code, 200, res.text);
  // 3200 / 31.92 = 100.2506265...: rounded half up it would be 100.250627.
  t.like(res.body.result, { status: 'paid', resolution: 'credit', flag: 'amount-mismatch', usdAmount: '100.250626', exchangeRate: '31.9200000000' });
  await waitFor('the resolved order credited', async () => (await DepositOrder.findByPk(order.id))!.creditedAt);
  t.is(await balanceOf(user.id), '100.250626');
  const rows = await db().query<{ amount: string }>(`SELECT amount::text FROM game_transactions WHERE "idempotencyKey" = :key`, {
    replacements: { key: `deposit:${order.id}` },
    type: QueryTypes.SELECT,
  });
  t.deepEqual(
    rows.map((r) => r.amount),
    ['100.250626'],
  );
});

test.serial('resolution fail: the flagged order becomes failed with the reason, nothing is credited; bad bodies are 400; permissions', async (t) => {
  const { token, user } = await createDepositor({ siteCode: site });
  const order = await fiatOrder(token, '3200');
  await postFiatCallback(stack, 'pay', fiatSigned(fiatPayText(order.subOrder, '1')));
  for (const body of [
    { action: 'refund', reason: 'x' },
    { action: 'fail' },
    { action: 'fail', reason: '' },
    { action: 'fail', reason: 'x'.repeat(256) },
    { action: 1, reason: 'x' },
  ]) {
    t.is((await req('POST', `/deposit/admin/orders/${order.id}/resolve`, { site, body })).status, 400, JSON.stringify(body));
  }
  const res = await req('POST', `/deposit/admin/orders/${order.id}/resolve`, { site, body: { action: 'fail', reason: 'paid 1 TWD: refunded by the vendor' } });
  t.like(res.body.result, { status: 'failed', failReason: 'rejected', resolution: 'fail', resolutionReason: 'paid 1 TWD: refunded by the vendor' });
  t.is(await balanceOf(user.id), '0.000000');

  const reader = await factories.createAdmin({ permissions: ['deposit:read'] });
  t.is((await req('GET', '/deposit/admin/orders', { site, token: reader.token })).status, 200);
  t.is((await req('POST', `/deposit/admin/orders/${order.id}/resolve`, { site, token: reader.token, body: { action: 'fail', reason: 'x' } })).status, 403);
  const nobody = await factories.createAdmin({ permissions: ['vip:read'] });
  t.is((await req('GET', '/deposit/admin/orders', { site, token: nobody.token })).status, 403);
  t.is((await req('GET', `/deposit/admin/orders/${order.id}/callbacks`, { site, token: null })).status, 401);
  // A player token never opens an administrator route.
  t.is((await stack.request('GET', '/api/deposit/admin/orders', { token })).status, 401);
});

test.serial('a late payment (order expired, then paid) is credited only by an operator: failed becomes paid, credited once', async (t) => {
  const { token, user } = await createDepositor({ siteCode: site });
  const order = await fiatOrder(token, '640');
  await DepositOrder.update({ status: 'failed', failReason: 'expired' }, { where: { id: order.id } });
  await postFiatCallback(stack, 'pay', fiatSigned(fiatPayText(order.subOrder, '640')));
  t.like((await DepositOrder.findByPk(order.id))?.get({ plain: true }), { status: 'failed', flag: 'late-payment', creditedAt: null });
  t.is(await balanceOf(user.id), '0.000000');
  const res = await req('POST', `/deposit/admin/orders/${order.id}/resolve`, { site, body: { action: 'credit', reason: 'paid two days late; confirmed' } });
  t.like(res.body.result, { status: 'paid', failReason: 'expired', resolution: 'credit', usdAmount: '20.000000' });
  await waitFor('the late payment credited', async () => (await DepositOrder.findByPk(order.id))!.creditedAt);
  t.is(await balanceOf(user.id), '20.000000');
});
