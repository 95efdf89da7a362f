import test from 'ava';
import jwt from 'jsonwebtoken';
import { Admin } from '../../shared/db/models';
import { createAdmin, createUser } from '../helpers/factories';
import { startTestStack, type TestStack } from '../helpers/stack';

/**
 * A stack started without settings. It once signed tokens, when JWT_SECRET / ADMIN_JWT_SECRET were unset,
 * with secrets printed in this repository, so anyone could forge an administrator token (tokenVersion 0
 * matches every fresh account); and it listened on every interface.
 */
const PUBLISHED_PLAYER_SECRET = 'dev-player-jwt-secret-change-me';
const PUBLISHED_ADMIN_SECRET = 'dev-admin-jwt-secret-change-me';

let stack: TestStack;
test.before(async () => {
  stack = await startTestStack({ JWT_SECRET: '', ADMIN_JWT_SECRET: '' });
});
test.after.always(async () => {
  await stack?.close();
});

test('an administrator token signed with the published development secret is refused', async (t) => {
  const seeded = await Admin.findOne({ where: { account: 'admin' } });
  t.truthy(seeded);
  t.is(seeded?.tokenVersion, 0);
  const forged = jwt.sign({ account: 'admin', tokenVersion: 0, kind: 'admin' }, PUBLISHED_ADMIN_SECRET, {
    subject: String(seeded?.id),
    expiresIn: '1h',
    algorithm: 'HS256',
  });
  const refused = await stack.request('GET', '/api/admin/list', { token: forged });
  t.is(refused.status, 401, refused.text);

  const { token } = await createAdmin();
  const genuine = await stack.request('GET', '/api/admin/list', { token });
  t.is(genuine.status, 200, genuine.text);
});

test('a player token signed with the published development secret is refused', async (t) => {
  const { user, token } = await createUser();
  const forged = jwt.sign({ account: user.account, tokenVersion: 0, site: user.siteCode, kind: 'player' }, PUBLISHED_PLAYER_SECRET, {
    subject: String(user.id),
    expiresIn: '1h',
    algorithm: 'HS256',
  });
  const refused = await stack.request('GET', '/api/auth/user-detail', { token: forged });
  t.is(refused.status, 401, refused.text);
  const genuine = await stack.request('GET', '/api/auth/user-detail', { token });
  t.is(genuine.status, 200, genuine.text);
});

test('the API listens on loopback when HOST is not set', async (t) => {
  const { startApi } = await import('../../api/server');
  const api = await startApi(0);
  try {
    t.is(api.host, '127.0.0.1');
    t.like(api.server.address(), { address: '127.0.0.1', family: 'IPv4' });
  } finally {
    await api.stop();
  }
});
