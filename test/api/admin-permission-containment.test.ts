import test from 'ava';
import { apiRequester, startAdminStack, type AdminRoot, type AdminStack } from '../helpers/admin-requests';
import type { TestStack } from '../helpers/stack';

/**
 * Administrator permissions contain their holders: an administrator grants, assigns or keeps only the
 * permissions it holds (`*` holds all). Refusals are a 403 naming the permissions (a 400 naming the field
 * for one's own group or status), change nothing, and are written to the operation log.
 */

let stack: TestStack;
let factories: AdminStack['factories'];
let models: AdminStack['models'];
let root: AdminRoot;
let req: ReturnType<typeof apiRequester>;

test.before(async () => {
  ({ stack, factories, models, root } = await startAdminStack());
  req = apiRequester(stack);
});
test.after.always(async () => {
  await stack?.close();
});

let seq = 0;
const unique = (prefix: string) => `${prefix}${process.pid}x${++seq}`;
const ADMIN_RW = ['admin:read', 'admin:write'];
const GROUP_RW = ['admin-group:read', 'admin-group:write'];

async function groupWith(permissions: string[]): Promise<number> {
  return (await models.AdminGroup.create({ name: unique('grp'), permissions, description: '', status: 1 })).id;
}

/** The actor's refusal rows in the operation log, oldest first. */
async function refusals(adminId: number) {
  const rows = await models.AdminOperationLog.findAll({ where: { adminId }, order: [['id', 'ASC']] });
  return rows.filter((r) => r.action.endsWith('-refused'));
}

function forbidden(t: import('ava').ExecutionContext, res: { status: number; body: { code: number; message: string } }, permission: string) {
  t.is(res.status, 403, JSON.stringify(res.body));
  t.is(res.body.code, 403);
  t.true(res.body.message.includes(permission), res.body.message);
}

test('admin:write cannot create an administrator in a group holding more than it holds', async (t) => {
  const actor = await factories.createAdmin({ permissions: ADMIN_RW });
  const account = unique('acc');
  const intoStar = await req('POST', '/admin/create', {
    token: actor.token,
    body: { account, password: 'secret-pass-1', name: 'Boss', groupId: root.groupId },
  });
  forbidden(t, intoStar, '*');
  t.regex(intoStar.body.message, /^Permission denied: /);
  t.is(await models.Admin.count({ where: { account } }), 0);

  const wider = await groupWith(['admin:read', 'vip:write']);
  const intoWider = await req('POST', '/admin/create', { token: actor.token, body: { account, password: 'secret-pass-1', name: 'Boss', groupId: wider } });
  forbidden(t, intoWider, 'vip:write');
  t.false(intoWider.body.message.includes('admin:read'), 'names only what the actor lacks');
  t.is(await models.Admin.count({ where: { account } }), 0);

  // A group holding only what the actor holds is fine.
  const ok = await req('POST', '/admin/create', {
    token: actor.token,
    body: { account, password: 'secret-pass-1', name: 'Peer', groupId: await groupWith(['admin:read']) },
  });
  t.is(ok.body.code, 200);

  const logged = await refusals(actor.admin.id);
  t.deepEqual(
    logged.map((r) => [r.module, r.action]),
    [
      ['admin', 'create-refused'],
      ['admin', 'create-refused'],
    ],
  );
  t.deepEqual((logged[0].detail as { refused: { missing: string[] } }).refused.missing, ['*']);
  t.is((logged[0].detail as { groupId: number }).groupId, root.groupId);
  t.is(logged[0].path, '/api/admin/create');
  t.truthy(logged[0].ip);
  t.false(JSON.stringify(logged).includes('secret-pass-1'), 'no password in the log');
});

test("admin:write cannot reset a super administrator's password and log in as them, disable, rename or delete them", async (t) => {
  const actor = await factories.createAdmin({ permissions: ADMIN_RW });
  const boss = await factories.createAdmin({ permissions: ['*'] });

  forbidden(t, await req('PATCH', `/admin/${boss.admin.id}`, { token: actor.token, body: { password: 'taken-over-1' } }), '*');
  t.is((await req('POST', '/admin/login', { body: { account: boss.admin.account, password: 'taken-over-1' } })).body.code, 2001);
  t.is((await req('POST', '/admin/login', { body: { account: boss.admin.account, password: boss.password } })).body.code, 200);
  t.is((await req('GET', '/admin/profile', { token: boss.token })).status, 200, "the boss's token still works");

  forbidden(t, await req('PATCH', `/admin/${boss.admin.id}`, { token: actor.token, body: { status: 0 } }), '*');
  forbidden(t, await req('PATCH', `/admin/${boss.admin.id}`, { token: actor.token, body: { name: 'Renamed' } }), '*');
  forbidden(t, await req('DELETE', `/admin/${boss.admin.id}`, { token: actor.token }), '*');
  const stored = await models.Admin.findByPk(boss.admin.id);
  t.is(stored?.status, 1);
  t.is(stored?.name, 'Test Admin');

  // A peer whose group holds only what the actor holds can be changed.
  const peer = await factories.createAdmin({ permissions: ['admin:read'] });
  t.is((await req('PATCH', `/admin/${peer.admin.id}`, { token: actor.token, body: { password: 'new-pass-123' } })).body.code, 200);

  const logged = await refusals(actor.admin.id);
  t.deepEqual(
    logged.map((r) => r.action),
    ['update-refused', 'update-refused', 'update-refused', 'delete-refused'],
  );
  t.true(logged.every((r) => r.module === 'admin' && r.targetId === String(boss.admin.id)));
  t.deepEqual((logged[0].detail as { changes: unknown }).changes, { password: 'changed' });
  t.regex(logged[0].summary ?? '', /^refused to update administrator/);
  t.false(JSON.stringify(logged).includes('taken-over-1'), 'no password in the log');
});

test('nobody changes their own group or status; nobody moves another into a group holding more', async (t) => {
  const actor = await factories.createAdmin({ permissions: ADMIN_RW });
  const self = await req('PATCH', `/admin/${actor.admin.id}`, { token: actor.token, body: { groupId: root.groupId } });
  t.is(self.status, 400);
  t.deepEqual(
    self.body.errors.map((e: { field: string }) => e.field),
    ['groupId'],
  );
  t.is((await req('GET', '/admin/profile', { token: actor.token })).body.result.groupId, actor.admin.groupId);
  // Not even a super administrator, and not even to a smaller group.
  const rootMove = await req('PATCH', `/admin/${root.id}`, { token: root.token, body: { groupId: await groupWith([]) } });
  t.is(rootMove.status, 400);
  t.deepEqual(
    rootMove.body.errors.map((e: { field: string }) => e.field),
    ['groupId'],
  );
  const rootStatus = await req('PATCH', `/admin/${root.id}`, { token: root.token, body: { status: 0 } });
  t.is(rootStatus.status, 400);
  // Naming one's current group and status changes nothing, so it is allowed.
  t.is((await req('PATCH', `/admin/${actor.admin.id}`, { token: actor.token, body: { groupId: actor.admin.groupId, status: 1, name: 'Me' } })).body.code, 200);

  const peer = await factories.createAdmin({ permissions: ['admin:read'] });
  forbidden(t, await req('PATCH', `/admin/${peer.admin.id}`, { token: actor.token, body: { groupId: root.groupId } }), '*');
  t.is((await models.Admin.findByPk(peer.admin.id))?.groupId, peer.admin.groupId);

  const logged = await refusals(actor.admin.id);
  t.deepEqual(
    logged.map((r) => [r.action, (r.detail as { refused: { field?: string } }).refused.field ?? null]),
    [
      ['update-refused', 'groupId'],
      ['update-refused', null],
    ],
  );
  t.is((await refusals(root.id)).length, 2);
});

test('admin-group:write cannot give its own group `*` or any permission it lacks, nor touch a group holding more', async (t) => {
  const actor = await factories.createAdmin({ permissions: GROUP_RW });
  const own = actor.admin.groupId;
  forbidden(t, await req('PATCH', `/admin/groups/${own}`, { token: actor.token, body: { permissions: ['*'] } }), '*');
  forbidden(t, await req('PATCH', `/admin/groups/${own}`, { token: actor.token, body: { permissions: [...GROUP_RW, 'admin:write'] } }), 'admin:write');
  t.deepEqual((await models.AdminGroup.findByPk(own))?.permissions, GROUP_RW);
  t.is((await req('GET', '/admin/list', { token: actor.token })).status, 403, 'still without admin:read');

  forbidden(t, await req('POST', '/admin/groups/create', { token: actor.token, body: { name: unique('g'), permissions: ['*'] } }), '*');
  forbidden(
    t,
    await req('POST', '/admin/groups/create', { token: actor.token, body: { name: unique('g'), permissions: ['admin-group:read', 'queues:read'] } }),
    'queues:read',
  );
  t.is((await req('POST', '/admin/groups/create', { token: actor.token, body: { name: unique('g'), permissions: ['admin-group:read'] } })).body.code, 200);

  // A group holding more than the actor can be neither changed (not even stripped) nor deleted.
  const star = await groupWith(['*']);
  forbidden(t, await req('PATCH', `/admin/groups/${star}`, { token: actor.token, body: { permissions: ['admin-group:read'] } }), '*');
  forbidden(t, await req('PATCH', `/admin/groups/${star}`, { token: actor.token, body: { status: 0 } }), '*');
  forbidden(t, await req('DELETE', `/admin/groups/${star}`, { token: actor.token }), '*');
  const kept = await models.AdminGroup.findByPk(star);
  t.deepEqual(kept?.permissions, ['*']);
  t.is(kept?.status, 1);

  // Dropping a permission from its own group is fine.
  t.is((await req('PATCH', `/admin/groups/${own}`, { token: actor.token, body: { permissions: ['admin-group:write'] } })).body.code, 200);

  const logged = await refusals(actor.admin.id);
  t.deepEqual(
    logged.map((r) => [r.module, r.action]),
    [
      ['admin-group', 'update-refused'],
      ['admin-group', 'update-refused'],
      ['admin-group', 'create-refused'],
      ['admin-group', 'create-refused'],
      ['admin-group', 'update-refused'],
      ['admin-group', 'update-refused'],
      ['admin-group', 'delete-refused'],
    ],
  );
  t.deepEqual((logged[0].detail as { changes: { permissions: string[] } }).changes.permissions, ['*']);
});

test('only `*` holds `*`: every module permission listed one by one does not grant it', async (t) => {
  const { ADMIN_MODULES } = await import('../../shared/db/seeders/data/admin-permissions');
  const everything = ADMIN_MODULES.flatMap((m) => [`${m}:read`, `${m}:write`]);
  const actor = await factories.createAdmin({ permissions: everything });
  forbidden(t, await req('POST', '/admin/groups/create', { token: actor.token, body: { name: unique('g'), permissions: ['*'] } }), '*');
  forbidden(
    t,
    await req('POST', '/admin/create', { token: actor.token, body: { account: unique('a'), password: 'secret-pass-1', name: 'x', groupId: root.groupId } }),
    '*',
  );
  // Everything it lists, it can grant.
  t.is((await req('POST', '/admin/groups/create', { token: actor.token, body: { name: unique('g'), permissions: everything } })).body.code, 200);
});
