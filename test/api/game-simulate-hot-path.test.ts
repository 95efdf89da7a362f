import test from 'ava';
import { drainOutboxAndClose, startSimulateStack, type SimulateStack } from '../helpers/simulate-stack';
import type { ApiResponse, TestStack } from '../helpers/stack';
import { awayFromMinuteEdge } from '../helpers/wait';

/**
 * POST /game/simulate is answered before Express for the usual request (api/hot-paths/simulate.ts) and
 * by the Express route otherwise (here: a `site-name` header). A client must not be able to tell them
 * apart: same status, headers, envelope and messages, the same rate limit counted once per request, and
 * tokens checked the same way.
 */

const LIMIT = 3;
let stack: TestStack;
let factories: SimulateStack['factories'];
let models: SimulateStack['models'];

test.before(async () => {
  ({ stack, factories, models } = await startSimulateStack({ RATE_LIMIT_SIMULATE_PER_USER: String(LIMIT) }));
});

test.after.always(async () => {
  await drainOutboxAndClose(models, stack, 5000);
});

const ROUND = { gameCode: 'provy-slot-01', productId: 1, betAmount: 1 };

/** A round by the fast lane, or through Express when `viaExpress` (a site-name header of the player's own site). */
function play(token: string, body: unknown, options: { viaExpress?: boolean; headers?: Record<string, string>; raw?: string } = {}): Promise<ApiResponse> {
  const headers = { locales: 'en-US', ...options.headers, ...(options.viaExpress ? { 'site-name': 'default' } : {}) };
  if (options.raw !== undefined) return stack.request('POST', '/api/game/simulate', { token, rawBody: options.raw, headers: { 'content-type': 'application/json', ...headers } });
  return stack.request('POST', '/api/game/simulate', { token, body, headers });
}

/** The parts of an answer that do not change from one request to the next. */
function shape(res: ApiResponse): unknown {
  const { timestamp, result, ...rest } = res.body as Record<string, unknown>;
  return {
    status: res.status,
    contentType: res.headers.get('content-type'),
    retryAfter: res.headers.get('retry-after') !== null,
    envelope: { ...rest, timestamp: typeof timestamp, result: result && typeof result === 'object' ? Object.keys(result).sort() : result },
  };
}

async function unchanged(userId: number): Promise<{ balance: string; orders: number }> {
  const user = await models.User.findByPk(userId);
  return { balance: String(user!.balance), orders: await models.BetOrder.count({ where: { userId } }) };
}

test('a round answers the same envelope and headers either way, and echoes the request id', async (t) => {
  const { token } = await factories.createUser({ balance: '100' });
  const fast = await play(token, ROUND, { headers: { 'x-request-id': 'round-fast-1' } });
  const express = await play(token, ROUND, { viaExpress: true, headers: { 'x-request-id': 'round-express-1' } });
  t.is(fast.body.code, 200, JSON.stringify(fast.body));
  t.deepEqual(shape(fast), shape(express));
  t.is(fast.headers.get('x-request-id'), 'round-fast-1');
  t.is(express.headers.get('x-request-id'), 'round-express-1');
  t.is(fast.body.result.balanceBefore, 100);
  t.is(express.body.result.balanceBefore, fast.body.result.balanceAfter);
});

test('malformed JSON is the same 400 either way and changes nothing', async (t) => {
  const { token, user } = await factories.createUser({ balance: '10' });
  const before = await unchanged(user.id);
  for (const raw of ['{"gameCode":', '"just a string"', '{"betAmount": NaN}']) {
    const fast = await play(token, undefined, { raw });
    const express = await play(token, undefined, { raw, viaExpress: true });
    t.is(fast.status, 400, raw);
    t.is(fast.body.message, 'Malformed JSON in the request body');
    t.deepEqual(shape(fast), shape(express), raw);
  }
  t.deepEqual(await unchanged(user.id), before);
});

test('a body the schema refuses is the same 400 naming the field either way, and changes nothing', async (t) => {
  const { token, user } = await factories.createUser({ balance: '10' });
  const before = await unchanged(user.id);
  for (const body of [{ ...ROUND, betAmount: '1' }, { ...ROUND, productId: 1.5 }, [ROUND], { gameCode: '' }]) {
    const fast = await play(token, body);
    const express = await play(token, body, { viaExpress: true });
    t.is(fast.status, 400, JSON.stringify(body));
    t.deepEqual(fast.body.errors, express.body.errors);
    t.deepEqual(shape(fast), shape(express));
  }
  t.deepEqual(await unchanged(user.id), before);
});

test('business refusals carry the localized message of the Express route', async (t) => {
  // A user per locale: refused rounds count against the limit of three too.
  for (const locales of ['en-US', 'zh-CN']) {
    const { token, user } = await factories.createUser({ balance: '1' });
    const fast = await play(token, { ...ROUND, betAmount: 2 }, { headers: { locales } });
    const express = await play(token, { ...ROUND, betAmount: 2 }, { headers: { locales }, viaExpress: true });
    t.is(fast.body.code, 5011);
    t.deepEqual(shape(fast), shape(express), locales);
    t.is((await play(token, { ...ROUND, gameCode: 'no-such-game' }, { headers: { locales } })).body.code, 5001);
    t.deepEqual(await unchanged(user.id), { balance: '1.000000', orders: 0 });
  }
});

test('the rate limit counts each round once, whichever way it came, and refuses alike with Retry-After', async (t) => {
  const { token, user } = await factories.createUser({ balance: '100' });
  await awayFromMinuteEdge();
  // The first round finds no cached token version and goes through Express; the next ones do not.
  const codes = [];
  for (let i = 0; i < LIMIT; i += 1) codes.push((await play(token, ROUND, { viaExpress: i === 1 })).body.code);
  t.deepEqual(codes, [200, 200, 200]);
  const fast = await play(token, ROUND);
  const express = await play(token, ROUND, { viaExpress: true });
  t.is(fast.status, 429);
  t.is(typeof fast.body.retryAfter, 'number');
  t.is(fast.headers.get('retry-after'), String(fast.body.retryAfter));
  t.deepEqual(shape(fast), shape(express));
  t.is((await unchanged(user.id)).orders, LIMIT);
});

test('a superseded token gets 401 and does not use up the player\'s rounds', async (t) => {
  const { user, token: old } = await factories.createUser({ balance: '100' });
  const { signPlayerToken, forgetTokenVersion } = await import('../../shared/domain/auth-tokens');
  await awayFromMinuteEdge();
  t.is((await play(old, ROUND)).body.code, 200); // caches version 0
  await user.update({ tokenVersion: 1 });
  await forgetTokenVersion(user.id);
  const current = signPlayerToken(user);
  t.is((await play(current, ROUND)).body.code, 200); // caches version 1
  for (let i = 0; i < LIMIT + 2; i += 1) {
    const res = await play(old, ROUND);
    t.is(res.status, 401);
    t.is(res.body.message, 'Unauthorized');
  }
  t.is((await play(current, ROUND)).body.code, 200); // the third round of the minute: still allowed
  t.is((await play(current, ROUND)).status, 429);
  t.is((await unchanged(user.id)).orders, LIMIT);
});
