import test from 'ava';
import { Redis } from 'ioredis';
import { drainOutboxAndClose, startSimulateStack, type SimulateStack } from '../helpers/simulate-stack';
import type { TestStack } from '../helpers/stack';

/**
 * A token superseded by a later login, or ended by logout, opens neither a money endpoint (simulate) nor
 * the player's personal data (user-detail), whatever the state of the token-version cache
 * (`cache:auth:tv:<id>`): cold (nothing cached), warm (the current version cached) and refilled (the old
 * version was cached before the change, then refilled from Postgres after it).
 */

let stack: TestStack;
let factories: SimulateStack['factories'];
let models: SimulateStack['models'];
let redis: Redis;

test.before(async () => {
  ({ stack, factories, models } = await startSimulateStack());
  redis = new Redis(process.env.REDIS_URL as string, { keyPrefix: `${stack.prefix}:` });
});

test.after.always(async () => {
  redis?.disconnect();
  await drainOutboxAndClose(models, stack, 5000);
});

const ROUND = { gameCode: 'provy-crypto-01', productId: 3001, betAmount: 1 };
const simulate = (token: string) => stack.request('POST', '/api/game/simulate', { token, body: ROUND });
const detail = (token: string) => stack.request('GET', '/api/auth/user-detail', { token });
const tvKey = (userId: number) => `cache:auth:tv:${userId}`;
const holdKey = (userId: number) => `cache:auth:tv-hold:${userId}`;

type CacheState = 'cold' | 'warm' | 'refilled';
type Ending = 'login' | 'logout';

/** A player who logged in (token `old`), then the ending: a second login (token `fresh`) or logout. */
async function endedSession(ending: Ending, state: CacheState): Promise<{ userId: number; old: string; fresh?: string }> {
  const { user, password } = await factories.createUser({ balance: '100' });
  const login = () => stack.request('POST', '/api/auth/login', { body: { account: user.account, password } });
  const old = (await login()).body.result.token as string;
  if (state === 'refilled') {
    await redis.del(holdKey(user.id));
    await detail(old); // the old version is cached now
    if ((await redis.get(tvKey(user.id))) === null) throw new Error('the version was not cached');
  }
  let fresh: string | undefined;
  if (ending === 'login') fresh = (await login()).body.result.token as string;
  else if ((await stack.request('POST', '/api/auth/logout', { token: old })).status !== 200) throw new Error('logout failed');
  await redis.del(holdKey(user.id)); // as if the short refill hold after the change had passed
  if (state === 'cold') await redis.del(tvKey(user.id));
  if (state === 'warm' || state === 'refilled') {
    // A request refills the cache from Postgres: the new token's own, or (after logout) the old one's refusal.
    await (fresh ? detail(fresh) : detail(old));
    if ((await redis.get(tvKey(user.id))) === null) throw new Error('the version was not refilled');
  }
  return { userId: user.id, old, fresh };
}

for (const ending of ['login', 'logout'] as const) {
  for (const state of ['cold', 'warm', 'refilled'] as const) {
    test(`after ${ending}, cache ${state}: the earlier token gets 401 on simulate and user-detail, and plays nothing`, async (t) => {
      const { userId, old, fresh } = await endedSession(ending, state);
      const rounds = await models.BetOrder.count({ where: { userId } });

      const played = await simulate(old);
      t.is(played.status, 401);
      t.deepEqual({ code: played.body.code, message: played.body.message }, { code: 401, message: 'Unauthorized' });
      const read = await detail(old);
      t.is(read.status, 401);
      t.is(read.body.result, undefined);
      t.false(read.text.includes('"balance"'));
      t.is(await models.BetOrder.count({ where: { userId } }), rounds);

      if (fresh) {
        // The later login's token works, so the refusal is about the version, not the account.
        t.is((await detail(fresh)).status, 200);
        t.is((await simulate(fresh)).body.code, 200);
      }
    });
  }
}

test('a token of another site is refused on simulate and user-detail when the site-name header names a different site', async (t) => {
  const other = await factories.createSite();
  const { token } = await factories.createUser({ balance: '100' });
  t.is((await stack.request('GET', '/api/auth/user-detail', { token, headers: { 'site-name': other } })).status, 401);
  t.is((await stack.request('POST', '/api/game/simulate', { token, body: ROUND, headers: { 'site-name': other } })).status, 401);
});
