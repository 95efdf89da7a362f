import test from 'ava';
import { ledgerHolds, providerCall, roundOrder, startProviderStack, uniqueId, type ProviderStack } from '../helpers/provider-requests';
import type { ApiResponse, TestStack } from '../helpers/stack';

/**
 * One lock order (docs/decisions/platform.md, "One lock order"): provider callbacks and the post-bet batches lock
 * a player's bet orders before the player's row. Repeated cancels of cancelled bets run beside post-bet
 * batches that lock the same orders and then the same players' rows: no call deadlocks (9999), no
 * batch fails, and the books hold.
 */
let stack: TestStack;
let factories: ProviderStack['factories'];
let applyPostBetBatch: typeof import('../../shared/domain/post-bet/chain').applyPostBetBatch;

test.before(async () => {
  ({ stack, factories } = await startProviderStack());
  ({ applyPostBetBatch } = await import('../../shared/domain/post-bet/chain'));
});
test.after.always(async () => {
  await stack?.close();
});

const provy = (method: string, body: unknown): Promise<ApiResponse> => providerCall(stack, 'provy', method, body);

/** A settled provy bet of the player (its post-bet chain not run yet): its order id. */
async function settledBet(playerId: number): Promise<{ transactionId: string; orderId: number }> {
  const b = { transactionId: uniqueId('bet'), roundId: uniqueId('round'), playerId, gameCode: 'provy-slot-01', productId: 2, betAmount: '1' };
  const res = await provy('bet', b);
  if (res.body?.code !== 0) throw new Error(`bet refused: ${res.text}`);
  return { transactionId: b.transactionId, orderId: Number((await roundOrder(playerId, b.roundId)).id) };
}

test('* repeated cancels beside post-bet batches of the same players and orders never deadlock', async (t) => {
  const players = await Promise.all(Array.from({ length: 4 }, async () => (await factories.createUser({ balance: '1000' })).user.id));
  // Two bets per player, cancelled once: their orders are cancelled, and every later cancel of them
  // succeeds without moving money (the path that used to lock the player before the order).
  const cancelled: Array<{ playerId: number; transactionId: string; orderId: number }> = [];
  for (const playerId of players) {
    for (let i = 0; i < 2; i += 1) {
      const bet = await settledBet(playerId);
      t.is((await provy('cancelBet', { transactionId: uniqueId('cancel'), betTransactionId: bet.transactionId, playerId })).body?.code, 0);
      cancelled.push({ playerId, ...bet });
    }
  }
  const cancelledOrders = cancelled.map((c) => c.orderId);
  // Their own chain first: from then on a batch only locks them (processed, nothing changed).
  t.deepEqual((await applyPostBetBatch(cancelledOrders)).applied.length, cancelledOrders.length);

  const codes: number[] = [];
  let batches = 0;
  for (let round = 0; round < 6; round += 1) {
    // Fresh settled orders for every batch, so that each batch gets the chain and locks the players' rows (VIP).
    const fresh = await Promise.all(Array.from({ length: 3 }, () => Promise.all(players.map(async (p) => (await settledBet(p)).orderId))));
    await Promise.all([
      ...fresh.map(async (orders) => {
        // The batch locks the cancelled bets' orders too, then the players' rows.
        const result = await applyPostBetBatch([...orders, ...cancelledOrders]);
        t.deepEqual([...result.applied].sort(), [...orders].sort());
        batches += 1;
      }),
      ...cancelled.map(async (c) => {
        const res = await provy('cancelBet', { transactionId: uniqueId('again'), betTransactionId: c.transactionId, playerId: c.playerId });
        codes.push(res.body?.code);
      }),
    ]);
  }

  t.is(batches, 18);
  t.false(codes.includes(9999), `no deadlock answered 9999 (codes: ${[...new Set(codes)].join(', ')})`);
  t.deepEqual([...new Set(codes)], [0], 'every repeated cancel succeeds');
  for (const playerId of players) {
    const s = await ledgerHolds(t, playerId);
    // 1000 - 2 cancelled bets refunded - 18 settled bets of 1.
    t.is(s.balance, '982.000000');
  }
});
