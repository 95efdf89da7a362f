import test from 'ava';
import { QueryTypes } from 'sequelize';
import { startAdminStack, type AdminStack } from '../helpers/admin-requests';
import type { TestStack } from '../helpers/stack';

/**
 * VIP milestone bonuses (issue 18): the post-bet chain's VIP upgrade of a member pays the member's
 * level-1 agent the bonus of each enabled milestone level passed, once per (member, level), through the
 * affiliate account (kind milestone, `affiliate:milestone:<memberId>:<level>`); GET /affiliate/vip-milestones
 * lists what the agent earned. Levels (seeded): 2 at 1000, 3 at 5000, 4 at 20000, 5 at 50000.
 */
let stack: TestStack;
let factories: AdminStack['factories'];
let models: AdminStack['models'];
let helpers: typeof import('../helpers/affiliate-money');
let affiliates: typeof import('../helpers/affiliates');
let bets: typeof import('../helpers/bets');
let chain: typeof import('../../shared/domain/post-bet/chain');
let milestones: typeof import('../../shared/domain/affiliate');
let db: typeof import('../../shared/db/sequelize').db;

test.before(async () => {
  ({ stack, factories, models } = await startAdminStack({ permissions: ['affiliate:read'] }));
  helpers = await import('../helpers/affiliate-money');
  affiliates = await import('../helpers/affiliates');
  bets = await import('../helpers/bets');
  chain = await import('../../shared/domain/post-bet/chain');
  milestones = await import('../../shared/domain/affiliate');
  db = (await import('../../shared/db/sequelize')).db;
});
test.after.always(async () => {
  await stack?.close();
});

/** A fresh site whose milestones are exactly `levels` ({level: [bonus, enabled]}). */
async function siteWithMilestones(levels: Record<number, [string, number?]>) {
  const siteCode = await factories.createSite();
  await models.AffiliateVipMilestone.destroy({ where: { siteCode } });
  for (const [level, [bonusAmount, enabled = 1]] of Object.entries(levels)) {
    await models.AffiliateVipMilestone.create({ siteCode, vipLevel: Number(level), bonusAmount, enabled, description: `level ${level}` });
  }
  return siteCode;
}

/** A settled bet of `amount` by `user` through the post-bet chain. */
async function bet(user: import('../../shared/db/models').User, amount: string) {
  const order = await bets.insertBetOrder(user, { betAmount: amount, betEffective: amount });
  await chain.applyPostBet(order.id);
  return Number(order.id);
}

const awardsOf = (memberId: number) => models.AffiliateMilestoneAward.findAll({ where: { memberId }, order: [['vipLevel', 'ASC']], raw: true });
const earned = (amount: string) => ({ available: amount, frozen: '0.000000', totalEarned: amount, totalWithdrawn: '0.000000' });

test('a jump over several levels pays each enabled milestone passed, to the level-1 agent only, once', async (t) => {
  const siteCode = await siteWithMilestones({ 2: ['10'], 3: ['25', 0], 4: ['50.5'], 5: ['100'] });
  const top = await affiliates.createAgent({ siteCode });
  const agent = await affiliates.createAgent({ siteCode, upline: top.user });
  const member = await affiliates.createMember(agent.user);

  await bet(member.user, '25000'); // level 1 -> 4: milestones 2 and 4 (3 disabled, 5 not reached)
  t.is((await models.User.findByPk(member.user.id))?.vipLevel, '4');
  t.deepEqual(
    (await awardsOf(member.user.id)).map((a) => [a.agentId, a.vipLevel, a.bonusAmount]),
    [
      [agent.user.id, 2, '10.000000'],
      [agent.user.id, 4, '50.500000'],
    ],
  );
  t.deepEqual(await helpers.balanceMatchingLedger(agent.user.id), earned('60.500000'));
  t.deepEqual(await helpers.balanceMatchingLedger(top.user.id), earned('0.000000'));
  t.is(await models.AffiliateLedger.count({ where: { idempotencyKey: `affiliate:milestone:${member.user.id}:4`, kind: 'milestone' } }), 1);

  // A later bet to level 5 pays 5 only.
  await bet(member.user, '30000');
  t.deepEqual(
    (await awardsOf(member.user.id)).map((a) => a.vipLevel),
    [2, 4, 5],
  );
  t.deepEqual(await helpers.balanceMatchingLedger(agent.user.id), earned('160.500000'));
});

test('a repeated batch, a repeated award call and a climb back after relegation award nothing twice', async (t) => {
  const siteCode = await siteWithMilestones({ 2: ['10'], 3: ['20'] });
  const agent = await affiliates.createAgent({ siteCode });
  const member = await affiliates.createMember(agent.user);
  const first = await bets.insertBetOrder(member.user, { betAmount: '6000', betEffective: '6000' });
  const second = await bets.insertBetOrder(member.user, { betAmount: '1', betEffective: '1' });
  const ids = [Number(first.id), Number(second.id)];
  await chain.applyPostBetBatch(ids);
  t.deepEqual(await helpers.balanceMatchingLedger(agent.user.id), earned('30.000000'));

  // The same batch again (a retried job): the orders are processed, nothing moves.
  const again = await chain.applyPostBetBatch(ids);
  t.deepEqual(again.alreadyProcessed, ids);
  // The award itself called again with the same upgrade.
  const repeated = await db().transaction((tx) => milestones.awardVipMilestones(tx, [{ userId: member.user.id, previousLevel: 1, vipLevel: 3 }]));
  t.deepEqual(repeated, []);
  // Relegated to 1 (as the relegation job does), then up again.
  await models.User.update({ vipLevel: '1' }, { where: { id: member.user.id } });
  await bet(member.user, '1');
  t.is((await models.User.findByPk(member.user.id))?.vipLevel, '3');
  t.is((await awardsOf(member.user.id)).length, 2);
  t.deepEqual(await helpers.balanceMatchingLedger(agent.user.id), earned('30.000000'));
});

test('concurrent award calls for the same member and level pay once', async (t) => {
  const siteCode = await siteWithMilestones({ 2: ['7'] });
  const agent = await affiliates.createAgent({ siteCode });
  const member = await affiliates.createMember(agent.user);
  const results = await Promise.all(
    Array.from({ length: 6 }, () => db().transaction((tx) => milestones.awardVipMilestones(tx, [{ userId: member.user.id, previousLevel: 1, vipLevel: 2 }]))),
  );
  t.is(results.flat().length, 1);
  t.is((await awardsOf(member.user.id)).length, 1);
  t.deepEqual(await helpers.balanceMatchingLedger(agent.user.id), earned('7.000000'));
});

test("nothing for a member without an agent, one whose upline is no longer an agent, another site's milestones, or no upgrade", async (t) => {
  const siteCode = await siteWithMilestones({ 2: ['10'] });
  const otherSite = await siteWithMilestones({ 3: ['99'] });
  const { user: loner } = await factories.createUser({ siteCode });
  await bet(loner, '2000');
  t.is((await models.User.findByPk(loner.id))?.vipLevel, '2');
  t.is((await awardsOf(loner.id)).length, 0);

  const former = await affiliates.createAgent({ siteCode });
  const orphan = await affiliates.createMember(former.user);
  await former.user.update({ agentCode: null });
  await bet(orphan.user, '2000');
  t.is((await awardsOf(orphan.user.id)).length, 0);
  t.deepEqual(await helpers.balanceMatchingLedger(former.user.id), earned('0.000000'));

  // Level 3 has a milestone only on the other site.
  const agent = await affiliates.createAgent({ siteCode });
  const member = await affiliates.createMember(agent.user);
  await bet(member.user, '6000');
  t.deepEqual(
    (await awardsOf(member.user.id)).map((a) => a.vipLevel),
    [2],
  );
  // A bet that moves no level pays nothing more.
  await bet(member.user, '10');
  t.deepEqual(await helpers.balanceMatchingLedger(agent.user.id), earned('10.000000'));
  t.truthy(otherSite);
});

test("one batch of many members awards set-based: each agent gets the sum of its members' milestones", async (t) => {
  const siteCode = await siteWithMilestones({ 2: ['1.5'], 3: ['2.25'], 4: ['0'] });
  const a = await affiliates.createAgent({ siteCode });
  const b = await affiliates.createAgent({ siteCode });
  const members = [
    ...(await Promise.all([1, 2, 3].map(() => affiliates.createMember(a.user)))),
    ...(await Promise.all([1, 2].map(() => affiliates.createMember(b.user)))),
  ];
  const amounts = ['2000', '6000', '25000', '6000', '500'];
  const orders = await Promise.all(members.map((m, i) => bets.insertBetOrder(m.user, { betAmount: amounts[i], betEffective: amounts[i] })));
  const result = await chain.applyPostBetBatch(orders.map((o) => Number(o.id)));
  t.is(result.applied.length, 5);
  // a: 1.5 + (1.5 + 2.25) + (1.5 + 2.25 + 0) = 9.00; b: 1.5 + 2.25 = 3.75 (the 500 bet moves no level).
  t.deepEqual(await helpers.balanceMatchingLedger(a.user.id), earned('9.000000'));
  t.deepEqual(await helpers.balanceMatchingLedger(b.user.id), earned('3.750000'));
  // The zero bonus is recorded (the agent sees it) but moves no money.
  const [{ n }] = await db().query<{ n: string }>(`SELECT COUNT(*)::text AS n FROM affiliate_milestone_awards WHERE "memberId" = :id AND "vipLevel" = 4`, {
    replacements: { id: members[2].user.id },
    type: QueryTypes.SELECT,
  });
  t.is(n, '1');
  t.is(await models.AffiliateLedger.count({ where: { userId: a.user.id } }), 5);
});

test("GET /affiliate/vip-milestones: the agent's awards, newest first, paged, with the member account; 2001 for a player who is not an agent", async (t) => {
  const siteCode = await siteWithMilestones({ 2: ['10'], 3: ['20'] });
  const agent = await affiliates.createAgent({ siteCode });
  const other = await affiliates.createAgent({ siteCode });
  const m1 = await affiliates.createMember(agent.user);
  const m2 = await affiliates.createMember(agent.user);
  const m3 = await affiliates.createMember(other.user);
  await bet(m1.user, '6000');
  await bet(m2.user, '2000');
  await bet(m3.user, '2000');

  let res = await stack.request('GET', '/api/affiliate/vip-milestones', { token: agent.token });
  t.is(res.body.code, 200, res.text);
  t.deepEqual(res.body.result.pagination, { page: 1, pageSize: 10, total: 3, totalPages: 1 });
  const items = res.body.result.items;
  t.deepEqual(Object.keys(items[0]).sort(), ['bonusAmount', 'createdAt', 'id', 'memberAccount', 'memberId', 'vipLevel', 'withheld']);
  t.deepEqual(
    items.map((i: { memberId: number; memberAccount: string; vipLevel: number; bonusAmount: string }) => [
      i.memberId,
      i.memberAccount,
      i.vipLevel,
      i.bonusAmount,
    ]),
    [
      [m2.user.id, m2.user.account, 2, '10.000000'],
      [m1.user.id, m1.user.account, 3, '20.000000'],
      [m1.user.id, m1.user.account, 2, '10.000000'],
    ],
  );
  res = await stack.request('GET', '/api/affiliate/vip-milestones?page=2&pageSize=2', { token: agent.token });
  t.deepEqual(
    res.body.result.items.map((i: { vipLevel: number; memberId: number }) => [i.memberId, i.vipLevel]),
    [[m1.user.id, 2]],
  );
  t.like(res.body.result.pagination, { page: 2, pageSize: 2, total: 3, totalPages: 2 });
  t.is((await stack.request('GET', '/api/affiliate/vip-milestones?pageSize=0', { token: agent.token })).status, 400);

  res = await stack.request('GET', '/api/affiliate/vip-milestones', { token: m1.token });
  t.like(res.body, { code: 2001, path: '/api/affiliate/vip-milestones' });
  t.is((await stack.request('GET', '/api/affiliate/vip-milestones')).status, 401);
  // The balance endpoint shows the bonuses.
  res = await stack.request('GET', '/api/affiliate/balance', { token: agent.token });
  t.deepEqual(res.body.result, earned('40.000000'));
});

test("the award waits for, but never deadlocks with, a batch holding the agent's and member's rows as relegation does (FOR NO KEY UPDATE, id order)", async (t) => {
  const siteCode = await siteWithMilestones({ 2: ['5'] });
  const agent = await affiliates.createAgent({ siteCode });
  const member = await affiliates.createMember(agent.user); // created after the agent: a higher id
  const order = await bets.insertBetOrder(member.user, { betAmount: '2000', betEffective: '2000' });
  const tx = await db().transaction();
  let batch = 'ok';
  await db().query('SELECT id FROM users WHERE id = :id FOR NO KEY UPDATE', { replacements: { id: agent.user.id }, transaction: tx });
  // The chain locks the member's row, then its award references the agent's row.
  const run = chain.applyPostBet(order.id).then(
    () => 'ok',
    (err: Error) => err.message,
  );
  await new Promise((resolve) => setTimeout(resolve, 300));
  try {
    await db().query('SELECT id FROM users WHERE id = :id FOR NO KEY UPDATE', { replacements: { id: member.user.id }, transaction: tx });
    await tx.commit();
  } catch (err) {
    batch = (err as Error).message;
    await tx.rollback();
  }
  t.is(await run, 'ok');
  t.is(batch, 'ok');
  t.deepEqual(await helpers.balanceMatchingLedger(agent.user.id), earned('5.000000'));
});
