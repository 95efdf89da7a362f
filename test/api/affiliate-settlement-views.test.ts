import test from 'ava';
import { startAdminStack, type AdminRequest, type AdminStack } from '../helpers/admin-requests';
import { createAgent, createMember } from '../helpers/affiliates';
import { insertSettlement } from '../helpers/affiliate-settlement-rows';
import type { TestStack } from '../helpers/stack';

/**
 * The settlement read endpoints: the agent's commission rows, settlements and one
 * settlement; the operators' settlement list and risk logs. Shapes, paging, filters, 2001 for a player
 * who is not an agent and for another agent's or another site's settlement, permissions.
 */
let stack: TestStack;
let factories: AdminStack['factories'];
let req: AdminRequest;

test.before(async () => {
  ({ stack, factories, req } = await startAdminStack({ permissions: ['affiliate:read', 'affiliate:write'] }));
});
test.after.always(async () => {
  await stack?.close();
});

const get = (path: string, token: string) => stack.request('GET', `/api${path}`, { token });

/** An agent with two level-1 members, a level-2 member (through a sub-agent) and three settlements: two weeks and one day. */
async function agentWithSettlements(siteCode?: string) {
  const agent = await createAgent({ siteCode });
  const sub = await createAgent({ siteCode: agent.user.siteCode, upline: agent.user });
  const m1 = await createMember(agent.user, { account: `a${agent.user.id}m1` });
  const m2 = await createMember(agent.user, { account: `a${agent.user.id}m2` });
  const m3 = await createMember(sub.user, { account: `a${agent.user.id}m3` });
  const older = await insertSettlement({
    agent: agent.user,
    weekStart: '2026-11-02',
    commissions: [{ member: m1.user, agentLevel: 1, gameType: '1', netLoss: '100', commissionRate: '30' }],
  });
  const newer = await insertSettlement({
    agent: agent.user,
    weekStart: '2026-11-09',
    riskFlagged: 1,
    commissions: [
      { member: m1.user, agentLevel: 1, gameType: '1', netLoss: '200.5', commissionRate: '30' },
      { member: m1.user, agentLevel: 1, gameType: '4', netLoss: '10', commissionRate: '12.5' },
      { member: m2.user, agentLevel: 1, gameType: '1', netLoss: '-40', commissionRate: '30' },
      { member: m3.user, agentLevel: 2, gameType: null, netLoss: '50', commissionRate: '10' },
    ],
    risks: [{ ruleType: 'same_ip', detail: { ip: '10.1.2.3', memberIds: [m1.user.id, m2.user.id] } }],
  });
  const daily = await insertSettlement({
    agent: agent.user,
    periodType: 'daily',
    weekStart: '2026-11-10',
    commissions: [{ member: m2.user, agentLevel: 1, gameType: '1', netLoss: '20', commissionRate: '30' }],
  });
  return { agent, sub, m1, m2, m3, older, newer, daily };
}

test('a player who is not an agent gets 2001 on every agent settlement endpoint; no token is a 401', async (t) => {
  const player = await factories.createUser();
  for (const path of ['/affiliate/commissions', '/affiliate/settlements', '/affiliate/settlements/1']) {
    const res = await get(path, player.token);
    t.is(res.status, 200, path);
    t.like(res.body, { code: 2001, data: null, path: `/api${path}` }, path);
    t.is((await stack.request('GET', `/api${path}`)).status, 401, path);
  }
  const res = await get('/affiliate/settlements', player.token);
  t.is(res.body.message, '您還不是代理');
});

test('GET /affiliate/settlements: every field, newest period first, weekly and daily with their periodType, paged', async (t) => {
  const f = await agentWithSettlements();
  let res = await get('/affiliate/settlements', f.agent.token);
  t.is(res.body.code, 200, res.text);
  t.deepEqual(res.body.result.pagination, { page: 1, pageSize: 10, total: 3, totalPages: 1 });
  t.deepEqual(
    res.body.result.items.map((i: { id: number }) => i.id),
    [f.daily.id, f.newer.id, f.older.id],
  );
  const item = res.body.result.items[1];
  t.deepEqual(item, {
    id: f.newer.id,
    periodType: 'weekly',
    weekStart: '2026-11-09',
    weekEnd: '2026-11-15',
    activeMemberCount: 3,
    totalNetLoss: '220.500000',
    level1Commission: '49.400000',
    level2Commission: '5.000000',
    level3Commission: '0.000000',
    totalCommission: '54.400000',
    status: 'pendingReview',
    riskFlagged: 1,
    createdAt: new Date(f.newer.createdAt).toISOString(),
  });
  t.like(res.body.result.items[0], {
    periodType: 'daily',
    weekStart: '2026-11-10',
    weekEnd: '2026-11-10',
    status: 'pending',
    riskFlagged: 0,
    totalCommission: '6.000000',
  });

  res = await get('/affiliate/settlements?page=2&pageSize=2', f.agent.token);
  t.deepEqual(res.body.result.pagination, { page: 2, pageSize: 2, total: 3, totalPages: 2 });
  t.deepEqual(
    res.body.result.items.map((i: { id: number }) => i.id),
    [f.older.id],
  );
  res = await get('/affiliate/settlements?periodType=weekly', f.agent.token);
  t.deepEqual(
    res.body.result.items.map((i: { id: number }) => i.id),
    [f.newer.id, f.older.id],
  );

  // The sub-agent has none; the lists are each agent's own.
  res = await get('/affiliate/settlements', f.sub.token);
  t.deepEqual(res.body.result, { items: [], pagination: { page: 1, pageSize: 10, total: 0, totalPages: 0 } });
  for (const q of ['page=0', 'pageSize=51', 'pageSize=abc', 'periodType=monthly']) {
    t.is((await get(`/affiliate/settlements?${q}`, f.agent.token)).status, 400, q);
  }
});

test("GET /affiliate/settlements/:id: the settlement and its rows; another agent's, another site's and unknown ids are 2001", async (t) => {
  const f = await agentWithSettlements();
  let res = await get(`/affiliate/settlements/${f.newer.id}`, f.agent.token);
  t.is(res.body.code, 200, res.text);
  t.like(res.body.result.settlement, { id: f.newer.id, weekStart: '2026-11-09', totalCommission: '54.400000', status: 'pendingReview', riskFlagged: 1 });
  t.deepEqual(res.body.result.commissions, [
    {
      memberId: f.m1.user.id,
      memberAccount: f.m1.user.account,
      agentLevel: 1,
      gameType: '1',
      netLoss: '200.500000',
      commissionRate: '30.00',
      commissionAmount: '60.150000',
    },
    {
      memberId: f.m1.user.id,
      memberAccount: f.m1.user.account,
      agentLevel: 1,
      gameType: '4',
      netLoss: '10.000000',
      commissionRate: '12.50',
      commissionAmount: '1.250000',
    },
    {
      memberId: f.m2.user.id,
      memberAccount: f.m2.user.account,
      agentLevel: 1,
      gameType: '1',
      netLoss: '-40.000000',
      commissionRate: '30.00',
      commissionAmount: '-12.000000',
    },
    {
      memberId: f.m3.user.id,
      memberAccount: f.m3.user.account,
      agentLevel: 2,
      gameType: null,
      netLoss: '50.000000',
      commissionRate: '10.00',
      commissionAmount: '5.000000',
    },
  ]);

  // Another agent of the same site (the sub-agent), and an agent of another site.
  res = await get(`/affiliate/settlements/${f.newer.id}`, f.sub.token);
  t.like(res.body, { code: 2001, path: `/api/affiliate/settlements/${f.newer.id}`, message: '找不到結算紀錄' });
  const otherSite = await factories.createSite();
  const foreign = await agentWithSettlements(otherSite);
  t.is((await get(`/affiliate/settlements/${foreign.older.id}`, f.agent.token)).body.code, 2001);
  t.is((await get(`/affiliate/settlements/${foreign.older.id}`, foreign.agent.token)).body.code, 200);
  t.is((await get('/affiliate/settlements/2147483647', f.agent.token)).body.code, 2001);
  for (const id of ['0', 'abc', '2147483648', '-1']) {
    t.is((await get(`/affiliate/settlements/${id}`, f.agent.token)).status, 400, id);
  }
});

test('GET /affiliate/commissions: the rows with every field, newest period first, filtered by weekStart and periodType, paged', async (t) => {
  const f = await agentWithSettlements();
  let res = await get('/affiliate/commissions', f.agent.token);
  t.is(res.body.code, 200, res.text);
  t.deepEqual(res.body.result.pagination, { page: 1, pageSize: 10, total: 6, totalPages: 1 });
  const items = res.body.result.items as Array<Record<string, unknown>>;
  t.deepEqual(
    items.map((i) => [i.weekStart, i.periodType, i.memberAccount, i.gameType]),
    [
      ['2026-11-10', 'daily', f.m2.user.account, '1'],
      ['2026-11-09', 'weekly', f.m1.user.account, '1'],
      ['2026-11-09', 'weekly', f.m1.user.account, '4'],
      ['2026-11-09', 'weekly', f.m2.user.account, '1'],
      ['2026-11-09', 'weekly', f.m3.user.account, null],
      ['2026-11-02', 'weekly', f.m1.user.account, '1'],
    ],
  );
  t.deepEqual(Object.keys(items[1]).sort(), [
    'agentLevel',
    'commissionAmount',
    'commissionRate',
    'gameType',
    'id',
    'memberAccount',
    'memberId',
    'netLoss',
    'periodType',
    'settlementId',
    'status',
    'weekEnd',
    'weekStart',
  ]);
  t.like(items[1], {
    memberId: f.m1.user.id,
    agentLevel: 1,
    netLoss: '200.500000',
    commissionRate: '30.00',
    commissionAmount: '60.150000',
    weekEnd: '2026-11-15',
    settlementId: f.newer.id,
    status: 'pendingReview',
  });
  t.true(Number.isInteger(items[1].id));

  res = await get('/affiliate/commissions?weekStart=2026-11-02', f.agent.token);
  t.deepEqual(
    res.body.result.items.map((i: { settlementId: number }) => i.settlementId),
    [f.older.id],
  );
  t.like(res.body.result.items[0], {
    memberId: f.m1.user.id,
    netLoss: '100.000000',
    commissionAmount: '30.000000',
    weekStart: '2026-11-02',
    weekEnd: '2026-11-08',
  });
  res = await get('/affiliate/commissions?weekStart=2026-11-10', f.agent.token);
  t.deepEqual(
    res.body.result.items.map((i: { periodType: string }) => i.periodType),
    ['daily'],
  );
  res = await get('/affiliate/commissions?weekStart=2026-11-16', f.agent.token);
  t.is(res.body.result.pagination.total, 0);
  res = await get('/affiliate/commissions?periodType=weekly&pageSize=2&page=2', f.agent.token);
  t.deepEqual(res.body.result.pagination, { page: 2, pageSize: 2, total: 5, totalPages: 3 });
  t.deepEqual(
    res.body.result.items.map((i: { memberAccount: string }) => i.memberAccount),
    [f.m2.user.account, f.m3.user.account],
  );

  // Another agent sees none of them.
  res = await get('/affiliate/commissions', f.sub.token);
  t.is(res.body.result.pagination.total, 0);
  for (const q of ['weekStart=2026-02-30', 'weekStart=20261102', 'periodType=yearly', 'pageSize=0']) {
    t.is((await get(`/affiliate/commissions?${q}`, f.agent.token)).status, 400, q);
  }
});

test("GET /affiliate/admin/settlements: the site's settlements with their agents, filtered by status, weekStart, periodType and agent, paged", async (t) => {
  const site = await factories.createSite();
  const a = await agentWithSettlements(site);
  const b = await agentWithSettlements(site);
  const elsewhere = await agentWithSettlements();
  const list = (q = '') => req('GET', `/affiliate/admin/settlements${q}`, { site });

  let res = await list();
  t.is(res.body.code, 200, res.text);
  t.deepEqual(res.body.result.pagination, { page: 1, pageSize: 10, total: 6, totalPages: 1 });
  const ids = res.body.result.items.map((i: { id: number }) => i.id);
  t.deepEqual(ids, [b.daily.id, a.daily.id, b.newer.id, a.newer.id, b.older.id, a.older.id]);
  t.false(ids.includes(elsewhere.older.id));
  t.like(res.body.result.items[3], {
    id: a.newer.id,
    agentId: a.agent.user.id,
    agentAccount: a.agent.user.account,
    agentCode: a.agent.user.agentCode,
    siteCode: site,
    periodType: 'weekly',
    weekStart: '2026-11-09',
    totalCommission: '54.400000',
    status: 'pendingReview',
    riskFlagged: 1,
    carriedIn: '0.000000',
    carryOut: '0.000000',
    remark: null,
    reviewedBy: null,
    reviewedAt: null,
  });

  res = await list('?status=pendingReview');
  t.deepEqual(
    res.body.result.items.map((i: { id: number }) => i.id),
    [b.newer.id, a.newer.id],
  );
  res = await list('?weekStart=2026-11-02');
  t.deepEqual(
    res.body.result.items.map((i: { id: number }) => i.id),
    [b.older.id, a.older.id],
  );
  res = await list('?periodType=daily');
  t.deepEqual(
    res.body.result.items.map((i: { id: number }) => i.id),
    [b.daily.id, a.daily.id],
  );
  res = await list(`?agentId=${a.agent.user.id}&status=pending`);
  t.deepEqual(
    res.body.result.items.map((i: { id: number }) => i.id),
    [a.daily.id, a.older.id],
  );
  res = await list('?pageSize=4&page=2');
  t.deepEqual(res.body.result.pagination, { page: 2, pageSize: 4, total: 6, totalPages: 2 });
  t.deepEqual(
    res.body.result.items.map((i: { id: number }) => i.id),
    [b.older.id, a.older.id],
  );
  for (const q of ['?status=paid', '?weekStart=2026-13-01', '?agentId=x', '?pageSize=51']) {
    t.is((await list(q)).status, 400, q);
  }
});

test("GET /affiliate/admin/settlements/:id/risk-logs: the hits with their evidence; another site's or an unknown settlement is 2001", async (t) => {
  const f = await agentWithSettlements();
  let res = await req('GET', `/affiliate/admin/settlements/${f.newer.id}/risk-logs`);
  t.is(res.body.code, 200, res.text);
  t.is(res.body.result.length, 1);
  const [log] = res.body.result;
  t.deepEqual(Object.keys(log).sort(), ['createdAt', 'detail', 'id', 'ruleType', 'settlementId']);
  t.like(log, { settlementId: f.newer.id, ruleType: 'same_ip', detail: { ip: '10.1.2.3', memberIds: [f.m1.user.id, f.m2.user.id] } });
  t.true(Number.isInteger(log.id));
  t.false(Number.isNaN(Date.parse(log.createdAt)));
  res = await req('GET', `/affiliate/admin/settlements/${f.older.id}/risk-logs`);
  t.deepEqual(res.body.result, []);

  const other = await factories.createSite();
  res = await req('GET', `/affiliate/admin/settlements/${f.newer.id}/risk-logs`, { site: other });
  t.like(res.body, { code: 2001, path: `/api/affiliate/admin/settlements/${f.newer.id}/risk-logs` });
  t.is((await req('GET', '/affiliate/admin/settlements/2147483647/risk-logs')).body.code, 2001);
  t.is((await req('GET', '/affiliate/admin/settlements/abc/risk-logs')).status, 400);
});

test('permissions: administrators without the affiliate module, players and anonymous callers are refused', async (t) => {
  const f = await agentWithSettlements();
  const outsider = await factories.createAdmin({ permissions: ['withdrawal:read', 'withdrawal:write'] });
  const reader = await factories.createAdmin({ permissions: ['affiliate:read'] });
  for (const path of ['/affiliate/admin/settlements', `/affiliate/admin/settlements/${f.newer.id}/risk-logs`]) {
    t.is((await req('GET', path, { token: outsider.token })).status, 403, path);
    t.is((await req('GET', path, { token: reader.token })).body.code, 200, path);
    t.is((await req('GET', path, { token: f.agent.token })).status, 401, path);
    t.is((await req('GET', path, { token: null })).status, 401, path);
  }
});
