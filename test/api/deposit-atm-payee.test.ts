import test from 'ava';
import nock from 'nock';
import { DepositCallback, DepositOrder } from '../../shared/db/models';
import {
  createDepositor,
  resetDepositMocks,
  DEPOSIT_ENV,
  FIATVENDOR,
  fiatChannel,
  fiatSigned,
  postFiatCallback,
  unique,
  usdtChannel,
} from '../helpers/deposits';
import { createSite } from '../helpers/factories';
import { startTestStack, type TestStack } from '../helpers/stack';

/**
 * Where to pay an ATM order (docs/payments.md, "Where to pay an ATM order"): the fiat vendor's add callback
 * names the receiving bank code, account and expiry; the player's order list and GET /deposit/orders/:subOrder
 * show them; a malformed one is recorded as invalid and changes nothing.
 */
let stack: TestStack;
let site: string;
test.before(async () => {
  stack = await startTestStack(DEPOSIT_ENV);
  site = await createSite();
});
test.beforeEach(resetDepositMocks);
test.after.always(async () => {
  await stack?.close();
});

const get = (path: string, token?: string) => stack.request('GET', `/api${path}`, { token, headers: { locales: 'en-US' } });

async function atmOrder(token: string, amount = '3200'): Promise<string> {
  const subOrder = unique();
  nock(FIATVENDOR).post('/order/atm').reply(200, { status: true, sub_order: subOrder });
  const body = { subOrder, orderAmount: amount, expectedCode: '004', expectedAccount: '12345678901234' };
  const res = await stack.request('POST', '/api/vendor/fiatvendor/add-atm', { token, body });
  if (res.body.code !== 200) throw new Error(JSON.stringify(res.body));
  return subOrder;
}

/** An add callback body text with the payee fields given as JSON text (`"004"`, `4`, ...). */
function addText(subOrder: string, payee: { code?: string; account?: string; expire?: string }): string {
  const fields = [`"sub_order":"${subOrder}"`, '"order_amount":3200'];
  if (payee.expire !== undefined) fields.push(`"expire_date":${payee.expire}`);
  if (payee.code !== undefined) fields.push(`"receiving_code":${payee.code}`);
  if (payee.account !== undefined) fields.push(`"receiving_account":${payee.account}`);
  return `{${fields.join(',')}}`;
}
const addCallback = (subOrder: string, payee: Parameters<typeof addText>[1]) => postFiatCallback(stack, 'add', fiatSigned(addText(subOrder, payee)));
const outcomes = async (subOrder: string) => (await DepositCallback.findAll({ where: { subOrder }, order: [['id', 'ASC']] })).map((c) => c.outcome);
const status = async (subOrder: string) => (await DepositOrder.findOne({ where: { subOrder } }))!.status;
const listed = async (token: string, subOrder: string) =>
  (await get('/deposit/orders', token)).body.result.items.find((i: { subOrder: string }) => i.subOrder === subOrder);

const PAYEE = { code: '"004"', account: '"00099912345678"', expire: '"2026-11-28 23:59:59"' };

test.serial('the add callback names where to pay: the list and the order by subOrder show it; another player gets 2001', async (t) => {
  const { token } = await createDepositor({ siteCode: site });
  const subOrder = await atmOrder(token);
  // Before the add callback: an ATM order without a payee yet.
  t.is((await listed(token, subOrder)).payee, null);
  t.like((await get(`/deposit/orders/${subOrder}`, token)).body, { code: 200, result: { subOrder, status: 'pending', payee: null } });

  t.deepEqual((await addCallback(subOrder, PAYEE)).body, { received: true });
  t.deepEqual(await outcomes(subOrder), ['applied']);
  const payee = { bankCode: '004', account: '00099912345678', expireDate: '2026-11-28 23:59:59' };
  t.like(await listed(token, subOrder), { subOrder, paymentMethod: 'fiat', status: 'created', payee });
  const one = await get(`/deposit/orders/${subOrder}`, token);
  t.is(one.body.code, 200);
  t.like(one.body.result, { subOrder, paymentMethod: 'fiat', status: 'created', orderAmount: 3200, currency: 'TWD', payee });
  t.false('callbackData' in one.body.result);
  t.false('addCallback' in one.body.result);

  // A date without a time is an expiry too; a repeated add changes nothing.
  const dayOnly = await atmOrder(token);
  await addCallback(dayOnly, { ...PAYEE, expire: '"2026-11-28"' });
  t.like((await get(`/deposit/orders/${dayOnly}`, token)).body.result, { payee: { ...payee, expireDate: '2026-11-28' } });
  await addCallback(dayOnly, { code: '"812"', account: '"11122233344"' });
  t.deepEqual(await outcomes(dayOnly), ['applied', 'duplicate']);
  t.like((await get(`/deposit/orders/${dayOnly}`, token)).body.result, { payee: { bankCode: '004' } });

  // Another player's subOrder, and one no order has: not found, nothing of the order shown.
  const { token: other } = await createDepositor({ siteCode: site });
  const theirs = await get(`/deposit/orders/${subOrder}`, other);
  t.is(theirs.status, 200);
  t.like(theirs.body, { code: 2001, message: 'Deposit order not found' });
  t.false(JSON.stringify(theirs.body).includes('00099912345678'));
  t.like((await get(`/deposit/orders/${unique('NONE')}`, token)).body, { code: 2001 });
  t.is((await get(`/deposit/orders/${subOrder}`)).status, 401);
});

test.serial('a crypto order shows no payee; a card order is not held back by the payee', async (t) => {
  const { token } = await createDepositor({ siteCode: site });
  const usdt = await usdtChannel(site);
  const crypto = unique();
  await stack.request('POST', '/api/deposit', { token, body: { channelId: usdt.id, paymentMethod: 'crypto', subOrder: crypto, orderAmount: '10' } });
  const res = await get(`/deposit/orders/${crypto}`, token);
  t.like(res.body.result, { subOrder: crypto, paymentMethod: 'crypto' });
  t.false('payee' in res.body.result);

  const card = unique();
  nock(FIATVENDOR).post('/order/card').reply(200, { status: true, sub_order: card });
  await stack.request('POST', '/api/vendor/fiatvendor/add-card', { token, body: { subOrder: card, orderAmount: '500' } });
  await addCallback(card, { code: '"4"' });
  t.deepEqual(await outcomes(card), ['applied']);
  const shown = (await get(`/deposit/orders/${card}`, token)).body.result;
  t.like(shown, { status: 'created', paymentMethod: 'credit' });
  t.false('payee' in shown);
});

test.serial('a malformed payee is recorded as invalid and changes nothing; a well-formed one afterwards applies', async (t) => {
  const { token } = await createDepositor({ siteCode: site });
  const channel = await fiatChannel(site);
  const subOrder = await atmOrder(token);
  const malformed: Array<Parameters<typeof addText>[1]> = [
    { ...PAYEE, code: '"04"' }, // too short
    { ...PAYEE, code: '"00412345"' }, // too long
    { ...PAYEE, code: '"00A"' }, // not digits
    { ...PAYEE, code: '4' }, // a number: the leading zeros are lost
    { ...PAYEE, account: '"1234567"' },
    { ...PAYEE, account: '"123456789012345678901"' },
    { ...PAYEE, account: '"1234-5678-90"' },
    { ...PAYEE, account: '99912345678' },
    { ...PAYEE, account: '""' },
    { ...PAYEE, expire: '"2026-02-30"' },
    { ...PAYEE, expire: '"2026-11-28 24:00:00"' },
    { ...PAYEE, expire: '"tomorrow"' },
    { ...PAYEE, expire: '20261128' },
    { code: '"004"' }, // a bank code without an account
    { account: '"99912345678"', expire: '"2026-11-28"' },
    { ...PAYEE, code: '{"a":1}' },
  ];
  for (const payee of malformed) {
    t.deepEqual((await addCallback(subOrder, payee)).body, { received: true }, JSON.stringify(payee));
  }
  t.deepEqual(
    await outcomes(subOrder),
    malformed.map(() => 'invalid'),
  );
  const records = await DepositCallback.findAll({ where: { subOrder } });
  t.true(records.every((r) => r.depositOrderId !== null && r.siteCode === site));
  const order = (await DepositOrder.findOne({ where: { subOrder } }))!;
  t.like(order.get({ plain: true }), { status: 'pending', callbackData: null, channelId: channel.id });
  t.is((await listed(token, subOrder)).payee, null);

  // The vendor sends it again, well-formed: applied.
  await addCallback(subOrder, PAYEE);
  t.is(await status(subOrder), 'created');
  t.like((await get(`/deposit/orders/${subOrder}`, token)).body.result, { payee: { bankCode: '004', account: '00099912345678' } });
  // A malformed one on an unknown order is an unknown order.
  const ghost = unique('GHOST');
  await addCallback(ghost, { ...PAYEE, code: '"x"' });
  t.deepEqual(await outcomes(ghost), ['unknown-order']);
});

test.serial('GET /deposit/orders/:subOrder: a malformed subOrder is a 400 naming it', async (t) => {
  const { token } = await createDepositor({ siteCode: site });
  for (const bad of ['a%20b', 'x'.repeat(65), 'SO%2A1', '%C3%A9t%C3%A9']) {
    const res = await get(`/deposit/orders/${bad}`, token);
    t.is(res.status, 400, bad);
    t.regex(res.body.message, /subOrder/, bad);
  }
});
