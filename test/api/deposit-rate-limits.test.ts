import test from 'ava';
import { DepositOrder, PromotionClaim } from '../../shared/db/models';
import { createDepositor, DEPOSIT_ENV, fiatChannel, resetDepositMocks, unique, usdtChannel } from '../helpers/deposits';
import { createSite, createUser } from '../helpers/factories';
import { createPromotion } from '../helpers/promotions';
import { startTestStack, type TestStack } from '../helpers/stack';
import { awayFromMinuteEdge } from '../helpers/wait';

/**
 * Rate limits of the money-in endpoints as a client sees them: one per-player budget shared by every way
 * of opening a deposit order (RATE_LIMIT_DEPOSIT_PER_USER, 2 here), and a per-IP budget for the public
 * exchange-rate lookup (RATE_LIMIT_EXCHANGE_RATE_PER_IP, 3 here), and promotion claims per player
 * (RATE_LIMIT_PROMO_CLAIM_PER_USER, 2 here). Over the limit: 429 and nothing written.
 */
let stack: TestStack;
let site: string;
test.before(async () => {
  stack = await startTestStack({
    ...DEPOSIT_ENV,
    RATE_LIMIT_DEPOSIT_PER_USER: '2',
    RATE_LIMIT_EXCHANGE_RATE_PER_IP: '3',
    RATE_LIMIT_PROMO_CLAIM_PER_USER: '2',
  });
  site = await createSite();
});
test.beforeEach(resetDepositMocks);
test.after.always(async () => {
  await stack?.close();
});

const post = (path: string, token: string, body: unknown) => stack.request('POST', `/api${path}`, { token, body, headers: { locales: 'en-US' } });

test.serial('deposit orders: POST /deposit and add-atm share one budget per player; the third is a 429 that writes no order', async (t) => {
  const { token, user } = await createDepositor({ siteCode: site });
  const other = await createDepositor({ siteCode: site });
  const usdt = await usdtChannel(site);
  const fiat = await fiatChannel(site);
  await awayFromMinuteEdge();
  const crypto = (subOrder: string, who = token) => post('/deposit', who, { channelId: usdt.id, paymentMethod: 'crypto', subOrder, orderAmount: '10' });
  t.is((await crypto(unique())).body.code, 200);
  t.is((await crypto(unique())).body.code, 200);
  const atm = await post('/vendor/fiatvendor/add-atm', token, {
    channelId: fiat.id,
    subOrder: unique(),
    orderAmount: 3200,
    expectedCode: '004',
    expectedAccount: '12345678901234',
  });
  t.is(atm.status, 429);
  t.is(atm.body.code, 429);
  const late = unique();
  t.is((await crypto(late)).status, 429);
  t.is(await DepositOrder.count({ where: { userId: user.id } }), 2);
  t.is(await DepositOrder.count({ where: { subOrder: late } }), 0);
  t.is((await crypto(unique(), other.token)).body.code, 200, "another player's budget is their own");
});

test.serial('exchange rates: the fourth lookup from one IP in a minute is a 429', async (t) => {
  await awayFromMinuteEdge();
  const codes: number[] = [];
  for (let i = 0; i < 4; i += 1) {
    codes.push((await stack.request('GET', '/api/deposit/exchange-rate?currency=TWD&bankCode=!!', { headers: { locales: 'en-US' } })).status);
  }
  t.deepEqual(codes, [200, 200, 200, 429]);
});

test.serial('promotion claims: the third claim of a player in a minute is a 429 that claims nothing', async (t) => {
  const { token, user } = await createUser({ siteCode: site });
  const [first, second, third] = await Promise.all([1, 2, 3].map(() => createPromotion({ siteCode: site })));
  await awayFromMinuteEdge();
  const claim = (id: number) => stack.request('POST', `/api/promo/${id}/claim`, { token, headers: { 'site-name': site, locales: 'en-US' } });
  t.is((await claim(first.id)).body.code, 200);
  t.is((await claim(second.id)).body.code, 200);
  const limited = await claim(third.id);
  t.is(limited.status, 429);
  t.is(await PromotionClaim.count({ where: { userId: user.id } }), 2);
});
