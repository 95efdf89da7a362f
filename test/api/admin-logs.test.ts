import test from 'ava';
import { apiRequester, startAdminStack, type AdminRoot, type AdminStack } from '../helpers/admin-requests';
import type { TestStack } from '../helpers/stack';

/**
 * GET /admin/logs/list: filters, whole-day date range in APP_TIMEZONE, paging. The stack
 * runs in Asia/Taipei (UTC+8), so day boundaries are not UTC midnight.
 */

let stack: TestStack;
let factories: AdminStack['factories'];
let models: AdminStack['models'];
let root: AdminRoot;
let req: ReturnType<typeof apiRequester>;

test.before(async () => {
  ({ stack, factories, models, root } = await startAdminStack({ permissions: ['admin-log:read'], env: { APP_TIMEZONE: 'Asia/Taipei' } }));
  req = apiRequester(stack);
});
test.after.always(async () => {
  await stack?.close();
});

const list = (query: string, token = root.token) => req('GET', `/admin/logs/list${query ? `?${query}` : ''}`, { token });

async function addLog(module: string, createdAt: string | Date, extra: Record<string, unknown> = {}) {
  return models.AdminOperationLog.create({ adminId: root.id, module, action: 'update', targetId: '7', summary: 's', createdAt: new Date(createdAt), ...extra });
}

test('401 without a token or with a player token; 403 without admin-log:read', async (t) => {
  const { token: playerToken } = await factories.createUser();
  for (const token of [undefined, playerToken]) {
    const res = await req('GET', '/admin/logs/list', { token });
    t.is(res.status, 401);
    t.is(res.body.code, 401);
  }
  for (const permissions of [[], ['admin:read', 'admin:write'], ['admin-log:write']]) {
    const { token } = await factories.createAdmin({ permissions });
    const res = await list('', token);
    t.is(res.status, 403, JSON.stringify(permissions));
    t.is(res.body.code, 403);
  }
});

test('the answer shape: items with their administrator, total, page, pageSize (default 20), totalPages', async (t) => {
  await addLog('shape-test', new Date(), { action: 'create', ip: '10.0.0.1', userAgent: 'ua', method: 'POST', path: '/api/x', detail: { a: 1 } });
  const res = await list('module=shape-test');
  t.is(res.status, 200);
  t.is(res.body.code, 200);
  const r = res.body.result;
  t.deepEqual(Object.keys(r).sort(), ['items', 'page', 'pageSize', 'total', 'totalPages']);
  t.is(r.total, 1);
  t.is(r.page, 1);
  t.is(r.pageSize, 20);
  t.is(r.totalPages, 1);
  const item = r.items[0];
  for (const key of ['id', 'adminId', 'admin', 'module', 'action', 'targetId', 'ip', 'userAgent', 'method', 'path', 'detail', 'summary', 'createdAt']) {
    t.true(key in item, key);
  }
  t.is(typeof item.id, 'number');
  t.is(item.adminId, root.id);
  t.deepEqual(item.admin, { id: root.id, account: root.account, name: 'Test Admin' });
  t.is(item.action, 'create');
  t.is(item.ip, '10.0.0.1');
  t.deepEqual(item.detail, { a: 1 });

  const none = await list('module=no-such-module');
  t.deepEqual(none.body.result, { items: [], total: 0, page: 1, pageSize: 20, totalPages: 0 });
});

test('paging: newest first, default 20 a page, pageSize up to 50', async (t) => {
  const base = Date.parse('2030-05-01T00:00:00Z');
  for (let i = 0; i < 25; i += 1) await addLog('page-test', new Date(base + i * 60_000), { targetId: String(i) });
  const first = await list('module=page-test');
  t.is(first.body.result.items.length, 20);
  t.is(first.body.result.total, 25);
  t.is(first.body.result.totalPages, 2);
  t.deepEqual(
    first.body.result.items.slice(0, 3).map((i: { targetId: string }) => i.targetId),
    ['24', '23', '22'],
  );
  const second = await list('module=page-test&page=2');
  t.is(second.body.result.page, 2);
  t.deepEqual(
    second.body.result.items.map((i: { targetId: string }) => i.targetId),
    ['4', '3', '2', '1', '0'],
  );
  const small = await list('module=page-test&pageSize=10&page=3');
  t.is(small.body.result.items.length, 5);
  t.is(small.body.result.pageSize, 10);
  t.is(small.body.result.totalPages, 3);
  const big = await list('module=page-test&pageSize=50');
  t.is(big.body.result.items.length, 25);
  const beyond = await list('module=page-test&page=9');
  t.deepEqual(beyond.body.result.items, []);
  t.is(beyond.body.result.total, 25);
});

test('the date range is inclusive of the whole end day, in APP_TIMEZONE', async (t) => {
  const at = {
    before: '2031-01-01T23:59:59.999+08:00',
    dayOneStart: '2031-01-02T00:00:00+08:00',
    dayOneEnd: '2031-01-02T23:59:59.999+08:00',
    dayTwo: '2031-01-03T12:00:00+08:00',
    after: '2031-01-04T00:00:00+08:00',
  };
  for (const [key, time] of Object.entries(at)) await addLog('date-test', time, { targetId: key });
  const ids = async (query: string) => {
    const res = await list(`module=date-test&${query}`);
    t.is(res.body.code, 200, query);
    return res.body.result.items.map((i: { targetId: string }) => i.targetId).sort();
  };
  t.deepEqual(await ids('startDate=2031-01-02&endDate=2031-01-03'), ['dayOneEnd', 'dayOneStart', 'dayTwo']);
  t.deepEqual(await ids('startDate=2031-01-02&endDate=2031-01-02'), ['dayOneEnd', 'dayOneStart']);
  t.deepEqual(await ids('startDate=2031-01-03'), ['after', 'dayTwo']);
  t.deepEqual(await ids('endDate=2031-01-01'), ['before']);
  t.deepEqual(await ids('startDate=&endDate='), ['after', 'before', 'dayOneEnd', 'dayOneStart', 'dayTwo']);
});

test('filters by administrator, module and action', async (t) => {
  const other = await factories.createAdmin({ permissions: [] });
  await addLog('filter-test', new Date(), { action: 'create' });
  await addLog('filter-test', new Date(), { action: 'delete' });
  await addLog('filter-test', new Date(), { action: 'delete', adminId: other.admin.id });
  await addLog('filter-test-2', new Date(), { action: 'delete', adminId: other.admin.id });

  const byModule = await list('module=filter-test');
  t.is(byModule.body.result.total, 3);
  const byAction = await list('module=filter-test&action=delete');
  t.is(byAction.body.result.total, 2);
  const byAdmin = await list(`adminId=${other.admin.id}`);
  t.is(byAdmin.body.result.total, 2);
  t.true(
    byAdmin.body.result.items.every(
      (i: { adminId: number; admin: { account: string } }) => i.adminId === other.admin.id && i.admin.account === other.admin.account,
    ),
  );
  const all = await list(`adminId=${other.admin.id}&module=filter-test-2&action=delete`);
  t.is(all.body.result.total, 1);
  const nobody = await list('adminId=99999999');
  t.is(nobody.body.result.total, 0);
});

test("a login lands in the log; a deleted administrator's rows keep adminId with admin null", async (t) => {
  const { admin, password } = await factories.createAdmin({ permissions: [] });
  const login = await req('POST', '/admin/login', { body: { account: admin.account, password } });
  t.is(login.body.code, 200);
  const res = await list(`adminId=${admin.id}&action=login`);
  t.is(res.body.result.total, 1);
  const item = res.body.result.items[0];
  t.is(item.module, 'admin');
  t.is(item.targetId, String(admin.id));
  t.is(item.method, 'POST');
  t.is(item.path, '/api/admin/login');
  t.deepEqual(item.admin, { id: admin.id, account: admin.account, name: 'Test Admin' });
  t.false(res.text.includes(password));

  const { token: superToken } = await factories.createAdmin();
  t.is((await req('DELETE', `/admin/${admin.id}`, { token: superToken })).body.code, 200);
  const after = await list(`adminId=${admin.id}&action=login`);
  t.is(after.body.result.items[0].adminId, admin.id);
  t.is(after.body.result.items[0].admin, null);
});

test('bad query parameters are a 400 naming them, never a 500', async (t) => {
  const cases: Array<[string, string]> = [
    ['adminId=abc', 'adminId'],
    ['adminId=0', 'adminId'],
    ['adminId=1.5', 'adminId'],
    ['page=0', 'page'],
    ['page=-1', 'page'],
    ['page=x', 'page'],
    ['pageSize=51', 'pageSize'],
    ['pageSize=0', 'pageSize'],
    ['pageSize=99999999999999', 'pageSize'],
    ['startDate=2031-02-30', 'startDate'],
    ['startDate=yesterday', 'startDate'],
    ['endDate=2031-1-5', 'endDate'],
    ['startDate=2031-01-05&endDate=2031-01-04', 'endDate'],
    [`module=${'m'.repeat(41)}`, 'module'],
    ['action=a&action=b', 'action'],
    ['module=a&module=b', 'module'],
    ['startDate=2031-01-01&startDate=2031-01-02', 'startDate'],
    ['adminId=1&adminId=2', 'adminId'],
    ['page=1&page=2', 'page'],
  ];
  for (const [query, field] of cases) {
    const res = await list(query);
    t.is(res.status, 400, query);
    t.is(res.body.code, 400);
    t.true(
      res.body.errors.some((e: { field: string }) => e.field === field),
      `${query}: ${res.text}`,
    );
  }
});
