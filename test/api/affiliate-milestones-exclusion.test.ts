import test from 'ava';
import { QueryTypes } from 'sequelize';
import { startAdminStack, type AdminStack } from '../helpers/admin-requests';
import type { TestStack } from '../helpers/stack';

/**
 * A VIP milestone bonus for an excluded agent is withheld (docs/decisions/responsible-gaming.md, "An excluded player's
 * money: the cash is withdrawable, rewards are forfeited or withheld"): the award is recorded with the
 * exclusion, nothing reaches the affiliate account, the agent's list shows it withheld, and a later
 * upgrade never pays that level; an agent not excluded is paid as before.
 */
let stack: TestStack;
let factories: AdminStack['factories'];
let models: AdminStack['models'];
let helpers: typeof import('../helpers/affiliate-money');
let affiliates: typeof import('../helpers/affiliates');
let bets: typeof import('../helpers/bets');
let chain: typeof import('../../shared/domain/post-bet/chain');
let db: typeof import('../../shared/db/sequelize').db;

test.before(async () => {
  ({ stack, factories, models } = await startAdminStack({ permissions: ['affiliate:read'] }));
  helpers = await import('../helpers/affiliate-money');
  affiliates = await import('../helpers/affiliates');
  bets = await import('../helpers/bets');
  chain = await import('../../shared/domain/post-bet/chain');
  db = (await import('../../shared/db/sequelize')).db;
});
test.after.always(async () => {
  await stack?.close();
});

async function bet(user: import('../../shared/db/models').User, amount: string) {
  const order = await bets.insertBetOrder(user, { betAmount: amount, betEffective: amount });
  await chain.applyPostBet(order.id);
}

test("an excluded agent's milestone bonus is recorded withheld and never paid; another agent is paid", async (t) => {
  const siteCode = await factories.createSite();
  await models.AffiliateVipMilestone.destroy({ where: { siteCode } });
  await models.AffiliateVipMilestone.create({ siteCode, vipLevel: 2, bonusAmount: '10', enabled: 1, description: 'level 2' });
  const excluded = await affiliates.createAgent({ siteCode });
  const paid = await affiliates.createAgent({ siteCode });
  await db().query('SELECT rg_account(:id)', { replacements: { id: excluded.user.id }, type: QueryTypes.SELECT });
  await db().query(`UPDATE rg_accounts SET "selfExcludedUntil" = now() + interval '6 months' WHERE "userId" = :id`, { replacements: { id: excluded.user.id } });
  const m1 = await affiliates.createMember(excluded.user);
  const m2 = await affiliates.createMember(paid.user);
  await bet(m1.user, '2000');
  await bet(m2.user, '2000');

  const zero = { available: '0.000000', frozen: '0.000000', totalEarned: '0.000000', totalWithdrawn: '0.000000' };
  t.deepEqual(await helpers.balanceMatchingLedger(excluded.user.id), zero);
  t.deepEqual(await helpers.balanceMatchingLedger(paid.user.id), { ...zero, available: '10.000000', totalEarned: '10.000000' });
  const res = await stack.request('GET', '/api/affiliate/vip-milestones', { token: excluded.token });
  t.is(res.body.code, 200, res.text);
  t.like(res.body.result.items, [{ memberId: m1.user.id, vipLevel: 2, bonusAmount: '10.000000', withheld: 'selfExcluded' }]);
  const other = await stack.request('GET', '/api/affiliate/vip-milestones', { token: paid.token });
  t.like(other.body.result.items, [{ memberId: m2.user.id, withheld: null }]);

  // The exclusion ends; the member is relegated and climbs again: the level never pays.
  await db().query(`UPDATE rg_accounts SET "selfExcludedUntil" = now() - interval '1 second' WHERE "userId" = :id`, { replacements: { id: excluded.user.id } });
  await models.User.update({ vipLevel: '1' }, { where: { id: m1.user.id } });
  await bet(m1.user, '2000');
  t.deepEqual(await helpers.balanceMatchingLedger(excluded.user.id), zero);
});
