import Decimal from 'decimal.js';
import type { TestFn } from 'ava';
import { fairRound } from '../../shared/domain/game';
import { drainOutboxAndClose, startSimulateStack, type SimulateStack } from './simulate-stack';

/**
 * How a simulate round takes its nonce (docs/decisions/game.md, "A round takes its nonce in its own
 * statement"), the same tests for both ways: the seeds the process last saw, checked by the round's
 * statement (SIMULATE_OPTIMISTIC_DRAWS unset), and under the lock of the player's seeds row (0).
 */
export function nonceTakingTests(test: TestFn, env: Record<string, string>): void {
  let s: SimulateStack;
  test.before(async () => {
    s = await startSimulateStack({ RATE_LIMIT_SIMULATE_PER_USER: '10000', ...env });
  });
  test.after.always(async () => {
    await drainOutboxAndClose(s?.models, s?.stack, 5000);
  });

  const play = (token: string, betAmount = 1) =>
    s.stack.request('POST', '/api/game/simulate', { token, body: { gameCode: 'provy-slot-01', productId: 1, betAmount } });
  const seedsOf = async (userId: number) =>
    (
      await s
        .db()
        .query<{ serverSeed: string; clientSeed: string; nonce: string }>(
          'SELECT "serverSeed", "clientSeed", nonce FROM fairness_seeds WHERE "userId" = :userId',
          { replacements: { userId }, type: 'SELECT' as never },
        )
    )[0];

  test('20 rounds of one player at once: nonces 0 to 19 once each, each outcome recomputes, and the balance is the sum of them', async (t) => {
    const { user, token } = await s.factories.createUser({ balance: '1000' });
    const answers = await Promise.all(Array.from({ length: 20 }, () => play(token)));
    t.true(
      answers.every((res) => res.body.code === 200),
      JSON.stringify(answers.find((res) => res.body.code !== 200)?.body),
    );
    const rounds = answers.map((res) => res.body.result);
    t.deepEqual(
      rounds.map((r) => r.nonce).sort((a, b) => a - b),
      Array.from({ length: 20 }, (_, i) => i),
    );
    const { serverSeed } = await seedsOf(user.id);
    for (const r of rounds) t.is(Number(fairRound(serverSeed, r.clientSeed, r.nonce).multiplier), r.multiplier);
    const net = rounds.reduce((sum, r) => sum.plus(r.profit), new Decimal(0));
    const balance = (await s.models.User.findByPk(user.id))!.balance;
    t.is(new Decimal(balance).toFixed(6), new Decimal(1000).plus(net).toFixed(6));
    t.is(Number((await seedsOf(user.id)).nonce), 20);
  });

  test('seeds changed behind this process (a new client seed and a nonce taken elsewhere): the next round draws with the current ones', async (t) => {
    const { user, token } = await s.factories.createUser({ balance: '100' });
    t.is((await play(token)).body.result.nonce, 0);
    // What a round and a PUT /game/fairness/client-seed through another API process leave.
    await s.db().query(`UPDATE fairness_seeds SET nonce = nonce + 1, "clientSeed" = 'changed-elsewhere' WHERE "userId" = :userId`, {
      replacements: { userId: user.id },
    });
    const next = await play(token);
    t.is(next.body.code, 200, JSON.stringify(next.body));
    t.like(next.body.result, { nonce: 2, clientSeed: 'changed-elsewhere' });
    const { serverSeed } = await seedsOf(user.id);
    t.is(Number(fairRound(serverSeed, 'changed-elsewhere', 2).multiplier), next.body.result.multiplier);
    t.is(Number((await seedsOf(user.id)).nonce), 3);
  });

  test('a refused round burns the nonce it drew with before it answers; the next round draws with the nonce after it', async (t) => {
    const { user, token } = await s.factories.createUser({ balance: '5' });
    t.is((await play(token)).body.result.nonce, 0);
    const refused = await play(token, 1000);
    t.is(refused.body.code, 5011, JSON.stringify(refused.body));
    const [burnt] = await s.db().query<{ nonce: string; reason: string }>('SELECT nonce, reason FROM fairness_burnt_nonces WHERE "userId" = :userId', {
      replacements: { userId: user.id },
      type: 'SELECT' as never,
    });
    t.deepEqual({ nonce: Number(burnt.nonce), reason: burnt.reason }, { nonce: 1, reason: 'game.balanceTooLow' });
    const next = await play(token);
    t.is(next.body.code, 200, JSON.stringify(next.body));
    t.is(next.body.result.nonce, 2);
  });
}
