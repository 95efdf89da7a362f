import test from 'ava';
import { apiRequester, startAdminStack, type AdminRoot, type AdminStack } from '../helpers/admin-requests';
import type { TestStack } from '../helpers/stack';

/** Administrator accounts: profile, list, get, create, update, delete. */

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

async function newGroup(permissions: string[] = ['admin:read']): Promise<number> {
  const { admin } = await factories.createAdmin({ permissions });
  return admin.groupId;
}

let seq = 0;
const account = () => `acc${process.pid}x${++seq}`;

async function create(body: Record<string, unknown> = {}) {
  const groupId = body.groupId ?? (await newGroup());
  return req('POST', '/admin/create', { token: root.token, body: { account: account(), password: 'pass-word1', name: 'Jane Ops', groupId, ...body } });
}

async function login(accountName: string, password: string) {
  return req('POST', '/admin/login', { body: { account: accountName, password } });
}

const noSecrets = (t: import('ava').ExecutionContext, text: string) => {
  t.false(text.includes('$2b$'), 'no bcrypt hash in the answer');
  t.false(text.includes('"password"'), 'no password field');
  t.false(text.includes('tokenVersion'), 'no token version');
};

// ------------------------------------------------------------------------------------------------

test('every account endpoint needs an administrator token: none or a player token is a 401', async (t) => {
  const { token: playerToken } = await factories.createUser();
  const calls: Array<[string, string]> = [
    ['GET', '/admin/profile'],
    ['GET', '/admin/list'],
    ['GET', '/admin/1'],
    ['POST', '/admin/create'],
    ['PATCH', '/admin/1'],
    ['DELETE', '/admin/1'],
  ];
  for (const [method, path] of calls) {
    for (const token of [undefined, playerToken, 'not-a-jwt']) {
      const res = await req(method, path, { token, body: method === 'GET' || method === 'DELETE' ? undefined : {} });
      t.is(res.status, 401, `${method} ${path}`);
      t.is(res.body.code, 401);
      t.is(res.body.message, 'Unauthorized');
    }
  }
});

test('without the admin permission: 403; read-only can read but not write', async (t) => {
  const none = await factories.createAdmin({ permissions: [] });
  const readOnly = await factories.createAdmin({ permissions: ['admin:read'] });
  for (const [method, path] of [
    ['GET', '/admin/list'],
    ['GET', `/admin/${root.id}`],
    ['POST', '/admin/create'],
    ['PATCH', `/admin/${root.id}`],
    ['DELETE', `/admin/${root.id}`],
  ]) {
    const res = await req(method, path, { token: none.token, body: method === 'POST' || method === 'PATCH' ? {} : undefined });
    t.is(res.status, 403, `${method} ${path}`);
    t.is(res.body.code, 403);
  }
  t.is((await req('GET', '/admin/list', { token: readOnly.token })).body.code, 200);
  t.is((await req('GET', `/admin/${root.id}`, { token: readOnly.token })).body.code, 200);
  for (const [method, path] of [
    ['POST', '/admin/create'],
    ['PATCH', `/admin/${root.id}`],
    ['DELETE', `/admin/${root.id}`],
  ]) {
    const res = await req(method, path, { token: readOnly.token, body: method === 'DELETE' ? undefined : { name: 'x' } });
    t.is(res.status, 403, `${method} ${path}`);
    t.regex(res.body.message, /admin:write/);
  }
  // Another module's write permission is not this module's.
  const other = await factories.createAdmin({ permissions: ['admin-group:write', 'admin-group:read'] });
  t.is((await req('GET', '/admin/list', { token: other.token })).status, 403);
});

test("GET /admin/profile: one's own account with its group, for any signed-in administrator", async (t) => {
  const { admin, token } = await factories.createAdmin({ permissions: [] });
  const res = await req('GET', '/admin/profile', { token });
  t.is(res.status, 200);
  t.is(res.body.code, 200);
  const p = res.body.result;
  t.is(p.id, admin.id);
  t.is(p.account, admin.account);
  t.is(p.name, 'Test Admin');
  t.is(p.groupId, admin.groupId);
  t.is(p.status, 1);
  t.true('lastLoginIp' in p && 'lastLoginAt' in p);
  t.is(typeof p.createdAt, 'string');
  t.is(typeof p.updatedAt, 'string');
  t.deepEqual(Object.keys(p.group).sort(), ['description', 'id', 'name', 'permissions', 'status']);
  t.is(p.group.id, admin.groupId);
  t.deepEqual(p.group.permissions, []);
  t.is(p.group.description, 'test group');
  t.is(p.group.status, 1);
  noSecrets(t, res.text);
});

test('GET /admin/list: every administrator with its group {id, name}, without secrets', async (t) => {
  const { admin } = await factories.createAdmin({ permissions: ['vip:read'] });
  const res = await req('GET', '/admin/list', { token: root.token });
  t.is(res.body.code, 200);
  t.true(Array.isArray(res.body.result));
  const row = res.body.result.find((a: { id: number }) => a.id === admin.id);
  t.truthy(row);
  t.is(row.account, admin.account);
  t.deepEqual(Object.keys(row.group).sort(), ['id', 'name']);
  t.is(row.group.id, admin.groupId);
  t.true(res.body.result.some((a: { id: number }) => a.id === root.id));
  noSecrets(t, res.text);
});

test('GET /admin/:id: the profile shape; 2001 when missing; a non-numeric id is a 400', async (t) => {
  const { admin } = await factories.createAdmin({ permissions: ['deposit:read'] });
  const res = await req('GET', `/admin/${admin.id}`, { token: root.token });
  t.is(res.body.code, 200);
  t.is(res.body.result.id, admin.id);
  t.deepEqual(res.body.result.group.permissions, ['deposit:read']);
  noSecrets(t, res.text);

  const missing = await req('GET', '/admin/99999999', { token: root.token, headers: { locales: 'en-US' } });
  t.is(missing.status, 200);
  t.is(missing.body.code, 2001);
  t.is(missing.body.message, 'Administrator not found');
  t.is(missing.body.path, '/api/admin/99999999');
  for (const bad of ['abc', '0', '-1', '1.5', '1e3', '99999999999']) {
    const r = await req('GET', `/admin/${bad}`, { token: root.token });
    t.is(r.status, 400, bad);
    t.is(r.body.code, 400);
    t.deepEqual(
      r.body.errors.map((e: { field: string }) => e.field),
      ['id'],
    );
  }
});

test('POST /admin/create: the new account with bcrypt cost 10, which can log in', async (t) => {
  const groupId = await newGroup(['vip:read']);
  const name = account();
  const res = await req('POST', '/admin/create', { token: root.token, body: { account: `  ${name} `, password: 'pass-word1', name: ' Jane ', groupId } });
  t.is(res.status, 200);
  t.is(res.body.code, 200);
  const r = res.body.result;
  t.deepEqual(Object.keys(r).sort(), ['account', 'createdAt', 'groupId', 'id', 'name', 'status']);
  t.is(r.account, name);
  t.is(r.name, 'Jane');
  t.is(r.groupId, groupId);
  t.is(r.status, 1);
  noSecrets(t, res.text);

  const stored = await models.Admin.findByPk(r.id);
  t.regex(stored!.password, /^\$2[aby]\$10\$/);
  const ok = await login(name, 'pass-word1');
  t.is(ok.body.code, 200);
  t.is(ok.body.result.admin.id, r.id);
  const profile = await req('GET', '/admin/profile', { token: ok.body.result.token });
  t.is(profile.body.result.group.id, groupId);
});

test('POST /admin/create: 2001 account exists, 2002 group missing', async (t) => {
  const first = await create();
  t.is(first.body.code, 200);
  const dup = await create({ account: first.body.result.account });
  t.is(dup.status, 200);
  t.is(dup.body.code, 2001);
  const noGroup = await req('POST', '/admin/create', {
    token: root.token,
    body: { account: account(), password: 'pass-word1', name: 'x', groupId: 99999999 },
    headers: { locales: 'en-US' },
  });
  t.is(noGroup.body.code, 2002);
  t.is(noGroup.body.message, 'Admin group not found');
});

test('POST /admin/create: bad input is a 400 naming the field, never a 500', async (t) => {
  const groupId = await newGroup();
  const base = { account: account(), password: 'pass-word1', name: 'Jane', groupId };
  const cases: Array<[unknown, string]> = [
    [{ ...base, account: undefined }, 'account'],
    [{ ...base, password: undefined }, 'password'],
    [{ ...base, name: undefined }, 'name'],
    [{ ...base, groupId: undefined }, 'groupId'],
    [{ ...base, account: 'a'.repeat(51) }, 'account'],
    [{ ...base, account: 'has space' }, 'account'],
    [{ ...base, account: 'ab' }, 'account'],
    [{ ...base, account: 12345 }, 'account'],
    [{ ...base, name: 'n'.repeat(51) }, 'name'],
    [{ ...base, name: '   ' }, 'name'],
    [{ ...base, name: { first: 'a' } }, 'name'],
    [{ ...base, password: 'short' }, 'password'],
    [{ ...base, password: 12345678 }, 'password'],
    [{ ...base, password: 'é'.repeat(40) }, 'password'],
    [{ ...base, groupId: 'abc' }, 'groupId'],
    [{ ...base, groupId: String(groupId) }, 'groupId'],
    [{ ...base, groupId: 1.5 }, 'groupId'],
    [{ ...base, groupId: -1 }, 'groupId'],
    [{ ...base, groupId: null }, 'groupId'],
  ];
  for (const [body, field] of cases) {
    const res = await req('POST', '/admin/create', { token: root.token, body });
    t.is(res.status, 400, JSON.stringify(body));
    t.is(res.body.code, 400);
    t.true(
      res.body.errors.some((e: { field: string }) => e.field === field),
      `${field}: ${res.text}`,
    );
  }
  const array = await req('POST', '/admin/create', { token: root.token, body: [base] });
  t.is(array.status, 400);
  // Nothing was created by the refused calls.
  t.is(await models.Admin.count({ where: { account: base.account } }), 0);
});

test('PATCH /admin/:id: changes name, group and status and answers the updated profile', async (t) => {
  const created = (await create()).body.result;
  const groupId = await newGroup(['promo:read']);
  const res = await req('PATCH', `/admin/${created.id}`, { token: root.token, body: { name: 'Renamed', groupId } });
  t.is(res.body.code, 200);
  t.is(res.body.result.name, 'Renamed');
  t.is(res.body.result.groupId, groupId);
  t.deepEqual(res.body.result.group.permissions, ['promo:read']);
  noSecrets(t, res.text);
  const again = await req('GET', `/admin/${created.id}`, { token: root.token });
  t.is(again.body.result.name, 'Renamed');
  const disabled = await req('PATCH', `/admin/${created.id}`, { token: root.token, body: { status: 0 } });
  t.is(disabled.body.result.status, 0);
  const enabled = await req('PATCH', `/admin/${created.id}`, { token: root.token, body: { status: 1 } });
  t.is(enabled.body.result.status, 1);
  const nothing = await req('PATCH', `/admin/${created.id}`, { token: root.token, body: {} });
  t.is(nothing.body.code, 200);
});

test('PATCH /admin/:id: 2001 missing; 2002 group missing; bad input 400', async (t) => {
  const missing = await req('PATCH', '/admin/99999999', { token: root.token, body: { name: 'x' }, headers: { locales: 'en-US' } });
  t.is(missing.body.code, 2001);
  t.is(missing.body.message, 'Administrator not found');
  const created = (await create()).body.result;
  const noGroup = await req('PATCH', `/admin/${created.id}`, { token: root.token, body: { groupId: 99999999 }, headers: { locales: 'en-US' } });
  t.is(noGroup.status, 200);
  t.is(noGroup.body.code, 2002);
  t.is(noGroup.body.message, 'Admin group not found');
  for (const [body, field] of [
    [{ status: 2 }, 'status'],
    [{ status: '0' }, 'status'],
    [{ status: true }, 'status'],
    [{ name: 'n'.repeat(51) }, 'name'],
    [{ name: '' }, 'name'],
    [{ password: 'abc' }, 'password'],
    [{ groupId: 'x' }, 'groupId'],
  ] as Array<[unknown, string]>) {
    const res = await req('PATCH', `/admin/${created.id}`, { token: root.token, body });
    t.is(res.status, 400, JSON.stringify(body));
    t.true(res.body.errors.some((e: { field: string }) => e.field === field));
  }
  const badId = await req('PATCH', '/admin/abc', { token: root.token, body: {} });
  t.is(badId.status, 400);
});

test('disabling an administrator ends its tokens at once; it cannot log in until enabled', async (t) => {
  const { admin, token, password } = await factories.createAdmin({ permissions: ['admin:read'] });
  t.is((await req('GET', '/admin/profile', { token })).status, 200);
  const res = await req('PATCH', `/admin/${admin.id}`, { token: root.token, body: { status: 0 } });
  t.is(res.body.code, 200);
  const after = await req('GET', '/admin/profile', { token });
  t.is(after.status, 401);
  t.is(after.body.code, 401);
  t.is((await login(admin.account, password)).body.code, 2002);
  await req('PATCH', `/admin/${admin.id}`, { token: root.token, body: { status: 1 } });
  // The old token stays ended (its version was raised); a new login works.
  t.is((await req('GET', '/admin/profile', { token })).status, 401);
  const again = await login(admin.account, password);
  t.is(again.body.code, 200);
  t.is((await req('GET', '/admin/profile', { token: again.body.result.token })).status, 200);
});

test('a password change ends the old tokens; the new password logs in, the old one does not', async (t) => {
  const { admin, token, password } = await factories.createAdmin({ permissions: [] });
  const res = await req('PATCH', `/admin/${admin.id}`, { token: root.token, body: { password: 'brand-new-pass' } });
  t.is(res.body.code, 200);
  noSecrets(t, res.text);
  t.is((await req('GET', '/admin/profile', { token })).status, 401);
  t.is((await login(admin.account, password)).body.code, 2001);
  const fresh = await login(admin.account, 'brand-new-pass');
  t.is(fresh.body.code, 200);
  t.is((await req('GET', '/admin/profile', { token: fresh.body.result.token })).status, 200);
  const stored = await models.Admin.findByPk(admin.id);
  t.regex(stored!.password, /^\$2[aby]\$10\$/);
});

test("a rename does not end the administrator's tokens", async (t) => {
  const { admin, token } = await factories.createAdmin({ permissions: [] });
  await req('PATCH', `/admin/${admin.id}`, { token: root.token, body: { name: 'Still In' } });
  const profile = await req('GET', '/admin/profile', { token });
  t.is(profile.status, 200);
  t.is(profile.body.result.name, 'Still In');
});

test('an administrator cannot disable its own account (400 on status)', async (t) => {
  const self = await factories.createAdmin({ permissions: ['admin:write', 'admin:read'] });
  const res = await req('PATCH', `/admin/${self.admin.id}`, { token: self.token, body: { status: 0 } });
  t.is(res.status, 400);
  t.deepEqual(
    res.body.errors.map((e: { field: string }) => e.field),
    ['status'],
  );
  t.is((await req('GET', '/admin/profile', { token: self.token })).body.result.status, 1);
  // It may rename itself.
  const renamed = await req('PATCH', `/admin/${self.admin.id}`, { token: self.token, body: { name: 'Me' } });
  t.is(renamed.body.result.name, 'Me');
});

test('DELETE /admin/:id: removes the account and ends its tokens; 2001 missing; 2002 oneself', async (t) => {
  const { admin, token } = await factories.createAdmin({ permissions: ['admin:read'] });
  const res = await req('DELETE', `/admin/${admin.id}`, { token: root.token });
  t.is(res.status, 200);
  t.is(res.body.code, 200);
  t.is(res.body.result, null);
  t.is((await req('GET', `/admin/${admin.id}`, { token: root.token })).body.code, 2001);
  t.is((await req('GET', '/admin/profile', { token })).status, 401);
  const again = await req('DELETE', `/admin/${admin.id}`, { token: root.token, headers: { locales: 'en-US' } });
  t.is(again.body.code, 2001);
  const self = await req('DELETE', `/admin/${root.id}`, { token: root.token, headers: { locales: 'en-US' } });
  t.is(self.status, 200);
  t.is(self.body.code, 2002);
  t.is(self.body.message, 'You cannot delete your own account');
  t.is((await req('GET', '/admin/profile', { token: root.token })).status, 200);
  t.is((await req('DELETE', '/admin/x1', { token: root.token })).status, 400);
});

test('every account write lands in the operation log, with no password in it', async (t) => {
  const actor = await factories.createAdmin({ permissions: ['admin:read', 'admin:write', 'admin-log:read'] });
  const groupId = await newGroup();
  const created = await req('POST', '/admin/create', {
    token: actor.token,
    body: { account: account(), password: 'first-pass', name: 'Logged', groupId },
    headers: { 'user-agent': 'ops-console/1.0' },
  });
  const id = created.body.result.id;
  await req('PATCH', `/admin/${id}`, { token: actor.token, body: { name: 'Logged 2', password: 'second-pass' } });
  await req('DELETE', `/admin/${id}`, { token: actor.token });
  // A refused write changes nothing and logs nothing.
  await req('DELETE', '/admin/99999999', { token: actor.token });

  const res = await req('GET', `/admin/logs/list?adminId=${actor.admin.id}&module=admin`, { token: actor.token });
  t.is(res.body.code, 200);
  const items = res.body.result.items as Array<Record<string, any>>;
  t.deepEqual(
    items.map((i) => i.action),
    ['delete', 'update', 'create'],
  );
  for (const item of items) {
    t.is(item.targetId, String(id));
    t.is(item.module, 'admin');
    t.deepEqual(item.admin, { id: actor.admin.id, account: actor.admin.account, name: 'Test Admin' });
    t.is(typeof item.summary, 'string');
    t.truthy(item.ip);
  }
  const create = items[2];
  t.is(create.method, 'POST');
  t.is(create.path, '/api/admin/create');
  t.is(create.userAgent, 'ops-console/1.0');
  t.is(create.detail.name, 'Logged');
  const update = items[1];
  t.is(update.method, 'PATCH');
  t.is(update.path, `/api/admin/${id}`);
  t.deepEqual(update.detail.changes.name, { from: 'Logged', to: 'Logged 2' });
  t.is(update.detail.changes.password, 'changed');
  t.is(items[0].method, 'DELETE');
  t.false(res.text.includes('first-pass'));
  t.false(res.text.includes('second-pass'));
  t.false(res.text.includes('$2b$'));
});

test('fixed paths are not captured by /admin/:id', async (t) => {
  for (const path of ['/admin/list', '/admin/profile', '/admin/groups/list', '/admin/logs/list']) {
    const res = await req('GET', path, { token: root.token });
    t.is(res.status, 200, path);
    t.is(res.body.code, 200, path);
  }
  // POST /admin/login still answers as before.
  const bad = await login('nobody-here', 'whatever1');
  t.is(bad.body.code, 2001);
  const wrongType = await req('POST', '/admin/login', { body: { account: ['a'], password: 'whatever1' } });
  t.is(wrongType.status, 400);
  t.deepEqual(
    wrongType.body.errors.map((e: { field: string }) => e.field),
    ['account'],
  );
});
