import test, { type ExecutionContext } from 'ava';
import { apiRequester, startAdminStack, type AdminRoot, type AdminStack } from '../helpers/admin-requests';
import type { ApiResponse, TestStack } from '../helpers/stack';
import { CODE, giveCode, readyPlayer } from '../helpers/withdrawals';

/**
 * Administrators bound to sites (docs/decisions/admin.md, "Administrators bound to sites"): a site-bound
 * administrator reads and writes its own sites only; any other site is a 403 written to the operation
 * log, whether named in x-site-code, the siteCode query or a body; lists show its sites only; it never
 * grants a site it does not hold; an anonymous caller learns nothing of which sites exist.
 */

let stack: TestStack;
let factories: AdminStack['factories'];
let models: AdminStack['models'];
let root: AdminRoot;
let req: ReturnType<typeof apiRequester>;
let siteA: string;
let siteB: string;
let siteC: string;

const OPERATOR = [
  'user:read',
  'user:write',
  'withdrawal:read',
  'withdrawal:write',
  'site-config:read',
  'site-config:write',
  'game:read',
  'game:write',
  'admin-log:read',
  'queues:read',
  'admin-group:read',
  'admin-group:write',
];
const MANAGER = ['admin:read', 'admin:write'];

test.before(async () => {
  ({ stack, factories, models, root } = await startAdminStack());
  req = apiRequester(stack);
  siteA = await factories.createSite();
  siteB = await factories.createSite();
  siteC = await factories.createSite();
});
test.after.always(async () => {
  await stack?.close();
});

let seq = 0;
const unique = (prefix: string) => `${prefix}${process.pid}x${++seq}`;

/** An administrator with `permissions`, bound to `sites` (null: platform), stored sorted as the API stores them. */
async function bound(sites: string[] | null, permissions = OPERATOR) {
  const made = await factories.createAdmin({ permissions });
  await made.admin.update({ sites: sites && [...sites].sort() });
  return made;
}

const as = (token: string, site?: string, body?: unknown) => ({ token, body, headers: (site ? { 'x-site-code': site } : {}) as Record<string, string> });

/** The caller's site refusals in the operation log, oldest first. */
const siteRefusals = (adminId: number) => models.AdminOperationLog.findAll({ where: { adminId, module: 'admin-site' }, order: [['id', 'ASC']] });

function forbidden(t: ExecutionContext, res: ApiResponse, text: RegExp) {
  t.is(res.status, 403, res.text);
  t.is(res.body.code, 403);
  t.regex(res.body.message, text);
}

test('a bound administrator reads and writes its site, named or not', async (t) => {
  const { admin, token } = await bound([siteA]);
  const tag = unique('own');
  const mine = await factories.createUser({ siteCode: siteA, account: `${tag}a`, balance: '10' });
  await factories.createUser({ siteCode: siteB, account: `${tag}b` });

  for (const site of [undefined, siteA]) {
    const list = await req('GET', `/admin/users?account=${tag}`, as(token, site));
    t.is(list.body.code, 200, list.text);
    t.deepEqual(
      list.body.result.items.map((u: { account: string }) => u.account),
      [`${tag}a`],
    );
  }
  t.is((await req('GET', `/admin/users?account=${tag}&siteCode=${siteA}`, as(token))).body.result.pagination.total, 1);
  t.is((await req('GET', `/admin/users/${mine.user.id}`, as(token))).body.code, 200);
  const adjusted = await req('POST', `/admin/users/${mine.user.id}/balance-adjustments`, as(token, undefined, { amount: '5', reason: 'own site' }));
  t.is(adjusted.body.code, 200, adjusted.text);
  const [log] = await models.AdminOperationLog.findAll({ where: { adminId: admin.id, module: 'user' } });
  t.is(log.siteCode, siteA, 'the write is logged under the site it acted on');
  t.is((await siteRefusals(admin.id)).length, 0);
});

test('another site is a 403, logged: its list, a write, a row by id, a body naming it', async (t) => {
  const { admin, token } = await bound([siteA]);
  const theirs = await factories.createUser({ siteCode: siteB, balance: '10' });

  forbidden(t, await req('GET', '/admin/users', as(token, siteB)), new RegExp(`site "${siteB}" is not one of your sites`));
  forbidden(t, await req('GET', `/admin/users?siteCode=${siteB}`, as(token)), /not one of your sites/);
  forbidden(t, await req('GET', '/withdrawal/admin/list', as(token, siteB)), /not one of your sites/);
  forbidden(t, await req('GET', `/admin/users/${theirs.user.id}`, as(token, siteB)), /not one of your sites/);
  forbidden(
    t,
    await req('POST', `/admin/users/${theirs.user.id}/balance-adjustments`, as(token, siteB, { amount: '5', reason: 'other site' })),
    /not one of your sites/,
  );
  t.is((await theirs.user.reload()).balance, '10.000000', 'the refused write changed nothing');
  // Its own site does not reach another site's rows: they are not found.
  t.is((await req('GET', `/admin/users/${theirs.user.id}`, as(token))).body.code, 2001);
  t.is((await req('POST', `/admin/users/${theirs.user.id}/balance-adjustments`, as(token, undefined, { amount: '5', reason: 'by id' }))).body.code, 2001);

  // A withdrawal of the other site, addressed by id.
  const player = await readyPlayer({ siteCode: siteB, balance: '50' });
  await giveCode(player.user);
  const requested = await stack.request('POST', '/api/withdrawal/request', {
    token: player.token,
    body: { amount: '20', cryptoAddressId: player.address.id, verifyCode: CODE },
  });
  t.is(requested.body.code, 200, requested.text);
  const id = requested.body.result.id as number;
  forbidden(t, await req('POST', `/withdrawal/admin/${id}/review`, as(token, siteB, { action: 'approve' })), /not one of your sites/);
  t.is((await req('POST', `/withdrawal/admin/${id}/review`, as(token, undefined, { action: 'approve' }))).body.code, 2001);
  t.is((await models.Withdrawal.findByPk(id))?.status, 'pending');

  // A body naming another site, or a site that does not exist: the same refusal, before validation.
  forbidden(
    t,
    await req('POST', '/game/admin/copy-site-data', as(token, undefined, { sourceSiteCode: siteA, targetSiteCode: siteB, type: 'providers' })),
    /in targetSiteCode is not one of your sites/,
  );
  forbidden(
    t,
    await req('POST', '/game/admin/providers', as(token, undefined, { siteCode: 'no-such-site', gameCode: unique('g'), providerCode: 'provx', gameType: 1 })),
    /"no-such-site" in siteCode is not one of your sites/,
  );
  forbidden(
    t,
    await req('POST', '/site-config/admin', as(token, undefined, { siteCode: unique('new'), siteName: { 'en-US': 'New' }, supportedLocales: ['en-US'] })),
    /in siteCode is not one of your sites/,
  );
  // An unknown site is refused like any other site it does not hold (not a 400 telling it is unknown).
  forbidden(t, await req('GET', '/admin/users', as(token, 'no-such-site')), /not one of your sites/);

  const logged = await siteRefusals(admin.id);
  t.is(logged.length, 10);
  t.like(logged[0], { action: 'read-refused', siteCode: siteB, method: 'GET', path: '/api/admin/users' });
  t.like(logged[4], { action: 'write-refused', siteCode: siteB, method: 'POST' });
  t.deepEqual((logged[0].detail as { sites: string[] }).sites, [siteA]);
  t.like(logged[6].detail, { site: siteB, field: 'targetSiteCode' });
});

test('lists across sites show only its sites; several sites need one named', async (t) => {
  const { admin, token } = await bound([siteA], [...OPERATOR, ...MANAGER]);
  const configs = await req('GET', '/site-config/admin/list', as(token));
  t.is(configs.body.code, 200, configs.text);
  t.deepEqual(
    configs.body.result.map((c: { siteCode: string }) => c.siteCode),
    [siteA],
  );
  const all = await req('GET', '/site-config/admin/list', as(root.token));
  t.true(all.body.result.length > 2, 'a platform administrator without a site sees every site');

  // Administrators: only those bound to its sites; never a platform administrator or another site's.
  const peer = await bound([siteA]);
  const stranger = await bound([siteB]);
  const both = await bound([siteA, siteB]);
  const listed = (await req('GET', '/admin/list', as(token))).body.result.map((a: { id: number }) => a.id);
  t.true(listed.includes(admin.id) && listed.includes(peer.admin.id));
  for (const hidden of [root.id, stranger.admin.id, both.admin.id]) t.false(listed.includes(hidden));
  const group = await req('GET', `/admin/groups/${peer.admin.groupId}`, as(token));
  t.deepEqual(
    group.body.result.admins.map((a: { id: number }) => a.id),
    [peer.admin.id],
  );
  t.is((await req('GET', `/admin/groups/${stranger.admin.groupId}`, as(token))).body.result.admins.length, 0);

  // The operation log: the rows of its site only.
  const adjust = async (site: string) => {
    const { user } = await factories.createUser({ siteCode: site, balance: '1' });
    t.is((await req('POST', `/admin/users/${user.id}/balance-adjustments`, as(root.token, site, { amount: '1', reason: site }))).body.code, 200);
    return String(user.id);
  };
  const [onA, onB] = [await adjust(siteA), await adjust(siteB)];
  const logs = await req('GET', `/admin/logs/list?adminId=${root.id}&module=user&pageSize=50`, as(token));
  t.is(logs.body.code, 200, logs.text);
  const rows = logs.body.result.items as Array<{ siteCode: string; targetId: string }>;
  t.true(rows.every((row) => row.siteCode === siteA));
  t.true(rows.some((row) => row.targetId === onA));
  t.false(rows.some((row) => row.targetId === onB));

  // Several sites: each call names one (its own account's endpoints excepted).
  const multi = both.token;
  const unnamed = await req('GET', '/admin/users', as(multi));
  t.is(unnamed.status, 400);
  t.regex(unnamed.body.message, /x-site-code/);
  t.is((await req('GET', '/admin/users', as(multi, siteB))).body.code, 200);
  const profile = await req('GET', '/admin/profile', as(multi));
  t.is(profile.body.code, 200);
  t.deepEqual(profile.body.result.sites, [siteA, siteB].sort());
});

test("it cannot widen its own or anyone's sites, nor reach other administrators", async (t) => {
  const actor = await bound([siteA], [...MANAGER, 'user:read']);
  const groupId = (await models.AdminGroup.create({ name: unique('grp'), permissions: ['user:read'], description: '', status: 1 })).id;
  const create = (sites: unknown) =>
    req(
      'POST',
      '/admin/create',
      as(actor.token, undefined, { account: unique('acc'), password: 'secret-pass-1', name: 'Sub', groupId, ...(sites === undefined ? {} : { sites }) }),
    );

  forbidden(t, await create([siteA, siteB]), new RegExp(`would act on ${siteB}, which you do not hold`));
  forbidden(t, await create(null), /would act on every site/);
  const inherited = await create(undefined);
  t.is(inherited.body.code, 200, inherited.text);
  t.deepEqual((await models.Admin.findByPk(inherited.body.result.id))?.sites, [siteA], "without sites: the creator's");

  // Its own sites: a 400 naming the field, as for its own group.
  for (const sites of [[siteA, siteB], null]) {
    const own = await req('PATCH', `/admin/${actor.admin.id}`, as(actor.token, undefined, { sites }));
    t.is(own.status, 400, own.text);
    t.deepEqual(
      own.body.errors.map((e: { field: string }) => e.field),
      ['sites'],
    );
  }
  const peer = await bound([siteA], ['user:read']);
  forbidden(t, await req('PATCH', `/admin/${peer.admin.id}`, as(actor.token, undefined, { sites: [siteA, siteB] })), /would act on/);
  forbidden(t, await req('PATCH', `/admin/${peer.admin.id}`, as(actor.token, undefined, { sites: null })), /every site/);
  t.deepEqual((await peer.admin.reload()).sites, [siteA]);
  const stranger = await bound([siteB], ['user:read']);
  const platformPeer = await bound(null, ['user:read']);
  for (const [target, sites] of [
    [stranger.admin.id, siteB],
    [platformPeer.admin.id, 'every site'],
  ] as const) {
    const acts = new RegExp(`acts on ${sites}, which you do not hold`);
    forbidden(t, await req('PATCH', `/admin/${target}`, as(actor.token, undefined, { name: 'Taken' })), acts);
    forbidden(t, await req('DELETE', `/admin/${target}`, as(actor.token)), acts);
    forbidden(t, await req('GET', `/admin/${target}`, as(actor.token)), /sites you do not hold/);
  }
  forbidden(t, await req('GET', `/admin/${root.id}`, as(actor.token)), /sites you do not hold/);
  t.is((await models.Admin.findByPk(stranger.admin.id))?.name, 'Test Admin');
  t.truthy(await models.Admin.findByPk(platformPeer.admin.id));
  const refused = await models.AdminOperationLog.findAll({ where: { adminId: actor.admin.id, module: 'admin' } });
  t.is(refused.filter((r) => r.action.endsWith('-refused')).length, 10);
  t.is((await siteRefusals(actor.admin.id)).length, 3, 'the refused reads');

  // Groups and Bull Board are the platform's.
  const groupWriter = await bound([siteA], ['admin-group:read', 'admin-group:write', 'queues:read']);
  forbidden(
    t,
    await req('POST', '/admin/groups/create', as(groupWriter.token, undefined, { name: unique('g'), permissions: [] })),
    /admin-group:write is for platform administrators/,
  );
  forbidden(t, await stack.request('GET', '/api/admin/queues/api/queues', { token: groupWriter.token }), /queues:read is for platform administrators/);
  t.is((await req('GET', '/admin/groups/list', as(groupWriter.token))).body.code, 200);
});

test('platform administrators bind accounts to existing sites; a binding takes effect on the next request', async (t) => {
  const target = await bound(null, ['user:read']);
  const make = (sites: unknown) => req('PATCH', `/admin/${target.admin.id}`, as(root.token, undefined, { sites }));
  for (const bad of [[], ['bad code'], 'x', [7]]) {
    const res = await make(bad);
    t.is(res.status, 400, JSON.stringify(bad));
    t.deepEqual(
      res.body.errors.map((e: { field: string }) => e.field.replace(/\[\d+\]$/, '')),
      ['sites'],
    );
  }
  // A well-formed code that names no site is refused with 2003 (the create endpoint's text); nothing changes.
  const en = (body: unknown) => ({ token: root.token, body, headers: { locales: 'en-US' } });
  const unknown = await req('PATCH', `/admin/${target.admin.id}`, en({ sites: [siteA, 'no-such-site'] }));
  t.is(unknown.status, 200);
  t.is(unknown.body.code, 2003);
  t.is(unknown.body.message, 'One of the sites does not exist');
  t.is((await models.Admin.findByPk(target.admin.id))?.sites, null, 'still a platform administrator');
  const account = unique('acc');
  const created = await req(
    'POST',
    '/admin/create',
    en({ account, password: 'secret-pass-1', name: 'Nowhere', groupId: root.groupId, sites: ['no-such-site'] }),
  );
  t.is(created.status, 200);
  t.is(created.body.code, 2003);
  t.is(created.body.message, 'One of the sites does not exist');
  t.is(await models.Admin.count({ where: { account } }), 0, 'no administrator was created');
  t.is((await req('GET', '/admin/users', as(target.token, siteB))).body.code, 200, 'platform: any site');
  const res = await make([siteB, siteA, siteB]);
  t.is(res.body.code, 200, res.text);
  t.deepEqual(res.body.result.sites, [siteA, siteB].sort());
  forbidden(t, await req('GET', '/admin/users', as(target.token, siteC)), /not one of your sites/);
  t.is((await req('GET', '/admin/users', as(target.token, siteB))).body.code, 200);
  const [log] = await models.AdminOperationLog.findAll({ where: { adminId: root.id, module: 'admin', action: 'update', targetId: String(target.admin.id) } });
  t.deepEqual((log.detail as { changes: { sites: unknown } }).changes.sites, { from: null, to: [siteA, siteB].sort() });
  t.is((await make(null)).body.code, 200);
  t.is((await req('GET', '/admin/users', as(target.token, siteB))).body.code, 200, 'platform again');
});

test('an unknown x-site-code: the same 401 as a known one without a token; the site refusal with one', async (t) => {
  const answers = [];
  for (const headers of [{ 'x-site-code': 'no-such-site' }, { 'x-site-code': siteA }, {}] as Array<Record<string, string>>) {
    const res = await stack.request('GET', '/api/admin/users', { headers });
    answers.push({ status: res.status, code: res.body.code, message: res.body.message });
  }
  const byQuery = await stack.request('GET', '/api/admin/users?siteCode=no-such-site');
  answers.push({ status: byQuery.status, code: byQuery.body.code, message: byQuery.body.message });
  t.is(answers[0].status, 401);
  for (const answer of answers) t.deepEqual(answer, answers[0]);

  const platform = await req('GET', '/admin/users', as(root.token, 'no-such-site'));
  t.is(platform.status, 400);
  t.regex(platform.body.message, /Unknown site "no-such-site" in the x-site-code header/);
  const { token } = await bound([siteA]);
  forbidden(t, await req('GET', '/admin/users', as(token, 'no-such-site')), /not one of your sites/);
});
