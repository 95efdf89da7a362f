import test from 'ava';
import { apiRequester, startAdminStack, type AdminRoot, type AdminStack } from '../helpers/admin-requests';
import type { TestStack } from '../helpers/stack';

/** Administrator groups: list, get, create, update, delete; permission strings. */

let stack: TestStack;
let factories: AdminStack['factories'];
let root: AdminRoot;
let req: ReturnType<typeof apiRequester>;

test.before(async () => {
  ({ stack, factories, root } = await startAdminStack());
  req = apiRequester(stack);
});
test.after.always(async () => {
  await stack?.close();
});

let seq = 0;
const groupName = () => `grp-${process.pid}-${++seq}`;

async function createGroup(body: Record<string, unknown> = {}, token = root.token) {
  return req('POST', '/admin/groups/create', { token, body: { name: groupName(), permissions: ['deposit:read'], description: 'Deposit desk', ...body } });
}

test('every group endpoint needs an administrator token: none or a player token is a 401', async (t) => {
  const { token: playerToken } = await factories.createUser();
  for (const [method, path] of [
    ['GET', '/admin/groups/list'],
    ['GET', '/admin/groups/1'],
    ['POST', '/admin/groups/create'],
    ['PATCH', '/admin/groups/1'],
    ['DELETE', '/admin/groups/1'],
  ]) {
    for (const token of [undefined, playerToken]) {
      const res = await req(method, path, { token, body: method === 'POST' || method === 'PATCH' ? {} : undefined });
      t.is(res.status, 401, `${method} ${path}`);
      t.is(res.body.code, 401);
    }
  }
});

test('without admin-group permission: 403; read-only can read but not write', async (t) => {
  const none = await factories.createAdmin({ permissions: ['admin:read', 'admin:write'] });
  const readOnly = await factories.createAdmin({ permissions: ['admin-group:read'] });
  for (const [method, path] of [
    ['GET', '/admin/groups/list'],
    ['GET', `/admin/groups/${root.groupId}`],
    ['POST', '/admin/groups/create'],
    ['PATCH', `/admin/groups/${root.groupId}`],
    ['DELETE', `/admin/groups/${root.groupId}`],
  ]) {
    const res = await req(method, path, { token: none.token, body: method === 'POST' || method === 'PATCH' ? {} : undefined });
    t.is(res.status, 403, `${method} ${path}`);
    t.is(res.body.code, 403);
  }
  t.is((await req('GET', '/admin/groups/list', { token: readOnly.token })).body.code, 200);
  t.is((await req('GET', `/admin/groups/${root.groupId}`, { token: readOnly.token })).body.code, 200);
  const created = await createGroup({}, readOnly.token);
  t.is(created.status, 403);
  t.regex(created.body.message, /admin-group:write/);
  t.is((await req('PATCH', `/admin/groups/${readOnly.admin.groupId}`, { token: readOnly.token, body: { name: 'x' } })).status, 403);
  t.is((await req('DELETE', `/admin/groups/${readOnly.admin.groupId}`, { token: readOnly.token })).status, 403);
});

test('POST /admin/groups/create answers the group; permissions are de-duplicated', async (t) => {
  const name = groupName();
  const res = await req('POST', '/admin/groups/create', {
    token: root.token,
    body: { name: ` ${name} `, permissions: ['deposit:read', 'deposit:write', 'deposit:read', 'queues:read'], description: 'Deposits' },
  });
  t.is(res.status, 200);
  t.is(res.body.code, 200);
  const g = res.body.result;
  t.deepEqual(Object.keys(g).sort(), ['createdAt', 'description', 'id', 'name', 'permissions', 'status', 'updatedAt']);
  t.is(g.name, name);
  t.deepEqual(g.permissions, ['deposit:read', 'deposit:write', 'queues:read']);
  t.is(g.description, 'Deposits');
  t.is(g.status, 1);
  const star = await createGroup({ permissions: ['*'], description: undefined });
  t.is(star.body.code, 200);
  t.deepEqual(star.body.result.permissions, ['*']);
  t.is(star.body.result.description, '');
  const empty = await createGroup({ permissions: [] });
  t.deepEqual(empty.body.result.permissions, []);
});

test('invalid permission strings are a 400 naming the bad string', async (t) => {
  for (const bad of ['nosuch:read', 'admin:delete', 'admin', 'admin:read:x', '**', 'Admin:read', ' admin:read']) {
    const res = await createGroup({ permissions: ['admin:read', bad] });
    t.is(res.status, 400, bad);
    t.is(res.body.code, 400);
    t.true(res.body.message.includes(`"${bad}"`), res.body.message);
    t.deepEqual(
      res.body.errors.map((e: { field: string }) => e.field),
      ['permissions'],
    );
  }
  const group = (await createGroup()).body.result;
  const patch = await req('PATCH', `/admin/groups/${group.id}`, { token: root.token, body: { permissions: ['vip:write', 'vip:admin'] } });
  t.is(patch.status, 400);
  t.true(patch.body.message.includes('"vip:admin"'));
  const unchanged = await req('GET', `/admin/groups/${group.id}`, { token: root.token });
  t.deepEqual(unchanged.body.result.permissions, ['deposit:read']);
});

test('POST /admin/groups/create: bad input is a 400 naming the field, never a 500', async (t) => {
  const cases: Array<[Record<string, unknown>, string]> = [
    [{ name: undefined }, 'name'],
    [{ name: 'n'.repeat(51) }, 'name'],
    [{ name: 12 }, 'name'],
    [{ name: '  ' }, 'name'],
    [{ permissions: undefined }, 'permissions'],
    [{ permissions: 'admin:read' }, 'permissions'],
    [{ permissions: [1] }, 'permissions[0]'],
    [{ permissions: [null] }, 'permissions[0]'],
    [{ permissions: { a: 1 } }, 'permissions'],
    [{ description: 'd'.repeat(256) }, 'description'],
    [{ description: 5 }, 'description'],
    [{ status: 3 }, 'status'],
  ];
  for (const [body, field] of cases) {
    const res = await createGroup(body);
    t.is(res.status, 400, JSON.stringify(body));
    t.true(
      res.body.errors.some((e: { field: string }) => e.field === field),
      `${field}: ${res.text}`,
    );
  }
  const max = await createGroup({ name: 'n'.repeat(50), description: 'd'.repeat(255) });
  t.is(max.body.code, 200);
});

test('a group name already in use is refused with 2003 on create and rename; nothing changes', async (t) => {
  const en = { locales: 'en-US' };
  const first = (await createGroup()).body.result;
  const dup = await req('POST', '/admin/groups/create', { token: root.token, headers: en, body: { name: first.name, permissions: ['deposit:read'] } });
  t.is(dup.status, 200);
  t.is(dup.body.code, 2003);
  t.is(dup.body.message, 'An admin group with this name already exists');
  const named = (await req('GET', '/admin/groups/list', { token: root.token })).body.result.filter((g: { name: string }) => g.name === first.name);
  t.deepEqual(
    named.map((g: { id: number }) => g.id),
    [first.id],
    'no second group was created',
  );
  const other = (await createGroup()).body.result;
  const rename = await req('PATCH', `/admin/groups/${other.id}`, { token: root.token, headers: en, body: { name: first.name, description: 'renamed' } });
  t.is(rename.status, 200);
  t.is(rename.body.code, 2003);
  t.is(rename.body.message, 'An admin group with this name already exists', 'PATCH uses the 2003 text of /api/admin/groups/create');
  t.like((await req('GET', `/admin/groups/${other.id}`, { token: root.token })).body.result, { name: other.name, description: other.description });
  // Keeping one's own name is no conflict.
  const same = await req('PATCH', `/admin/groups/${first.id}`, { token: root.token, body: { name: first.name } });
  t.is(same.body.code, 200);
});

test('GET /admin/groups/list and /admin/groups/:id (with its administrators); 2001 missing; 400 bad id', async (t) => {
  const { admin } = await factories.createAdmin({ permissions: ['inbox:read'] });
  const list = await req('GET', '/admin/groups/list', { token: root.token });
  t.is(list.body.code, 200);
  const row = list.body.result.find((g: { id: number }) => g.id === admin.groupId);
  t.deepEqual(row.permissions, ['inbox:read']);
  t.is(row.adminCount, 1);
  t.true(list.body.result.some((g: { name: string }) => g.name === 'Super Admin'));

  const one = await req('GET', `/admin/groups/${admin.groupId}`, { token: root.token });
  t.is(one.body.code, 200);
  t.is(one.body.result.id, admin.groupId);
  t.is(one.body.result.description, 'test group');
  t.is(one.body.result.admins.length, 1);
  t.is(one.body.result.admins[0].id, admin.id);
  t.is(one.body.result.admins[0].account, admin.account);
  t.false(one.text.includes('$2b$'));
  t.false(one.text.includes('"password"'));

  const missing = await req('GET', '/admin/groups/99999999', { token: root.token, headers: { locales: 'en-US' } });
  t.is(missing.status, 200);
  t.is(missing.body.code, 2001);
  t.is(missing.body.message, 'Admin group not found');
  t.is(missing.body.path, '/api/admin/groups/99999999');
  const badId = await req('GET', '/admin/groups/abc', { token: root.token });
  t.is(badId.status, 400);
  t.deepEqual(
    badId.body.errors.map((e: { field: string }) => e.field),
    ['id'],
  );
});

test('PATCH /admin/groups/:id updates the fields and answers the group; 2001 missing', async (t) => {
  const group = (await createGroup()).body.result;
  const res = await req('PATCH', `/admin/groups/${group.id}`, {
    token: root.token,
    body: { name: `${group.name}-b`, permissions: ['deposit:read', 'deposit:write'], description: 'Now writes', status: 0 },
  });
  t.is(res.body.code, 200);
  t.is(res.body.result.name, `${group.name}-b`);
  t.deepEqual(res.body.result.permissions, ['deposit:read', 'deposit:write']);
  t.is(res.body.result.description, 'Now writes');
  t.is(res.body.result.status, 0);
  const read = await req('GET', `/admin/groups/${group.id}`, { token: root.token });
  t.is(read.body.result.status, 0);
  const missing = await req('PATCH', '/admin/groups/99999999', { token: root.token, body: { name: 'x' } });
  t.is(missing.body.code, 2001);
  for (const body of [{ status: 5 }, { status: 'on' }, { description: 'd'.repeat(256) }, { name: '' }, { permissions: 'x' }]) {
    const bad = await req('PATCH', `/admin/groups/${group.id}`, { token: root.token, body });
    t.is(bad.status, 400, JSON.stringify(body));
  }
});

test('permission changes and disabling a group apply to its administrators on the next request', async (t) => {
  const member = await factories.createAdmin({ permissions: ['admin:read'] });
  t.is((await req('GET', '/admin/list', { token: member.token })).status, 200);
  await req('PATCH', `/admin/groups/${member.admin.groupId}`, { token: root.token, body: { permissions: ['vip:read'] } });
  t.is((await req('GET', '/admin/list', { token: member.token })).status, 403);
  await req('PATCH', `/admin/groups/${member.admin.groupId}`, { token: root.token, body: { permissions: ['admin:read'] } });
  t.is((await req('GET', '/admin/list', { token: member.token })).status, 200);
  await req('PATCH', `/admin/groups/${member.admin.groupId}`, { token: root.token, body: { status: 0 } });
  t.is((await req('GET', '/admin/list', { token: member.token })).status, 403);
});

test('an administrator cannot disable its own group (400 on status)', async (t) => {
  const self = await factories.createAdmin({ permissions: ['admin-group:read', 'admin-group:write'] });
  const res = await req('PATCH', `/admin/groups/${self.admin.groupId}`, { token: self.token, body: { status: 0 } });
  t.is(res.status, 400);
  t.deepEqual(
    res.body.errors.map((e: { field: string }) => e.field),
    ['status'],
  );
  t.is((await req('GET', `/admin/groups/${self.admin.groupId}`, { token: self.token })).body.result.status, 1);
});

test('DELETE /admin/groups/:id: 2002 while it has administrators, 2001 missing, then gone', async (t) => {
  const member = await factories.createAdmin({ permissions: [] });
  const busy = await req('DELETE', `/admin/groups/${member.admin.groupId}`, { token: root.token, headers: { locales: 'en-US' } });
  t.is(busy.status, 200);
  t.is(busy.body.code, 2002);
  t.is(busy.body.message, 'Group still has administrators and cannot be deleted');
  t.is((await req('GET', `/admin/groups/${member.admin.groupId}`, { token: root.token })).body.code, 200);

  await req('DELETE', `/admin/${member.admin.id}`, { token: root.token });
  const res = await req('DELETE', `/admin/groups/${member.admin.groupId}`, { token: root.token });
  t.is(res.body.code, 200);
  t.is(res.body.result, null);
  t.is((await req('GET', `/admin/groups/${member.admin.groupId}`, { token: root.token })).body.code, 2001);
  const again = await req('DELETE', `/admin/groups/${member.admin.groupId}`, { token: root.token });
  t.is(again.body.code, 2001);
  t.is((await req('DELETE', '/admin/groups/0', { token: root.token })).status, 400);
  // A deleted group cannot take new administrators.
  const create = await req('POST', '/admin/create', {
    token: root.token,
    body: { account: `acc${process.pid}gone`, password: 'pass-word1', name: 'x', groupId: member.admin.groupId },
  });
  t.is(create.body.code, 2002);
});

test('every group write lands in the operation log under module admin-group', async (t) => {
  // The actor holds the vip permissions it grants (an administrator grants only what it holds).
  const actor = await factories.createAdmin({ permissions: ['admin-group:read', 'admin-group:write', 'admin-log:read', 'vip:read', 'vip:write'] });
  const group = (await createGroup({ permissions: ['vip:read'] }, actor.token)).body.result;
  await req('PATCH', `/admin/groups/${group.id}`, { token: actor.token, body: { permissions: ['vip:read', 'vip:write'] } });
  await req('DELETE', `/admin/groups/${group.id}`, { token: actor.token });
  // Refused writes log nothing.
  await createGroup({ permissions: ['bad'] }, actor.token);
  await req('DELETE', `/admin/groups/${root.groupId}`, { token: actor.token });

  const res = await req('GET', `/admin/logs/list?adminId=${actor.admin.id}`, { token: actor.token });
  const items = res.body.result.items as Array<Record<string, any>>;
  t.deepEqual(
    items.map((i) => [i.module, i.action, i.targetId]),
    [
      ['admin-group', 'delete', String(group.id)],
      ['admin-group', 'update', String(group.id)],
      ['admin-group', 'create', String(group.id)],
    ],
  );
  t.deepEqual(items[1].detail.changes.permissions, { from: ['vip:read'], to: ['vip:read', 'vip:write'] });
  t.is(items[2].path, '/api/admin/groups/create');
  t.is(items[0].path, `/api/admin/groups/${group.id}`);
  t.is(items[0].detail.name, group.name);
});
