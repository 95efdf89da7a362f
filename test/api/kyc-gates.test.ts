import test from 'ava';
import nock from 'nock';
import { QueryTypes } from 'sequelize';
import { DepositOrder, SiteConfig } from '../../shared/db/models';
import { db } from '../../shared/db/sequelize';
import { createDepositor, DEPOSIT_ENV, FIATVENDOR, fiatChannel, resetDepositMocks, unique, usdtChannel } from '../helpers/deposits';
import { createAdmin, createSite, paidDeposit } from '../helpers/factories';
import { approvedDocument, giveEmail, giveIdentity, giveLevel } from '../helpers/kyc';
import { startTestStack, type TestStack } from '../helpers/stack';
import { balancesAndLedger, CODE, readyPlayer } from '../helpers/withdrawals';

/**
 * The KYC gates where the money moves (docs/kyc.md, "Gates"), at and around each threshold: a withdrawal
 * needs level 2 (every one by default, or above the site's amount); a deposit order taking lifetime
 * deposits (paid and open orders, in USD) above T2 needs level 2, above T3 level 3, on every creation
 * path; twenty orders at once cannot pass T2 together; an expired document lowers the level.
 */
let stack: TestStack;
let site: string;
let adminToken: string;

test.before(async () => {
  stack = await startTestStack({ ...DEPOSIT_ENV, RATE_LIMIT_DEPOSIT_PER_USER: '1000', VERIFY_CHECK_LIMIT_PER_USER: '1000' });
  site = await createSite();
  await usdtChannel(site);
  adminToken = (await createAdmin()).token;
});
test.beforeEach(resetDepositMocks);
test.after.always(async () => {
  await stack?.close();
});

const headersOf = (siteCode: string) => ({ locales: 'en-US', 'x-site-code': siteCode });
const post = (path: string, token: string, body: unknown, siteCode = site) =>
  stack.request('POST', `/api${path}`, { token, body, headers: headersOf(siteCode) });

async function depositor(level: 0 | 1 | 2 | 3, siteCode = site) {
  const made = await createDepositor({ siteCode });
  await giveLevel(made.user, level);
  return made;
}

/** A USDT order (rate 1: the amount is USD) of the player; the answer's code. */
async function usdtOrder(token: string, orderAmount: string, siteCode = site, subOrder = unique()) {
  const channel = await usdtChannel(siteCode);
  const res = await post('/deposit', token, { channelId: channel.id, paymentMethod: 'crypto', subOrder, orderAmount }, siteCode);
  return res.body.code as number;
}

async function setKyc(siteCode: string, kyc: Record<string, unknown>) {
  const config = await SiteConfig.findOne({ where: { siteCode } });
  const res = await stack.request('PATCH', `/api/site-config/admin/${config!.id}/settings`, {
    token: adminToken,
    body: { kyc },
    headers: { 'x-site-code': siteCode },
  });
  if (res.body.code !== 200) throw new Error(res.text);
  return res.body.result;
}

test('deposits, T2 (2000 USD by default): up to it at level 0 and 1, one micro-unit above needs level 2 (2301); open orders count', async (t) => {
  for (const level of [0, 1] as const) {
    const { token } = await depositor(level);
    t.is(await usdtOrder(token, '2000.000001'), 2301, `level ${level}: one order above T2`);
    t.is(await usdtOrder(token, '1999.999999'), 200);
    t.is(await usdtOrder(token, '0.000001'), 200, 'exactly at T2 with the pending order');
    const res = await post('/deposit', token, {
      channelId: (await usdtChannel(site)).id,
      paymentMethod: 'crypto',
      subOrder: unique(),
      orderAmount: '0.000001',
    });
    t.like(res.body, { code: 2301, message: 'Identity verification level 2 is required (identity document and selfie approved)', path: '/api/deposit' });
  }
  const { token } = await depositor(2);
  t.is(await usdtOrder(token, '2000.000001'), 200, 'level 2 passes T2');
});

test('deposits, lifetime: paid orders count at their USD amount, failed ones do not', async (t) => {
  const { user, token } = await depositor(1);
  await paidDeposit(user, '1500');
  await DepositOrder.create({
    siteCode: site,
    userId: user.id,
    channelId: 1,
    channelCode: 'usdt',
    currency: 'USDT',
    subOrder: unique(),
    orderAmount: '5000',
    paymentMethod: 'crypto',
    status: 'failed',
    exchangeRate: '1',
    request: {},
  });
  t.is(await usdtOrder(token, '500.000001'), 2301);
  t.is(await usdtOrder(token, '500'), 200);
});

test('deposits, T3 (10000 USD by default): level 2 up to it, above needs level 3 (2302); level 3 passes', async (t) => {
  const two = await depositor(2);
  t.is(await usdtOrder(two.token, '10000'), 200);
  const res = await post('/deposit', two.token, {
    channelId: (await usdtChannel(site)).id,
    paymentMethod: 'crypto',
    subOrder: unique(),
    orderAmount: '0.000001',
  });
  t.like(res.body, { code: 2302, message: 'Identity verification level 3 is required (proof of address approved)' });
  const one = await depositor(1);
  t.is(await usdtOrder(one.token, '10000.000001'), 2302, 'a level-1 player past T3 is told level 3');
  const three = await depositor(3);
  t.is(await usdtOrder(three.token, '10000.000001'), 200);
  t.is(await usdtOrder(three.token, '50000'), 200);
});

test('deposits in another currency are counted in USD at the order\u2019s rate, on the fiat vendor paths too (add-atm, add-card)', async (t) => {
  // TWD at 32 per USD: 64000 TWD is 2000 USD exactly; 64000.000032 TWD is 2000.000001 USD.
  const channel = await fiatChannel(site);
  const atm = { expectedCode: '004', expectedAccount: '12345678901234' };
  const fiat = await depositor(1);
  nock(FIATVENDOR).post('/order/atm').reply(200, { status: true });
  const ok = await post('/deposit', fiat.token, { channelId: channel.id, paymentMethod: 'fiat', subOrder: unique(), orderAmount: '64000', ...atm });
  t.deepEqual(ok.body.result, { status: true });
  t.is(
    (await post('/deposit', fiat.token, { channelId: channel.id, paymentMethod: 'fiat', subOrder: unique(), orderAmount: '0.000032', ...atm })).body.code,
    2301,
  );

  const vendor = await depositor(1);
  t.is((await post('/vendor/fiatvendor/add-atm', vendor.token, { subOrder: unique(), orderAmount: '64000.000032', ...atm })).body.code, 2301);
  const card = await post('/vendor/fiatvendor/add-card', vendor.token, { subOrder: unique(), orderAmount: '64000.000032', userCardLastValue: '1234' });
  t.like(card.body, {
    code: 2301,
    path: '/api/vendor/fiatvendor/add-card',
    message: 'Identity verification level 2 is required (identity document and selfie approved)',
  });
  t.is(await DepositOrder.count({ where: { userId: vendor.user.id } }), 0, 'a refused order is not written');
  t.true(nock.isDone());
});

test('a repeated order (same subOrder) answers its first answer and is not counted twice', async (t) => {
  const { token } = await depositor(1);
  const subOrder = unique();
  t.is(await usdtOrder(token, '1500', site, subOrder), 200);
  t.is(await usdtOrder(token, '1500', site, subOrder), 200);
  t.is(await usdtOrder(token, '500.000001'), 2301);
});

test('per-site thresholds: T2 and T3 set by the operator apply at and around them', async (t) => {
  const other = await createSite();
  await usdtChannel(other);
  const settings = await setKyc(other, { depositLevel2AboveUsd: '100', depositLevel3AboveUsd: 250 });
  t.like(settings.kyc, { depositLevel2AboveUsd: '100', depositLevel3AboveUsd: '250', withdrawalAboveUsd: '0', documentValidityDays: 730 });
  const one = await depositor(1, other);
  t.is(await usdtOrder(one.token, '100', other), 200);
  t.is(await usdtOrder(one.token, '0.01', other), 2301);
  const two = await depositor(2, other);
  t.is(await usdtOrder(two.token, '250', other), 200);
  t.is(await usdtOrder(two.token, '0.000001', other), 2302);
  // The default site is unchanged.
  t.is(await usdtOrder((await depositor(1)).token, '250'), 200);
});

test('settings input: amounts are money, T3 not below T2, days 1 to 3650, unknown keys refused', async (t) => {
  const config = await SiteConfig.findOne({ where: { siteCode: site } });
  const patch = (kyc: unknown) =>
    stack.request('PATCH', `/api/site-config/admin/${config!.id}/settings`, { token: adminToken, body: { kyc }, headers: { 'x-site-code': site } });
  for (const kyc of [
    { depositLevel2AboveUsd: '-1' },
    { depositLevel2AboveUsd: '1.1234567' },
    { depositLevel2AboveUsd: 1e300 },
    { depositLevel2AboveUsd: '500', depositLevel3AboveUsd: '400' },
    { documentValidityDays: 0 },
    { documentValidityDays: 3651 },
    { withdrawalAboveUsd: 'ten' },
    { other: 1 },
    'x',
  ]) {
    const res = await patch(kyc);
    t.is(res.status, 400, JSON.stringify(kyc));
    t.regex(JSON.stringify(res.body), /kyc/, JSON.stringify(res.body));
  }
});

// The gate's row lock itself, shown without a race: test/api/kyc-deposit-gate-lock.test.ts.
test('twenty orders at once at the edge of T2: exactly those that fit pass', async (t) => {
  const { user, token } = await depositor(1);
  const channel = await usdtChannel(site);
  const results = await Promise.all(
    Array.from({ length: 20 }, () => post('/deposit', token, { channelId: channel.id, paymentMethod: 'crypto', subOrder: unique(), orderAmount: '150' })),
  );
  const codes = results.map((r) => r.body.code);
  t.is(codes.filter((c) => c === 200).length, 13, JSON.stringify(codes)); // 13 x 150 = 1950; a 14th would be 2100
  t.is(codes.filter((c) => c === 2301).length, 7);
  const [{ total }] = await db().query<{ total: string }>(`SELECT sum("orderAmount")::text AS total FROM deposit_orders WHERE "userId" = :id`, {
    replacements: { id: user.id },
    type: QueryTypes.SELECT,
  });
  t.is(Number(total), 1950);
});

const withdraw = (token: string, addressId: number, amount: string, siteCode = site) =>
  post('/withdrawal/request', token, { amount, cryptoAddressId: addressId, verifyCode: CODE }, siteCode);

/** A withdrawal-ready player (readyPlayer) whose KYC is only level 1: no identity documents. */
async function levelOneWithdrawer(siteCode = site) {
  const ready = await readyPlayer({ siteCode });
  await db().query(`DELETE FROM kyc_documents WHERE "userId" = :id`, { replacements: { id: ready.user.id } });
  return ready;
}

test('withdrawals: every one needs level 2 by default (2301, nothing held); level 2 passes', async (t) => {
  const one = await levelOneWithdrawer();
  const before = await balancesAndLedger(one.user.id);
  const refused = await withdraw(one.token, one.address.id, '0.000001');
  t.like(refused.body, {
    code: 2301,
    path: '/api/withdrawal/request',
    message: 'Identity verification level 2 is required (identity document and selfie approved)',
  });
  t.deepEqual(await balancesAndLedger(one.user.id), before, 'nothing held');
  const two = await readyPlayer();
  t.is((await withdraw(two.token, two.address.id, '10')).body.code, 200);
});

test('withdrawals above the site\u2019s amount: at it level 1 passes, one micro-unit above needs level 2', async (t) => {
  const other = await createSite();
  await setKyc(other, { withdrawalAboveUsd: '50' });
  const one = await levelOneWithdrawer(other);
  t.is((await withdraw(one.token, one.address.id, '50.000001', other)).body.code, 2301);
  t.is((await withdraw(one.token, one.address.id, '50', other)).body.code, 200);
});

test('an expired identity document lowers the level: the withdrawal and the deposit are refused until a new one is approved', async (t) => {
  const ready = await readyPlayer();
  await db().query(`UPDATE kyc_documents SET "expiresAt" = now() - interval '1 second' WHERE "userId" = :id AND kind = 'selfie'`, {
    replacements: { id: ready.user.id },
  });
  t.is((await withdraw(ready.token, ready.address.id, '10')).body.code, 2301);
  await approvedDocument(ready.user, 'selfie');
  t.is((await withdraw(ready.token, ready.address.id, '10')).body.code, 200);

  const { user, token } = await createDepositor({ siteCode: site });
  await giveEmail(user);
  await giveIdentity(user);
  await db().query(`UPDATE kyc_documents SET "expiresAt" = now() WHERE "userId" = :id AND kind = 'id-back'`, { replacements: { id: user.id } });
  t.is(await usdtOrder(token, '2500'), 2301);
});
