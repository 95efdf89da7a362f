import type { Server } from 'node:http';
import test from 'ava';
import { Redis } from 'ioredis';
import jwt from 'jsonwebtoken';
import { startTestStack, type TestStack } from '../helpers/stack';

/**
 * The player and administrator authentication on a small app: probe endpoints run
 * through the real pipeline and only echo the caller it authenticated.
 */
type Factories = typeof import('../helpers/factories');
type Models = typeof import('../../shared/db/models');
type AuthTokens = typeof import('../../shared/domain/auth');
type ConfigModule = typeof import('../../shared/config');

let stack: TestStack;
let server: Server;
let baseUrl: string;
let redis: Redis;
let factories: Factories;
let models: Models;
let tokens: AuthTokens;
let cfg: ConfigModule;

test.before(async () => {
  stack = await startTestStack();
  const express = (await import('express')).default;
  const { requestContext, resolveSite } = await import('../../api/http/context');
  const { endpoint } = await import('../../api/http/endpoint');
  const { mountEndpoints } = await import('../../api/http/pipeline');
  const { errorMapper } = await import('../../api/http/error-mapper');
  factories = await import('../helpers/factories');
  models = await import('../../shared/db/models');
  tokens = await import('../../shared/domain/auth');
  cfg = await import('../../shared/config');

  const probes = [
    endpoint({ method: 'get', path: '/p', auth: 'player' }, ({ player }) => player),
    endpoint({ method: 'get', path: '/o', auth: 'optional-player' }, ({ player }) => player),
    endpoint({ method: 'get', path: '/a', auth: { admin: 'user' } }, ({ admin }) => ({ id: admin.id })),
    endpoint({ method: 'post', path: '/a', auth: { admin: 'user' } }, ({ admin }) => ({ id: admin.id })),
  ];
  const router = express.Router();
  mountEndpoints(router, probes);

  const app = express();
  app.use(requestContext);
  app.use(resolveSite);
  app.use(express.json());
  app.use(router);
  app.use(errorMapper);

  server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const address = server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  redis = new Redis(process.env.REDIS_URL as string, { keyPrefix: `${stack.prefix}:` });
});

test.after.always(async () => {
  redis?.disconnect();
  if (server) {
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }
  await stack?.close();
});

interface Answer {
  status: number;
  body: any;
}

async function call(method: string, path: string, options: { token?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const body = method === 'POST' ? '{}' : undefined;
  if (body) headers['content-type'] = 'application/json';
  const res = await fetch(`${baseUrl}${path}`, { method, headers, body });
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text) };
}

function assertUnauthorized(t: import('ava').ExecutionContext, res: Answer, path: string): void {
  t.is(res.status, 401);
  t.is(res.body.code, 401);
  t.is(res.body.message, 'Unauthorized');
  t.is(res.body.data, null);
  t.is(res.body.path, path);
  t.false('result' in res.body);
}

/** The claims signPlayerToken puts in a player token. */
function playerClaims(user: { account: string; tokenVersion: number; siteCode: string }) {
  return { account: user.account, tokenVersion: user.tokenVersion, site: user.siteCode, kind: 'player' };
}

/** The cache writes the version after reading Postgres without waiting; give that write a moment. */
async function cachedVersion(userId: number): Promise<string | null> {
  const key = tokens.tokenVersionKey(userId);
  for (let i = 0; i < 50; i += 1) {
    const value = await redis.get(key);
    if (value !== null) return value;
    await new Promise((r) => setTimeout(r, 20));
  }
  return null;
}

test('no token on a player endpoint is a 401 envelope with message Unauthorized', async (t) => {
  const res = await call('GET', '/p');
  assertUnauthorized(t, res, '/p');
  t.deepEqual(Object.keys(res.body).sort(), ['code', 'data', 'message', 'path', 'timestamp']);
});

test('a garbage, a non-bearer, an expired and a wrongly signed token are all 401', async (t) => {
  const { user } = await factories.createUser();
  assertUnauthorized(t, await call('GET', '/p', { token: 'not.a.jwt' }), '/p');
  assertUnauthorized(t, await call('GET', '/p', { headers: { authorization: 'Basic dXNlcjpwYXNz' } }), '/p');

  const secret = cfg.config().jwt.secret;
  const expired = jwt.sign(playerClaims(user), secret, { subject: String(user.id), expiresIn: -10, algorithm: 'HS256' });
  assertUnauthorized(t, await call('GET', '/p', { token: expired }), '/p');

  const wrongSecret = jwt.sign(playerClaims(user), 'some-other-secret', { subject: String(user.id), expiresIn: '1h', algorithm: 'HS256' });
  assertUnauthorized(t, await call('GET', '/p', { token: wrongSecret }), '/p');

  // The same claims with the right secret do open it: the refusals above were about the token alone.
  const good = jwt.sign(playerClaims(user), secret, { subject: String(user.id), expiresIn: '1h', algorithm: 'HS256' });
  t.is((await call('GET', '/p', { token: good })).status, 200);
});

test('a valid player token opens the endpoint and attaches id, account and site', async (t) => {
  const { user, token } = await factories.createUser();
  const res = await call('GET', '/p', { token });
  t.is(res.status, 200);
  t.is(res.body.code, 200);
  t.is(res.body.message, 'ok');
  t.deepEqual(res.body.result, { id: user.id, account: user.account, siteCode: cfg.config().siteCode });
});

test('raising tokenVersion ends old tokens; the version is cached in Redis and the cache is what is read', async (t) => {
  const { user, token: oldToken } = await factories.createUser();
  t.is((await call('GET', '/p', { token: oldToken })).status, 200);
  t.is(await cachedVersion(user.id), '0');
  t.true((await redis.ttl(tokens.tokenVersionKey(user.id))) > 0);

  await user.increment('tokenVersion');
  await user.reload();
  t.is(user.tokenVersion, 1);
  await tokens.forgetTokenVersion(user.id);

  assertUnauthorized(t, await call('GET', '/p', { token: oldToken }), '/p');
  const newToken = tokens.signPlayerToken(user);
  const ok = await call('GET', '/p', { token: newToken });
  t.is(ok.status, 200);
  t.is(ok.body.result.id, user.id);
  // Right after a change, Postgres answers and the cache is not refilled (see the stale-write test).
  t.is(await redis.get(tokens.tokenVersionKey(user.id)), null);
  await redis.del(`cache:auth:tv-hold:${user.id}`); // the hold after a change has passed
  t.is((await call('GET', '/p', { token: newToken })).status, 200);
  t.is(await cachedVersion(user.id), '1');

  // The cached version, not Postgres, decides: a wrong cached value refuses a token Postgres would accept.
  await redis.set(tokens.tokenVersionKey(user.id), '7', 'EX', 60);
  assertUnauthorized(t, await call('GET', '/p', { token: newToken }), '/p');
  await redis.del(tokens.tokenVersionKey(user.id));
  t.is((await call('GET', '/p', { token: newToken })).status, 200);
  t.is(await cachedVersion(user.id), '1');
});

test('a version read before a login commits is not written back to the cache afterwards', async (t) => {
  const { user, token: oldToken } = await factories.createUser();
  // A request read version 0 from Postgres; meanwhile a login raised it to 1 and cleared the cache.
  await user.increment('tokenVersion');
  await tokens.forgetTokenVersion(user.id);
  // The slow request now tries to cache what it read: refused, so the old token stays dead.
  t.false(await tokens.cacheTokenVersion(user.id, 0));
  t.is(await redis.get(tokens.tokenVersionKey(user.id)), null);
  assertUnauthorized(t, await call('GET', '/p', { token: oldToken }), '/p');
});

test('a player token on an admin endpoint and an admin token on a player endpoint are 401', async (t) => {
  const { token: playerToken } = await factories.createUser();
  const { token: adminToken } = await factories.createAdmin();
  assertUnauthorized(t, await call('GET', '/a', { token: playerToken }), '/a');
  assertUnauthorized(t, await call('POST', '/a', { token: playerToken }), '/a');
  assertUnauthorized(t, await call('GET', '/p', { token: adminToken }), '/p');
  assertUnauthorized(t, await call('GET', '/o', { token: adminToken }), '/o');
  // Each token does open its own kind of endpoint.
  t.is((await call('GET', '/a', { token: adminToken })).status, 200);
  t.is((await call('GET', '/p', { token: playerToken })).status, 200);
});

test('optional mode: anonymous gets null, a valid token the player, an invalid token 401', async (t) => {
  const anonymous = await call('GET', '/o');
  t.is(anonymous.status, 200);
  t.is(anonymous.body.code, 200);
  t.is(anonymous.body.result, null);

  const { user, token } = await factories.createUser();
  const known = await call('GET', '/o', { token });
  t.is(known.status, 200);
  t.deepEqual(known.body.result, { id: user.id, account: user.account, siteCode: user.siteCode });

  assertUnauthorized(t, await call('GET', '/o', { token: 'garbage' }), '/o');
  const expired = jwt.sign(playerClaims(user), cfg.config().jwt.secret, { subject: String(user.id), expiresIn: -10, algorithm: 'HS256' });
  assertUnauthorized(t, await call('GET', '/o', { token: expired }), '/o');
});

test('an admin with * may read and write', async (t) => {
  const { admin, token } = await factories.createAdmin({ permissions: ['*'] });
  const read = await call('GET', '/a', { token });
  t.is(read.status, 200);
  t.deepEqual(read.body.result, { id: admin.id });
  const write = await call('POST', '/a', { token });
  t.is(write.status, 200);
  t.deepEqual(write.body.result, { id: admin.id });
});

test('an admin with user:read may read but gets a 403 naming user:write on a write', async (t) => {
  const { token } = await factories.createAdmin({ permissions: ['user:read'] });
  t.is((await call('GET', '/a', { token })).status, 200);
  const write = await call('POST', '/a', { token });
  t.is(write.status, 403);
  t.is(write.body.code, 403);
  t.is(write.body.data, null);
  t.is(write.body.path, '/a');
  t.regex(write.body.message, /user:write/);
});

test('an admin without permissions gets 403 on read and write', async (t) => {
  const { token } = await factories.createAdmin({ permissions: [] });
  const read = await call('GET', '/a', { token });
  t.is(read.status, 403);
  t.is(read.body.code, 403);
  t.regex(read.body.message, /user:read/);
  const write = await call('POST', '/a', { token });
  t.is(write.status, 403);
  t.regex(write.body.message, /user:write/);
});

test('a disabled admin is 401', async (t) => {
  const { token } = await factories.createAdmin({ status: 0 });
  assertUnauthorized(t, await call('GET', '/a', { token }), '/a');
});

test('raising an admin tokenVersion ends the token at once', async (t) => {
  const { admin, token } = await factories.createAdmin();
  t.is((await call('GET', '/a', { token })).status, 200);
  await admin.increment('tokenVersion');
  assertUnauthorized(t, await call('GET', '/a', { token }), '/a');
  await admin.reload();
  t.is((await call('GET', '/a', { token: tokens.signAdminToken(admin) })).status, 200);
});

test('an admin whose group is disabled has no permissions: 403', async (t) => {
  const { admin, token } = await factories.createAdmin({ permissions: ['*'] });
  t.is((await call('GET', '/a', { token })).status, 200);
  await models.AdminGroup.update({ status: 0 }, { where: { id: admin.groupId } });
  const res = await call('GET', '/a', { token });
  t.is(res.status, 403);
  t.is(res.body.code, 403);
});

test('a player token opens only its own site', async (t) => {
  const siteA = await factories.createSite();
  const siteB = await factories.createSite();
  const { user, token } = await factories.createUser({ siteCode: siteA });

  const own = await call('GET', '/p', { token, headers: { 'site-name': siteA } });
  t.is(own.status, 200);
  t.deepEqual(own.body.result, { id: user.id, account: user.account, siteCode: siteA });

  assertUnauthorized(t, await call('GET', '/p', { token, headers: { 'site-name': siteB } }), '/p');
  assertUnauthorized(t, await call('GET', '/o', { token, headers: { 'site-name': siteB } }), '/o');
  assertUnauthorized(t, await call('GET', '/p', { token, headers: { 'site-name': cfg.config().siteCode } }), '/p');

  const { user: defaultUser, token: defaultToken } = await factories.createUser();
  const plain = await call('GET', '/p', { token: defaultToken });
  t.is(plain.status, 200);
  t.deepEqual(plain.body.result, { id: defaultUser.id, account: defaultUser.account, siteCode: cfg.config().siteCode });
});
