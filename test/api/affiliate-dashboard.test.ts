import test from 'ava';
import { createAgent, createMember } from '../helpers/affiliates';
import { insertBetOrder } from '../helpers/bets';
import { createSite, createUser } from '../helpers/factories';
import { startTestStack, type TestStack } from '../helpers/stack';

/**
 * GET /affiliate/dashboard and tier-info's progress as an agent sees them: members per level,
 * the commission balance, and this week's figures as the weekly run would settle them so far, at the new
 * site's default rates (lowest tier 30 / 10 / 5 %).
 */
let stack: TestStack;
test.before(async () => {
  stack = await startTestStack({ APP_TIMEZONE: 'Asia/Taipei' });
});
test.after.always(async () => {
  await stack?.close();
});

const get = (path: string, token: string, site: string) => stack.request('GET', `/api${path}`, { token, headers: { 'site-name': site, locales: 'en-US' } });

test('the dashboard: members per level, balance, and this week so far; tier-info counts the same active members', async (t) => {
  const site = await createSite();
  const { user: top, token } = await createAgent({ siteCode: site });
  const { user: sub } = await createAgent({ siteCode: site, upline: top });
  const { user: level2 } = await createMember(sub);
  await createMember(top); // level 1, no bets this week
  // The agent's own level-1 member (an agent too) lost 100; its member, level 2 to the agent, lost 40.
  await insertBetOrder(sub, { betAmount: '100' });
  await insertBetOrder(level2, { betAmount: '40' });
  // Bets of another week do not count.
  await insertBetOrder(level2, { betAmount: '999', settledAt: new Date(Date.now() - 15 * 24 * 3600 * 1000) });

  const res = await get('/affiliate/dashboard', token, site);
  t.is(res.body.code, 200, res.text);
  t.deepEqual(res.body.result, {
    agentCode: top.agentCode,
    totalDownline: { level1: 2, level2: 1, level3: 0 },
    balance: { available: '0.000000', frozen: '0.000000', totalEarned: '0.000000', totalWithdrawn: '0.000000' },
    thisWeek: { activeMemberCount: 2, totalNetLoss: '140.000000', estimatedCommission: '34.000000' },
  });
  const tier = await get('/affiliate/tier-info', token, site);
  t.is(tier.body.result.progress.activeMembers, 2);
});

test('a player who is not an agent gets 2001', async (t) => {
  const site = await createSite();
  const { token } = await createUser({ siteCode: site });
  const res = await get('/affiliate/dashboard', token, site);
  t.is(res.body.code, 2001);
  t.is(res.body.result, undefined);
});
