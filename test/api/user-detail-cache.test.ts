import test from 'ava';
import jwt from 'jsonwebtoken';
import { Client } from 'pg';
import { config } from '../../shared/config';
import { Redis } from 'ioredis';
import { User } from '../../shared/db/models';
import { db } from '../../shared/db/sequelize';
import { startUserChangeFeed, stopUserChangeFeed, userChangeFeedUp } from '../../shared/db/user-changes';
import { moveBalance } from '../../shared/domain/wallet';
import { createAdmin, createUser } from '../helpers/factories';
import { startTestStack, type TestStack } from '../helpers/stack';
import { waitFor } from '../helpers/wait';

/**
 * GET /auth/user-detail served from the API's cache (api/hot-paths): the same answer as a fresh read,
 * and never an answer older than a change the client could know about.
 */
let stack: TestStack;
let sql: Client;
test.before(async () => {
  stack = await startTestStack();
  sql = new Client({ connectionString: stack.databaseUrl });
  await sql.connect();
});
test.after.always(async () => {
  await sql?.end();
  await stack?.close();
});

const CHANNEL = () => `${config().redisKeyPrefix}users-changed`;

/** What another process's announcement looks like on the channel. */
async function publishChange(payload: string): Promise<void> {
  const other = new Redis(process.env.REDIS_URL as string);
  try {
    await other.publish(CHANNEL(), `another-process|${payload}`);
  } finally {
    other.disconnect();
  }
}

const detail = (token: string, headers: Record<string, string> = {}) => stack.request('GET', '/api/auth/user-detail', { token, headers });

/** Two reads: the first fills the cache through Express, the second is answered from it. */
async function cachedPair(token: string) {
  const first = await detail(token);
  const second = await detail(token);
  return { first, second };
}

test('a cached answer is the fresh answer: same status, headers, envelope and result', async (t) => {
  const { user, token } = await createUser({ balance: '12.5' });
  const { first, second } = await cachedPair(token);
  for (const res of [first, second]) {
    t.is(res.status, 200);
    t.is(res.headers.get('content-type'), 'application/json; charset=utf-8');
    t.regex(res.headers.get('x-request-id') ?? '', /^[0-9a-f-]{36}$/);
    t.is(Number(res.headers.get('content-length')), Buffer.byteLength(res.text));
    t.is(res.body.code, 200);
    t.is(res.body.message, 'ok');
    t.is(res.body.path, '/api/auth/user-detail');
    t.true(Math.abs(res.body.timestamp - Date.now()) < 5000);
  }
  t.deepEqual(second.body.result, first.body.result);
  t.is(second.body.result.id, user.id);
  t.is(second.body.result.balance, '12.500000');
  t.not(second.headers.get('x-request-id'), first.headers.get('x-request-id'));
  const named = await detail(token, { 'x-request-id': 'trace-42' });
  t.is(named.headers.get('x-request-id'), 'trace-42');
});

test('a change another process announces shows up: balances, names and VIP', async (t) => {
  const { user, token } = await createUser({ balance: '5' });
  await cachedPair(token);
  await sql.query(`UPDATE users SET balance = 99, name = 'Renamed', "vipLevel" = '3' WHERE id = $1`, [user.id]);
  await publishChange(`${user.id + 1000000},${user.id}`);
  const seen = await waitFor('the new row', async () => {
    const res = await detail(token);
    return res.body.result.balance === '99.000000' ? res.body.result : null;
  }, 2000, 5);
  t.is(seen.name, 'Renamed');
  t.is(seen.vipLevel, '3');
  // Once seen, never the old row again; "everyone" works too.
  for (let i = 0; i < 5; i += 1) t.is((await detail(token)).body.result.balance, '99.000000');
  await cachedPair(token);
  await sql.query(`UPDATE users SET balance = 98 WHERE id = $1`, [user.id]);
  await publishChange('*');
  await waitFor('everyone dropped', async () => (await detail(token)).body.result.balance === '98.000000', 2000, 5);
  t.pass();
});

test.serial('the second read is answered from the cache (shown by a change nobody announced)', async (t) => {
  const { user, token } = await createUser({ balance: '1' });
  await cachedPair(token);
  await sql.query('UPDATE users SET balance = 2 WHERE id = $1', [user.id]);
  t.is((await detail(token)).body.result.balance, '1.000000');
  // Another process announcing the user drops the entry.
  await publishChange(String(user.id));
  await waitFor('the announced change', async () => (await detail(token)).body.result.balance === '2.000000', 2000, 5);
  t.pass();
});

test.serial('while the change channel is down nothing is served from the cache, and it starts empty again', async (t) => {
  const { user, token } = await createUser({ balance: '1' });
  await cachedPair(token);
  await stopUserChangeFeed();
  try {
    t.false(userChangeFeedUp());
    await sql.query('UPDATE users SET balance = 3 WHERE id = $1', [user.id]);
    t.is((await detail(token)).body.result.balance, '3.000000');
    t.is((await detail(token)).body.result.balance, '3.000000');
  } finally {
    await startUserChangeFeed();
  }
  t.true(userChangeFeedUp());
  await cachedPair(token);
  await sql.query('UPDATE users SET balance = 4 WHERE id = $1', [user.id]);
  t.is((await detail(token)).body.result.balance, '3.000000', 'cached again once the channel is back');
});

test("the player's own write is seen by the very next read", async (t) => {
  const { token } = await createUser();
  for (const locale of ['en-US', 'th-TH', 'zh-CN']) {
    await cachedPair(token);
    const changed = await stack.request('PATCH', '/api/auth/locale', { token, body: { locale } });
    t.is(changed.body.code, 200);
    t.is((await detail(token)).body.result.locale, locale);
  }
});

test('a later login or a logout ends a cached token at once', async (t) => {
  const { user, token, password } = await createUser();
  await cachedPair(token);
  const login = await stack.request('POST', '/api/auth/login', { body: { account: user.account, password } });
  t.is(login.body.code, 200);
  t.is((await detail(token)).status, 401);
  const fresh = login.body.result.token as string;
  await cachedPair(fresh);
  t.is((await stack.request('POST', '/api/auth/logout', { token: fresh })).body.code, 200);
  t.is((await detail(fresh)).status, 401);
});

test("this process's wallet movements and model updates are seen by the very next read", async (t) => {
  const { user, token } = await createUser({ balance: '10' });
  const { token: adminToken } = await createAdmin();
  await cachedPair(token);
  const adjusted = await stack.request('POST', `/api/admin/users/${user.id}/balance-adjustments`, {
    token: adminToken,
    body: { amount: '-4', reason: 'cache test' },
  });
  t.is(adjusted.body.code, 200);
  t.is((await detail(token)).body.result.balance, '6.000000');
  await cachedPair(token);
  await user.update({ name: 'Updated in process' });
  t.is((await detail(token)).body.result.name, 'Updated in process');
  await cachedPair(token);
  await User.update({ vipHold: 1 }, { where: { id: user.id } });
  t.is((await detail(token)).body.result.vipHold, 1);
});

test('a token that was good and cached still expires on time', async (t) => {
  const { user } = await createUser();
  const claims = { account: user.account, tokenVersion: user.tokenVersion, site: user.siteCode, kind: 'player' };
  const exp = Math.floor(Date.now() / 1000) + 2;
  const token = jwt.sign({ ...claims, exp }, config().jwt.secret, { subject: String(user.id), algorithm: 'HS256' });
  t.is((await cachedPair(token)).second.status, 200);
  await new Promise((r) => setTimeout(r, exp * 1000 - Date.now() + 50));
  t.is((await detail(token)).status, 401);
  t.is((await stack.request('GET', '/api/mission', { token })).status, 401);
});

test('what the cache does not hold goes through Express: related, site headers, bad tokens', async (t) => {
  const { token } = await createUser();
  await cachedPair(token);
  const related = await stack.request('GET', '/api/auth/user-detail?related=loginLogs', { token });
  t.deepEqual(related.body.result.loginLogs, []);
  const unknownSite = await detail(token, { 'site-name': 'no_such_site' });
  t.is(unknownSite.status, 400);
  t.is((await detail(`${token}x`)).status, 401);
  t.is((await stack.request('GET', '/api/auth/user-detail?related=nope', { token })).body.code, 400);
});

test.serial('committed writes are announced to other processes once per tick, rolled back ones not at all', async (t) => {
  const a = (await createUser()).user;
  const b = (await createUser()).user;
  const heard: string[] = [];
  const listener = new Redis(process.env.REDIS_URL as string);
  try {
    listener.on('message', (_channel: string, message: string) => heard.push(message.split('|')[1]));
    await listener.subscribe(CHANNEL());
    await db()
      .transaction(async (transaction) => {
        await moveBalance(transaction, { userId: a.id, amount: '1', kind: 'adjustment', idempotencyKey: `test:rollback:${a.id}` });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await db().transaction(async (transaction) => {
      await moveBalance(transaction, { userId: a.id, amount: '1', kind: 'adjustment', idempotencyKey: `test:commit:${a.id}` });
      await moveBalance(transaction, { userId: b.id, amount: '1', kind: 'adjustment', idempotencyKey: `test:commit:${b.id}` });
    });
    await User.update({ name: 'Hooked' }, { where: { id: b.id } });
    await waitFor('the announcements', async () => heard.length >= 2, 2000, 5);
    await new Promise((r) => setTimeout(r, 100));
    t.deepEqual(heard, [`${a.id},${b.id}`, `${b.id}`]);
  } finally {
    listener.disconnect();
  }
});
