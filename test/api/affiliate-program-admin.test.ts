import test from 'ava';
import { createAgent } from '../helpers/affiliates';
import { startAdminStack, type AdminRequest, type AdminStack } from '../helpers/admin-requests';
import type { ApiResponse, TestStack } from '../helpers/stack';

/**
 * Operators' program endpoints (permission module `affiliate`): create-agent, commission
 * rates, VIP milestones, agent tiers and set-agent-tier, with every code, another site's ids, the
 * operation log of each write, and the permission gate. Binding: affiliate-binding.test.ts.
 */
let stack: TestStack;
let factories: AdminStack['factories'];
let models: AdminStack['models'];
let req: AdminRequest;

test.before(async () => {
  ({ stack, factories, models, req } = await startAdminStack({ permissions: ['affiliate:read', 'affiliate:write'] }));
});
test.after.always(async () => {
  await stack?.close();
});

const ok = (t: { is: (a: unknown, b: unknown, m?: string) => void }, res: ApiResponse) => t.is(res.body?.code, 200, res.text);
const logCount = (action: string, targetId: number) => models.AdminOperationLog.count({ where: { module: 'affiliate', action, targetId: String(targetId) } });

// ---------------------------------------------------------------------------------------------------
// create-agent

test('create-agent: the player becomes an agent (agentSince, logged); 2001, 2002, 2003 and format 400', async (t) => {
  const site = await factories.createSite();
  const player = (await factories.createUser({ siteCode: site })).user;
  let res = await req('POST', '/affiliate/admin/create-agent', { site, body: { userId: player.id, agentCode: 'Agent007' } });
  ok(t, res);
  t.deepEqual(res.body.result, { userId: player.id, agentCode: 'Agent007' });
  await player.reload();
  t.is(player.agentCode, 'Agent007');
  t.truthy(player.agentSince);
  t.is(player.agentTierCode, null);
  t.is(await logCount('create-agent', player.id), 1);

  const second = (await factories.createUser({ siteCode: site })).user;
  const elsewhere = (await factories.createUser()).user;
  const cases: Array<[unknown, number]> = [
    [{ userId: player.id, agentCode: 'Other123' }, 2003],
    [{ userId: 2_000_000_000, agentCode: 'Other123' }, 2001],
    [{ userId: elsewhere.id, agentCode: 'Other123' }, 2001], // another site's player
    [{ userId: second.id, agentCode: 'agent007' }, 2002], // another agent's code, in any case
  ];
  const rcOwner = (await createAgent()).user;
  await models.ReferralCode.create({ siteCode: rcOwner.siteCode, agentId: rcOwner.id, code: 'TakenAsRef' });
  cases.push([{ userId: second.id, agentCode: 'takenasref' }, 2002]); // a referral code (of any site)
  for (const [body, code] of cases) {
    res = await req('POST', '/affiliate/admin/create-agent', { site, body });
    t.is(res.body.code, code, `${JSON.stringify(body)}: ${res.text}`);
  }
  for (const agentCode of ['ab', 'has-dash', 'x'.repeat(21), 12345, '']) {
    res = await req('POST', '/affiliate/admin/create-agent', { site, body: { userId: second.id, agentCode } });
    t.is(res.status, 400, `${agentCode}: ${res.text}`);
  }
  await second.reload();
  t.is(second.agentCode, null);
});

test('create-agent: two players racing for one code, one 200 and one 2002', async (t) => {
  const site = await factories.createSite();
  const [a, b] = await Promise.all([factories.createUser({ siteCode: site }), factories.createUser({ siteCode: site })]);
  const results = await Promise.all(
    [a, b].map((p, i) => req('POST', '/affiliate/admin/create-agent', { site, body: { userId: p.user.id, agentCode: i ? 'RACEcode' : 'racecode' } })),
  );
  t.deepEqual(results.map((r) => r.body.code).sort(), [200, 2002], results.map((r) => r.text).join('\n'));
  t.is(await models.User.count({ where: { siteCode: site, agentCode: ['racecode', 'RACEcode'] } }), 1);
});

// ---------------------------------------------------------------------------------------------------
// commission rates

test('commission rates: seeded defaults, upsert by (tier, level, game type), delete; 2001, 2002 and 400s', async (t) => {
  const site = await factories.createSite();
  let res = await req('GET', '/affiliate/admin/commission-rates', { site });
  ok(t, res);
  const seeded = res.body.result.items as Array<{
    id: number;
    agentTier: string;
    agentLevel: number;
    gameType: string | null;
    commissionRate: string;
    enabled: number;
  }>;
  t.is(seeded.length, 12);
  t.deepEqual(Object.keys(seeded[0]).sort(), ['agentLevel', 'agentTier', 'commissionRate', 'enabled', 'gameType', 'id']);
  t.deepEqual(
    seeded.map((r) => `${r.agentTier}:${r.agentLevel}:${r.commissionRate}`),
    [
      'bronze:1:30.00',
      'bronze:2:10.00',
      'bronze:3:5.00',
      'silver:1:35.00',
      'silver:2:12.00',
      'silver:3:6.00',
      'gold:1:40.00',
      'gold:2:15.00',
      'gold:3:8.00',
      'platinum:1:45.00',
      'platinum:2:18.00',
      'platinum:3:10.00',
    ],
  );

  res = await req('POST', '/affiliate/admin/commission-rates', {
    site,
    body: { agentTier: 'silver', agentLevel: 2, gameType: 'slot', commissionRate: 12.5, enabled: 1 },
  });
  ok(t, res);
  t.like(res.body.result, { agentTier: 'silver', agentLevel: 2, gameType: 'slot', commissionRate: '12.50', enabled: 1 });
  const slotId = res.body.result.id as number;
  res = await req('POST', '/affiliate/admin/commission-rates', {
    site,
    body: { agentTier: 'silver', agentLevel: 2, gameType: 'slot', commissionRate: '13', enabled: 0 },
  });
  t.like(res.body.result, { id: slotId, commissionRate: '13.00', enabled: 0 });
  // gameType null (or absent) is the tier's default: the seeded row is updated, not duplicated.
  res = await req('POST', '/affiliate/admin/commission-rates', { site, body: { agentTier: 'bronze', agentLevel: 1, commissionRate: 100 } });
  t.like(res.body.result, { id: seeded[0].id, gameType: null, commissionRate: '100.00', enabled: 1 });
  res = await req('POST', '/affiliate/admin/commission-rates', { site, body: { agentTier: 'bronze', agentLevel: 1, gameType: null, commissionRate: 0 } });
  t.like(res.body.result, { id: seeded[0].id, commissionRate: '0.00' });
  t.is((await req('GET', '/affiliate/admin/commission-rates', { site })).body.result.items.length, 13);
  t.is(await logCount('commission-rate:upsert', slotId), 2);

  const codes: Array<[unknown, number]> = [
    [{ agentTier: 'diamond', agentLevel: 1, commissionRate: 1 }, 2001],
    [{ agentTier: 'bronze', agentLevel: 0, commissionRate: 1 }, 2002],
    [{ agentTier: 'bronze', agentLevel: 4, commissionRate: 1 }, 2002],
  ];
  for (const [body, code] of codes) t.is((await req('POST', '/affiliate/admin/commission-rates', { site, body })).body.code, code, JSON.stringify(body));
  const bad = [
    { agentTier: 'bronze', agentLevel: 1, commissionRate: 100.01 },
    { agentTier: 'bronze', agentLevel: 1, commissionRate: 1.234 },
    { agentTier: 'bronze', agentLevel: 1, commissionRate: -1 },
    { agentTier: 'bronze', agentLevel: 1, commissionRate: 'abc' },
    { agentTier: 'bronze', agentLevel: 1 },
    { agentTier: 'bronze', agentLevel: 1.5, commissionRate: 1 },
    { agentTier: 'bronze', agentLevel: 1, commissionRate: 1, gameType: 'poker' },
    { agentTier: 'bronze', agentLevel: 1, commissionRate: 1, enabled: 2 },
  ];
  for (const body of bad) t.is((await req('POST', '/affiliate/admin/commission-rates', { site, body })).status, 400, JSON.stringify(body));

  const other = await factories.createSite();
  t.is((await req('DELETE', `/affiliate/admin/commission-rates/${slotId}`, { site: other })).body.code, 2001, "another site's rate");
  res = await req('DELETE', `/affiliate/admin/commission-rates/${slotId}`, { site });
  ok(t, res);
  t.deepEqual(res.body.result, { success: true });
  t.is((await req('DELETE', `/affiliate/admin/commission-rates/${slotId}`, { site })).body.code, 2001);
  t.is(await logCount('commission-rate:delete', slotId), 1);
});

// ---------------------------------------------------------------------------------------------------
// VIP milestones

test('VIP milestones: upsert by vipLevel, list, delete; 2001 for levels outside 2..15 and unknown ids', async (t) => {
  const site = await factories.createSite();
  t.deepEqual((await req('GET', '/affiliate/admin/vip-milestones', { site })).body.result, { items: [] });
  let res = await req('POST', '/affiliate/admin/vip-milestones', { site, body: { vipLevel: 5, bonusAmount: '25.5', description: 'Level 5', enabled: 1 } });
  ok(t, res);
  t.like(res.body.result, { vipLevel: 5, bonusAmount: '25.500000', description: 'Level 5', enabled: 1 });
  const id = res.body.result.id as number;
  res = await req('POST', '/affiliate/admin/vip-milestones', { site, body: { vipLevel: 5, bonusAmount: 30, description: 'changed', enabled: 0 } });
  t.deepEqual(res.body.result, { id, vipLevel: 5, bonusAmount: '30.000000', description: 'changed', enabled: 0 });
  ok(t, await req('POST', '/affiliate/admin/vip-milestones', { site, body: { vipLevel: 2, bonusAmount: '1' } }));
  res = await req('GET', '/affiliate/admin/vip-milestones', { site });
  t.deepEqual(
    res.body.result.items.map((m: { vipLevel: number }) => m.vipLevel),
    [2, 5],
  );
  t.is(await logCount('vip-milestone:upsert', id), 2);

  for (const vipLevel of [1, 16, 0])
    t.is((await req('POST', '/affiliate/admin/vip-milestones', { site, body: { vipLevel, bonusAmount: 1 } })).body.code, 2001, String(vipLevel));
  for (const body of [{ vipLevel: 3 }, { vipLevel: 3, bonusAmount: -1 }, { vipLevel: 3, bonusAmount: '1.1234567' }, { vipLevel: '3', bonusAmount: 1 }]) {
    t.is((await req('POST', '/affiliate/admin/vip-milestones', { site, body })).status, 400, JSON.stringify(body));
  }
  const other = await factories.createSite();
  t.is((await req('DELETE', `/affiliate/admin/vip-milestones/${id}`, { site: other })).body.code, 2001);
  res = await req('DELETE', `/affiliate/admin/vip-milestones/${id}`, { site });
  t.deepEqual(res.body.result, { success: true });
  t.is((await req('DELETE', `/affiliate/admin/vip-milestones/${id}`, { site })).body.code, 2001);
});

// ---------------------------------------------------------------------------------------------------
// Agent tiers and set-agent-tier

test('agent tiers: seeded four, upsert by tierCode, delete with its rates; 2001 unknown, 2002 in use', async (t) => {
  const site = await factories.createSite();
  let res = await req('GET', '/affiliate/admin/agent-tiers', { site });
  ok(t, res);
  const tiers = res.body.result.items as Array<{ id: number; tierCode: string }>;
  t.deepEqual(res.body.result.items[1], {
    id: tiers[1].id,
    tierCode: 'silver',
    tierName: 'Silver',
    minTotalEarned: '1000.000000',
    minActiveMembers: 5,
    sortOrder: 20,
  });
  t.deepEqual(
    tiers.map((x) => x.tierCode),
    ['bronze', 'silver', 'gold', 'platinum'],
  );

  res = await req('POST', '/affiliate/admin/agent-tiers', {
    site,
    body: { tierCode: 'diamond', tierName: 'Diamond', minTotalEarned: '100000', minActiveMembers: 100, sortOrder: 50 },
  });
  ok(t, res);
  const diamond = res.body.result.id as number;
  t.like(res.body.result, { tierCode: 'diamond', minTotalEarned: '100000.000000', minActiveMembers: 100, sortOrder: 50 });
  res = await req('POST', '/affiliate/admin/agent-tiers', {
    site,
    body: { tierCode: 'silver', tierName: 'Silver+', minTotalEarned: 500, minActiveMembers: 3, sortOrder: 20 },
  });
  t.like(res.body.result, { id: tiers[1].id, tierName: 'Silver+', minTotalEarned: '500.000000', minActiveMembers: 3 });
  for (const body of [
    { tierCode: 'bad code', tierName: 'x' },
    { tierCode: 'ok' },
    { tierCode: 'ok', tierName: 'x', minActiveMembers: -1 },
    { tierCode: 'ok', tierName: 'x', minTotalEarned: 'abc' },
  ]) {
    t.is((await req('POST', '/affiliate/admin/agent-tiers', { site, body })).status, 400, JSON.stringify(body));
  }

  ok(t, await req('POST', '/affiliate/admin/commission-rates', { site, body: { agentTier: 'diamond', agentLevel: 1, commissionRate: 50 } }));
  res = await req('DELETE', `/affiliate/admin/agent-tiers/${diamond}`, { site });
  ok(t, res);
  t.deepEqual(res.body.result, { success: true });
  t.is(await models.AffiliateCommissionRate.count({ where: { siteCode: site, agentTier: 'diamond' } }), 0, "the tier's rates went with it");
  t.is((await req('DELETE', `/affiliate/admin/agent-tiers/${diamond}`, { site })).body.code, 2001);
  const other = await factories.createSite();
  t.is((await req('DELETE', `/affiliate/admin/agent-tiers/${tiers[2].id}`, { site: other })).body.code, 2001, "another site's tier");
  t.is(await logCount('agent-tier:delete', diamond), 1);

  // In use: an agent with agentTierCode gold; the lowest (bronze) while an agent has a null tier.
  const agent = (await createAgent({ siteCode: site })).user;
  t.is((await req('DELETE', `/affiliate/admin/agent-tiers/${tiers[0].id}`, { site })).body.code, 2002, 'lowest tier, agent with null tier');
  await agent.update({ agentTierCode: 'gold' });
  res = await req('DELETE', `/affiliate/admin/agent-tiers/${tiers[2].id}`, { site });
  t.is(res.body.code, 2002);
  t.is(res.body.path, `/api/affiliate/admin/agent-tiers/${tiers[2].id}`);
  ok(t, await req('DELETE', `/affiliate/admin/agent-tiers/${tiers[0].id}`, { site })); // nobody on bronze now
  t.deepEqual(
    (await req('GET', '/affiliate/admin/agent-tiers', { site })).body.result.items.map((x: { tierCode: string }) => x.tierCode),
    ['silver', 'gold', 'platinum'],
  );
});

test('set-agent-tier: sets and locks the tier; 2001 not an agent of the site, 2002 unknown tier', async (t) => {
  const site = await factories.createSite();
  const agent = await createAgent({ siteCode: site });
  const player = (await factories.createUser({ siteCode: site })).user;
  const away = (await createAgent()).user;
  const res = await req('POST', '/affiliate/admin/set-agent-tier', { site, body: { agentId: agent.user.id, tierCode: 'gold' } });
  ok(t, res);
  t.deepEqual(res.body.result, { agentId: agent.user.id, tierCode: 'gold' });
  await agent.user.reload();
  t.is(agent.user.agentTierCode, 'gold');
  t.is(agent.user.agentTierLocked, 1);
  t.is(await logCount('set-agent-tier', agent.user.id), 1);
  const info = await stack.request('GET', '/api/affiliate/tier-info', { token: agent.token });
  t.like(info.body.result, { currentTier: { tierCode: 'gold' }, nextTier: { tierCode: 'platinum' } });

  for (const [body, code] of [
    [{ agentId: player.id, tierCode: 'gold' }, 2001],
    [{ agentId: away.id, tierCode: 'gold' }, 2001],
    [{ agentId: 2_000_000_000, tierCode: 'gold' }, 2001],
    [{ agentId: agent.user.id, tierCode: 'diamond' }, 2002],
  ] as const) {
    t.is((await req('POST', '/affiliate/admin/set-agent-tier', { site, body })).body.code, code, JSON.stringify(body));
  }
  t.is((await req('POST', '/affiliate/admin/set-agent-tier', { site, body: { agentId: agent.user.id } })).status, 400);
});

// ---------------------------------------------------------------------------------------------------
// Permissions

test('without the affiliate permission every program endpoint is refused; read-only reads but cannot write', async (t) => {
  const none = await factories.createAdmin({ permissions: ['withdrawal:read', 'withdrawal:write'] });
  const readOnly = await factories.createAdmin({ permissions: ['affiliate:read'] });
  const player = (await factories.createUser()).user;
  const writes: Array<[string, string, unknown]> = [
    ['POST', '/affiliate/admin/create-agent', { userId: player.id, agentCode: 'NoPerm123' }],
    ['POST', '/affiliate/admin/bind', { memberId: player.id, agentId: player.id, action: 'bind' }],
    ['POST', '/affiliate/admin/commission-rates', { agentTier: 'bronze', agentLevel: 1, commissionRate: 1 }],
    ['DELETE', '/affiliate/admin/commission-rates/1', undefined],
    ['POST', '/affiliate/admin/vip-milestones', { vipLevel: 3, bonusAmount: 1 }],
    ['DELETE', '/affiliate/admin/vip-milestones/1', undefined],
    ['POST', '/affiliate/admin/agent-tiers', { tierCode: 'x', tierName: 'x' }],
    ['DELETE', '/affiliate/admin/agent-tiers/1', undefined],
    ['POST', '/affiliate/admin/set-agent-tier', { agentId: player.id, tierCode: 'gold' }],
  ];
  const reads = ['/affiliate/admin/bind-logs', '/affiliate/admin/commission-rates', '/affiliate/admin/vip-milestones', '/affiliate/admin/agent-tiers'];
  for (const [method, path, body] of writes) {
    t.is((await req(method, path, { token: none.token, body })).status, 403, `${method} ${path}`);
    t.is((await req(method, path, { token: readOnly.token, body })).status, 403, `read-only ${method} ${path}`);
    t.is((await req(method, path, { token: null, body })).status, 401);
  }
  for (const path of reads) {
    t.is((await req('GET', path, { token: none.token })).status, 403, path);
    t.is((await req('GET', path, { token: readOnly.token })).body.code, 200, path);
  }
  await player.reload();
  t.is(player.agentCode, null);
});
