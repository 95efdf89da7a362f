import test from 'ava';
import type { AdminStack } from '../helpers/admin-requests';
import { startTestStack, type ApiResponse, type RequestOptions, type TestStack } from '../helpers/stack';
import { awayFromMinuteEdge } from '../helpers/wait';

/**
 * Administrator logins against brute force: POST /admin/login and Bull Board's POST /admin/queues/login
 * share per-IP and per-account limits (defaults 30 and 10 per window); failed logins land in the
 * operation log; POST /admin/logout ends the administrator's tokens. TRUST_PROXY is on so each test
 * speaks from its own X-Forwarded-For addresses; the window is one minute here so a burst fits in one.
 */

let stack: TestStack;
let factories: AdminStack['factories'];
let models: AdminStack['models'];

test.before(async () => {
  stack = await startTestStack({ TRUST_PROXY: 'true', RATE_LIMIT_ADMIN_LOGIN_WINDOW_S: '60' });
  factories = await import('../helpers/factories');
  models = await import('../../shared/db/models');
});
test.after.always(async () => {
  await stack?.close();
});

let ipCounter = 0;
const freshIp = () => {
  ipCounter += 1;
  return `203.0.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
};

function from(ip: string, method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse> {
  return stack.request(method, `/api${path}`, { ...options, headers: { 'x-forwarded-for': ip, ...options.headers } });
}

const apiLogin = (ip: string, account: string, password: string) => from(ip, 'POST', '/admin/login', { body: { account, password } });
const boardJsonLogin = (ip: string, account: string, password: string) => from(ip, 'POST', '/admin/queues/login', { body: { account, password } });
const boardFormLogin = (ip: string, account: string, password: string) =>
  from(ip, 'POST', '/admin/queues/login', {
    rawBody: new URLSearchParams({ account, password }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

function limited(t: import('ava').ExecutionContext, res: ApiResponse) {
  t.is(res.status, 429, res.text);
  t.is(res.body.code, 429);
  const retryAfter = Number(res.headers.get('retry-after'));
  t.true(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60, String(retryAfter));
  t.is(res.body.result?.token, undefined);
}

test('40 wrong passwords from one address, then the right one: refused with a 429', async (t) => {
  const { admin, password } = await factories.createAdmin();
  const ip = freshIp();
  await awayFromMinuteEdge();
  const answers = [];
  for (let i = 0; i < 40; i += 1) answers.push(await apiLogin(ip, admin.account, `wrong-${i}`));
  t.true(answers.slice(0, 10).every((a) => a.body.code === 2001));
  t.true(answers.slice(10).every((a) => a.status === 429));
  limited(t, await apiLogin(ip, admin.account, password));
  limited(t, await apiLogin(freshIp(), admin.account, password));
});

test('per address: after 30 attempts on any accounts, the 31st from that address is a 429; another address logs in', async (t) => {
  const { admin, password } = await factories.createAdmin();
  const ip = freshIp();
  await awayFromMinuteEdge();
  for (let i = 0; i < 30; i += 1) t.is((await apiLogin(ip, `nobody-${ipCounter}-${i}`, 'wrong-pass')).body.code, 2001);
  limited(t, await apiLogin(ip, admin.account, password));
  const other = await apiLogin(freshIp(), admin.account, password);
  t.is(other.body.code, 200);
  t.is(typeof other.body.result.token, 'string');
});

test('per account: 10 wrong passwords from 10 addresses, then the right one from an 11th is a 429, whatever the case', async (t) => {
  const { admin, password } = await factories.createAdmin();
  await awayFromMinuteEdge();
  for (let i = 0; i < 10; i += 1) t.is((await apiLogin(freshIp(), admin.account, 'wrong-pass')).body.code, 2001);
  limited(t, await apiLogin(freshIp(), admin.account, password));
  limited(t, await apiLogin(freshIp(), ` ${admin.account.toUpperCase()} `, password));
  // Another account is not held back.
  const other = await factories.createAdmin();
  t.is((await apiLogin(freshIp(), other.admin.account, other.password)).body.code, 200);
});

test('the Bull Board login counts under the same limits as POST /admin/login', async (t) => {
  await awayFromMinuteEdge();
  // Per account: 5 wrong on each endpoint, from different addresses.
  const { admin, password } = await factories.createAdmin({ permissions: ['queues:read'] });
  for (let i = 0; i < 5; i += 1) {
    t.is((await apiLogin(freshIp(), admin.account, 'wrong-pass')).body.code, 2001);
    const form = await boardFormLogin(freshIp(), admin.account, 'wrong-pass');
    t.is(form.status, 303);
    t.is(form.headers.get('location'), '/api/admin/queues/login?error=1');
  }
  const board = await boardFormLogin(freshIp(), admin.account, password);
  limited(t, board);
  t.is(board.headers.get('set-cookie'), null);
  limited(t, await boardJsonLogin(freshIp(), admin.account, password));
  limited(t, await apiLogin(freshIp(), admin.account, password));

  // Per address: 30 wrong on the board from one address (on several accounts), then the right one on either.
  const ip = freshIp();
  const fresh = await factories.createAdmin({ permissions: ['queues:read'] });
  for (let i = 0; i < 30; i += 1) t.is((await boardFormLogin(ip, `nobody-${ip}-${i % 3}`, 'wrong-pass')).status, 303);
  limited(t, await boardFormLogin(ip, fresh.admin.account, fresh.password));
  limited(t, await apiLogin(ip, fresh.admin.account, fresh.password));
  t.is((await boardJsonLogin(freshIp(), fresh.admin.account, fresh.password)).body.code, 200);
});

test('failed logins land in the operation log with the account tried, the address and the reason, never the password', async (t) => {
  const { admin, password } = await factories.createAdmin();
  const disabled = await factories.createAdmin({ status: 0 });
  const unknown = `nobody-${process.pid}-${Date.now()}`;
  const [ip1, ip2, ip3] = [freshIp(), freshIp(), freshIp()];
  t.is((await apiLogin(ip1, admin.account, 'Secret-Guess-1')).body.code, 2001);
  t.is((await apiLogin(ip2, unknown, 'Secret-Guess-2')).body.code, 2001);
  t.is((await boardFormLogin(ip3, disabled.admin.account, disabled.password)).status, 303);
  t.is((await apiLogin(freshIp(), admin.account, password)).body.code, 200);

  const reader = await factories.createAdmin({ permissions: ['admin-log:read'] });
  const res = await stack.request('GET', '/api/admin/logs/list?module=admin&action=login-failed&pageSize=50', { token: reader.token });
  t.is(res.body.code, 200);
  const items = (res.body.result.items as Array<Record<string, any>>).filter((i) => [ip1, ip2, ip3].includes(i.ip));
  const byIp = new Map(items.map((i) => [i.ip, i]));
  t.is(items.length, 3);
  t.deepEqual(byIp.get(ip1)?.detail, { account: admin.account, reason: 'wrong password' });
  t.is(byIp.get(ip1)?.targetId, String(admin.id));
  t.is(byIp.get(ip1)?.adminId, null);
  t.is(byIp.get(ip1)?.path, '/api/admin/login');
  t.deepEqual(byIp.get(ip2)?.detail, { account: unknown, reason: 'unknown account' });
  t.is(byIp.get(ip2)?.targetId, null);
  t.deepEqual(byIp.get(ip3)?.detail, { account: disabled.admin.account, reason: 'account disabled' });
  t.is(byIp.get(ip3)?.path, '/api/admin/queues/login');
  for (const secret of ['Secret-Guess-1', 'Secret-Guess-2', disabled.password]) t.false(res.text.includes(secret), secret);
  // The successful login is logged as a login, not a failure.
  t.is(await models.AdminOperationLog.count({ where: { adminId: admin.id, action: 'login' } }), 1);
});

test('POST /admin/logout ends every token of the administrator (401 after); a new login works', async (t) => {
  const { admin, password } = await factories.createAdmin({ permissions: ['queues:read'] });
  const first = (await apiLogin(freshIp(), admin.account, password)).body.result.token as string;
  const second = (await apiLogin(freshIp(), admin.account, password)).body.result.token as string;
  t.is((await stack.request('GET', '/api/admin/profile', { token: first })).status, 200);

  const out = await stack.request('POST', '/api/admin/logout', { token: first });
  t.is(out.status, 200);
  t.is(out.body.code, 200);
  t.deepEqual(out.body.result, { loggedOut: true });

  for (const token of [first, second]) {
    const after = await stack.request('GET', '/api/admin/profile', { token });
    t.is(after.status, 401);
    t.is(after.body.code, 401);
    t.is((await stack.request('GET', '/api/admin/queues/api/queues', { headers: { cookie: `admin_queues_session=${token}` } })).status, 401);
  }
  t.is((await stack.request('POST', '/api/admin/logout', { token: first })).status, 401);
  t.is((await stack.request('POST', '/api/admin/logout')).status, 401);
  const { token: playerToken } = await factories.createUser();
  t.is((await stack.request('POST', '/api/admin/logout', { token: playerToken })).status, 401);

  const again = (await apiLogin(freshIp(), admin.account, password)).body.result.token as string;
  t.is((await stack.request('GET', '/api/admin/profile', { token: again })).status, 200);
  const logged = await models.AdminOperationLog.findAll({ where: { adminId: admin.id, action: 'logout' } });
  t.is(logged.length, 1);
  t.is(logged[0].module, 'admin');
  t.is(logged[0].path, '/api/admin/logout');
});
