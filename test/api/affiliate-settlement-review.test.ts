import test from 'ava';
import { startAdminStack, type AdminRequest, type AdminRoot, type AdminStack } from '../helpers/admin-requests';
import { createAgent, createMember } from '../helpers/affiliates';
import { affiliateSums, insertSettlement } from '../helpers/affiliate-settlement-rows';
import type { TestStack } from '../helpers/stack';

/**
 * POST /affiliate/admin/settlements/:id/review: pending or pendingReview moves once to
 * approved (the commission credited to the agent's affiliate balance, once) or rejected (nothing moves);
 * a second review is 2002; concurrent reviewers: one wins and money moves at most once; unknown or
 * another site's settlement 2001; the operation log; permissions.
 */
let stack: TestStack;
let factories: AdminStack['factories'];
let models: AdminStack['models'];
let root: AdminRoot;
let req: AdminRequest;

test.before(async () => {
  ({ stack, factories, models, root, req } = await startAdminStack({ permissions: ['affiliate:read', 'affiliate:write'] }));
});
test.after.always(async () => {
  await stack?.close();
});

const review = (id: number, body: unknown, options: { token?: string | null; site?: string } = {}) =>
  req('POST', `/affiliate/admin/settlements/${id}/review`, { body, ...options });
const logsOf = (id: number) => models.AdminOperationLog.findAll({ where: { module: 'affiliate', targetId: String(id) } });
const NOTHING = { available: '0.000000', totalEarned: '0.000000', ledgerAvailable: '0.000000', ledgerEarned: '0.000000', ledgerRows: 0 };

/** A fresh agent with a settlement paying 30 (level 1) + 5 (level 2) = 35. */
async function settlementOf(options: { riskFlagged?: 0 | 1; totalCommission?: string; siteCode?: string; weekStart?: string } = {}) {
  const agent = await createAgent({ siteCode: options.siteCode });
  const sub = await createAgent({ siteCode: agent.user.siteCode, upline: agent.user });
  const m1 = await createMember(agent.user);
  const m2 = await createMember(sub.user);
  const settlement = await insertSettlement({
    agent: agent.user,
    weekStart: options.weekStart ?? '2026-11-09',
    riskFlagged: options.riskFlagged,
    totalCommission: options.totalCommission,
    commissions:
      options.totalCommission === '0'
        ? []
        : [
            { member: m1.user, agentLevel: 1, gameType: '1', netLoss: '100', commissionRate: '30' },
            { member: m2.user, agentLevel: 2, gameType: '1', netLoss: '50', commissionRate: '10' },
          ],
  });
  return { agent, settlement };
}

test('approved: the commission is credited once to available and totalEarned; a second review is 2002 and moves nothing', async (t) => {
  const { agent, settlement } = await settlementOf();
  const res = await review(settlement.id, { action: 'approved', remark: 'checked' });
  t.is(res.body.code, 200, res.text);
  t.like(res.body.result, {
    id: settlement.id,
    status: 'approved',
    totalCommission: '35.000000',
    remark: 'checked',
    reviewedBy: root.id,
    agentId: agent.user.id,
    agentAccount: agent.user.account,
  });
  t.false(Number.isNaN(Date.parse(res.body.result.reviewedAt)));
  const credited = { available: '35.000000', totalEarned: '35.000000', ledgerAvailable: '35.000000', ledgerEarned: '35.000000', ledgerRows: 1 };
  t.deepEqual(await affiliateSums(agent.user.id), credited);
  const ledger = await models.AffiliateLedger.findOne({ where: { userId: agent.user.id } });
  t.like(ledger?.get({ plain: true }), {
    kind: 'commission',
    idempotencyKey: `affiliate:settlement:${settlement.id}`,
    refType: 'affiliate_settlement',
    refId: String(settlement.id),
  });

  for (const body of [{ action: 'approved' }, { action: 'rejected', remark: 'late' }]) {
    const again = await review(settlement.id, body);
    t.like(again.body, { code: 2002, path: `/api/affiliate/admin/settlements/${settlement.id}/review`, message: '此結算已審核' });
  }
  t.deepEqual(await affiliateSums(agent.user.id), credited);
  const logs = await logsOf(settlement.id);
  t.is(logs.length, 1);
  t.like(logs[0].get({ plain: true }), { action: 'settlement-approved', adminId: root.id });
  t.like(logs[0].detail as object, {
    agentId: agent.user.id,
    totalCommission: '35.000000',
    credited: '35.000000',
    from: 'pending',
    to: 'approved',
    remark: 'checked',
  });

  // The agent sees it approved.
  const mine = await stack.request('GET', `/api/affiliate/settlements/${settlement.id}`, { token: agent.token });
  t.like(mine.body.result.settlement, { status: 'approved', totalCommission: '35.000000' });
});

test('a risk-flagged (pendingReview) settlement is approved the same way; two settlements of one agent add up', async (t) => {
  const { agent, settlement } = await settlementOf({ riskFlagged: 1 });
  const second = await insertSettlement({ agent: agent.user, weekStart: '2026-11-02', totalCommission: '12.345678' });
  t.like((await review(settlement.id, { action: 'approved' })).body, { code: 200, result: { status: 'approved', riskFlagged: 1, remark: null } });
  t.like((await review(second.id, { action: 'approved', remark: null })).body, { code: 200, result: { status: 'approved' } });
  t.deepEqual(await affiliateSums(agent.user.id), {
    available: '47.345678',
    totalEarned: '47.345678',
    ledgerAvailable: '47.345678',
    ledgerEarned: '47.345678',
    ledgerRows: 2,
  });
  t.like((await logsOf(settlement.id))[0].detail as object, { from: 'pendingReview', to: 'approved' });
});

test('rejected: nothing is credited, the state is final', async (t) => {
  const { agent, settlement } = await settlementOf({ riskFlagged: 1 });
  const res = await review(settlement.id, { action: 'rejected', remark: 'same device farm' });
  t.is(res.body.code, 200, res.text);
  t.like(res.body.result, { status: 'rejected', remark: 'same device farm', totalCommission: '35.000000' });
  t.is((await review(settlement.id, { action: 'approved' })).body.code, 2002);
  t.is((await review(settlement.id, { action: 'rejected' })).body.code, 2002);
  t.deepEqual(await affiliateSums(agent.user.id), NOTHING);
  t.is((await models.AffiliateSettlement.findByPk(settlement.id))?.status, 'rejected');
  t.like(
    (await logsOf(settlement.id)).map((l) => l.get({ plain: true })),
    [{ action: 'settlement-rejected' }],
  );
});

test('approved with a total commission of 0 moves no money and still ends approved', async (t) => {
  const { agent, settlement } = await settlementOf({ totalCommission: '0' });
  const res = await review(settlement.id, { action: 'approved' });
  t.like(res.body, { code: 200, result: { status: 'approved', totalCommission: '0.000000' } });
  t.deepEqual(await affiliateSums(agent.user.id), NOTHING);
  t.is(await models.AffiliateAccount.count({ where: { userId: agent.user.id } }), 0);
  t.is((await review(settlement.id, { action: 'approved' })).body.code, 2002);
  t.like((await logsOf(settlement.id))[0].detail as object, { credited: '0.000000' });
});

test('five reviewers at once (approve and reject mixed): exactly one succeeds, the others get 2002, money moves at most once', async (t) => {
  for (let round = 0; round < 3; round++) {
    const { agent, settlement } = await settlementOf();
    const actions: Array<'approved' | 'rejected'> =
      round === 1 ? ['rejected', 'approved', 'rejected', 'approved', 'rejected'] : ['approved', 'rejected', 'approved', 'rejected', 'approved'];
    const answers = await Promise.all(actions.map((action) => review(settlement.id, { action })));
    const codes = answers.map((r) => r.body.code);
    t.deepEqual([...codes].sort(), [200, 2002, 2002, 2002, 2002], JSON.stringify(answers.map((r) => r.text)));
    const winner = actions[codes.indexOf(200)];
    t.is((await models.AffiliateSettlement.findByPk(settlement.id))?.status, winner);
    const sums = await affiliateSums(agent.user.id);
    t.deepEqual(
      sums,
      winner === 'approved'
        ? { available: '35.000000', totalEarned: '35.000000', ledgerAvailable: '35.000000', ledgerEarned: '35.000000', ledgerRows: 1 }
        : NOTHING,
    );
    t.is((await logsOf(settlement.id)).length, 1);
  }
});

test("unknown and another site's settlements are 2001 and stay pending; bad input is a 400", async (t) => {
  const { agent, settlement } = await settlementOf();
  const other = await factories.createSite();
  let res = await review(settlement.id, { action: 'approved' }, { site: other });
  t.like(res.body, { code: 2001, path: `/api/affiliate/admin/settlements/${settlement.id}/review`, message: '找不到結算紀錄' });
  res = await review(2147483647, { action: 'rejected' });
  t.is(res.body.code, 2001);
  for (const body of [
    {},
    { action: 'approve' },
    { action: 1 },
    { action: 'approved', remark: 5 },
    { action: 'approved', remark: 'x'.repeat(256) },
    'approved',
  ]) {
    t.is((await review(settlement.id, body)).status, 400, JSON.stringify(body));
  }
  for (const id of ['0', 'abc', '2147483648']) {
    t.is((await req('POST', `/affiliate/admin/settlements/${id}/review`, { body: { action: 'approved' } })).status, 400, id);
  }
  t.is((await models.AffiliateSettlement.findByPk(settlement.id))?.status, 'pending');
  t.deepEqual(await affiliateSums(agent.user.id), NOTHING);
  t.is((await logsOf(settlement.id)).length, 0);
});

test('permissions: no affiliate module or read only is refused (403); players and anonymous callers get 401', async (t) => {
  const { agent, settlement } = await settlementOf();
  const outsider = await factories.createAdmin({ permissions: ['withdrawal:read', 'withdrawal:write'] });
  const reader = await factories.createAdmin({ permissions: ['affiliate:read'] });
  t.is((await review(settlement.id, { action: 'approved' }, { token: outsider.token })).status, 403);
  t.is((await review(settlement.id, { action: 'approved' }, { token: reader.token })).status, 403);
  t.is((await review(settlement.id, { action: 'approved' }, { token: agent.token })).status, 401);
  t.is((await review(settlement.id, { action: 'approved' }, { token: null })).status, 401);
  t.is((await models.AffiliateSettlement.findByPk(settlement.id))?.status, 'pending');
  t.deepEqual(await affiliateSums(agent.user.id), NOTHING);
});
