import test from 'ava';
import nock from 'nock';
import { QueryTypes } from 'sequelize';
import { DepositCallback, DepositOrder } from '../../shared/db/models';
import { db } from '../../shared/db/sequelize';
import { expireDeposits } from '../../shared/domain/deposit/expiry';
import { startWorkers, type RunningWorkers } from '../../workers/main';
import { startAdminStack, type AdminRequest, type AdminStack } from '../helpers/admin-requests';
import {
  createDepositor,
  resetDepositMocks,
  DEPOSIT_ENV,
  FIATVENDOR,
  fiatAddText,
  fiatChannel,
  fiatPayText,
  fiatSigned,
  postFiatCallback,
  postUsdtCallback,
  unique,
  usdtChannel,
} from '../helpers/deposits';
import type { TestStack } from '../helpers/stack';
import { waitFor } from '../helpers/wait';

/**
 * The deposit order's status moves (docs/payments.md, "Status moves"): one table of which status may
 * become which, asked by every writer (the callbacks, the expiry sweep, an operator's resolution) and
 * enforced on the table itself. Every allowed move still happens through its writer; a forbidden one
 * changes nothing, and each writer answers what it answered before.
 */
let stack: TestStack;
let req: AdminRequest;
let models: AdminStack['models'];
let workers: RunningWorkers | undefined;
let site: string;
test.before(async () => {
  let factories: AdminStack['factories'];
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

async function fiatOrder(token: string, amount: string): Promise<DepositOrder> {
  const subOrder = unique();
  nock(FIATVENDOR).post('/order/atm').reply(200, { status: true, sub_order: subOrder });
  const body = {
    channelId: (await fiatChannel(site)).id,
    paymentMethod: 'fiat',
    subOrder,
    orderAmount: amount,
    expectedCode: '004',
    expectedAccount: '12345678901234',
  };
  const res = await stack.request('POST', '/api/deposit', { token, body });
  if (res.body.code !== 200) throw new Error(JSON.stringify(res.body));
  return order(subOrder);
}

async function cryptoOrder(token: string, amount: string): Promise<DepositOrder> {
  const subOrder = unique();
  const res = await stack.request('POST', '/api/deposit', {
    token,
    body: { channelId: (await usdtChannel(site)).id, paymentMethod: 'crypto', subOrder, orderAmount: amount },
  });
  if (res.body.code !== 200) throw new Error(JSON.stringify(res.body));
  return order(subOrder);
}

const order = async (subOrder: string) => (await DepositOrder.findOne({ where: { subOrder } }))!;
const statusOf = async (subOrder: string) => (await order(subOrder)).status;
const outcomes = async (subOrder: string) => (await DepositCallback.findAll({ where: { subOrder }, order: [['id', 'ASC']] })).map((c) => c.outcome);
const balanceOf = async (userId: number) => (await models.User.findByPk(userId))!.balance;
const credited = (subOrder: string) => waitFor(`order ${subOrder} credited`, async () => (await order(subOrder)).creditedAt);
const resolve = (o: DepositOrder, action: 'credit' | 'fail') =>
  req('POST', `/deposit/admin/orders/${o.id}/resolve`, { site, body: { action, reason: `status moves: ${action}` } });
const payFiat = (o: DepositOrder, amount: string) => postFiatCallback(stack, 'pay', fiatSigned(fiatPayText(o.subOrder, amount)));
const addFiat = (o: DepositOrder, amount: string) => postFiatCallback(stack, 'add', fiatSigned(fiatAddText(o.subOrder, amount)));
/** Created long enough ago for the expiry sweep (DEPOSIT_EXPIRE_AFTER_MINUTES, 1440). */
const age = (o: DepositOrder) => DepositOrder.update({ createdAt: new Date(Date.now() - 25 * 3600_000) }, { where: { id: o.id } });

async function depositRows(o: DepositOrder) {
  const [row] = await db().query<{ outbox: string; ledger: string; logs: string }>(
    `SELECT (SELECT COUNT(*) FROM outbox WHERE queue = 'deposit-credit' AND payload->>'depositOrderId' = :id)::text AS outbox,
            (SELECT COUNT(*) FROM game_transactions WHERE "idempotencyKey" = 'deposit:' || :id)::text AS ledger,
            (SELECT COUNT(*) FROM admin_operation_logs WHERE module = 'deposit' AND "targetId" = :id)::text AS logs`,
    { replacements: { id: String(o.id) }, type: QueryTypes.SELECT },
  );
  return { outbox: Number(row.outbox), ledger: Number(row.ledger), logs: Number(row.logs) };
}

test.serial('every allowed move happens through its writer: callbacks, expiry, operator resolutions', async (t) => {
  const { token, user } = await createDepositor({ siteCode: site });

  // pending -> created -> paid (fiat callbacks), credited.
  const fiat = await fiatOrder(token, '3200');
  await addFiat(fiat, '3200');
  t.is(await statusOf(fiat.subOrder), 'created');
  await payFiat(fiat, '3200');
  t.is(await statusOf(fiat.subOrder), 'paid');
  await credited(fiat.subOrder);

  // pending -> paid (USDT callback).
  const usdt = await cryptoOrder(token, '10');
  await postUsdtCallback(stack, { subOrder: usdt.subOrder, payAmount: '10', txHash: unique('0x'), payTime: 'now' });
  t.is(await statusOf(usdt.subOrder), 'paid');
  await credited(usdt.subOrder);
  t.deepEqual(await outcomes(usdt.subOrder), ['applied']);

  // pending -> failed and created -> failed (expiry).
  const pending = await fiatOrder(token, '320');
  const created = await fiatOrder(token, '320');
  await addFiat(created, '320');
  await Promise.all([age(pending), age(created)]);
  t.true((await expireDeposits()).expired >= 2);
  t.like((await order(pending.subOrder)).get({ plain: true }), { status: 'failed', failReason: 'expired' });
  t.like((await order(created.subOrder)).get({ plain: true }), { status: 'failed', failReason: 'expired' });

  // failed -> paid: only the operator's resolution credits a late payment.
  await payFiat(pending, '320');
  t.like((await order(pending.subOrder)).get({ plain: true }), { status: 'failed', flag: 'late-payment' });
  t.like((await resolve(pending, 'credit')).body.result, { status: 'paid', resolution: 'credit', failReason: 'expired' });
  await credited(pending.subOrder);

  // failed stays failed: the operator's resolution fails a late payment.
  await payFiat(created, '320');
  t.like((await resolve(created, 'fail')).body.result, { status: 'failed', resolution: 'fail', failReason: 'expired' });

  // pending -> failed: the operator's resolution fails an amount mismatch.
  const mismatch = await fiatOrder(token, '640');
  await payFiat(mismatch, '600');
  t.like((await resolve(mismatch, 'fail')).body.result, { status: 'failed', resolution: 'fail', failReason: 'rejected' });

  // 100 (fiat) + 10 (USDT) + 10 (the late payment credited by the operator).
  t.is(await balanceOf(user.id), '120.000000');
});

test.serial('a forbidden move changes nothing and each writer answers as before', async (t) => {
  const { token, user } = await createDepositor({ siteCode: site });
  const paid = await cryptoOrder(token, '10');
  await postUsdtCallback(stack, { subOrder: paid.subOrder, payAmount: '10', txHash: unique('0x'), payTime: 'now' });
  await credited(paid.subOrder);
  const before = (await order(paid.subOrder)).get({ plain: true });

  // The expiry sweep never fails a paid order, however old.
  await age(paid);
  await expireDeposits();
  t.is(await statusOf(paid.subOrder), 'paid');

  // An operator can neither fail nor credit again a paid order, even one carrying an open flag: 2002.
  await DepositOrder.update({ flag: 'amount-mismatch' }, { where: { id: paid.id } });
  t.like((await resolve(paid, 'fail')).body, { code: 2002 });
  t.like((await resolve(paid, 'credit')).body, { code: 2002 });
  const after = (await order(paid.subOrder)).get({ plain: true });
  t.like(after, { status: 'paid', resolution: null, paidAt: before.paidAt, usdAmount: before.usdAmount });
  t.deepEqual(await depositRows(paid), { outbox: 1, ledger: 1, logs: 0 });

  // Callbacks: pay and add on a paid order change nothing.
  await postUsdtCallback(stack, { subOrder: paid.subOrder, payAmount: '10', txHash: unique('0x'), payTime: 'now' });
  t.is(await statusOf(paid.subOrder), 'paid');

  // A failed order: the first late pay is flagged, a second pay is 'already-flagged', an add is
  // 'final-order'; it stays failed and nothing is credited.
  const expired = await fiatOrder(token, '320');
  await age(expired);
  await expireDeposits();
  t.deepEqual((await payFiat(expired, '320')).body, { received: true });
  t.deepEqual((await payFiat(expired, '320')).body, { received: true });
  t.deepEqual((await addFiat(expired, '320')).body, { received: true });
  t.deepEqual(await outcomes(expired.subOrder), ['late-payment', 'already-flagged', 'final-order']);
  t.like((await order(expired.subOrder)).get({ plain: true }), { status: 'failed', flag: 'late-payment', failReason: 'expired', paidAt: null });

  // Failed by its operator, the late payment is never credited afterwards: 2002.
  t.like((await resolve(expired, 'fail')).body.result, { status: 'failed', resolution: 'fail' });
  t.like((await resolve(expired, 'credit')).body, { code: 2002 });
  t.is(await statusOf(expired.subOrder), 'failed');
  t.deepEqual(await depositRows(expired), { outbox: 0, ledger: 0, logs: 1 });
  t.is(await balanceOf(user.id), '10.000000');
});

test.serial('the table refuses any other move whoever writes it (SQLSTATE DP000): the row is unchanged', async (t) => {
  const { token } = await createDepositor({ siteCode: site });
  const paid = await cryptoOrder(token, '10');
  await postUsdtCallback(stack, { subOrder: paid.subOrder, payAmount: '10', txHash: unique('0x'), payTime: 'now' });
  await credited(paid.subOrder);
  const created = await fiatOrder(token, '320');
  await addFiat(created, '320');
  const failed = await fiatOrder(token, '320');
  await DepositOrder.update({ status: 'failed', failReason: 'expired' }, { where: { id: failed.id } });

  const refused = async (sql: string, o: DepositOrder, label: string) => {
    const before = (await order(o.subOrder)).get({ plain: true });
    const err = await t.throwsAsync(db().query(sql, { replacements: { id: o.id } }), undefined, label);
    t.is((err as { original?: { code?: string } }).original?.code, 'DP000', label);
    t.deepEqual((await order(o.subOrder)).get({ plain: true }), before, label);
  };
  for (const to of ['pending', 'created', 'failed']) await refused(`UPDATE deposit_orders SET status = '${to}' WHERE id = :id`, paid, `paid -> ${to}`);
  await refused('SELECT deposit_mark_paid(:id)', paid, 'paid -> paid (paid again)');
  for (const to of ['pending', 'created']) await refused(`UPDATE deposit_orders SET status = '${to}' WHERE id = :id`, failed, `failed -> ${to}`);
  await refused('SELECT deposit_mark_paid(:id)', failed, 'failed -> paid without the resolution');
  await refused(`UPDATE deposit_orders SET status = 'failed' WHERE id = :id`, failed, 'failed -> failed without the resolution');
  await refused(`UPDATE deposit_orders SET status = 'pending' WHERE id = :id`, created, 'created -> pending');
  // Through the model as well (orders.ts writes this way).
  await t.throwsAsync(DepositOrder.update({ status: 'failed' }, { where: { id: paid.id } }));
  t.is(await statusOf(paid.subOrder), 'paid');
});
