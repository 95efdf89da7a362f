import test from 'ava';
import { Redis } from 'ioredis';
import { createUser } from '../helpers/factories';
import { drainOutboxAndClose, startSimulateStack, type SimulateStack } from '../helpers/simulate-stack';
import type { TestStack } from '../helpers/stack';
import { awayFromMinuteEdge } from '../helpers/wait';

/**
 * A player's rate limit (POST /game/simulate, RATE_LIMIT_SIMULATE_PER_USER = 5 here) as a client sees
 * it: counted with the token check when the token version is cached, counted on its own when it is not,
 * and never used up by a superseded token.
 */
const LIMIT = 5;
let stack: TestStack;
let models: SimulateStack['models'];
let redis: Redis;

test.before(async () => {
  ({ stack, models } = await startSimulateStack({ RATE_LIMIT_SIMULATE_PER_USER: String(LIMIT) }));
  redis = new Redis(process.env.REDIS_URL as string, { keyPrefix: `${stack.prefix}:` });
});
test.after.always(async () => {
  redis?.disconnect();
  await drainOutboxAndClose(models, stack, 5000);
});

const play = (token: string) =>
  stack.request('POST', '/api/game/simulate', { token, body: { gameCode: 'provy-slot-01', productId: 2, betAmount: 1 }, headers: { locales: 'en-US' } });

async function roundsPlayed(userId: number): Promise<number> {
  return models.BetOrder.count({ where: { userId, gamePlatform: 'simulate' } });
}

test('the round over the limit is a 429 with Retry-After, and plays nothing', async (t) => {
  const { user, token } = await createUser({ balance: '100' });
  await awayFromMinuteEdge();
  for (let i = 0; i < LIMIT; i += 1) t.is((await play(token)).body.code, 200);
  const limited = await play(token);
  t.is(limited.status, 429);
  t.is(limited.body.code, 429);
  const retryAfter = Number(limited.headers.get('retry-after'));
  t.true(retryAfter >= 1 && retryAfter <= 60, `Retry-After ${limited.headers.get('retry-after')}`);
  t.is(await roundsPlayed(user.id), LIMIT);
});

test('with the token version not cached (Redis lost it), rounds are still counted', async (t) => {
  const { user, token } = await createUser({ balance: '100' });
  await awayFromMinuteEdge();
  for (let i = 0; i <= LIMIT; i += 1) {
    await redis.del(`cache:auth:tv:${user.id}`);
    const res = await play(token);
    t.is(res.status, i < LIMIT ? 200 : 429, `round ${i + 1}`);
  }
  t.is(await roundsPlayed(user.id), LIMIT);
});

test('a token superseded by a later login gets 401 and does not use up its player rounds', async (t) => {
  const { user, token: old, password } = await createUser({ balance: '100' });
  await awayFromMinuteEdge();
  t.is((await play(old)).body.code, 200); // caches the version and counts 1
  const login = await stack.request('POST', '/api/auth/login', { body: { account: user.account, password } });
  t.is(login.body.code, 200);
  const current = login.body.result.token as string;
  await redis.del(`cache:auth:tv-hold:${user.id}`); // as if the short refill hold after the login had passed
  t.is((await play(current)).body.code, 200); // counts 2, and caches the new version
  t.is(await redis.get(`cache:auth:tv:${user.id}`), String(login.body.result.user.tokenVersion));
  for (let i = 0; i < 10; i += 1) t.is((await play(old)).status, 401);
  for (let i = 2; i < LIMIT; i += 1) t.is((await play(current)).body.code, 200, `round ${i + 1}`);
  t.is((await play(current)).status, 429);
  t.is(await roundsPlayed(user.id), LIMIT);
});
