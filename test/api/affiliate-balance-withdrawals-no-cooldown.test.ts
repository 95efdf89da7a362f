import test from 'ava';
import { startAdminStack, type AdminStack } from '../helpers/admin-requests';
import type { TestStack } from '../helpers/stack';

/**
 * AFFILIATE_WITHDRAWAL_COOLDOWN_HOURS=0: no cooldown, so the balance alone decides. Concurrent requests
 * serialize on the agent's affiliate account: with money for one, one succeeds and the others get 2004;
 * with money for some, exactly those succeed. Balances equal their ledger sums.
 */
let stack: TestStack;
let models: AdminStack['models'];
let helpers: typeof import('../helpers/affiliate-money');

test.before(async () => {
  ({ stack, models } = await startAdminStack({ permissions: ['affiliate:read'], env: { AFFILIATE_WITHDRAWAL_COOLDOWN_HOURS: '0' } }));
  helpers = await import('../helpers/affiliate-money');
});
test.after.always(async () => {
  await stack?.close();
});

const ask = (token: string, body: unknown) => stack.request('POST', '/api/affiliate/withdrawals/request', { token, body });

test('back-to-back requests pass while the balance lasts; then 2004', async (t) => {
  const a = await helpers.agentWithCommission('30');
  for (let i = 0; i < 3; i += 1) t.is((await ask(a.token, { amount: 10, method: 'crypto', targetId: a.address.id })).body.code, 200);
  t.like((await ask(a.token, { amount: 0.000001, method: 'crypto', targetId: a.address.id })).body, { code: 2004, path: '/api/affiliate/withdrawals/request' });
  t.deepEqual(await helpers.balanceMatchingLedger(a.user.id), {
    available: '0.000000',
    frozen: '30.000000',
    totalEarned: '30.000000',
    totalWithdrawn: '0.000000',
  });
});

test('two concurrent requests with money for one: one succeeds, the other 2004; the hold moves once', async (t) => {
  const a = await helpers.agentWithCommission('100');
  const both = await Promise.all([
    ask(a.token, { amount: 60, method: 'bank_card', targetId: a.card.id }),
    ask(a.token, { amount: 60, method: 'crypto', targetId: a.address.id }),
  ]);
  t.deepEqual(both.map((r) => r.body.code).sort(), [200, 2004]);
  t.is(await models.AffiliateWithdrawal.count({ where: { agentId: a.user.id } }), 1);
  t.deepEqual(await helpers.balanceMatchingLedger(a.user.id), {
    available: '40.000000',
    frozen: '60.000000',
    totalEarned: '100.000000',
    totalWithdrawn: '0.000000',
  });
});

test('ten concurrent requests on a balance for four: exactly four holds', async (t) => {
  const a = await helpers.agentWithCommission('100');
  const all = await Promise.all(Array.from({ length: 10 }, () => ask(a.token, { amount: 25, method: 'crypto', targetId: a.address.id })));
  t.is(all.filter((r) => r.body.code === 200).length, 4);
  t.is(all.filter((r) => r.body.code === 2004).length, 6);
  t.is(await models.AffiliateWithdrawal.count({ where: { agentId: a.user.id } }), 4);
  t.deepEqual(await helpers.balanceMatchingLedger(a.user.id), {
    available: '0.000000',
    frozen: '100.000000',
    totalEarned: '100.000000',
    totalWithdrawn: '0.000000',
  });
});
