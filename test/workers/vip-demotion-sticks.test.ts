import test from 'ava';
import { QueryTypes } from 'sequelize';
import { User } from '../../shared/db/models';
import { db } from '../../shared/db/sequelize';
import { applyPostBet, applyPostBetBatch } from '../../shared/domain/post-bet/chain';
import { runMonthlyRelegation } from '../../shared/domain/vip/relegation';
import { createSlotBetOrder } from '../helpers/bets';
import { createSite, createUser } from '../helpers/factories';
import { startTestStack, type TestStack } from '../helpers/stack';

/**
 * A demotion sticks until the level is earned again (docs/decisions/vip.md, "A VIP demotion sticks until the
 * level is earned again"): the demoted player stands at the start of the level demoted to and climbs
 * from there. Seeded minChip: level 1 = 0, level 2 = 1000, level 3 = 5000.
 */
let stack: TestStack;
test.before(async () => {
  stack = await startTestStack({ APP_TIMEZONE: 'Asia/Taipei' });
});
test.after.always(async () => {
  await stack?.close();
});

/** A player of a new site at `level` with one miss already, so the next month without bets demotes. */
async function playerAbout(level: number, totalEffectiveBet: string) {
  const siteCode = await createSite();
  const { user, token } = await createUser({ siteCode });
  await User.update({ vipLevel: String(level), relegationMissCount: 1, totalEffectiveBet }, { where: { id: user.id } });
  return { user, token, siteCode };
}

async function vip(user: User) {
  const [row] = await db().query<{ level: string; total: string; progress: string; forfeited: string }>(
    `SELECT "vipLevel" AS level, "totalEffectiveBet"::text AS total, "vipProgress" AS progress, "vipForfeitedBet"::text AS forfeited
       FROM users WHERE id = :id`,
    { replacements: { id: user.id }, type: QueryTypes.SELECT },
  );
  return row;
}

/** One settled slot bet (effective bet = amount) through the post-bet chain. */
async function bet(user: User, amount: string): Promise<number> {
  const order = await createSlotBetOrder(user, amount);
  const result = await applyPostBet(order.id);
  if (result.skipped) throw new Error(`bet ${order.id} skipped: ${result.reason}`);
  return Number(order.id);
}

test('demoted to level 1, a 1 USD bet keeps level 1; the level comes back exactly at 1000 counted since', async (t) => {
  const { user, siteCode } = await playerAbout(2, '1500');
  t.like(await runMonthlyRelegation({ siteCode, month: '2025-03' }), { checked: 1, demoted: 1 });
  t.like(await vip(user), { level: '1', total: '1500.000000', forfeited: '1500.000000', progress: '0' });

  await bet(user, '1');
  t.like(await vip(user), { level: '1', total: '1501.000000', progress: '0' });
  for (let i = 0; i < 2; i += 1) await bet(user, '333.333333');
  t.like(await vip(user), { level: '1', total: '2167.666666', progress: '66' }); // 667.666666 counted
  await bet(user, '332.333333');
  t.like(await vip(user), { level: '1', total: '2499.999999', progress: '99' }); // 999.999999 counted
  await bet(user, '0.000001');
  t.like(await vip(user), { level: '2', total: '2500.000000', progress: '20' }); // 1000 counted; 1000 / 5000
});

test('demoted from 3 to 2 with an uneven total: the gap to level 3 must be bet again, and the boundary is exact', async (t) => {
  const { user, token, siteCode } = await playerAbout(3, '7345.678901');
  await runMonthlyRelegation({ siteCode, month: '2025-03' });
  // The player stands at the start of level 2 (1000 counted), not at 7345.678901.
  t.like(await vip(user), { level: '2', total: '7345.678901', forfeited: '6345.678901', progress: '20' });

  const ids: number[] = [];
  for (let i = 0; i < 3; i += 1) ids.push(await bet(user, '1333.333333'));
  t.like(await vip(user), { level: '2', total: '11345.678900', progress: '99' }); // 4999.999999 counted
  const status = await stack.request('GET', '/api/vip/status', { token });
  t.like(status.body.result, { level: 2, totalEffectiveBet: '11345.678900', nextLevelMinChip: '5000.000000', progress: 0.9999 });

  // The chain stays once per order: the same orders again add nothing and upgrade nothing.
  t.like(await applyPostBet(ids[0]), { skipped: true, reason: 'already-processed' });
  t.deepEqual((await applyPostBetBatch(ids)).alreadyProcessed, ids);
  t.like(await vip(user), { level: '2', total: '11345.678900' });

  await bet(user, '0.000001');
  t.like(await vip(user), { level: '3', total: '11345.678901', progress: '25' }); // 5000 counted; level 4 at 20000
});

test('a second demotion starts the player at the lower level again; bets in one batch climb as one by one', async (t) => {
  const { user, siteCode } = await playerAbout(3, '6000');
  await runMonthlyRelegation({ siteCode, month: '2025-03' }); // 3 -> 2, 1000 counted
  await User.update({ relegationMissCount: 1 }, { where: { id: user.id } });
  await runMonthlyRelegation({ siteCode, month: '2025-04' }); // 2 -> 1, 0 counted
  t.like(await vip(user), { level: '1', total: '6000.000000', forfeited: '6000.000000', progress: '0' });

  const first = await createSlotBetOrder(user, '999.999999');
  const second = await createSlotBetOrder(user, '0.000001');
  t.deepEqual((await applyPostBetBatch([Number(first.id), Number(second.id)])).applied, [Number(first.id), Number(second.id)]);
  t.like(await vip(user), { level: '2', total: '7000.000000', progress: '20' });
});

test('a player never demoted still counts the lifetime effective bet', async (t) => {
  const siteCode = await createSite();
  const { user } = await createUser({ siteCode });
  await bet(user, '4999.999999');
  t.like(await vip(user), { level: '2', forfeited: '0.000000', progress: '99' });
  await bet(user, '0.000001');
  t.like(await vip(user), { level: '3', total: '5000.000000' });
});
