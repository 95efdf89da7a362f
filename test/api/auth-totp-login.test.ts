import { createHash, createHmac, generateKeyPairSync, randomBytes, randomInt } from 'node:crypto';
import test from 'ava';
import jwt from 'jsonwebtoken';
import nock from 'nock';
import { generate, generateSecret } from 'otplib';
import { startTestStack, type ApiResponse, type TestStack } from '../helpers/stack';
import { waitFor } from '../helpers/wait';

/**
 * Authenticator codes at every player login (docs/decisions/auth.md, "Authenticator codes at every login"):
 * password, OAuth and widget logins of a player with TOTP enabled answer 2020 without `totpCode`, 2021
 * for a wrong or replayed code, 2022 once locked out; disabling needs a code.
 */
type Factories = typeof import('../helpers/factories');
type Models = typeof import('../../shared/db/models');
type TotpCodes = typeof import('../../shared/domain/auth');

const PROVIDER = 'https://oauth-totp.test';
const CLIENT_ID = 'client-totp.apps.oauth.test';
const BOT_TOKEN = '5559876:widget-totp-bot-secret';
const KID = 'totp-key-1';
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });

let stack: TestStack;
let factories: Factories;
let models: Models;
let totpCodes: TotpCodes;

test.before(async () => {
  stack = await startTestStack({
    OAUTH_CLIENT_ID: CLIENT_ID,
    OAUTH_CLIENT_SECRET: 'client-secret-totp',
    OAUTH_AUTH_URL: `${PROVIDER}/authorize`,
    OAUTH_TOKEN_URL: `${PROVIDER}/token`,
    OAUTH_JWKS_URL: `${PROVIDER}/jwks`,
    OAUTH_ISSUER: PROVIDER,
    WIDGET_BOT_TOKEN: BOT_TOKEN,
    THIRD_PARTY_LOGIN_RATE_LIMIT: '1000',
    RATE_LIMIT_LOGIN_PER_IP: '1000',
    RATE_LIMIT_LOGIN_PER_ACCOUNT: '1000',
    VERIFY_CHECK_LIMIT_PER_USER: '1000',
  });
  factories = await import('../helpers/factories');
  models = await import('../../shared/db/models');
  totpCodes = await import('../../shared/domain/auth');
  const jwk = { ...publicKey.export({ format: 'jwk' }), kid: KID, alg: 'RS256', use: 'sig' };
  nock(PROVIDER)
    .persist()
    .get('/jwks')
    .reply(200, { keys: [jwk] });
});

test.after.always(async () => {
  await waitFor('outbox pushes', async () => (await models?.OutboxMessage.count({ where: { sentAt: null } })) === 0, 5000).catch(() => undefined);
  nock.cleanAll();
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

/** A player with TOTP enabled on a fresh secret; `code(offset)` is the code `offset` seconds from now. */
async function totpPlayer(fields: Record<string, unknown> = {}) {
  const { user, password, token } = await factories.createUser();
  const secret = generateSecret();
  await user.update({ totpAuthSecret: secret, totpAuthEnabled: 1, ...fields });
  const now = await awayFromStepBoundary();
  return { user, password, token, code: (offset = 0) => generate({ secret, epoch: now + offset }) };
}

/** A 6-digit code that is none of the valid ones. */
async function wrongCode(valid: (offset?: number) => Promise<string>): Promise<string> {
  const near = [await valid(-30), await valid(0), await valid(30)];
  for (;;) {
    const candidate = String(randomInt(0, 1_000_000)).padStart(6, '0');
    if (!near.includes(candidate)) return candidate;
  }
}

function isBiz(t: { is: (a: unknown, b: unknown, m?: string) => void }, res: ApiResponse, code: number, path: string) {
  t.is(res.status, 200, res.text);
  t.is(res.body.code, code, res.text);
  t.is(res.body.data ?? null, null, res.text);
  t.is(res.body.result, undefined, res.text);
  t.is(res.body.path, `/api/auth/${path}`);
}

const passwordLogin = (account: string, password: string, totpCode?: string) =>
  stack.request('POST', '/api/auth/login', { body: { account, password, totpCode } });

// ------------------------------------------------------------------------------------------------
// Password login

test('password login: 2020 without a code, 2021 for a wrong one (LOGIN_FAIL row), a token for the right one, 2021 when it is replayed', async (t) => {
  const { user, password, code } = await totpPlayer();
  const versionBefore = user.tokenVersion;

  const none = await stack.request('POST', '/api/auth/login', { body: { account: user.account, password }, headers: { locales: 'en-US' } });
  isBiz(t, none, 2020, 'login');
  t.is(none.body.message, 'Enter the 6-digit code from your authenticator app');

  isBiz(t, await passwordLogin(user.account, password, await wrongCode(code)), 2021, 'login');
  const fails = await models.UserLoginLog.findAll({ where: { userId: user.id, action: 'LOGIN_FAIL' } });
  t.deepEqual(
    fails.map((r) => r.remark),
    ['WRONG_TOTP'],
  );

  const right = await code();
  const ok = await passwordLogin(user.account, password, right);
  t.is(ok.body.code, 200, ok.text);
  t.truthy(ok.body.result.token);
  await user.reload();
  t.is(user.tokenVersion, versionBefore + 1);
  t.is(user.totpFailures, 0);

  isBiz(t, await passwordLogin(user.account, password, right), 2021, 'login');
  await user.reload();
  t.is(user.tokenVersion, versionBefore + 1);
  // The next step's code is still good once.
  const next = await passwordLogin(user.account, password, await code(30));
  t.is(next.body.code, 200, next.text);
  // An older step than the last accepted one is refused.
  isBiz(t, await passwordLogin(user.account, password, await code(-30)), 2021, 'login');
});

test('password login: a wrong password answers 2001 whatever the code; a player without TOTP ignores totpCode; a malformed code is a 400', async (t) => {
  const { user, password, code } = await totpPlayer();
  isBiz(t, await passwordLogin(user.account, `${password}x`, await code()), 2001, 'login');
  await user.reload();
  t.is(user.totpLastStep, null);

  const plain = await factories.createUser();
  const ok = await passwordLogin(plain.user.account, plain.password, '123456');
  t.is(ok.body.code, 200, ok.text);

  for (const totpCode of ['12345', 'abcdef', 123456]) {
    const res = await stack.request('POST', '/api/auth/login', { body: { account: user.account, password, totpCode } });
    t.is(res.status, 400, JSON.stringify(totpCode));
    t.is(res.body.errors[0].field, 'totpCode');
  }
});

test('the same code sent by two logins at once is accepted once', async (t) => {
  const { user, password, code } = await totpPlayer();
  const right = await code();
  const answers = await Promise.all([1, 2, 3, 4].map(() => passwordLogin(user.account, password, right)));
  t.deepEqual(answers.map((a) => a.body.code).sort(), [200, 2021, 2021, 2021]);
});

// ------------------------------------------------------------------------------------------------
// Lock-out

test('lock-out: after 5 wrong codes in a row even the right code is 2022, on every login path, until the lock ends', async (t) => {
  const widgetId = randomInt(1_000_000, 2_000_000_000);
  const { user, password, code } = await totpPlayer({ widget: String(widgetId) });
  for (let i = 0; i < totpCodes.TOTP_MAX_WRONG_CODES; i += 1) isBiz(t, await passwordLogin(user.account, password, await wrongCode(code)), 2021, 'login');
  isBiz(t, await passwordLogin(user.account, password, await code()), 2022, 'login');
  isBiz(t, await loginWidget({ ...widgetFields(widgetId), totpCode: await code() }), 2022, 'login-widget');
  // Locked attempts are not counted, and no code was spent.
  await user.reload();
  t.is(user.totpFailures, totpCodes.TOTP_MAX_WRONG_CODES);
  t.is(user.totpLastStep, null);
  t.is(await models.UserLoginLog.count({ where: { userId: user.id, action: 'LOGIN_FAIL' } }), totpCodes.TOTP_MAX_WRONG_CODES);

  // The lock ends TOTP_LOCK_S after the last wrong code.
  await user.update({ totpFailedAt: new Date(Date.now() - totpCodes.TOTP_LOCK_S * 1000 - 1000) });
  const ok = await passwordLogin(user.account, password, await code());
  t.is(ok.body.code, 200, ok.text);
  await user.reload();
  t.is(user.totpFailures, 0);
});

test('lock-out: wrong codes spread further apart than the lock time do not add up; a right code resets the count', async (t) => {
  const { user, password, code } = await totpPlayer();
  for (let i = 0; i < 4; i += 1) isBiz(t, await passwordLogin(user.account, password, await wrongCode(code)), 2021, 'login');
  await user.update({ totpFailedAt: new Date(Date.now() - totpCodes.TOTP_LOCK_S * 1000 - 1000) });
  isBiz(t, await passwordLogin(user.account, password, await wrongCode(code)), 2021, 'login');
  await user.reload();
  t.is(user.totpFailures, 1);
  for (let i = 0; i < 3; i += 1) isBiz(t, await passwordLogin(user.account, password, await wrongCode(code)), 2021, 'login');
  t.is((await passwordLogin(user.account, password, await code())).body.code, 200);
  await user.reload();
  t.is(user.totpFailures, 0);
});

// ------------------------------------------------------------------------------------------------
// OAuth login

function idToken(sub: string): string {
  return jwt.sign({ iss: PROVIDER, aud: CLIENT_ID, sub, email: `${sub}@mail.test`, email_verified: true, name: `Player ${sub}` }, privateKey, {
    algorithm: 'RS256',
    keyid: KID,
    expiresIn: 300,
  });
}

/** A fresh state and authorization code whose exchange (once) names `sub`; `exchanges` counts the exchanges. */
async function oauthCallback(sub: string): Promise<{ code: string; state: string; exchanges: unknown[] }> {
  const config = await stack.request('GET', '/api/auth/login-config');
  const state = new URL(config.body.result.oauth).searchParams.get('state') as string;
  const code = `code-${randomBytes(6).toString('hex')}`;
  const exchanges: unknown[] = [];
  nock(PROVIDER)
    .post('/token', (body: Record<string, string>) => body.code === code && exchanges.push(body) > 0)
    .reply(200, { access_token: 'at', token_type: 'Bearer', id_token: idToken(sub) });
  return { code, state, exchanges };
}

const loginOAuth = (body: Record<string, unknown>) => stack.request('POST', '/api/auth/login-oauth', { body });

test('OAuth login: 2020 without a code; the same code and state posted again with a wrong code (2021), then the right one, log in without a second exchange; replay 2021', async (t) => {
  const sub = `totp${randomBytes(5).toString('hex')}`;
  const { user, code } = await totpPlayer({ oauth: sub });
  const first = await oauthCallback(sub);

  isBiz(t, await loginOAuth({ code: first.code, state: first.state }), 2020, 'login-oauth');
  t.is(first.exchanges.length, 1);
  isBiz(t, await loginOAuth({ code: first.code, state: first.state, totpCode: await wrongCode(code) }), 2021, 'login-oauth');
  const right = await code();
  const ok = await loginOAuth({ code: first.code, state: first.state, totpCode: right });
  t.is(ok.body.code, 200, ok.text);
  t.is(ok.body.result.user.id, user.id);
  t.false(ok.body.result.isNewUser);
  t.is(first.exchanges.length, 1);

  // Replayed: with a new provider code, the same authenticator code is refused.
  const second = await oauthCallback(sub);
  isBiz(t, await loginOAuth({ code: second.code, state: second.state, totpCode: right }), 2021, 'login-oauth');
  // After a login, the kept identity is gone: the spent provider code cannot be used again.
  const again = await loginOAuth({ code: first.code, state: first.state, totpCode: await code(30) });
  isBiz(t, again, 2007, 'login-oauth');
  t.is(await models.UserLoginLog.count({ where: { userId: user.id, action: 'LOGIN_FAIL', remark: 'WRONG_TOTP' } }), 2);
});

test('OAuth login: a player found by its verified e-mail needs the code too, and is not bound before it passes', async (t) => {
  const sub = `mail${randomBytes(5).toString('hex')}`;
  const { user, code } = await totpPlayer({ email: `${sub}@mail.test` });
  const callback = await oauthCallback(sub);
  isBiz(t, await loginOAuth({ code: callback.code, state: callback.state }), 2020, 'login-oauth');
  await user.reload();
  t.is(user.oauth, null);
  const ok = await loginOAuth({ code: callback.code, state: callback.state, totpCode: await code() });
  t.is(ok.body.code, 200, ok.text);
  t.is(ok.body.result.user.id, user.id);
  await user.reload();
  t.is(user.oauth, sub);
});

// ------------------------------------------------------------------------------------------------
// Widget login

function widgetFields(id: number): Record<string, string | number> {
  const fields: Record<string, string | number> = { id, first_name: 'Ada', username: `ada${id}`, auth_date: Math.floor(Date.now() / 1000) };
  const checkString = Object.keys(fields)
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('\n');
  const key = createHash('sha256').update(BOT_TOKEN).digest();
  return { ...fields, hash: createHmac('sha256', key).update(checkString).digest('hex') };
}

const loginWidget = (body: Record<string, unknown>) => stack.request('POST', '/api/auth/login-widget', { body });

test('widget login: 2020 without a code, 2021 wrong, a token for the right one (totpCode is not signed), 2021 replayed', async (t) => {
  const widgetId = randomInt(1_000_000, 2_000_000_000);
  const { user, code } = await totpPlayer({ widget: String(widgetId) });
  const fields = widgetFields(widgetId);
  isBiz(t, await loginWidget(fields), 2020, 'login-widget');
  isBiz(t, await loginWidget({ ...fields, totpCode: await wrongCode(code) }), 2021, 'login-widget');
  const right = await code();
  const ok = await loginWidget({ ...fields, totpCode: right });
  t.is(ok.body.code, 200, ok.text);
  t.is(ok.body.result.user.id, user.id);
  isBiz(t, await loginWidget({ ...widgetFields(widgetId), totpCode: right }), 2021, 'login-widget');
  // A new widget user (no TOTP) is created as before.
  const fresh = await loginWidget(widgetFields(randomInt(1_000_000, 2_000_000_000)));
  t.is(fresh.body.code, 200, fresh.text);
  t.true(fresh.body.result.isNewUser);
});

// ------------------------------------------------------------------------------------------------
// Disabling

const post = (path: string, token: string, body?: unknown) => stack.request('POST', `/api/auth/${path}`, { token, body });

test('disable-totp-auth needs a current code: 2001 not enabled, 2002 wrong, 400 without; then login needs no code', async (t) => {
  const { user, password, token, code } = await totpPlayer();
  const missing = await post('disable-totp-auth', token, {});
  t.is(missing.status, 400);
  t.is(missing.body.errors[0].field, 'code');
  isBiz(t, await post('disable-totp-auth', token, { code: await wrongCode(code) }), 2002, 'disable-totp-auth');
  await user.reload();
  t.is(user.totpAuthEnabled, 1);

  const right = await code();
  const off = await post('disable-totp-auth', token, { code: right });
  t.is(off.body.code, 200, off.text);
  t.deepEqual(off.body.result, { affected: 1 });
  await user.reload();
  t.is(user.totpAuthEnabled, 0);
  t.is(user.totpAuthSecret, null);
  isBiz(t, await post('disable-totp-auth', token, { code: right }), 2001, 'disable-totp-auth');

  const login = await passwordLogin(user.account, password);
  t.is(login.body.code, 200, login.text);
});

test('enable-totp-auth spends its code: the enabling code cannot log in', async (t) => {
  const { user, password, token } = await factories.createUser();
  const { secret } = (await post('generate-totp-auth', token)).body.result;
  const now = await awayFromStepBoundary();
  const current = await generate({ secret, epoch: now });
  t.is((await post('enable-totp-auth', token, { code: current })).body.code, 200);
  isBiz(t, await passwordLogin(user.account, password, current), 2021, 'login');
  t.is((await passwordLogin(user.account, password, await generate({ secret, epoch: now + 30 }))).body.code, 200);
});
