import test from 'ava';
import { config } from '../../shared/config';
import { AdminOperationLog } from '../../shared/db/models';
import { QUEUE_NAMES } from '../../shared/queues/definitions';
import { createAdmin, createUser } from '../helpers/factories';
import { startTestStack, type TestStack } from '../helpers/stack';

/**
 * Bull Board under /api/admin/queues (api/modules/admin/queues-routes.ts). Its JSON API is bull-board
 * v9's own: GET <base>/api/queues lists the queues, PUT <base>/api/queues/:queueName/retry/:queueStatus
 * retries every job of a state, PUT <base>/api/queues/:queueName/pause pauses one queue.
 */
const BASE = '/api/admin/queues';
const COOKIE = 'admin_queues_session';
const COOKIE_RE = new RegExp(`^${COOKIE}=([^;]+); Path=/api/admin; HttpOnly; SameSite=Strict$`);
const form = (fields: Record<string, string>) => ({
  rawBody: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

let stack: TestStack;
test.before(async () => {
  stack = await startTestStack();
});
test.after.always(async () => {
  await stack?.close();
});

test('the board refuses a missing or player token with a 401 envelope', async (t) => {
  const none = await stack.request('GET', BASE);
  t.is(none.status, 401);
  t.is(none.body.code, 401);
  t.is(none.body.message, 'Unauthorized');

  const { token } = await createUser();
  const player = await stack.request('GET', BASE, { token });
  t.is(player.status, 401);
  t.is(player.body.code, 401);
  t.is(player.body.message, 'Unauthorized');

  const playerApi = await stack.request('GET', `${BASE}/api/queues`, { token });
  t.is(playerApi.status, 401);
  t.is(playerApi.body?.queues, undefined);
});

test('the board needs the queues:read permission', async (t) => {
  const other = await createAdmin({ permissions: ['user:read'] });
  const refused = await stack.request('GET', BASE, { token: other.token });
  t.is(refused.status, 403);
  t.is(refused.body.code, 403);
  t.regex(refused.body.message, /queues:read/);

  const reader = await createAdmin({ permissions: ['queues:read'] });
  const page = await stack.request('GET', BASE, { token: reader.token });
  t.is(page.status, 200);
  t.regex(page.headers.get('content-type') ?? '', /text\/html/);
  t.regex(page.text, /<html/i);

  const all = await createAdmin({ permissions: ['*'] });
  const allPage = await stack.request('GET', BASE, { token: all.token });
  t.is(allPage.status, 200);
  t.regex(allPage.headers.get('content-type') ?? '', /text\/html/);
});

test('the board JSON API lists every declared queue (16 with report-fold, bonus-expiry and history)', async (t) => {
  const { token } = await createAdmin({ permissions: ['queues:read'] });
  const res = await stack.request('GET', `${BASE}/api/queues`, { token });
  t.is(res.status, 200);
  const names = (res.body.queues as Array<{ name: string }>).map((q) => q.name).sort();
  t.is(QUEUE_NAMES.length, 16);
  t.deepEqual(names, [...QUEUE_NAMES].sort());
  const mail = (res.body.queues as Array<{ name: string; counts: Record<string, number> }>).find((q) => q.name === 'mail');
  t.is(typeof mail?.counts.waiting, 'number');
});

test('a board action that changes queues needs queues:write', async (t) => {
  const reader = await createAdmin({ permissions: ['queues:read'] });
  const refusedRetry = await stack.request('PUT', `${BASE}/api/queues/mail/retry/failed`, { token: reader.token });
  t.is(refusedRetry.status, 403);
  t.is(refusedRetry.body.code, 403);
  t.regex(refusedRetry.body.message, /queues:write/);
  const refusedPause = await stack.request('PUT', `${BASE}/api/queues/sms/pause`, { token: reader.token });
  t.is(refusedPause.status, 403);

  // The refused pause did not happen.
  const listed = await stack.request('GET', `${BASE}/api/queues`, { token: reader.token });
  t.false(listed.body.queues.find((q: { name: string }) => q.name === 'sms').isPaused);

  const writer = await createAdmin({ permissions: ['queues:write', 'queues:read'] });
  const retried = await stack.request('PUT', `${BASE}/api/queues/mail/retry/failed`, { token: writer.token });
  t.is(retried.status, 200);
  t.deepEqual(retried.body, { retried: 0, skipped: 0 });

  const paused = await stack.request('PUT', `${BASE}/api/queues/sms/pause`, { token: writer.token });
  t.is(paused.status, 200);
  const after = await stack.request('GET', `${BASE}/api/queues`, { token: writer.token });
  t.true(after.body.queues.find((q: { name: string }) => q.name === 'sms').isPaused);
  const resumed = await stack.request('PUT', `${BASE}/api/queues/sms/resume`, { token: writer.token });
  t.is(resumed.status, 200);
});

test('a browser without a session is sent to the login form', async (t) => {
  const res = await stack.request('GET', BASE, { headers: { accept: 'text/html,application/xhtml+xml' } });
  t.is(res.status, 303);
  t.is(res.headers.get('location'), `${BASE}/login`);

  const login = await stack.request('GET', `${BASE}/login`);
  t.is(login.status, 200);
  t.regex(login.headers.get('content-type') ?? '', /text\/html/);
  t.regex(login.text, /<form method="post" action="\/api\/admin\/queues\/login">/);
  t.regex(login.text, /name="account"/);
  t.regex(login.text, /name="password"/);
  t.notRegex(login.text, /class="error"/);

  const failed = await stack.request('GET', `${BASE}/login?error=1`);
  t.regex(failed.text, /class="error"/);
});

test('the login form sets the session cookie that opens the board', async (t) => {
  const { admin, password } = await createAdmin({ permissions: ['queues:read'] });

  const wrong = await stack.request('POST', `${BASE}/login`, form({ account: admin.account, password: `${password}x` }));
  t.is(wrong.status, 303);
  t.is(wrong.headers.get('location'), `${BASE}/login?error=1`);
  t.is(wrong.headers.get('set-cookie'), null);

  const right = await stack.request('POST', `${BASE}/login`, form({ account: admin.account, password }));
  t.is(right.status, 303);
  t.is(right.headers.get('location'), BASE);
  const setCookie = right.headers.get('set-cookie') ?? '';
  const m = COOKIE_RE.exec(setCookie);
  t.truthy(m, `unexpected Set-Cookie: ${setCookie}`);
  const session = m?.[1] ?? '';

  const page = await stack.request('GET', BASE, { headers: { cookie: `${COOKIE}=${session}`, accept: 'text/html' } });
  t.is(page.status, 200);
  t.regex(page.text, /<html/i);
  const api = await stack.request('GET', `${BASE}/api/queues`, { headers: { cookie: `${COOKIE}=${session}` } });
  t.is(api.status, 200);
  t.is(api.body.queues.length, QUEUE_NAMES.length);
});

test('a session cookie holding a player token is refused', async (t) => {
  const { token } = await createUser();
  const api = await stack.request('GET', `${BASE}/api/queues`, { headers: { cookie: `${COOKIE}=${token}` } });
  t.is(api.status, 401);
  t.is(api.body.code, 401);
  const browser = await stack.request('GET', BASE, { headers: { cookie: `${COOKIE}=${token}`, accept: 'text/html' } });
  t.is(browser.status, 303);
  t.is(browser.headers.get('location'), `${BASE}/login`);
});

test('POST /login with an administrator bearer token sets the cookie; a player token is 401', async (t) => {
  const { token } = await createAdmin({ permissions: ['queues:read'] });
  const res = await stack.request('POST', `${BASE}/login`, { token });
  t.is(res.status, 200);
  t.is(res.body.code, 200);
  t.deepEqual(res.body.result, { loggedIn: true });
  const m = COOKIE_RE.exec(res.headers.get('set-cookie') ?? '');
  t.truthy(m);
  const page = await stack.request('GET', `${BASE}/api/queues`, { headers: { cookie: `${COOKIE}=${m?.[1]}` } });
  t.is(page.status, 200);

  const player = await createUser();
  const refused = await stack.request('POST', `${BASE}/login`, { token: player.token });
  t.is(refused.status, 401);
  t.is(refused.body.code, 401);
  t.is(refused.body.message, 'Unauthorized');
  t.is(refused.headers.get('set-cookie'), null);
});

test('the seeded first administrator logs in, opens the board, and the login is logged', async (t) => {
  const { account, password } = config().admin;
  const res = await stack.request('POST', '/api/admin/login', { body: { account, password } });
  t.is(res.status, 200);
  t.is(res.body.code, 200);
  t.is(res.body.result.admin.account, account);
  const token = res.body.result.token as string;
  t.is(typeof token, 'string');

  const board = await stack.request('GET', `${BASE}/api/queues`, { token });
  t.is(board.status, 200);
  t.is(board.body.queues.length, QUEUE_NAMES.length);

  const logged = await AdminOperationLog.findOne({ where: { adminId: res.body.result.admin.id, action: 'login' } });
  t.truthy(logged);
  t.is(logged?.module, 'admin');
  t.is(logged?.path, '/api/admin/login');
});
