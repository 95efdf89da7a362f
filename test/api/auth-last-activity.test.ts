import test from 'ava';
import type { Redis } from 'ioredis';
import { User } from '../../shared/db/models';
import { db } from '../../shared/db/sequelize';
import { LAST_ACTIVITY_WINDOW_S, lastActivityKey } from '../../shared/domain/auth';
import { cache } from '../../shared/redis';
import { createUser } from '../helpers/factories';
import { startTestStack, type TestStack } from '../helpers/stack';
import { waitFor } from '../helpers/wait';

/**
 * users.lastActivityAt: an authenticated player's request writes it, at most once per window per
 * player (a Redis key set with NX and an expiry); Redis failing costs the write, never the request.
 * Writes are counted as the UPDATE statements Postgres runs for the player.
 */
let stack: TestStack;
const writes = new Map<number, number>();

test.before(async () => {
  stack = await startTestStack();
  db().addHook('afterQuery', (_options, query) => {
    const m = /SET "lastActivityAt" = now\(\) WHERE id = (\d+)/.exec((query as unknown as { sql?: string }).sql ?? '');
    if (m) writes.set(Number(m[1]), (writes.get(Number(m[1])) ?? 0) + 1);
  });
});
test.after.always(async () => {
  await stack?.close();
});

const writesOf = (userId: number) => writes.get(userId) ?? 0;
const activityOf = async (userId: number) => (await User.findByPk(userId, { attributes: ['lastActivityAt'] }))!.lastActivityAt;
const detail = async (token: string) => {
  const res = await stack.request('GET', '/api/auth/user-detail', { token });
  if (res.status !== 200) throw new Error(res.text);
};
/** Long enough for the fire-and-forget write of a request to have happened, if it was going to. */
const settle = () => new Promise((r) => setTimeout(r, 400));
const anHourAgo = () => new Date(Date.now() - 3_600_000);

async function activePlayer(): Promise<{ user: User; token: string }> {
  const { user, token } = await createUser();
  await detail(token);
  await waitFor('the first write', async () => writesOf(user.id) === 1);
  return { user, token };
}

test('a request updates lastActivityAt and opens the window in Redis', async (t) => {
  const before = Date.now();
  const { user: fresh } = await createUser();
  t.is(fresh.lastActivityAt, null);
  const { user } = await activePlayer();
  const at = await waitFor('lastActivityAt', () => activityOf(user.id));
  t.true(at.getTime() >= before - 1000 && at.getTime() <= Date.now() + 1000, at.toISOString());
  const ttl = await cache().ttl(lastActivityKey(user.id));
  t.true(ttl > 0 && ttl <= LAST_ACTIVITY_WINDOW_S, String(ttl));
});

test('a second request within the window does not write again', async (t) => {
  const { user, token } = await activePlayer();
  const old = anHourAgo();
  await User.update({ lastActivityAt: old }, { where: { id: user.id } });
  await detail(token);
  await detail(token);
  await settle();
  t.is(writesOf(user.id), 1);
  t.is((await activityOf(user.id))?.getTime(), old.getTime());
});

test('after the window the next request writes again', async (t) => {
  const { user, token } = await activePlayer();
  await User.update({ lastActivityAt: anHourAgo() }, { where: { id: user.id } });
  // The window ends (its key expires).
  await cache().pexpire(lastActivityKey(user.id), 20);
  await waitFor('the window to end', async () => (await cache().exists(lastActivityKey(user.id))) === 0);
  await detail(token);
  await waitFor('the second write', async () => writesOf(user.id) === 2);
  const at = await activityOf(user.id);
  t.true(at !== null && Date.now() - at.getTime() < 60_000, at?.toISOString());
});

test('Redis losing the keys means at most one extra write, however many requests come at once', async (t) => {
  const { user, token } = await activePlayer();
  await cache().del(lastActivityKey(user.id));
  await Promise.all(Array.from({ length: 6 }, () => detail(token)));
  await waitFor('the extra write', async () => writesOf(user.id) === 2);
  await settle();
  t.is(writesOf(user.id), 2);
});

// Serial: the failing command is the process's own Redis client, which the other tests use too.
test.serial('Redis failing costs the write, never the request', async (t) => {
  const { user, token } = await activePlayer();
  await cache().del(lastActivityKey(user.id));
  const client = cache() as Redis & { set: unknown };
  const set = client.set;
  client.set = () => Promise.reject(new Error('Redis is down'));
  try {
    const res = await stack.request('GET', '/api/auth/user-detail', { token });
    t.is(res.status, 200, res.text);
    await settle();
  } finally {
    client.set = set;
  }
  t.is(writesOf(user.id), 1);
});
