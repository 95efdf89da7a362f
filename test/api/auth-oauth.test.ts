import { createHash, createHmac, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import test from 'ava';
import jwt from 'jsonwebtoken';
import nock from 'nock';
import { startTestStack, type TestStack } from '../helpers/stack';
import { waitFor } from '../helpers/wait';

/**
 * OAuth 2.0 login with PKCE (login-config, login-oauth, bind-oauth, unbind-oauth and their codes). The
 * provider (token endpoint and JWKS) is intercepted with nock; every token-endpoint interceptor matches
 * its own authorization code, so the tests run concurrently.
 */
type Factories = typeof import('../helpers/factories');
type Models = typeof import('../../shared/db/models');
type AuthTokens = typeof import('../../shared/domain/auth');

const PROVIDER = 'https://oauth.test';
const CLIENT_ID = 'client-123.apps.oauth.test';
const CLIENT_SECRET = 'client-secret-xyz';
const JWT_SECRET = 'oauth-test-player-jwt-secret-0123456789';
const PUBLIC_BASE_URL = 'https://play.example';
const KID = 'key-1';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const other = generateKeyPairSync('rsa', { modulusLength: 2048 });

let stack: TestStack;
let factories: Factories;
let models: Models;
let tokens: AuthTokens;

test.before(async () => {
  stack = await startTestStack({
    OAUTH_CLIENT_ID: CLIENT_ID,
    OAUTH_CLIENT_SECRET: CLIENT_SECRET,
    OAUTH_AUTH_URL: `${PROVIDER}/authorize`,
    OAUTH_TOKEN_URL: `${PROVIDER}/token`,
    OAUTH_JWKS_URL: `${PROVIDER}/jwks`,
    OAUTH_ISSUER: PROVIDER,
    WIDGET_BOT_TOKEN: '7654321:widget-bot-secret',
    WIDGET_BOT_USERNAME: 'test_login_bot',
    JWT_SECRET,
    PUBLIC_BASE_URL,
    THIRD_PARTY_LOGIN_RATE_LIMIT: '1000',
  });
  factories = await import('../helpers/factories');
  models = await import('../../shared/db/models');
  tokens = await import('../../shared/domain/auth');
  const jwk = { ...publicKey.export({ format: 'jwk' }), kid: KID, alg: 'RS256', use: 'sig' };
  nock(PROVIDER)
    .persist()
    .get('/jwks')
    .reply(200, { keys: [jwk] });
});

test.after.always(async () => {
  // New players queue a welcome mail after commit (fire and forget); let those pushes finish first, or a
  // push still running while the stack closes opens a fresh Redis connection and the process never exits.
  await waitFor('outbox pushes', async () => (await models?.OutboxMessage.count({ where: { sentAt: null } })) === 0, 5000).catch(() => undefined);
  nock.cleanAll();
  await stack?.close();
});

const b64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');
const uniqueId = () => randomBytes(6).toString('hex');

interface IssuedState {
  state: string;
  challenge: string;
  url: URL;
  payload: { v: number; n: string; cv: string; ra: string | null; iat: number };
}

async function loginConfig(query = ''): Promise<IssuedState> {
  const res = await stack.request('GET', `/api/auth/login-config${query}`);
  if (res.body?.code !== 200) throw new Error(`login-config failed: ${res.text}`);
  const url = new URL(res.body.result.oauth);
  const state = url.searchParams.get('state') as string;
  return {
    state,
    challenge: url.searchParams.get('code_challenge') as string,
    url,
    payload: JSON.parse(Buffer.from(state.split('.')[0], 'base64url').toString('utf8')),
  };
}

/** A state signed the documented way (payload + HMAC-SHA256 with the JWT secret). */
function signedState(payload: unknown, raw?: string): string {
  const encoded = b64url(raw ?? JSON.stringify(payload));
  return `${encoded}.${createHmac('sha256', JWT_SECRET).update(encoded).digest('base64url')}`;
}

interface IdTokenOptions {
  key?: KeyObject;
  kid?: string;
  expiresIn?: number;
}

function idToken(claims: Record<string, unknown>, options: IdTokenOptions = {}): string {
  const payload = { iss: PROVIDER, aud: CLIENT_ID, ...claims };
  const sign: jwt.SignOptions = { algorithm: 'RS256', keyid: options.kid ?? KID };
  if (!('exp' in claims)) sign.expiresIn = options.expiresIn ?? 300;
  return jwt.sign(payload, options.key ?? privateKey, sign);
}

const profile = (sub: string, extra: Record<string, unknown> = {}) => ({
  sub,
  email: `${sub}@mail.test`,
  email_verified: true,
  name: `Player ${sub}`,
  picture: `https://cdn.oauth.test/${sub}.png`,
  ...extra,
});

/** The token endpoint answering for one code; the posted form lands in `posted`. */
function tokenEndpoint(code: string, reply: { status?: number; body?: unknown } | { error: string }) {
  const posted: Record<string, string>[] = [];
  const scope = nock(PROVIDER).post('/token', (body: Record<string, string>) => {
    if (body.code !== code) return false;
    posted.push(body);
    return true;
  });
  if ('error' in reply) scope.replyWithError(reply.error);
  else scope.reply(reply.status ?? 200, reply.body as nock.Body);
  return posted;
}

async function loginOAuth(claims: Record<string, unknown>, options: { headers?: Record<string, string>; refCode?: string; idToken?: string } = {}) {
  const { state } = await loginConfig();
  const code = `code-${uniqueId()}`;
  tokenEndpoint(code, { body: { access_token: 'at', token_type: 'Bearer', expires_in: 3600, id_token: options.idToken ?? idToken(claims) } });
  return stack.request('POST', '/api/auth/login-oauth', { body: { code, state, refCode: options.refCode }, headers: options.headers });
}

// ----------------------------------------------------------------------------------------------
// login-config

test('login-config returns the authorization URL with every parameter and the widget settings', async (t) => {
  const res = await stack.request('GET', '/api/auth/login-config');
  t.is(res.status, 200);
  t.is(res.body.code, 200);
  t.deepEqual(res.body.result.widget, { botUsername: 'test_login_bot', botId: '7654321' });
  const url = new URL(res.body.result.oauth);
  t.is(`${url.origin}${url.pathname}`, `${PROVIDER}/authorize`);
  const params = Object.fromEntries(url.searchParams);
  t.deepEqual(Object.keys(params).sort(), [
    'access_type',
    'client_id',
    'code_challenge',
    'code_challenge_method',
    'prompt',
    'redirect_uri',
    'response_type',
    'scope',
    'state',
  ]);
  t.is(params.client_id, CLIENT_ID);
  t.is(params.redirect_uri, `${PUBLIC_BASE_URL}/redirect/oauth`);
  t.is(params.response_type, 'code');
  t.is(params.scope, 'openid email profile');
  t.is(params.code_challenge_method, 'S256');
  t.is(params.access_type, 'offline');
  t.is(params.prompt, 'consent');

  const [payload, signature] = params.state.split('.');
  t.is(createHmac('sha256', JWT_SECRET).update(payload).digest('base64url'), signature);
  const state = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  t.is(state.v, 1);
  t.true(typeof state.n === 'string' && state.n.length > 0);
  t.is(state.ra, null);
  t.true(Math.abs(state.iat - Date.now() / 1000) < 10);
  t.is(Buffer.from(state.cv, 'base64url').length, 64);
  t.is(params.code_challenge, createHash('sha256').update(state.cv).digest('base64url'));

  const again = await loginConfig();
  t.not(again.payload.cv, state.cv);
  t.not(again.payload.n, state.n);
});

test('login-config carries redirectAfter in the state and refuses other hosts', async (t) => {
  const issued = await loginConfig('?redirectAfter=%2Fwallet%3Ftab%3Ddeposit');
  t.is(issued.payload.ra, '/wallet?tab=deposit');
  for (const bad of ['https://evil.test/', '//evil.test/x', '/\\evil.test', 'wallet']) {
    const res = await stack.request('GET', `/api/auth/login-config?redirectAfter=${encodeURIComponent(bad)}`);
    t.is(res.status, 400, bad);
    t.is(res.body.code, 400);
    t.is(res.body.errors[0].field, 'redirectAfter');
  }
});

// ----------------------------------------------------------------------------------------------
// login-oauth: the whole flow

test('first login creates the player, a second login keeps it and ends the earlier token', async (t) => {
  const sub = `10${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const { state, challenge } = await loginConfig();
  const code = `code-${uniqueId()}`;
  const posted = tokenEndpoint(code, { body: { access_token: 'at', id_token: idToken(profile(sub)) } });

  const first = await stack.request('POST', '/api/auth/login-oauth', { body: { code, state }, headers: { locales: 'en-US', 'user-agent': 'oauth-test/1' } });
  t.is(first.status, 200);
  t.is(first.body.code, 200, first.text);
  t.is(posted.length, 1);
  const form = posted[0];
  t.is(form.grant_type, 'authorization_code');
  t.is(form.code, code);
  t.is(form.client_id, CLIENT_ID);
  t.is(form.client_secret, CLIENT_SECRET);
  t.is(form.redirect_uri, `${PUBLIC_BASE_URL}/redirect/oauth`);
  t.is(createHash('sha256').update(form.code_verifier).digest('base64url'), challenge);

  const result = first.body.result;
  t.true(result.isNewUser);
  t.is(typeof result.token, 'string');
  t.is(result.user.account, `oauth_${sub}`);
  t.is(result.user.name, `Player ${sub}`);
  t.is(result.user.oauth, sub);
  t.is(result.user.email, `${sub}@mail.test`);
  t.is(result.user.locale, 'en-US');
  t.is(result.user.vipLevel, '1');
  t.is(result.user.siteCode, 'default');
  t.truthy(result.user.avatar);
  for (const secret of ['password', 'totpAuthSecret', 'emailVerifyCode', 'mobileVerifyCode', 'withdrawalVerifyCode']) {
    t.false(secret in result.user, secret);
  }
  // The same user object as the password login (tokenVersion is in the token's own payload anyway).
  t.is(result.user.tokenVersion, 1);
  t.is(result.user.balance, '0.000000');
  t.deepEqual(result.oauth, {
    sub,
    email: `${sub}@mail.test`,
    name: `Player ${sub}`,
    picture: `https://cdn.oauth.test/${sub}.png`,
    email_verified: true,
    iss: PROVIDER,
    aud: CLIENT_ID,
  });

  const stored = await models.User.findByPk(result.user.id);
  t.is(stored?.password, '');
  t.is(stored?.tokenVersion, 1);
  const firstClaims = await tokens.verifyPlayerToken(result.token);
  t.is(firstClaims?.sub, result.user.id);

  const second = await loginOAuth(profile(sub, { name: 'Renamed At Provider' }));
  t.is(second.body.code, 200, second.text);
  t.false(second.body.result.isNewUser);
  t.is(second.body.result.user.id, result.user.id);
  t.is(second.body.result.user.name, `Player ${sub}`);
  t.is(await tokens.verifyPlayerToken(result.token), null);
  t.is((await tokens.verifyPlayerToken(second.body.result.token))?.sub, result.user.id);

  const logs = await models.UserLoginLog.findAll({ where: { userId: result.user.id }, order: [['id', 'ASC']] });
  t.deepEqual(
    logs.map((l) => l.action),
    ['LOGOUT', 'LOGIN'],
  );
  t.is(logs[0].device, 'oauth-test/1');
});

test('an existing player with the verified provider e-mail is logged in and gets the oauth id', async (t) => {
  const { user } = await factories.createUser();
  const email = `known${uniqueId()}@mail.test`;
  await user.update({ email });
  const sub = `sub-${uniqueId()}`;
  const res = await loginOAuth(profile(sub, { email }));
  t.is(res.body.code, 200, res.text);
  t.false(res.body.result.isNewUser);
  t.is(res.body.result.user.id, user.id);
  t.is(res.body.result.user.oauth, sub);
  await user.reload();
  t.is(user.oauth, sub);
  t.is(user.tokenVersion, 1);
});

test('an unverified provider e-mail neither opens an existing account nor is stored', async (t) => {
  const { user } = await factories.createUser();
  const email = `victim${uniqueId()}@mail.test`;
  await user.update({ email });
  const sub = `sub-${uniqueId()}`;
  const res = await loginOAuth(profile(sub, { email, email_verified: false }));
  t.is(res.body.code, 200, res.text);
  t.true(res.body.result.isNewUser);
  t.not(res.body.result.user.id, user.id);
  t.is(res.body.result.user.email, null);
  t.false(res.body.result.oauth.email_verified);
  await user.reload();
  t.is(user.oauth, null);
});

test('a new player is bound to the agent of refCode; an unknown refCode is ignored', async (t) => {
  const { user: agent } = await factories.createUser();
  const agentCode = `AG${uniqueId()}`.slice(0, 20);
  await agent.update({ agentCode });
  const bound = await loginOAuth(profile(`sub-${uniqueId()}`), { refCode: agentCode });
  t.is(bound.body.code, 200, bound.text);
  t.true(bound.body.result.isNewUser);
  t.is(bound.body.result.user.level1AgentId, agent.id);

  const unknown = await loginOAuth(profile(`sub-${uniqueId()}`), { refCode: 'NO-SUCH-CODE' });
  t.is(unknown.body.code, 200, unknown.text);
  t.true(unknown.body.result.isNewUser);
  t.is(unknown.body.result.user.level1AgentId, null);
});

test('the site-name header chooses the site: the same subject is a separate player per site', async (t) => {
  const siteCode = await factories.createSite();
  const sub = `sub-${uniqueId()}`;
  const home = await loginOAuth(profile(sub, { email: undefined }));
  const away = await loginOAuth(profile(sub, { email: undefined }), { headers: { 'site-name': siteCode } });
  t.is(home.body.code, 200, home.text);
  t.is(away.body.code, 200, away.text);
  t.true(away.body.result.isNewUser);
  t.is(away.body.result.user.siteCode, siteCode);
  t.is(away.body.result.user.account, `oauth_${sub}`);
  t.not(away.body.result.user.id, home.body.result.user.id);
});

test('a squatted oauth_<sub> account name does not block the first login', async (t) => {
  const sub = `sub-${uniqueId()}`;
  await factories.createUser({ account: `oauth_${sub}` });
  const res = await loginOAuth(profile(sub));
  t.is(res.body.code, 200, res.text);
  t.true(res.body.result.isNewUser);
  t.regex(res.body.result.user.account, new RegExp(`^oauth_${sub}_[0-9a-f]{8}$`));
  t.is(res.body.result.user.oauth, sub);
});

test('a long subject is truncated in the account name and still finds its player again', async (t) => {
  const sub = `long-${'x'.repeat(60)}-${uniqueId()}`;
  const first = await loginOAuth(profile(sub, { email: undefined }));
  t.is(first.body.code, 200, first.text);
  t.is(first.body.result.user.account, `oauth_${sub}`.slice(0, 50));
  t.is(first.body.result.oauth.sub, sub);
  const second = await loginOAuth(profile(sub, { email: undefined }));
  t.false(second.body.result.isNewUser);
  t.is(second.body.result.user.id, first.body.result.user.id);
});

test('concurrent first logins of one subject make one player', async (t) => {
  const sub = `sub-${uniqueId()}`;
  const results = await Promise.all([loginOAuth(profile(sub)), loginOAuth(profile(sub)), loginOAuth(profile(sub))]);
  for (const res of results) t.is(res.body.code, 200, res.text);
  t.is(new Set(results.map((r) => r.body.result.user.id)).size, 1);
  t.is(results.filter((r) => r.body.result.isNewUser).length, 1);
  t.is(await models.User.count({ where: { oauth: sub } }), 1);
});

// ----------------------------------------------------------------------------------------------
// login-oauth: the state (2002-2006)

const validVerifier = () => randomBytes(64).toString('base64url');
const nowS = () => Math.floor(Date.now() / 1000);

async function postState(state: string, path = '/api/auth/login-oauth', token?: string) {
  return stack.request('POST', path, { body: { code: `code-${uniqueId()}`, state }, token, headers: { locales: 'en-US' } });
}

test('2002: a state that is not <payload>.<signature>', async (t) => {
  for (const state of ['garbage', 'a.b.c', 'a.', '.b', 'a b.c']) {
    const res = await postState(state);
    t.is(res.status, 200);
    t.is(res.body.code, 2002, state);
    t.is(res.body.path, '/api/auth/login-oauth');
  }
});

test('2003: a state whose signature does not match', async (t) => {
  const { state } = await loginConfig();
  const [payload, signature] = state.split('.');
  const flipped = `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
  t.is((await postState(`${payload}.${flipped}`)).body.code, 2003);
  const forged = b64url(JSON.stringify({ v: 1, n: 'x', cv: validVerifier(), ra: null, iat: nowS() }));
  t.is((await postState(`${forged}.${signature}`)).body.code, 2003);
  const otherSecret = `${forged}.${createHmac('sha256', 'not-the-secret').update(forged).digest('base64url')}`;
  t.is((await postState(otherSecret)).body.code, 2003);
});

test('2004: a signed state whose payload is not JSON', async (t) => {
  const res = await postState(signedState(null, 'this is not json'));
  t.is(res.body.code, 2004);
  t.is(res.body.message, 'Failed to decode login state');
  t.is((await postState(signedState(null, '"just a string"'))).body.code, 2004);
});

test('2005: a state older than 10 minutes', async (t) => {
  const old = signedState({ v: 1, n: 'n', cv: validVerifier(), ra: null, iat: nowS() - 601 });
  const res = await postState(old);
  t.is(res.body.code, 2005);
  const enums = await stack.request('GET', '/api/common/enums', { headers: { locales: 'en-US' } });
  t.is(res.body.message, enums.body.result.ERROR_CODES['/api/auth/login-oauth']['2005']);
  const recent = signedState({ v: 1, n: 'n', cv: validVerifier(), ra: null, iat: nowS() - 590 });
  t.not((await postState(recent)).body.code, 2005);
});

test('2006: a state without the code verifier', async (t) => {
  t.is((await postState(signedState({ v: 1, n: 'n', ra: null, iat: nowS() }))).body.code, 2006);
  t.is((await postState(signedState({ v: 1, n: 'n', cv: '', ra: null, iat: nowS() }))).body.code, 2006);
});

// ----------------------------------------------------------------------------------------------
// login-oauth: the provider (2007-2009)

async function withTokenReply(reply: Parameters<typeof tokenEndpoint>[1]) {
  const { state } = await loginConfig();
  const code = `code-${uniqueId()}`;
  const posted = tokenEndpoint(code, reply);
  const res = await stack.request('POST', '/api/auth/login-oauth', { body: { code, state } });
  return { res, posted };
}

test('2007: the token exchange fails (refused, unreachable, no id_token, not JSON)', async (t) => {
  const refused = await withTokenReply({ status: 400, body: { error: 'invalid_grant' } });
  t.is(refused.res.body.code, 2007);
  t.is(refused.posted.length, 1);
  t.is((await withTokenReply({ status: 500, body: 'oops' })).res.body.code, 2007);
  t.is((await withTokenReply({ error: 'connection reset' })).res.body.code, 2007);
  t.is((await withTokenReply({ body: { access_token: 'at' } })).res.body.code, 2007);
  t.is((await withTokenReply({ body: '<html>not json</html>' })).res.body.code, 2007);
});

test('2008: an id_token that fails verification', async (t) => {
  const sub = `sub-${uniqueId()}`;
  const cases: Record<string, string> = {
    'signed by another key': idToken(profile(sub), { key: other.privateKey }),
    'unknown key id': idToken(profile(sub), { kid: 'key-unknown' }),
    'wrong audience': idToken(profile(sub, { aud: 'someone-else' })),
    'wrong issuer': idToken(profile(sub, { iss: 'https://evil.test' })),
    expired: idToken(profile(sub, { exp: nowS() - 3600 })),
    'no expiry': jwt.sign({ iss: PROVIDER, aud: CLIENT_ID, ...profile(sub) }, privateKey, { algorithm: 'RS256', keyid: KID }),
    'HS256 with the client secret': jwt.sign({ iss: PROVIDER, aud: CLIENT_ID, ...profile(sub) }, CLIENT_SECRET, {
      algorithm: 'HS256',
      keyid: KID,
      expiresIn: 300,
    }),
    'not a JWT': 'not.a.jwt',
  };
  for (const [name, token] of Object.entries(cases)) {
    const { res } = await withTokenReply({ body: { id_token: token } });
    t.is(res.body.code, 2008, name);
  }
  t.is(await models.User.count({ where: { oauth: sub } }), 0);
});

test('2009: an id_token without sub', async (t) => {
  const { sub: _sub, ...claims } = profile('nobody');
  const { res } = await withTokenReply({ body: { id_token: idToken(claims) } });
  t.is(res.body.code, 2009);
});

// ----------------------------------------------------------------------------------------------
// input, rate limit

test('bad input is a 400 naming the field, never a 500', async (t) => {
  const missing = await stack.request('POST', '/api/auth/login-oauth', { body: {} });
  t.is(missing.status, 400);
  t.deepEqual(missing.body.errors.map((e: { field: string }) => e.field).sort(), ['code', 'state']);
  const wrongType = await stack.request('POST', '/api/auth/login-oauth', { body: { code: { $ne: 1 }, state: ['x'] } });
  t.is(wrongType.status, 400);
  const malformed = await stack.request('POST', '/api/auth/login-oauth', { rawBody: '{"code":', headers: { 'content-type': 'application/json' } });
  t.is(malformed.status, 400);
  const tooLong = await stack.request('POST', '/api/auth/login-oauth', { body: { code: 'c', state: 'x'.repeat(5000) } });
  t.is(tooLong.status, 400);
  const bind = await stack.request('POST', '/api/auth/bind-oauth', { body: { code: 'c' }, token: (await factories.createUser()).token });
  t.is(bind.status, 400);
  t.is(bind.body.errors[0].field, 'state');
});

// ----------------------------------------------------------------------------------------------
// bind-oauth, unbind-oauth

async function bindOAuth(token: string, claims: Record<string, unknown>) {
  const { state } = await loginConfig();
  const code = `code-${uniqueId()}`;
  tokenEndpoint(code, { body: { id_token: idToken(claims) } });
  return stack.request('POST', '/api/auth/bind-oauth', { body: { code, state }, token });
}

test('bind-oauth and unbind-oauth need a player token', async (t) => {
  for (const path of ['/api/auth/bind-oauth', '/api/auth/unbind-oauth']) {
    const res = await stack.request('POST', path, { body: { code: 'c', state: 'a.b' } });
    t.is(res.status, 401, path);
    t.is(res.body.code, 401);
    t.is(res.body.message, 'Unauthorized');
  }
});

test('bind-oauth stores the subject and, when the player has none, the e-mail', async (t) => {
  const { user, token } = await factories.createUser();
  const sub = `sub-${uniqueId()}`;
  const res = await bindOAuth(token, profile(sub));
  t.is(res.body.code, 200, res.text);
  t.deepEqual(res.body.result, { oauth: sub, email: `${sub}@mail.test`, name: `Player ${sub}` });
  await user.reload();
  t.is(user.oauth, sub);
  t.is(user.email, `${sub}@mail.test`);
  t.is(user.tokenVersion, 0); // binding is not a login: the session goes on
  t.truthy(await tokens.verifyPlayerToken(token));

  // The bound subject now logs this player in.
  const login = await loginOAuth(profile(sub));
  t.false(login.body.result.isNewUser);
  t.is(login.body.result.user.id, user.id);

  // Binding again keeps a player's own e-mail.
  const other = `sub-${uniqueId()}`;
  const rebind = await bindOAuth(login.body.result.token, profile(other));
  t.is(rebind.body.code, 200, rebind.text);
  await user.reload();
  t.is(user.oauth, other);
  t.is(user.email, `${sub}@mail.test`);

  const unbind = await stack.request('POST', '/api/auth/unbind-oauth', { token: login.body.result.token });
  t.is(unbind.body.code, 200);
  t.deepEqual(unbind.body.result, { affected: 1 });
  await user.reload();
  t.is(user.oauth, null);
});

test('bind-oauth 2010: the subject belongs to another player of the site', async (t) => {
  const sub = `sub-${uniqueId()}`;
  const owner = await loginOAuth(profile(sub));
  t.is(owner.body.code, 200, owner.text);
  const { user, token } = await factories.createUser();
  const res = await bindOAuth(token, profile(sub, { email: undefined }));
  t.is(res.body.code, 2010);
  t.is(res.body.path, '/api/auth/bind-oauth');
  await user.reload();
  t.is(user.oauth, null);
});

test('bind-oauth 2011: the provider e-mail belongs to another player of the site', async (t) => {
  const { user: holder } = await factories.createUser();
  const email = `taken${uniqueId()}@mail.test`;
  await holder.update({ email });
  const { user, token } = await factories.createUser();
  const res = await bindOAuth(token, profile(`sub-${uniqueId()}`, { email }));
  t.is(res.body.code, 2011);
  await user.reload();
  t.is(user.oauth, null);
});

test('bind-oauth reports the state and provider errors of its own path', async (t) => {
  const { token } = await factories.createUser();
  const res = await postState('garbage', '/api/auth/bind-oauth', token);
  t.is(res.body.code, 2002);
  t.is(res.body.path, '/api/auth/bind-oauth');
  const enums = await stack.request('GET', '/api/common/enums', { headers: { locales: 'en-US' } });
  t.is(res.body.message, enums.body.result.ERROR_CODES['/api/auth/bind-oauth']['2002']);
  const noSub = await bindOAuth(token, { email: 'x@mail.test' });
  t.is(noSub.body.code, 2009);
});
