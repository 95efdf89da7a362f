import test from 'ava';
import nock from 'nock';
import { DepositOrder, PaymentChannel } from '../../shared/db/models';
import { fiatvendorCheckSum } from '../../shared/integrations/fiatvendor';
import { cache } from '../../shared/redis';
import {
  createDepositor,
  resetDepositMocks,
  DEPOSIT_ENV,
  FIATVENDOR,
  FIATVENDOR_SECRET,
  fiatChannel,
  unique,
  USDT_ADDRESS,
  usdtChannel,
} from '../helpers/deposits';
import { createSite, createUser } from '../helpers/factories';
import { startTestStack, type TestStack } from '../helpers/stack';

/** POST /deposit, POST /vendor/fiatvendor/add-atm and add-card, GET /deposit/orders. */
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

const post = (path: string, token: string | undefined, body: unknown) => stack.request('POST', `/api${path}`, { token, body, headers: { locales: 'en-US' } });
const get = (path: string, token?: string) => stack.request('GET', `/api${path}`, { token, headers: { locales: 'en-US' } });

const payer = { productDes: 'Deposit', msg: 'hi', payerName: 'Wang', payerMobile: '0912345678', payerEmail: 'wang@example.com' };

test.serial(
  'POST /deposit (fiat): the order goes to the vendor with both callback URLs and check_sum; the raw reply; a pending order at the stored rate',
  async (t) => {
    const { token, user } = await createDepositor({ siteCode: site });
    const channel = await fiatChannel(site);
    const subOrder = unique();
    let sent: Record<string, unknown> = {};
    nock(FIATVENDOR)
      .post('/order/atm', (body) => {
        sent = body;
        return true;
      })
      .reply(200, { status: true, sub_order: subOrder, extra: 'kept' });
    const res = await post('/deposit', token, {
      channelId: channel.id,
      paymentMethod: 'fiat',
      subOrder,
      orderAmount: 3200,
      expectedCode: '004',
      expectedAccount: '12345678901234',
      ...payer,
    });
    t.deepEqual(res.body.result, { status: true, sub_order: subOrder, extra: 'kept' });
    t.like(sent, {
      merchant_id: 'm-1',
      sub_order: subOrder,
      order_amount: 3200,
      expected_code: '004',
      expected_account: '12345678901234',
      payer_email: 'wang@example.com',
      add_callback_url: 'http://localhost:3000/api/vendor/fiatvendor/callback/add',
      pay_callback_url: 'http://localhost:3000/api/vendor/fiatvendor/callback/pay',
    });
    const fields = Object.entries(sent).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)] as [string, string]);
    t.is(sent.check_sum, fiatvendorCheckSum(FIATVENDOR_SECRET, fields));
    const order = await DepositOrder.findOne({ where: { subOrder } });
    t.like(order?.get({ plain: true }), {
      userId: user.id,
      status: 'pending',
      currency: 'TWD',
      paymentMethod: 'fiat',
      exchangeRate: '32.0000000000',
      orderAmount: '3200.000000',
    });

    // The same request again (a lost answer retried): the first reply, no second vendor call, no second order.
    const again = await post('/deposit', token, {
      channelId: channel.id,
      paymentMethod: 'fiat',
      subOrder,
      orderAmount: '3200',
      expectedCode: '004',
      expectedAccount: '12345678901234',
    });
    t.deepEqual(again.body.result, { status: true, sub_order: subOrder, extra: 'kept' });
    t.is(await DepositOrder.count({ where: { subOrder } }), 1);
    // Another amount, or another player, with the same subOrder: 400 naming subOrder.
    const other = await post('/deposit', token, {
      channelId: channel.id,
      paymentMethod: 'fiat',
      subOrder,
      orderAmount: '10',
      expectedCode: '004',
      expectedAccount: '12345678901234',
    });
    t.is(other.status, 400);
    t.regex(other.body.message, /subOrder/);
    const { token: someoneElse } = await createDepositor({ siteCode: site });
    t.is(
      (
        await post('/deposit', someoneElse, {
          channelId: channel.id,
          paymentMethod: 'fiat',
          subOrder,
          orderAmount: '3200',
          expectedCode: '004',
          expectedAccount: '12345678901234',
        })
      ).status,
      400,
    );
  },
);

test.serial('POST /deposit (credit) goes to the card order API; (crypto) answers the channel address at the USDT rate', async (t) => {
  const { token } = await createDepositor({ siteCode: site });
  const channel = await fiatChannel(site);
  const subOrder = unique();
  nock(FIATVENDOR)
    .post('/order/card', (b) => b.user_card_last_value === '4242' && b.expected_code === undefined)
    .reply(200, { status: true, sub_order: subOrder });
  const card = await post('/deposit', token, { channelId: channel.id, paymentMethod: 'credit', subOrder, orderAmount: '500.5', userCardLastValue: '4242' });
  t.deepEqual(card.body.result, { status: true, sub_order: subOrder });

  const usdt = await usdtChannel(site);
  const cryptoOrder = unique();
  const crypto = await post('/deposit', token, { channelId: usdt.id, paymentMethod: 'crypto', subOrder: cryptoOrder, orderAmount: '100.25' });
  t.deepEqual(crypto.body.result, { paymentAddress: USDT_ADDRESS, network: 'TRC20', currency: 'USDT', orderAmount: 100.25, subOrder: cryptoOrder });
  t.like((await DepositOrder.findOne({ where: { subOrder: cryptoOrder } }))?.get({ plain: true }), {
    status: 'pending',
    exchangeRate: '1.0000000000',
    channelCode: 'usdt',
  });
});

test.serial(
  'POST /deposit: 2001 no USDT channel, 2002 no address, 2004 method unsupported, 2005 no rate, 2006 channel not built; 400 for bad input; 401',
  async (t) => {
    const { token } = await createDepositor({ siteCode: site });
    const fiat = await fiatChannel(site);
    const usdt = await usdtChannel(site);
    const base = { subOrder: unique(), orderAmount: '100' };

    t.like((await post('/deposit', token, { ...base, channelId: 999999, paymentMethod: 'crypto' })).body, { code: 2001, message: 'No USDT channel available' });
    await PaymentChannel.update({ paymentAddress: null }, { where: { id: usdt.id } });
    t.like((await post('/deposit', token, { ...base, channelId: usdt.id, paymentMethod: 'crypto' })).body, {
      code: 2002,
      message: 'This channel has no payment address',
    });
    await usdtChannel(site);
    t.like((await post('/deposit', token, { ...base, channelId: usdt.id, paymentMethod: 'fiat', expectedCode: '004', expectedAccount: '1234567890' })).body, {
      code: 2004,
    });
    t.is((await post('/deposit', token, { ...base, channelId: fiat.id, paymentMethod: 'crypto' })).body.code, 2004);
    // A player of another site cannot use this site's channel.
    const { token: stranger } = await createDepositor();
    t.is((await post('/deposit', stranger, { ...base, channelId: usdt.id, paymentMethod: 'crypto' })).body.code, 2001);
    t.is(
      (await post('/deposit', stranger, { ...base, channelId: fiat.id, paymentMethod: 'fiat', expectedCode: '004', expectedAccount: '1234567890' })).body.code,
      2006,
    );

    // No TWD rate anywhere: 2005, nothing written.
    await cache().set('cache:deposit:rates:twbk', JSON.stringify({ time: 't', rates: { JPY: { buy: '150', sell: '151' } } }));
    const sub = unique();
    t.like(
      (
        await post('/deposit', token, {
          channelId: fiat.id,
          paymentMethod: 'fiat',
          subOrder: sub,
          orderAmount: '100',
          expectedCode: '004',
          expectedAccount: '1234567890',
        })
      ).body,
      { code: 2005, message: 'Currency conversion failed' },
    );
    t.is(await DepositOrder.count({ where: { subOrder: sub } }), 0);

    // Fiat without its bank fields, wrong types, huge amounts, NUL bytes: 400 naming the field.
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ ...base, channelId: fiat.id, paymentMethod: 'fiat' }, /expectedCode/],
      [{ ...base, channelId: '1', paymentMethod: 'crypto' }, /channelId/],
      [{ ...base, channelId: usdt.id, paymentMethod: 'cash' }, /paymentMethod/],
      [{ ...base, channelId: usdt.id, paymentMethod: 'crypto', orderAmount: 1e300 }, /orderAmount/],
      [{ ...base, channelId: usdt.id, paymentMethod: 'crypto', orderAmount: '0' }, /orderAmount/],
      [{ ...base, channelId: usdt.id, paymentMethod: 'crypto', orderAmount: '1.1234567' }, /orderAmount/],
      [{ ...base, channelId: usdt.id, paymentMethod: 'crypto', subOrder: 'a b' }, /subOrder/],
      [{ ...base, channelId: usdt.id, paymentMethod: 'crypto', subOrder: 'x\u0000y' }, /subOrder|NUL|text/i],
    ];
    for (const [body, field] of cases) {
      const res = await post('/deposit', token, body);
      t.is(res.status, 400, JSON.stringify(body));
      t.regex(res.body.message, field);
    }
    t.is((await post('/deposit', undefined, { ...base, channelId: usdt.id, paymentMethod: 'crypto' })).status, 401);
  },
);

test.serial(
  'add-atm and add-card: the raw reply; 2002 refused, 2003 down or slow within the time-out, with the order failed, never half-made; 2001 no channel',
  async (t) => {
    const { token } = await createDepositor({ siteCode: site });
    const atm = { orderAmount: 1000, expectedCode: '004', expectedAccount: '12345678901234', ...payer };

    const ok = unique();
    nock(FIATVENDOR).post('/order/atm').reply(200, { status: true, sub_order: ok });
    t.deepEqual((await post('/vendor/fiatvendor/add-atm', token, { ...atm, subOrder: ok })).body.result, { status: true, sub_order: ok });
    t.is((await DepositOrder.findOne({ where: { subOrder: ok } }))?.status, 'pending');

    const refused = unique();
    nock(FIATVENDOR).post('/order/atm').reply(200, { status: false, sub_order: refused, msg: 'bad account' });
    t.like((await post('/vendor/fiatvendor/add-atm', token, { ...atm, subOrder: refused })).body, { code: 2002, message: 'Failed to create ATM order' });
    t.like((await DepositOrder.findOne({ where: { subOrder: refused } }))?.get({ plain: true }), { status: 'failed', failReason: 'vendor-refused' });

    const down = unique();
    nock(FIATVENDOR).post('/order/atm').replyWithError('connect ECONNREFUSED');
    t.like((await post('/vendor/fiatvendor/add-atm', token, { ...atm, subOrder: down })).body, { code: 2003, message: 'ATM order request error' });
    t.like((await DepositOrder.findOne({ where: { subOrder: down } }))?.get({ plain: true }), { status: 'failed', failReason: 'vendor-network' });

    const slow = unique();
    nock(FIATVENDOR).post('/order/card').delay(3000).reply(200, { status: true, sub_order: slow });
    const started = Date.now();
    const slowRes = await post('/vendor/fiatvendor/add-card', token, { orderAmount: 10, userCardLastValue: '1234', subOrder: slow });
    t.like(slowRes.body, { code: 2003, message: 'Card payment order request error' });
    t.true(Date.now() - started < 3000);
    t.like((await DepositOrder.findOne({ where: { subOrder: slow } }))?.get({ plain: true }), {
      status: 'failed',
      failReason: 'vendor-timeout',
      paymentMethod: 'credit',
    });

    const http = unique();
    nock(FIATVENDOR).post('/order/card').reply(500, 'oops');
    t.is((await post('/vendor/fiatvendor/add-card', token, { orderAmount: 10, subOrder: http })).body.code, 2003);
    nock(FIATVENDOR).post('/order/card').reply(200, { status: 'yes' });
    t.like((await post('/vendor/fiatvendor/add-card', token, { orderAmount: 10, subOrder: unique() })).body, {
      code: 2002,
      message: 'Failed to create card payment order',
    });

    // A player without a fiat vendor channel (USD group: USDT only): 2001.
    const { token: usd } = await createDepositor({ siteCode: site, locale: 'en-US' });
    t.like((await post('/vendor/fiatvendor/add-atm', usd, { ...atm, subOrder: unique() })).body, { code: 2001, message: 'No payment channel available' });
    t.is((await post('/vendor/fiatvendor/add-card', usd, { orderAmount: 10, subOrder: unique() })).body.code, 2001);
    const { token: noGroup } = await createUser({ siteCode: site });
    t.is((await post('/vendor/fiatvendor/add-atm', noGroup, { ...atm, subOrder: unique() })).body.code, 2001);
    // Missing bank fields: 400.
    t.is((await post('/vendor/fiatvendor/add-atm', token, { subOrder: unique(), orderAmount: 10 })).status, 400);
  },
);

test.serial('GET /deposit/orders: own orders only, newest first, 2.5 fields without callbackData, status and date filters, paging', async (t) => {
  const { token, user } = await createDepositor({ siteCode: site });
  const usdt = await usdtChannel(site);
  const subs = [unique(), unique(), unique()];
  for (const subOrder of subs) await post('/deposit', token, { channelId: usdt.id, paymentMethod: 'crypto', subOrder, orderAmount: '10' });
  await DepositOrder.update({ status: 'failed', failReason: 'expired', createdAt: new Date('2026-01-10T12:00:00Z') }, { where: { subOrder: subs[0] } });
  const { token: other } = await createDepositor({ siteCode: site });
  await post('/deposit', other, { channelId: usdt.id, paymentMethod: 'crypto', subOrder: unique(), orderAmount: '10' });

  const all = await get('/deposit/orders', token);
  t.is(all.body.result.pagination.total, 3);
  t.deepEqual(
    all.body.result.items.map((i: { subOrder: string }) => i.subOrder),
    [subs[2], subs[1], subs[0]],
  );
  const item = all.body.result.items[0];
  t.deepEqual(
    Object.keys(item).sort(),
    [
      'channelName',
      'createdAt',
      'currency',
      'exchangeRate',
      'id',
      'orderAmount',
      'payAmount',
      'payTime',
      'paymentMethod',
      'status',
      'subOrder',
      'updatedAt',
      'usdAmount',
    ].sort(),
  );
  t.like(item, {
    channelName: 'USDT (TRC20)',
    currency: 'USDT',
    orderAmount: 10,
    paymentMethod: 'crypto',
    status: 'pending',
    payAmount: null,
    usdAmount: null,
    exchangeRate: '1.0000000000',
  });

  t.deepEqual(
    (await get('/deposit/orders?status=failed', token)).body.result.items.map((i: { subOrder: string }) => i.subOrder),
    [subs[0]],
  );
  t.is((await get('/deposit/orders?startDate=2026-01-10&endDate=2026-01-10', token)).body.result.pagination.total, 1);
  t.is((await get('/deposit/orders?endDate=2026-01-09', token)).body.result.pagination.total, 0);
  const paged = await get('/deposit/orders?page=2&pageSize=2', token);
  t.deepEqual(paged.body.result.pagination, { page: 2, pageSize: 2, total: 3, totalPages: 2 });
  for (const q of ['status=done', 'pageSize=51', 'startDate=2026-02-30', 'page=abc', 'startDate=2026-02-02&endDate=2026-02-01']) {
    t.is((await get(`/deposit/orders?${q}`, token)).status, 400, q);
  }
  t.is((await get('/deposit/orders')).status, 401);
  void user;
});
