import test from 'ava';
import nock from 'nock';
import { ExchangeRateSnapshot, PaymentChannel, PaymentChannelGroup, User } from '../../shared/db/models';
import { cache } from '../../shared/redis';
import { createDepositor, DEPOSIT_ENV, nockRates, RATES } from '../helpers/deposits';
import { createSite, createUser } from '../helpers/factories';
import { startTestStack, type TestStack } from '../helpers/stack';

/** GET /vendor/channels, GET /deposit/channels and GET /deposit/exchange-rate. */
let stack: TestStack;
test.before(async () => {
  stack = await startTestStack(DEPOSIT_ENV);
});
test.afterEach.always(() => {
  nock.cleanAll();
});
test.after.always(async () => {
  await stack?.close();
});

const get = (path: string, token?: string, headers: Record<string, string> = {}) =>
  stack.request('GET', `/api${path}`, { token, headers: { locales: 'en-US', ...headers } });

test.serial('GET /vendor/channels: the group of the locale currency with its enabled channels, names in the request locale', async (t) => {
  const site = await createSite();
  const { token, user } = await createDepositor({ siteCode: site });
  const res = await get('/vendor/channels', token, { locales: 'en-US' });
  t.is(res.body.code, 200);
  const result = res.body.result;
  const fresh = await User.findByPk(user.id);
  t.is(result.groupId, fresh!.vendorGroupId);
  t.is(result.groupName, 'TWD Deposit');
  t.deepEqual(
    result.channels.map((c: { name: string; currency: string; paymentMethods: string[]; enabled: number }) => [
      c.name,
      c.currency,
      c.paymentMethods,
      c.enabled,
    ]),
    [
      ['TWD Bank Transfer & Card', 'TWD', ['fiat', 'credit'], 1],
      ['USDT (TRC20)', 'USDT', ['crypto'], 1],
      ['USDT (ERC20)', 'USDT', ['crypto'], 1],
    ],
  );
  t.false('network' in result.channels[0]);
  t.is(result.channels[1].network, 'TRC20');
  t.is(result.channels[1].paymentAddress, null);

  // A disabled channel is not offered.
  await PaymentChannel.update({ enabled: 0 }, { where: { siteCode: site, key: 'usdt-erc20' } });
  const fewer = await get('/vendor/channels', token);
  t.is(fewer.body.result.channels.length, 2);
});

test.serial('GET /vendor/channels: 2001 no group, 2002 group disabled or of another site, 2003 a channel missing; 401 without a token', async (t) => {
  const site = await createSite();
  const { token, user } = await createUser({ siteCode: site });
  const none = await get('/vendor/channels', token);
  t.like(none.body, { code: 2001, message: 'No payment channel group assigned', data: null });

  const other = await createSite();
  const [foreign] = await PaymentChannelGroup.findAll({ where: { siteCode: other } });
  await User.update({ vendorGroupId: foreign.id }, { where: { id: user.id } });
  t.is((await get('/vendor/channels', token)).body.code, 2002);

  const { token: t2, user: u2 } = await createDepositor({ siteCode: site });
  const group = await PaymentChannelGroup.findByPk((await User.findByPk(u2.id))!.vendorGroupId!);
  await group!.update({ enabled: 0 });
  t.is((await get('/vendor/channels', t2)).body.code, 2002);
  await group!.update({ enabled: 1, channelIds: [...group!.channelIds, 999999] });
  t.is((await get('/vendor/channels', t2)).body.code, 2003);
  t.is((await get('/deposit/channels', t2)).body.code, 2003);

  t.is((await get('/vendor/channels')).status, 401);
  t.is((await get('/deposit/channels')).status, 401);
});

test.serial('GET /deposit/channels: each channel with its exchange rate; USDT at 1 without a USDT rate', async (t) => {
  await cache().del('cache:deposit:rates:twbk');
  await ExchangeRateSnapshot.destroy({ where: {} });
  nockRates({ TWD: { buy: 31.42, sell: '31.92' } });
  const site = await createSite();
  const { token } = await createDepositor({ siteCode: site });
  const res = await get('/deposit/channels', token);
  t.is(res.body.code, 200);
  t.deepEqual(
    res.body.result.channels.map((c: { currency: string; exchangeRate: unknown }) => [c.currency, c.exchangeRate]),
    [
      ['TWD', { buy: 31.42, sell: 31.92 }],
      ['USDT', { buy: 1, sell: 1 }],
      ['USDT', { buy: 1, sell: 1 }],
    ],
  );

  // A THB player's channels: THB has no rate here, the USDT channels still convert.
  const { token: thb } = await createDepositor({ siteCode: site, locale: 'th-TH' });
  const thbRes = await get('/deposit/channels', thb);
  t.true(thbRes.body.result.channels.every((c: { currency: string }) => c.currency === 'USDT'));
  await cache().del('cache:deposit:rates:twbk');
});

test.serial('GET /deposit/exchange-rate: all rates or one currency, public; cached in Redis; the last good rates when the service fails', async (t) => {
  await cache().del('cache:deposit:rates:bot');
  const scope = nockRates({ TWD: { buy: 31.42, sell: 31.92 }, USDT: { buy: '0.999', sell: '1.001' }, JPY: { buy: 150.1, sell: 151 } }, { bank: 'bot' });
  const all = await get('/deposit/exchange-rate?bankCode=bot');
  t.deepEqual(all.body.result, {
    time: '2026-11-25T06:00:00Z',
    base: 'USD',
    JPY: { buy: 150.1, sell: 151 },
    TWD: { buy: 31.42, sell: 31.92 },
    USDT: { buy: 0.999, sell: 1.001 },
  });
  t.true(scope.isDone());
  // Served from Redis: the service is not asked again.
  const one = await get('/deposit/exchange-rate?bankCode=bot&currency=twd');
  t.deepEqual(one.body.result, { time: '2026-11-25T06:00:00Z', base: 'USD', TWD: { buy: 31.42, sell: 31.92 } });

  // Redis forgets; the service is down: the last good rates (Postgres) still answer.
  await cache().del('cache:deposit:rates:bot');
  nock(RATES).get('/rates').query({ bank: 'bot' }).reply(503, 'down');
  const kept = await get('/deposit/exchange-rate?bankCode=bot&currency=JPY');
  t.deepEqual(kept.body.result, { time: '2026-11-25T06:00:00Z', base: 'USD', JPY: { buy: 150.1, sell: 151 } });

  // Slow service (past EXCHANGE_RATE_HTTP_TIMEOUT_MS): the last good ones again.
  await cache().del('cache:deposit:rates:bot');
  nock(RATES)
    .get('/rates')
    .query({ bank: 'bot' })
    .delay(2000)
    .reply(200, { base: 'USD', rates: { TWD: { buy: 1, sell: 1 } } });
  t.deepEqual((await get('/deposit/exchange-rate?bankCode=bot&currency=TWD')).body.result.TWD, { buy: 31.42, sell: 31.92 });
});

test.serial('GET /deposit/exchange-rate: 2001 bank code format; 2002 no usable rates or no rate for the currency; 400 for a malformed currency', async (t) => {
  for (const bankCode of ['TW-BK', 'x', 'a'.repeat(30), '台銀']) {
    const res = await get(`/deposit/exchange-rate?bankCode=${encodeURIComponent(bankCode)}`);
    t.like(res.body, { code: 2001, message: 'Invalid bank code format' }, bankCode);
  }
  // A bank never fetched, answering something that is not a rate table: 2002.
  nock(RATES)
    .get('/rates')
    .query({ bank: 'nobank' })
    .reply(200, { base: 'USD', rates: { TWD: { buy: 'abc', sell: -1 } } });
  t.like((await get('/deposit/exchange-rate?bankCode=nobank')).body, { code: 2002, message: 'Failed to parse exchange rates' });
  nock(RATES)
    .get('/rates')
    .query({ bank: 'eurbank' })
    .reply(200, { base: 'EUR', rates: { TWD: { buy: 1, sell: 1 } } });
  t.is((await get('/deposit/exchange-rate?bankCode=eurbank')).body.code, 2002);
  nock(RATES).get('/rates').query({ bank: 'down' }).replyWithError('connect ECONNREFUSED');
  t.is((await get('/deposit/exchange-rate?bankCode=down')).body.code, 2002);

  nockRates({ TWD: { buy: 31, sell: 32 } }, { bank: 'onlytwd' });
  t.is((await get('/deposit/exchange-rate?bankCode=onlytwd&currency=THB')).body.code, 2002);
  const bad = await get('/deposit/exchange-rate?currency=T1');
  t.is(bad.status, 400);
  t.regex(bad.body.message, /currency/);
});
