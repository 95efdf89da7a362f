import { randomInt } from 'node:crypto';
import test from 'ava';
import { generate } from 'otplib';
import { startTestStack, type ApiResponse, type TestStack } from '../helpers/stack';

/**
 * Administrators' authenticators (docs/decisions/auth.md, "Authenticator codes at every login"): set up,
 * enabled and disabled by the administrator with a code; POST /admin/login and Bull Board's form then
 * need the code (2020 without, 2021 wrong or replayed, 2022 locked out); a group that requires one
 * refuses its members without one (2023) until they set it up at login.
 */
type Factories = typeof import('../helpers/factories');
type Models = typeof import('../../shared/db/models');
type TotpCodes = typeof import('../../shared/domain/auth');

let stack: TestStack;
let factories: Factories;
let models: Models;
let totpCodes: TotpCodes;
let root: { token: string };

test.before(async () => {
  stack = await startTestStack({ RATE_LIMIT_ADMIN_LOGIN_PER_IP: '1000', RATE_LIMIT_ADMIN_LOGIN_PER_ACCOUNT: '1000' });
  factories = await import('../helpers/factories');
  models = await import('../../shared/db/models');
  totpCodes = await import('../../shared/domain/auth');
  root = await factories.createAdmin();
});

test.after.always(async () => {
  await stack?.close();
});

/** Waits while the clock is within 3 s of a 30-second boundary, so a test's step does not roll over. */
async function awayFromStepBoundary(): Promise<number> {
  for (;;) {
    const now = Date.now() / 1000;
    const into = now % 30;
    if (into > 2 && into < 27) return Math.floor(now);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Codes of `secret` relative to one instant: code(-30) the previous step's, code(30) the next one's. */
async function codesOf(secret: string) {
  const now = await awayFromStepBoundary();
  const code = (offset = 0) => generate({ secret, epoch: now + offset });
  const near = [await code(-30), await code(0), await code(30)];
  const wrong = () => {
    for (;;) {
      const candidate = String(randomInt(0, 1_000_000)).padStart(6, '0');
      if (!near.includes(candidate)) return candidate;
    }
  };
  return { code, wrong };
}

function isBiz(t: { is: (a: unknown, b: unknown, m?: string) => void }, res: ApiResponse, code: number, path: string) {
  t.is(res.status, 200, res.text);
  t.is(res.body.code, code, res.text);
  t.is(res.body.data, null, res.text);
  t.is(res.body.path, path);
}

const post = (path: string, token: string | undefined, body?: unknown) => stack.request('POST', `/api/admin/${path}`, { token, body });
const login = (account: string, password: string, totpCode?: string) => post('login', undefined, { account, password, totpCode });

/** An administrator that enabled its authenticator with the previous step's code (so current and next are free). */
async function totpAdmin(options: { permissions?: string[] } = {}) {
  const created = await factories.createAdmin({ permissions: options.permissions ?? ['queues:read'] });
  const generated = await post('generate-totp-auth', created.token);
  if (generated.body.code !== 200) throw new Error(generated.text);
  const codes = await codesOf(generated.body.result.secret);
  const enabled = await post('enable-totp-auth', created.token, { code: await codes.code(-30) });
  if (enabled.body.code !== 200) throw new Error(enabled.text);
  return { ...created, ...codes, secret: generated.body.result.secret as string };
}

test('an administrator enables its authenticator; login then answers 2020 without a code, 2021 wrong (logged), a token for the right one, 2021 replayed', async (t) => {
  const { admin, password, token } = await factories.createAdmin();
  isBiz(t, await post('enable-totp-auth', token, { code: '123456' }), 2001, '/api/admin/enable-totp-auth');
  const generated = await post('generate-totp-auth', token);
  t.is(generated.body.code, 200, generated.text);
  t.regex(generated.body.result.secret, /^[A-Z2-7]{32}$/);
  t.regex(generated.body.result.qrCode, /^data:image\/png;base64,/);
  const { code, wrong } = await codesOf(generated.body.result.secret);
  // Not enabled yet: the password alone logs in.
  t.is((await login(admin.account, password)).body.code, 200);

  isBiz(t, await post('enable-totp-auth', token, { code: wrong() }), 2002, '/api/admin/enable-totp-auth');
  const enabled = await post('enable-totp-auth', token, { code: await code(-30) });
  t.is(enabled.body.code, 200, enabled.text);
  t.deepEqual(enabled.body.result, { affected: 1 });
  isBiz(t, await post('generate-totp-auth', token), 2001, '/api/admin/generate-totp-auth');

  const none = await login(admin.account, password);
  isBiz(t, none, 2020, '/api/admin/login');
  t.is(none.body.result, undefined);
  isBiz(t, await login(admin.account, password, wrong()), 2021, '/api/admin/login');
  const right = await code();
  const ok = await login(admin.account, password, right);
  t.is(ok.body.code, 200, ok.text);
  t.truthy(ok.body.result.token);
  t.is(ok.body.result.admin.id, admin.id);
  isBiz(t, await login(admin.account, password, right), 2021, '/api/admin/login');
  // The enabling code was spent too.
  isBiz(t, await login(admin.account, password, await code(-30)), 2021, '/api/admin/login');
  isBiz(t, await login(admin.account, `${password}x`, await code(30)), 2001, '/api/admin/login');

  const failures = await models.AdminOperationLog.findAll({ where: { action: 'login-failed', targetId: String(admin.id) } });
  t.deepEqual(
    failures.map((row) => (row.detail as { reason: string }).reason).sort(),
    ['wrong authenticator code', 'wrong authenticator code', 'wrong authenticator code', 'wrong password'].sort(),
  );
  const switches = await models.AdminOperationLog.findAll({ where: { adminId: admin.id, action: ['totp-setup', 'totp-enable'] }, order: [['id', 'ASC']] });
  t.deepEqual(
    switches.map((row) => row.action),
    ['totp-setup', 'totp-enable'],
  );
});

test('disabling needs a current code: 400 without, 2002 wrong, 2001 when not enabled; then the password alone logs in', async (t) => {
  const { admin, password, token, code, wrong } = await totpAdmin();
  const missing = await post('disable-totp-auth', token, {});
  t.is(missing.status, 400);
  t.is(missing.body.errors[0].field, 'code');
  isBiz(t, await post('disable-totp-auth', token, { code: wrong() }), 2002, '/api/admin/disable-totp-auth');
  // The enabling code (previous step) was spent.
  isBiz(t, await post('disable-totp-auth', token, { code: await code(-30) }), 2002, '/api/admin/disable-totp-auth');
  const off = await post('disable-totp-auth', token, { code: await code() });
  t.is(off.body.code, 200, off.text);
  await admin.reload();
  t.is(admin.totpAuthEnabled, 0);
  t.is(admin.totpAuthSecret, null);
  isBiz(t, await post('disable-totp-auth', token, { code: await code(30) }), 2001, '/api/admin/disable-totp-auth');
  t.is((await login(admin.account, password)).body.code, 200);
});

test('lock-out: after 5 wrong codes even the right code is 2022, on the board too, until the lock ends', async (t) => {
  const { admin, password, code, wrong } = await totpAdmin();
  await admin.reload();
  const enablingStep = admin.totpLastStep;
  for (let i = 0; i < totpCodes.TOTP_MAX_WRONG_CODES; i += 1) isBiz(t, await login(admin.account, password, wrong()), 2021, '/api/admin/login');
  isBiz(t, await login(admin.account, password, await code()), 2022, '/api/admin/login');
  const board = await stack.request('POST', '/api/admin/queues/login', { body: { account: admin.account, password, totpCode: await code() } });
  isBiz(t, board, 2022, '/api/admin/queues/login');
  await admin.reload();
  // No code was spent while locked.
  t.is(admin.totpLastStep, enablingStep);
  t.is(admin.totpFailures, totpCodes.TOTP_MAX_WRONG_CODES);
  await admin.update({ totpFailedAt: new Date(Date.now() - totpCodes.TOTP_LOCK_S * 1000 - 1000) });
  t.is((await login(admin.account, password, await code())).body.code, 200);
});

const form = (fields: Record<string, string>) => ({
  rawBody: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

test("Bull Board's login form asks for the code: without or wrong it comes back to the form; with it, the session cookie", async (t) => {
  const { admin, password, code, wrong } = await totpAdmin();
  const page = await stack.request('GET', '/api/admin/queues/login');
  t.regex(page.text, /name="totpCode"/);

  const attempts: Array<Record<string, string>> = [
    { account: admin.account, password },
    { account: admin.account, password, totpCode: '' },
    { account: admin.account, password, totpCode: wrong() },
  ];
  for (const fields of attempts) {
    const back = await stack.request('POST', '/api/admin/queues/login', form(fields));
    t.is(back.status, 303);
    t.is(back.headers.get('location'), '/api/admin/queues/login?error=1');
    t.is(back.headers.get('set-cookie'), null);
  }
  const json = await stack.request('POST', '/api/admin/queues/login', { body: { account: admin.account, password } });
  isBiz(t, json, 2020, '/api/admin/queues/login');

  const right = await stack.request('POST', '/api/admin/queues/login', form({ account: admin.account, password, totpCode: await code() }));
  t.is(right.status, 303);
  t.is(right.headers.get('location'), '/api/admin/queues');
  t.regex(right.headers.get('set-cookie') ?? '', /^admin_queues_session=/);
  const malformed = await stack.request('POST', '/api/admin/queues/login', form({ account: admin.account, password, totpCode: '12ab' }));
  t.is(malformed.status, 400);
});

test('a group that requires an authenticator: its member without one gets 2023, sets one up at login and logs in with its code; it cannot disable it', async (t) => {
  const member = await factories.createAdmin({ permissions: ['queues:read'] });
  const groupPath = `/api/admin/groups/${member.admin.groupId}/require-totp`;
  t.deepEqual((await stack.request('GET', groupPath, { token: root.token })).body.result.requireTotp, 0);
  const set = await stack.request('PATCH', groupPath, { token: root.token, body: { requireTotp: 1 } });
  t.is(set.body.code, 200, set.text);
  t.deepEqual(set.body.result, { id: member.admin.groupId, name: set.body.result.name, requireTotp: 1 });
  t.is((await stack.request('GET', groupPath, { token: root.token })).body.result.requireTotp, 1);
  const bad = await stack.request('PATCH', groupPath, { token: root.token, body: { requireTotp: 2 } });
  t.is(bad.status, 400);
  isBiz(
    t,
    await stack.request('PATCH', '/api/admin/groups/999999999/require-totp', { token: root.token, body: { requireTotp: 1 } }),
    2001,
    '/api/admin/groups/999999999/require-totp',
  );

  const { account } = member.admin;
  isBiz(t, await login(account, member.password), 2023, '/api/admin/login');
  isBiz(t, await login(account, member.password, '123456'), 2023, '/api/admin/login');
  isBiz(t, await stack.request('POST', '/api/admin/queues/login', { body: { account, password: member.password } }), 2023, '/api/admin/queues/login');
  // A token issued before the requirement keeps working until it ends.
  t.is((await stack.request('GET', '/api/admin/profile', { token: member.token })).body.code, 200);

  isBiz(t, await post('login-totp-setup', undefined, { account, password: `${member.password}x` }), 2001, '/api/admin/login-totp-setup');
  const setup = await post('login-totp-setup', undefined, { account, password: member.password });
  t.is(setup.body.code, 200, setup.text);
  const { code, wrong } = await codesOf(setup.body.result.secret);
  isBiz(t, await login(account, member.password), 2023, '/api/admin/login');
  isBiz(t, await login(account, member.password, wrong()), 2021, '/api/admin/login');
  const ok = await login(account, member.password, await code());
  t.is(ok.body.code, 200, ok.text);
  await member.admin.reload();
  t.is(member.admin.totpAuthEnabled, 1);

  // Now it is an ordinary authenticator: the code is needed, set-up at login is refused, disabling too.
  isBiz(t, await login(account, member.password), 2020, '/api/admin/login');
  isBiz(t, await post('login-totp-setup', undefined, { account, password: member.password }), 2003, '/api/admin/login-totp-setup');
  isBiz(t, await post('disable-totp-auth', ok.body.result.token, { code: await code(30) }), 2004, '/api/admin/disable-totp-auth');

  // Outside such a group, there is nothing to set up at login.
  const other = await factories.createAdmin({ permissions: ['queues:read'] });
  isBiz(t, await post('login-totp-setup', undefined, { account: other.admin.account, password: other.password }), 2003, '/api/admin/login-totp-setup');

  const logged = await models.AdminOperationLog.findAll({ where: { adminId: member.admin.id, action: ['totp-setup', 'totp-enable'] }, order: [['id', 'ASC']] });
  t.deepEqual(
    logged.map((row) => row.action),
    ['totp-setup', 'totp-enable'],
  );
});

test("the group setting needs admin-group:write and the group's permissions", async (t) => {
  const member = await factories.createAdmin({ permissions: ['deposit:read'] });
  const reader = await factories.createAdmin({ permissions: ['admin-group:read'] });
  const path = `/api/admin/groups/${member.admin.groupId}/require-totp`;
  t.is((await stack.request('GET', path, { token: reader.token })).body.code, 200);
  t.is((await stack.request('PATCH', path, { token: reader.token, body: { requireTotp: 1 } })).status, 403);
  const writer = await factories.createAdmin({ permissions: ['admin-group:read', 'admin-group:write'] });
  t.is((await stack.request('PATCH', path, { token: writer.token, body: { requireTotp: 1 } })).status, 403);
  const group = await models.AdminGroup.findByPk(member.admin.groupId);
  t.is(group?.requireTotp, 0);
});
