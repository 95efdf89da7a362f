import test from 'ava';
import type { User } from '../../shared/db/models';
import { createAgent, createMember } from '../helpers/affiliates';
import { startAdminStack, type AdminRequest, type AdminStack } from '../helpers/admin-requests';
import type { ApiResponse, TestStack } from '../helpers/stack';

/**
 * POST /affiliate/admin/bind and GET /affiliate/admin/bind-logs: bind, transfer and unbind
 * each write one bind log (with the operator's account) and rewire the member's downline; 2001 and
 * 2002 (also for a cycle, however deep); the wrong action for the member's state is 2003 or 2004; concurrent
 * opposite binds leave no cycle.
 */
let stack: TestStack;
let factories: AdminStack['factories'];
let models: AdminStack['models'];
let req: AdminRequest;
let operator: string;

test.before(async () => {
  let root: AdminStack['root'];
  ({ stack, factories, models, req, root } = await startAdminStack({ permissions: ['affiliate:read', 'affiliate:write'] }));
  operator = root.account;
});
test.after.always(async () => {
  await stack?.close();
});

const ok = (t: { is: (a: unknown, b: unknown, m?: string) => void }, res: ApiResponse) => t.is(res.body?.code, 200, res.text);
const bind = (site: string, body: Record<string, unknown>) => req('POST', '/affiliate/admin/bind', { site, body });
const levels = async (u: User) => {
  await u.reload();
  return [u.level1AgentId, u.level2AgentId, u.level3AgentId];
};

/**
 * x0 <- x1 (an agent chain: the new upline), y (another agent), and the member m (an agent without
 * upline) with its own downline: c (its level 1), g (level 2), h (level 3), all agents, and k four
 * levels down (h's member), whose columns never name m.
 */
async function world() {
  const site = await factories.createSite();
  const x0 = (await createAgent({ siteCode: site })).user;
  const x1 = (await createAgent({ siteCode: site, upline: x0 })).user;
  const y = (await createAgent({ siteCode: site })).user;
  const m = (await createAgent({ siteCode: site })).user;
  const c = (await createAgent({ siteCode: site, upline: m })).user;
  const g = (await createAgent({ siteCode: site, upline: c })).user;
  const h = (await createAgent({ siteCode: site, upline: g })).user;
  const k = (await createMember(h)).user;
  return { site, x0, x1, y, m, c, g, h, k };
}

test('bind, transfer, unbind: levels of the member and its downline, one bind log each, operation-logged', async (t) => {
  const { site, x0, x1, y, m, c, g, h, k } = await world();
  t.deepEqual(await levels(g), [c.id, m.id, null]);

  let res = await bind(site, { memberId: m.id, agentId: x1.id, action: 'bind' });
  ok(t, res);
  t.deepEqual(res.body.result, { success: true });
  t.deepEqual(await levels(m), [x1.id, x0.id, null]);
  t.deepEqual(await levels(c), [m.id, x1.id, x0.id]);
  t.deepEqual(await levels(g), [c.id, m.id, x1.id]);
  t.deepEqual(await levels(h), [g.id, c.id, m.id]);
  t.deepEqual(await levels(k), [h.id, g.id, c.id]);

  res = await bind(site, { memberId: m.id, agentId: y.id, action: 'transfer' });
  ok(t, res);
  t.deepEqual(await levels(m), [y.id, null, null]);
  t.deepEqual(await levels(c), [m.id, y.id, null]);
  t.deepEqual(await levels(g), [c.id, m.id, y.id]);
  t.deepEqual(await levels(h), [g.id, c.id, m.id]);

  res = await bind(site, { memberId: m.id, action: 'unbind' });
  ok(t, res);
  t.deepEqual(await levels(m), [null, null, null]);
  t.deepEqual(await levels(c), [m.id, null, null]);
  t.deepEqual(await levels(g), [c.id, m.id, null]);
  t.deepEqual(await levels(k), [h.id, g.id, c.id]);

  const logs = await models.AffiliateBindLog.findAll({ where: { memberId: m.id }, order: [['id', 'ASC']], raw: true });
  t.deepEqual(
    logs.map((l) => [l.action, l.oldAgentId, l.newAgentId, l.source, l.operatorAccount, l.siteCode]),
    [
      ['bind', null, x1.id, 'admin', operator, site],
      ['transfer', x1.id, y.id, 'admin', operator, site],
      ['unbind', y.id, null, 'admin', operator, site],
    ],
  );
  t.is(
    await models.AdminOperationLog.count({ where: { module: 'affiliate', targetId: String(m.id), action: ['bind:bind', 'bind:transfer', 'bind:unbind'] } }),
    3,
  );
});

test('bind codes: 2001 member missing, 2002 agent missing or a cycle, 2003 already bound, 2004 not bound there; a missing agentId or a bad body is a 400; nothing changes', async (t) => {
  const { site, x1, y, m, c, h, k } = await world();
  const other = await factories.createSite();
  const awayPlayer = (await factories.createUser({ siteCode: other })).user;
  const awayAgent = (await createAgent({ siteCode: other })).user;
  const notAgent = (await factories.createUser({ siteCode: site })).user;
  const cases: Array<[Record<string, unknown>, number]> = [
    [{ memberId: 2_000_000_000, agentId: y.id, action: 'bind' }, 2001],
    [{ memberId: awayPlayer.id, agentId: y.id, action: 'bind' }, 2001],
    [{ memberId: m.id, agentId: 2_000_000_000, action: 'bind' }, 2002],
    [{ memberId: m.id, agentId: awayAgent.id, action: 'bind' }, 2002],
    [{ memberId: m.id, agentId: notAgent.id, action: 'bind' }, 2002],
    [{ memberId: m.id, agentId: m.id, action: 'bind' }, 2002], // itself
    [{ memberId: m.id, agentId: c.id, action: 'bind' }, 2002], // its level 1
    [{ memberId: m.id, agentId: h.id, action: 'bind' }, 2002], // its level 3
  ];
  // Four levels down: k is made an agent; binding m under it would close a loop the level columns cannot see.
  await k.update({ agentCode: `K${k.id}` });
  cases.push([{ memberId: m.id, agentId: k.id, action: 'bind' }, 2002]);
  for (const [body, code] of cases) {
    const res = await bind(site, body);
    t.is(res.body.code, code, `${JSON.stringify(body)}: ${res.text}`);
  }
  t.is((await bind(site, { memberId: m.id, agentId: c.id, action: 'bind' })).body.path, '/api/affiliate/admin/bind');

  // The member's current agent decides: 2003 it already has one (or this one), 2004 it has none (or another one).
  const already = 'The member is already bound to an agent; use transfer to move it to another one';
  const notThere = 'The member has no agent, or not this one';
  const refused: Array<[Record<string, unknown>, number, string]> = [
    [{ memberId: m.id, agentId: y.id, action: 'transfer' }, 2004, notThere], // m has no agent
    [{ memberId: m.id, action: 'unbind' }, 2004, notThere],
    [{ memberId: c.id, agentId: y.id, action: 'bind' }, 2003, already], // c already has an agent
    [{ memberId: c.id, agentId: m.id, action: 'transfer' }, 2003, already], // already m's
    [{ memberId: c.id, agentId: x1.id, action: 'unbind' }, 2004, notThere], // x1 is not c's agent
  ];
  for (const [body, code, message] of refused) {
    const res = await req('POST', '/affiliate/admin/bind', { site, body, headers: { locales: 'en-US' } });
    t.is(res.status, 200, JSON.stringify(body));
    t.like(res.body, { code, message, data: null }, JSON.stringify(body));
  }
  const bad: Array<Record<string, unknown>> = [
    { memberId: m.id, action: 'bind' }, // agentId missing
    { memberId: m.id, action: 'transfer' }, // agentId missing
    { memberId: m.id, agentId: y.id, action: 'move' },
    { memberId: 'm', agentId: y.id, action: 'bind' },
  ];
  for (const body of bad) t.is((await bind(site, body)).status, 400, JSON.stringify(body));
  t.deepEqual(await levels(m), [null, null, null]);
  t.deepEqual(await levels(c), [m.id, null, null]);
  t.is(await models.AffiliateBindLog.count({ where: { memberId: [m.id, c.id] } }), 0);
});

test('two opposite binds at once: one wins, the other is refused as a cycle', async (t) => {
  for (let round = 0; round < 3; round += 1) {
    const site = await factories.createSite();
    const a = (await createAgent({ siteCode: site })).user;
    const b = (await createAgent({ siteCode: site })).user;
    const results = await Promise.all([
      bind(site, { memberId: a.id, agentId: b.id, action: 'bind' }),
      bind(site, { memberId: b.id, agentId: a.id, action: 'bind' }),
    ]);
    t.deepEqual(results.map((r) => r.body.code).sort(), [200, 2002], results.map((r) => r.text).join('\n'));
    const [la, lb] = [await levels(a), await levels(b)];
    t.true((la[0] === b.id && lb[0] === null) || (lb[0] === a.id && la[0] === null), JSON.stringify({ la, lb }));
    t.is(await models.AffiliateBindLog.count({ where: { memberId: [a.id, b.id] } }), 1);
  }
});

test('bind-logs: the site only, newest first, filters by member and by agent (either side), paging', async (t) => {
  const { site, x1, y, m, c } = await world();
  const member = (await createMember(y)).user;
  ok(t, await bind(site, { memberId: m.id, agentId: x1.id, action: 'bind' }));
  ok(t, await bind(site, { memberId: m.id, agentId: y.id, action: 'transfer' }));
  ok(t, await bind(site, { memberId: c.id, action: 'unbind' }));
  ok(t, await bind(site, { memberId: member.id, agentId: x1.id, action: 'transfer' }));
  const away = await world();
  ok(t, await bind(away.site, { memberId: away.m.id, agentId: away.y.id, action: 'bind' }));

  let res = await req('GET', '/affiliate/admin/bind-logs', { site });
  ok(t, res);
  t.deepEqual(res.body.result.pagination, { page: 1, pageSize: 10, total: 4, totalPages: 1 });
  const items = res.body.result.items as Array<Record<string, unknown>>;
  t.deepEqual(Object.keys(items[0]).sort(), ['action', 'createdAt', 'id', 'memberId', 'newAgentId', 'oldAgentId', 'operatorAccount', 'source']);
  t.like(items[0], { memberId: member.id, oldAgentId: y.id, newAgentId: x1.id, action: 'transfer', source: 'admin', operatorAccount: operator });
  t.deepEqual(
    items.map((i) => i.action),
    ['transfer', 'unbind', 'transfer', 'bind'],
  );

  res = await req('GET', `/affiliate/admin/bind-logs?memberId=${m.id}`, { site });
  t.deepEqual(
    res.body.result.items.map((i: { action: string }) => i.action),
    ['transfer', 'bind'],
  );
  res = await req('GET', `/affiliate/admin/bind-logs?agentId=${y.id}`, { site });
  t.deepEqual(
    res.body.result.items.map((i: { memberId: number }) => i.memberId),
    [member.id, m.id],
    'old or new agent',
  );
  res = await req('GET', `/affiliate/admin/bind-logs?agentId=${x1.id}&memberId=${m.id}`, { site });
  t.is(res.body.result.items.length, 2);
  res = await req('GET', '/affiliate/admin/bind-logs?page=2&pageSize=3', { site });
  t.deepEqual(
    res.body.result.items.map((i: { action: string }) => i.action),
    ['bind'],
  );
  t.deepEqual((await req('GET', `/affiliate/admin/bind-logs?memberId=${away.m.id}`, { site })).body.result.items, [], "another site's log");
  for (const q of ['memberId=x', 'agentId=0', 'pageSize=51']) t.is((await req('GET', `/affiliate/admin/bind-logs?${q}`, { site })).status, 400, q);
});
