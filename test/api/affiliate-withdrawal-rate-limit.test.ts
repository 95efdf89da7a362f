import test from 'ava';
import { startAdminStack, type AdminStack } from '../helpers/admin-requests';
import type { TestStack } from '../helpers/stack';

/**
 * POST /affiliate/withdrawals/request is limited per agent (RATE_LIMIT_AFFILIATE_WITHDRAWAL_PER_USER, 2
 * here; no cooldown, so only the limit refuses). Over the limit: 429, and no withdrawal or hold is written.
 */
let stack: TestStack;
let models: AdminStack['models'];
let helpers: typeof import('../helpers/affiliate-money');

test.before(async () => {
  ({ stack, models } = await startAdminStack({
    permissions: ['affiliate:read'],
    env: { AFFILIATE_WITHDRAWAL_COOLDOWN_HOURS: '0', RATE_LIMIT_AFFILIATE_WITHDRAWAL_PER_USER: '2' },
  }));
  helpers = await import('../helpers/affiliate-money');
});
test.after.always(async () => {
  await stack?.close();
});

test('a third request within the minute is a 429 that writes nothing; another agent keeps its own budget', async (t) => {
  const a = await helpers.agentWithCommission('100');
  const b = await helpers.agentWithCommission('100');
  const request = (agent: typeof a) =>
    stack.request('POST', '/api/affiliate/withdrawals/request', { token: agent.token, body: { amount: 5, method: 'crypto', targetId: agent.address.id } });
  t.is((await request(a)).body.code, 200);
  t.is((await request(a)).body.code, 200);
  const over = await request(a);
  t.is(over.status, 429);
  t.is(over.body.code, 429);
  t.is(await models.AffiliateWithdrawal.count({ where: { agentId: a.user.id } }), 2);
  t.deepEqual(await helpers.balanceMatchingLedger(a.user.id), {
    available: '90.000000',
    frozen: '10.000000',
    totalEarned: '100.000000',
    totalWithdrawn: '0.000000',
  });
  t.is((await request(b)).body.code, 200);
  const tooMuch = { amount: 1000, method: 'crypto', targetId: b.address.id };
  t.is((await stack.request('POST', '/api/affiliate/withdrawals/request', { token: b.token, body: tooMuch })).body.code, 2004, 'a refused request counts too');
  t.is((await request(b)).status, 429);
  t.is(await models.AffiliateWithdrawal.count({ where: { agentId: b.user.id } }), 1);
});
