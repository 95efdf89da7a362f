import test from 'ava';
import { AdminOperationLog, AffiliateSettlement } from '../../shared/db/models';
import { todayIn } from '../../shared/domain/vip';
import { bet, counts, program, settlementOf, taipei } from '../helpers/affiliate-settlement';
import { createAgent, createMember } from '../helpers/affiliates';
import { createAdmin, createSite } from '../helpers/factories';
import { startTestStack, type TestStack } from '../helpers/stack';

/** POST /affiliate/admin/trigger-settlement and /trigger-daily-settlement, admin permission 'affiliate'. */
let stack: TestStack;
let token: string;
let adminId: number;
test.before(async () => {
  stack = await startTestStack({ APP_TIMEZONE: 'Asia/Taipei' });
  const admin = await createAdmin({ permissions: ['affiliate:read', 'affiliate:write'] });
  token = admin.token;
  adminId = admin.admin.id;
});
test.after.always(async () => {
  await stack?.close();
});

const post = (path: string, body: unknown, options: { token?: string | null; site?: string } = {}) =>
  stack.request('POST', `/api/affiliate/admin${path}`, {
    token: options.token === null ? undefined : (options.token ?? token),
    body,
    headers: options.site ? { 'x-site-code': options.site } : {},
  });

/** A site with one agent and a member who lost `amount` on slots at `at` (bronze, level 1 at 30 %). */
async function site(bets: Array<{ amount: string; at: string }>) {
  const siteCode = await createSite();
  await program(siteCode, [['bronze', '0', 0, 1]], [['bronze', 1, null, '30']]);
  const agent = (await createAgent({ siteCode })).user;
  const member = (await createMember(agent)).user;
  for (const b of bets) await bet(member, { gameType: '2', bet: b.amount, win: '0', at: b.at });
  return { siteCode, agent };
}

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

test('401 without a token, 403 without the affiliate permission', async (t) => {
  t.is((await post('/trigger-settlement', undefined, { token: null })).status, 401);
  t.is((await post('/trigger-daily-settlement', {}, { token: null })).status, 401);
  const other = await createAdmin({ permissions: ['vip:read', 'vip:write'] });
  t.is((await post('/trigger-settlement', undefined, { token: other.token })).status, 403);
  t.is((await post('/trigger-daily-settlement', {}, { token: other.token })).status, 403);
});

test('weekly trigger: last week of the x-site-code site, {settlementsCreated, totalCommission, riskFlagged}, once, operation-logged', async (t) => {
  // Seven days ago is always in last week (Monday-Sunday, Taipei); now is in this week.
  const { siteCode, agent } = await site([
    { amount: '100', at: daysAgo(7) },
    { amount: '1000', at: daysAgo(0) },
  ]);
  const res = await post('/trigger-settlement', undefined, { site: siteCode });
  t.is(res.status, 200);
  t.deepEqual(res.body.result, { settlementsCreated: 1, totalCommission: '30.000000', riskFlagged: 0 });
  const again = await post('/trigger-settlement', {}, { site: siteCode });
  t.deepEqual(again.body.result, { settlementsCreated: 0, totalCommission: '0.000000', riskFlagged: 0 });
  t.deepEqual(await counts(siteCode, 'weekly'), { settlements: 1, commissions: 1, risks: 0 });
  const row = (await AffiliateSettlement.findOne({ where: { agentId: agent.id }, raw: true }))!;
  const lastWeekDay = todayIn('Asia/Taipei', new Date(daysAgo(7)));
  t.is(new Date(row.weekStart).getUTCDay(), 1); // a Monday
  t.true(row.weekStart <= lastWeekDay && lastWeekDay <= row.weekEnd);
  t.is(row.periodType, 'weekly');
  const logs = await AdminOperationLog.findAll({ where: { module: 'affiliate', action: 'trigger-settlement', siteCode }, order: [['id', 'ASC']] });
  t.is(logs.length, 2);
  t.like(logs[0].toJSON(), { adminId, method: 'POST', path: '/api/affiliate/admin/trigger-settlement' });
});

test('daily trigger: the given date or yesterday, with periodType; a bad or unfinished date is a 400 on date', async (t) => {
  const { siteCode, agent } = await site([
    { amount: '10', at: taipei('2026-10-13 23:59') },
    { amount: '20', at: taipei('2026-10-14 00:00') },
    { amount: '50', at: daysAgo(1) },
  ]);
  const res = await post('/trigger-daily-settlement', { date: '2026-10-13' }, { site: siteCode });
  t.is(res.status, 200);
  t.deepEqual(res.body.result, { settlementsCreated: 1, totalCommission: '3.000000', riskFlagged: 0, periodType: 'daily' });
  t.like(await settlementOf(agent.id, 'daily', '2026-10-13'), { weekEnd: '2026-10-13', totalNetLoss: '10.000000' });
  const yesterday = await post('/trigger-daily-settlement', undefined, { site: siteCode });
  t.deepEqual(yesterday.body.result, { settlementsCreated: 1, totalCommission: '15.000000', riskFlagged: 0, periodType: 'daily' });
  t.truthy(await settlementOf(agent.id, 'daily', todayIn('Asia/Taipei', new Date(daysAgo(1)))));
  t.is(await AdminOperationLog.count({ where: { module: 'affiliate', action: 'trigger-daily-settlement', siteCode } }), 2);

  for (const date of ['13/10/2026', '2026-02-30', todayIn('Asia/Taipei')]) {
    const bad = await post('/trigger-daily-settlement', { date }, { site: siteCode });
    t.is(bad.status, 400, date);
    t.is(bad.body.errors[0].field, 'date', date);
  }
  t.is((await post('/trigger-daily-settlement', {}, { site: 'no-such-site' })).status, 400);
});
