import test from 'ava';
import { PromotionClaim } from '../../shared/db/models';
import { applyPostBet, applyPostBetBatch } from '../../shared/domain/post-bet/chain';
import { startWorkers, type RunningWorkers } from '../../workers/main';
import { createSlotBetOrder, insertBetOrder } from '../helpers/bets';
import { createUser } from '../helpers/factories';
import { createPromotion, ledgerMatches } from '../helpers/promotions';
import { startTestStack, type TestStack } from '../helpers/stack';
import { waitFor } from '../helpers/wait';
import { config } from '../../shared/config';

/**
 * Promotion turnover, the post-bet chain's promotion step: settled bets add their
 * effective bet (weighted by game type) to the player's open promotion claims, once per order, in batches,
 * and complete a claim when it reaches requiredTurnover; completed claims no longer move.
 */

let stack: TestStack;
let workers: RunningWorkers | undefined;
test.before(async () => {
  stack = await startTestStack({ OUTBOX_RELAY_EVERY_MS: '200' });
  workers = startWorkers(['post-bet', 'outbox-relay']);
});
test.after.always(async () => {
  await workers?.stop();
  await stack?.close();
});

/** A claim made through the API: reward 10 with the given multiplier. */
async function claimed(token: string, turnoverMultiplier: string, siteCode = config().siteCode) {
  const promo = await createPromotion({ siteCode, rewardAmount: '10', turnoverMultiplier });
  const res = await stack.request('POST', `/api/promo/${promo.id}/claim`, { token });
  if (res.body.code !== 200) throw new Error(`claim failed: ${JSON.stringify(res.body)}`);
  return promo;
}

const claimOf = async (promoId: number, userId: number) => (await PromotionClaim.findOne({ where: { promoId, userId } }))!.get({ plain: true });

test('simulate rounds through the post-bet worker complete a claim at its required turnover (crypto counts half)', async (t) => {
  const { user, token } = await createUser({ balance: '1000' });
  const promo = await claimed(token, '3'); // required 30
  const play = (gameCode: string, productId: number, betAmount: number) =>
    stack.request('POST', '/api/game/simulate', { token, body: { gameCode, productId, betAmount }, headers: { locales: 'en-US' } });
  for (const res of [await play('provy-slot-01', 2, 10), await play('provy-crypto-01', 3001, 20)]) t.is(res.body.code, 200, JSON.stringify(res.body));
  // 10 (slot) + 20 x 0.5 (crypto) = 20 of 30.
  await waitFor('turnover 20', async () => (await claimOf(promo.id, user.id)).completedTurnover === '20.000000', 15_000);
  t.is((await claimOf(promo.id, user.id)).turnoverCompleted, 0);
  t.is((await play('provy-slot-01', 2, 15)).body.code, 200);
  await waitFor('claim completed', async () => (await claimOf(promo.id, user.id)).turnoverCompleted === 1, 15_000);
  t.is((await claimOf(promo.id, user.id)).completedTurnover, '35.000000');
  // A completed claim no longer moves.
  t.is((await play('provy-slot-01', 2, 5)).body.code, 200);
  await waitFor(
    'the last order processed',
    async () => {
      const { BetOrder } = await import('../../shared/db/models');
      return (await BetOrder.count({ where: { userId: user.id, postProcessedAt: null } })) === 0;
    },
    15_000,
  );
  t.is((await claimOf(promo.id, user.id)).completedTurnover, '35.000000');
  t.true(await ledgerMatches(user.id));
});

test('once per settled order: the same order applied twice adds its turnover once', async (t) => {
  const { user, token } = await createUser();
  const promo = await claimed(token, '10'); // required 100
  const order = await createSlotBetOrder(user, '40');
  await applyPostBet(order.id);
  await applyPostBet(order.id);
  await applyPostBetBatch([Number(order.id)]);
  t.like(await claimOf(promo.id, user.id), { completedTurnover: '40.000000', turnoverCompleted: 0 });
});

test("a batch sums each player's orders over every open claim; invalid orders and other players' claims do not move", async (t) => {
  const a = await createUser();
  const b = await createUser();
  const bystander = await createUser();
  const a1 = await claimed(a.token, '2'); // required 20
  const a2 = await claimed(a.token, '5'); // required 50
  const b1 = await claimed(b.token, '1'); // required 10
  const untouched = await claimed(bystander.token, '1');
  const orders = [
    await createSlotBetOrder(a.user, '8'),
    await createSlotBetOrder(a.user, '12.5'),
    await createSlotBetOrder(b.user, '3'),
    await insertBetOrder(b.user, { betAmount: '100', betEffective: '100', status: 'invalid' }),
  ];
  const result = await applyPostBetBatch(orders.map((o) => Number(o.id)));
  t.is(result.applied.length, 4);
  t.like(await claimOf(a1.id, a.user.id), { completedTurnover: '20.500000', turnoverCompleted: 1 });
  t.like(await claimOf(a2.id, a.user.id), { completedTurnover: '20.500000', turnoverCompleted: 0 });
  t.like(await claimOf(b1.id, b.user.id), { completedTurnover: '3.000000', turnoverCompleted: 0 });
  t.like(await claimOf(untouched.id, bystander.user.id), { completedTurnover: '0.000000', turnoverCompleted: 0 });
  // The single-order answer reports the promotion step.
  const one = await applyPostBet((await createSlotBetOrder(b.user, '7')).id);
  t.false(one.skipped);
  if (!one.skipped) t.deepEqual(one.promotion, { updated: 1, completed: 1 });
  t.like(await claimOf(b1.id, b.user.id), { completedTurnover: '10.000000', turnoverCompleted: 1 });
});
