import test from 'ava';
import nock from 'nock';
import { QueryTypes } from 'sequelize';
import { DepositCallback, DepositOrder, User } from '../../shared/db/models';
import { db } from '../../shared/db/sequelize';
import { expireDeposits } from '../../shared/domain/deposit/expiry';
import { fiatvendorCheckSum } from '../../shared/integrations/fiatvendor';
import { providerSignatureOf } from '../../api/modules/providers/signature';
import { startWorkers, type RunningWorkers } from '../../workers/main';
import {
  cacheTwdRate,
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
  USDT_SECRET,
  usdtChannel,
  usdtHeaders,
} from '../helpers/deposits';
import { createSite } from '../helpers/factories';
import type { TestStack } from '../helpers/stack';
import { waitFor } from '../helpers/wait';

/**
 * The vendor callbacks: signatures over the raw bytes, recorded and acknowledged, credited
 * once by the deposit-credit worker (balance = sum of the ledger), amount mismatch, unknown order, final
 * order, late payment after expiry; and the fiat flow end to end.
 */
let stack: TestStack;
let workers: RunningWorkers | undefined;
let site: string;
test.before(async () => {
  const { startTestStack } = await import('../helpers/stack');
  stack = await startTestStack(DEPOSIT_ENV);
  workers = startWorkers(['deposit-credit', 'outbox-relay']);
  site = await createSite();
});
test.beforeEach(resetDepositMocks);
test.after.always(async () => {
  await workers?.stop();
  await stack?.close();
});

async function fiatOrder(token: string, amount = '3200') {
  const subOrder = unique();
  nock(FIATVENDOR).post('/order/atm').reply(200, { status: true, sub_order: subOrder });
  const channel = await fiatChannel(site);
  const res = await stack.request('POST', '/api/deposit', {
    token,
    body: { channelId: channel.id, paymentMethod: 'fiat', subOrder, orderAmount: amount, expectedCode: '004', expectedAccount: '12345678901234' },
  });
  if (res.body.code !== 200) throw new Error(JSON.stringify(res.body));
  return subOrder;
}

async function cryptoOrder(token: string, amount = '100') {
  const subOrder = unique();
  const channel = await usdtChannel(site);
  const res = await stack.request('POST', '/api/deposit', { token, body: { channelId: channel.id, paymentMethod: 'crypto', subOrder, orderAmount: amount } });
  if (res.body.code !== 200) throw new Error(JSON.stringify(res.body));
  return subOrder;
}

const order = async (subOrder: string) => (await DepositOrder.findOne({ where: { subOrder } }))!;
const outcomes = async (subOrder: string) => (await DepositCallback.findAll({ where: { subOrder }, order: [['id', 'ASC']] })).map((c) => c.outcome);

/** The player's balance and the sum of its ledger (they must agree), and its deposit ledger rows. */
async function ledger(userId: number) {
  const user = await User.findByPk(userId);
  const [row] = await db().query<{ total: string; deposits: string }>(
    `SELECT COALESCE(SUM(amount), 0)::text AS total, COUNT(*) FILTER (WHERE kind = 'deposit')::text AS deposits FROM game_transactions WHERE "userId" = :userId`,
    { replacements: { userId }, type: QueryTypes.SELECT },
  );
  return { balance: user!.balance, ledgerSum: Number(row.total).toFixed(6), deposits: Number(row.deposits) };
}

async function missionDeposit(userId: number): Promise<string | null> {
  const [row] = await db().query<{ progress: string }>(
    `SELECT progress::text FROM mission_progress WHERE "userId" = :userId AND category = 'deposit' AND "periodType" = 'daily'`,
    {
      replacements: { userId },
      type: QueryTypes.SELECT,
    },
  );
  return row?.progress ?? null;
}

const credited = (subOrder: string) => waitFor(`order ${subOrder} credited`, async () => (await order(subOrder)).creditedAt);

test.serial('fiat: add makes the order created, pay makes it paid; the worker credits payAmount / stored rate once, with mission progress', async (t) => {
  const { token, user } = await createDepositor({ siteCode: site });
  const subOrder = await fiatOrder(token);
  const add = await postFiatCallback(stack, 'add', fiatSigned(fiatAddText(subOrder, '3200')));
  t.is(add.status, 200);
  t.deepEqual(add.body, { received: true });
  t.is((await order(subOrder)).status, 'created');

  // The pay amount as the vendor wrote it ("3200.00"): check_sum is over that text, not a re-printed float.
  const pay = await postFiatCallback(stack, 'pay', fiatSigned(fiatPayText(subOrder, '3200.00')));
  t.deepEqual(pay.body, { received: true });
  await credited(subOrder);
  const paid = await order(subOrder);
  t.like(paid.get({ plain: true }), {
    status: 'paid',
    payAmount: '3200.000000',
    usdAmount: '100.000000',
    exchangeRate: '32.0000000000',
    payTime: '2026-11-25 14:00:00',
  });
  t.deepEqual(await ledger(user.id), { balance: '100.000000', ledgerSum: '100.000000', deposits: 1 });
  t.is(await missionDeposit(user.id), '100.000000');

  // Replays: acknowledged, recorded, nothing changes; add after paid does not move the order back.
  t.deepEqual((await postFiatCallback(stack, 'pay', fiatSigned(fiatPayText(subOrder, '3200.00')))).body, { received: true });
  t.deepEqual((await postFiatCallback(stack, 'add', fiatSigned(fiatAddText(subOrder, '3200')))).body, { received: true });
  t.is((await order(subOrder)).status, 'paid');
  t.deepEqual(await outcomes(subOrder), ['applied', 'applied', 'duplicate', 'final-order']);
  t.deepEqual(await ledger(user.id), { balance: '100.000000', ledgerSum: '100.000000', deposits: 1 });

  // The player's list shows it paid, without callbackData.
  const list = await stack.request('GET', '/api/deposit/orders?status=paid', { token });
  t.like(list.body.result.items[0], { subOrder, status: 'paid', payAmount: 3200, usdAmount: '100.000000', payTime: '2026-11-25 14:00:00' });
  t.false('callbackData' in list.body.result.items[0]);
});

test.serial('an inexact rate: 3200 TWD at 31.92 credits 100.250626, payAmount / rate rounded down to 6 decimals (docs/payments.md)', async (t) => {
  await cacheTwdRate('31.92');
  const { token, user } = await createDepositor({ siteCode: site });
  const subOrder = await fiatOrder(token, '3200');
  await postFiatCallback(stack, 'pay', fiatSigned(fiatPayText(subOrder, '3200')));
  await credited(subOrder);
  // 3200 / 31.92 = 100.2506265...: rounded half up it would be 100.250627.
  t.like((await order(subOrder)).get({ plain: true }), { status: 'paid', exchangeRate: '31.9200000000', usdAmount: '100.250626' });
  t.deepEqual(await ledger(user.id), { balance: '100.250626', ledgerSum: '100.250626', deposits: 1 });
  const [row] = await db().query<{ amount: string }>(`SELECT amount::text FROM game_transactions WHERE "idempotencyKey" = :key`, {
    replacements: { key: `deposit:${(await order(subOrder)).id}` },
    type: QueryTypes.SELECT,
  });
  t.is(row.amount, '100.250626');
});

test.serial('10 identical pay callbacks at once: one applies, nine are duplicates, the player is credited once', async (t) => {
  const { token, user } = await createDepositor({ siteCode: site });
  const subOrder = await fiatOrder(token, '1600');
  const text = fiatSigned(fiatPayText(subOrder, '1600'));
  const answers = await Promise.all(Array.from({ length: 10 }, () => postFiatCallback(stack, 'pay', text)));
  t.true(answers.every((a) => a.status === 200 && a.body.received === true));
  await credited(subOrder);
  const all = await outcomes(subOrder);
  t.is(all.filter((o) => o === 'applied').length, 1);
  t.is(all.filter((o) => o === 'duplicate').length, 9);
  t.deepEqual(await ledger(user.id), { balance: '50.000000', ledgerSum: '50.000000', deposits: 1 });
});

test.serial('USDT: paid and credited at 1 USD per USDT; one txHash pays one order; 10 at once credit once', async (t) => {
  const { token, user } = await createDepositor({ siteCode: site });
  const subOrder = await cryptoOrder(token, '25.5');
  const txHash = unique('0x');
  const body = { subOrder, payAmount: 25.5, txHash, payTime: '2026-11-25T14:00:00Z' };
  const answers = await Promise.all(Array.from({ length: 10 }, () => postUsdtCallback(stack, body)));
  t.true(answers.every((a) => a.status === 200 && a.body.received === true));
  await credited(subOrder);
  t.like((await order(subOrder)).get({ plain: true }), { status: 'paid', txHash, usdAmount: '25.500000' });
  t.is((await outcomes(subOrder)).filter((o) => o === 'applied').length, 1);

  // The same txHash named for another order: recorded, nothing paid.
  const second = await cryptoOrder(token, '25.5');
  t.deepEqual((await postUsdtCallback(stack, { ...body, subOrder: second })).body, { received: true });
  t.like((await order(second)).get({ plain: true }), { status: 'pending', txHash: null });
  t.deepEqual(await outcomes(second), ['tx-used']);
  t.deepEqual(await ledger(user.id), { balance: '25.500000', ledgerSum: '25.500000', deposits: 1 });
});

test.serial('amount mismatch (tolerance 0): flagged for an operator, not credited; unknown order: recorded and acknowledged', async (t) => {
  const { token, user } = await createDepositor({ siteCode: site });
  const subOrder = await fiatOrder(token, '3200');
  t.deepEqual((await postFiatCallback(stack, 'pay', fiatSigned(fiatPayText(subOrder, '3199.99')))).body, { received: true });
  t.like((await order(subOrder)).get({ plain: true }), { status: 'pending', flag: 'amount-mismatch', payAmount: '3199.990000', usdAmount: null });
  // Even the right amount afterwards changes nothing: the operator decides.
  await postFiatCallback(stack, 'pay', fiatSigned(fiatPayText(subOrder, '3200')));
  t.deepEqual(await outcomes(subOrder), ['amount-mismatch', 'already-flagged']);

  const usdtOrder = await cryptoOrder(token, '10');
  await postUsdtCallback(stack, { subOrder: usdtOrder, payAmount: '10.000001', txHash: unique('0x'), payTime: 'now' });
  t.is((await order(usdtOrder)).flag, 'amount-mismatch');

  const ghost = unique('GHOST');
  t.deepEqual((await postFiatCallback(stack, 'pay', fiatSigned(fiatPayText(ghost, '100')))).body, { received: true });
  t.deepEqual((await postUsdtCallback(stack, { subOrder: ghost, payAmount: 1, txHash: unique('0x'), payTime: 'now' })).body, { received: true });
  t.deepEqual(await outcomes(ghost), ['unknown-order', 'unknown-order']);
  // A USDT callback naming a fiat order is not that order's.
  await postUsdtCallback(stack, { subOrder, payAmount: 3200, txHash: unique('0x'), payTime: 'now' });
  t.is((await order(subOrder)).status, 'pending');
  // Signed but unusable: recorded as invalid, acknowledged.
  t.deepEqual((await postFiatCallback(stack, 'pay', fiatSigned(`{"sub_order":"${subOrder}","pay_amount":"lots"}`))).body, { received: true });
  t.is((await outcomes(subOrder)).at(-1), 'invalid');
  t.deepEqual(await ledger(user.id), { balance: '0.000000', ledgerSum: '0.000000', deposits: 0 });
});

test.serial('expiry: unpaid orders past DEPOSIT_EXPIRE_AFTER_MINUTES become failed (expired); a late payment is flagged, never credited', async (t) => {
  const { token, user } = await createDepositor({ siteCode: site });
  const old = await fiatOrder(token, '320');
  const recent = await fiatOrder(token, '320');
  await DepositOrder.update({ createdAt: new Date(Date.now() - 25 * 3600_000) }, { where: { subOrder: old } });
  const { expired } = await expireDeposits();
  t.true(expired >= 1);
  t.like((await order(old)).get({ plain: true }), { status: 'failed', failReason: 'expired' });
  t.is((await order(recent)).status, 'pending');

  t.deepEqual((await postFiatCallback(stack, 'pay', fiatSigned(fiatPayText(old, '320')))).body, { received: true });
  t.like((await order(old)).get({ plain: true }), { status: 'failed', flag: 'late-payment', payAmount: '320.000000' });
  // A failed order never goes back to created.
  await postFiatCallback(stack, 'add', fiatSigned(fiatAddText(old, '320')));
  t.is((await order(old)).status, 'failed');
  t.deepEqual(await outcomes(old), ['late-payment', 'final-order']);
  t.deepEqual(await ledger(user.id), { balance: '0.000000', ledgerSum: '0.000000', deposits: 0 });
});

test.serial(
  'bad signatures are refused (401) and leave nothing recorded: wrong check_sum, missing, re-printed numbers, wrong secret, stale or missing timestamp',
  async (t) => {
    const { token } = await createDepositor({ siteCode: site });
    const subOrder = await fiatOrder(token, '3200');
    const usdtOrder = await cryptoOrder(token, '10');
    const before = await DepositCallback.count();
    const payText = fiatPayText(subOrder, '3200.00');

    const forged: string[] = [
      fiatSigned(payText, 'another-secret'),
      payText,
      // check_sum computed over the number re-printed (3200) while the body says 3200.00.
      `${payText.slice(0, -1)},"check_sum":"${fiatvendorCheckSum('fiat-secret-for-tests', [
        ['sub_order', subOrder],
        ['pay_amount', '3200'],
      ])}"}`,
      fiatSigned(payText).replace('3200.00', '3300.00'),
      fiatSigned(payText).replace(/"check_sum":"[0-9a-f]+"/, '"check_sum":"zz"'),
      // A field named twice: which value was signed is ambiguous.
      fiatSigned(payText).replace('"pay_time"', '"pay_amount":1,"pay_time"'),
    ];
    for (const text of forged) {
      const res = await postFiatCallback(stack, 'pay', text);
      t.is(res.status, 401, text.slice(0, 80));
      t.is(res.body.code, 401);
    }
    t.is((await postFiatCallback(stack, 'add', fiatAddText(subOrder, '3200'))).status, 401);
    // Not JSON at all: the body step refuses it (400) before anything else.
    t.is((await postFiatCallback(stack, 'pay', 'not json')).status, 400);

    const body = JSON.stringify({ subOrder: usdtOrder, payAmount: 10, txHash: unique('0x'), payTime: 'now' });
    const stale = String(Math.floor(Date.now() / 1000) - 301);
    const usdtForged: Array<Record<string, string>> = [
      usdtHeaders(body, { secret: 'wrong' }),
      usdtHeaders(body, { timestamp: stale }),
      { 'content-type': 'application/json', 'x-timestamp': stale, 'x-signature': providerSignatureOf(USDT_SECRET, stale, body) },
      { 'content-type': 'application/json' },
      { ...usdtHeaders(body), 'x-signature': 'ABC' },
    ];
    for (const headers of usdtForged) {
      const res = await stack.request('POST', '/api/vendor/usdt/callback/pay', { rawBody: body, headers });
      t.is(res.status, 401);
    }
    // A body changed after signing.
    const signed = usdtHeaders(body);
    t.is((await stack.request('POST', '/api/vendor/usdt/callback/pay', { rawBody: body.replace('10', '11'), headers: signed })).status, 401);

    t.is(await DepositCallback.count(), before);
    t.is((await order(subOrder)).status, 'pending');
    t.is((await order(usdtOrder)).status, 'pending');
  },
);
