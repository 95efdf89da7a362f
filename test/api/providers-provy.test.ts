import test, { type ExecutionContext } from 'ava';
import { QueryTypes } from 'sequelize';
import { ledgerHolds, providerCall, roundOrder, snapshot, startProviderStack, uniqueId, type ProviderStack } from '../helpers/provider-requests';
import type { ApiResponse, TestStack } from '../helpers/stack';

/** Provider provy callbacks (docs/providers.md): money flows, idempotency, cancels, refusals. */
let stack: TestStack;
let db: ProviderStack['db'];
let factories: ProviderStack['factories'];

test.before(async () => {
  ({ stack, db, factories } = await startProviderStack());
});
test.after.always(async () => {
  await stack?.close();
});

const id = uniqueId;
const provy = (method: string, body: unknown): Promise<ApiResponse> => providerCall(stack, 'provy', method, body);
const order = roundOrder;

function refused(t: ExecutionContext, res: ApiResponse, code: number, status = 200): void {
  t.is(res.status, status, res.text);
  t.is(res.body?.code, code, res.text);
  t.is(res.body?.data, null, res.text);
  t.is(typeof res.body?.message, 'string');
}

const bet = (userId: number, extra: Record<string, unknown> = {}) => ({
  transactionId: id('bet'),
  roundId: id('round'),
  playerId: userId,
  gameCode: 'provy-slot-01',
  productId: 2,
  betAmount: '10',
  ...extra,
});

test('auth, getPlayerInfo and getBalance answer the player; unknown or malformed players are refused', async (t) => {
  const { user } = await factories.createUser({ balance: '42.42' });
  const info = { playerId: String(user.id), account: user.account, name: user.name, currency: 'USD', balance: '42.420000' };
  const auth = await provy('auth', { playerId: user.id, token: 'launch-token' });
  t.is(auth.status, 200);
  t.deepEqual(auth.body, { code: 0, message: 'Success', data: info });
  t.deepEqual((await provy('getPlayerInfo', { playerId: String(user.id) })).body, { code: 0, message: 'Success', data: info });
  t.deepEqual((await provy('getBalance', { playerId: user.id, currency: 'USD' })).body, {
    code: 0,
    message: 'Success',
    data: { playerId: String(user.id), currency: 'USD', balance: '42.420000' },
  });
  refused(t, await provy('getBalance', { playerId: 2147483000 }), 2001);
  refused(t, await provy('auth', { playerId: 2147483000 }), 2001);
  refused(t, await provy('getPlayerInfo', {}), 1003, 400);
  refused(t, await provy('getPlayerInfo', { playerId: 'me' }), 1003, 400);
  refused(t, await provy('getBalance', { playerId: user.id, currency: 'TWD' }), 1003, 400);
  refused(t, await provy('GetSomething', { playerId: user.id }), 1003, 404);
  await ledgerHolds(t, user.id);
});

test('a bet settles at once (post-bet), a later win credits it (no second post-bet: it changes nothing the chain counts) and then it cannot be cancelled', async (t) => {
  const { user } = await factories.createUser({ balance: '100' });
  const b = bet(user.id, { betAmount: '12.5' });
  const placed = await provy('bet', b);
  t.is(placed.status, 200);
  t.like(placed.body, {
    code: 0,
    message: 'Success',
    data: { playerId: String(user.id), currency: 'USD', balance: '87.500000', transactionId: b.transactionId },
  });
  let o = await order(user.id, b.roundId);
  t.like(o, {
    betAmount: '12.500000',
    betEffective: '12.500000',
    winLose: '-12.500000',
    settled: true,
    status: 'valid',
    gamePlatform: 'provy',
    gameType: '2',
    productId: '2',
    totalBetCount: 1,
  });
  t.truthy(o.settledAt);
  t.is((await snapshot(user.id)).postBet, 1, 'provy bet triggers the post-bet chain');

  const winId = id('win');
  const win = await provy('win', { transactionId: winId, betTransactionId: b.transactionId, roundId: b.roundId, playerId: user.id, amount: '25' });
  t.like(win.body, { code: 0, data: { balance: '112.500000', transactionId: winId } });
  o = await order(user.id, b.roundId);
  t.like(o, { winAmount: '25.000000', winLose: '12.500000', settled: true });
  const s = await ledgerHolds(t, user.id);
  t.is(s.postBet, 1, 'the post-bet chain runs once per settlement, and the bet settled the order');
  t.is(s.details, 2);

  refused(t, await provy('cancelBet', { transactionId: id('cancel'), betTransactionId: b.transactionId, playerId: user.id }), 3005);
  t.deepEqual(await snapshot(user.id), s);
  const ledger = await db().query<{ kind: string; idempotencyKey: string }>(
    `SELECT kind, "idempotencyKey" FROM game_transactions WHERE "userId" = :userId AND kind <> 'adjustment' ORDER BY id`,
    { replacements: { userId: user.id }, type: QueryTypes.SELECT },
  );
  t.deepEqual(
    ledger.map((l) => [l.kind, l.idempotencyKey]),
    [
      ['bet', `provy:bet:${b.transactionId}`],
      ['win', `provy:win:${winId}`],
    ],
  );
});

test('a bet carrying its win: two ledger rows, one detail, settled, not cancellable', async (t) => {
  const { user } = await factories.createUser({ balance: '10' });
  const b = bet(user.id, { betAmount: 4, winAmount: '9.000001', gameCode: 'provy-crypto-01' });
  const placed = await provy('bet', b);
  t.is(placed.body.data.balance, '15.000001');
  t.like(await order(user.id, b.roundId), { betAmount: '4.000000', betEffective: '2.000000', winAmount: '9.000001', winLose: '5.000001', gameType: '9' });
  const s = await ledgerHolds(t, user.id);
  t.is(s.ledgerRows, 3);
  t.is(s.details, 1);
  t.is(s.postBet, 1);
  refused(t, await provy('cancelBet', { transactionId: id('cancel'), betTransactionId: b.transactionId, playerId: user.id }), 3005);
  t.deepEqual(await snapshot(user.id), s);
});

test('a second bet in the round, carrying its win, adds to the order the first bet opened: one order, two details, one post-bet row', async (t) => {
  const { user } = await factories.createUser({ balance: '10' });
  const first = bet(user.id, { betAmount: '2', gameCode: 'provy-crypto-01' });
  await provy('bet', first);
  const second = bet(user.id, { betAmount: '3', winAmount: '7.5', roundId: first.roundId, gameCode: 'provy-crypto-01' });
  const placed = await provy('bet', second);
  t.is(placed.body.data.balance, '12.500000');
  t.like(await order(user.id, first.roundId), {
    totalBetCount: 2,
    betAmount: '5.000000',
    betEffective: '2.500000',
    winAmount: '7.500000',
    winLose: '2.500000',
    settled: true,
    status: 'valid',
  });
  const s = await ledgerHolds(t, user.id);
  t.is(s.ledgerRows, 4);
  t.is(s.details, 2);
  t.is(s.postBet, 1, 'the first bet settled the order; the chain, not run yet, will count both bets');
});

test('cancel refunds a bet once; another cancel id succeeds without money; a win for it is refused', async (t) => {
  const { user } = await factories.createUser({ balance: '50' });
  const b = bet(user.id, { betAmount: '20' });
  await provy('bet', b);
  const cancelBody = { transactionId: id('cancel'), betTransactionId: b.transactionId, playerId: user.id };
  const cancel = await provy('cancelBet', cancelBody);
  t.like(cancel.body, { code: 0, data: { balance: '50.000000', transactionId: cancelBody.transactionId } });
  t.like(await order(user.id, b.roundId), { status: 'cancelled', invalidReason: 'cancelled', betAmount: '0.000000', totalBetCount: 0 });
  const replay = await provy('cancelBet', cancelBody);
  t.is(replay.text, cancel.text);
  const second = await provy('cancelBet', { ...cancelBody, transactionId: id('cancel') });
  t.like(second.body, { code: 0, data: { balance: '50.000000' } });
  const s = await ledgerHolds(t, user.id);
  t.is(s.ledgerRows, 3, 'opening, bet, one refund');
  refused(t, await provy('win', { transactionId: id('win'), betTransactionId: b.transactionId, roundId: b.roundId, playerId: user.id, amount: '5' }), 3004);
  t.deepEqual(await snapshot(user.id), s);
});

test('a bet refunded after its post-bet chain ran takes its effective bet off the VIP total', async (t) => {
  const { user } = await factories.createUser({ balance: '50' });
  const b = bet(user.id, { betAmount: '20' });
  await provy('bet', b);
  const placed = await order(user.id, b.roundId);
  const { applyPostBet } = await import('../../shared/domain/post-bet/chain');
  await applyPostBet(placed.id as string); // what the post-bet worker does with the bet's outbox row
  const total = async () => {
    const [row] = await db().query<{ total: string }>('SELECT "totalEffectiveBet"::text AS total FROM users WHERE id = :id', {
      replacements: { id: user.id },
      type: QueryTypes.SELECT,
    });
    return row.total;
  };
  t.is(await total(), '20.000000');

  await provy('cancelBet', { transactionId: id('cancel'), betTransactionId: b.transactionId, playerId: user.id });
  t.is((await snapshot(user.id)).postBet, 2, 'the refund enqueues the chain again for the processed order');
  t.deepEqual(await applyPostBet(placed.id as string), { betOrderId: Number(placed.id), skipped: true, reason: 'already-processed' });
  t.is(await total(), '0.000000');
});

test('* cancel before bet: the unknown id is cancelled (tombstone) and the late bet and its win are refused', async (t) => {
  const { user } = await factories.createUser({ balance: '30' });
  const b = bet(user.id);
  const cancel = await provy('cancelBet', { transactionId: id('cancel'), betTransactionId: b.transactionId, playerId: user.id });
  t.like(cancel.body, { code: 0, data: { balance: '30.000000' } });
  const afterCancel = await snapshot(user.id);
  refused(t, await provy('bet', b), 3004);
  refused(t, await provy('bet', b), 3004);
  refused(t, await provy('win', { transactionId: id('win'), betTransactionId: b.transactionId, roundId: b.roundId, playerId: user.id, amount: '5' }), 3004);
  const s = await ledgerHolds(t, user.id);
  t.deepEqual(s, afterCancel);
  t.is(s.balance, '30.000000');
  t.is(s.orders, 0);
  t.is(s.calls, 1);
});

test("a win for an unknown bet, another player's bet or another round is refused", async (t) => {
  const { user } = await factories.createUser({ balance: '30' });
  const other = await factories.createUser({ balance: '30' });
  const b = bet(user.id);
  await provy('bet', b);
  const before = await snapshot(user.id);
  const win = { transactionId: id('win'), betTransactionId: b.transactionId, roundId: b.roundId, playerId: user.id, amount: '5' };
  refused(t, await provy('win', { ...win, betTransactionId: id('nope') }), 3003);
  refused(t, await provy('win', { ...win, playerId: other.user.id }), 3003);
  refused(t, await provy('win', { ...win, roundId: id('round') }), 3003);
  t.deepEqual(await ledgerHolds(t, user.id), before);
  t.is((await ledgerHolds(t, other.user.id)).calls, 0);
});

test('* the same bet sent 10 times concurrently moves money once and all answers equal the first', async (t) => {
  const { user } = await factories.createUser({ balance: '100' });
  const b = bet(user.id, { betAmount: '3.3', winAmount: '1.1' });
  const answers = await Promise.all(Array.from({ length: 10 }, () => provy('bet', b)));
  for (const a of answers) {
    t.is(a.status, 200);
    t.is(a.text, answers[0].text);
  }
  t.is(answers[0].body.data.balance, '97.800000');
  const s = await ledgerHolds(t, user.id);
  t.is(s.balance, '97.800000');
  t.is(s.ledgerRows, 3);
  t.is(s.calls, 1);
  t.is(s.details, 1);
  t.is(s.postBet, 1);

  const win = { transactionId: id('win'), betTransactionId: b.transactionId, roundId: b.roundId, playerId: user.id, amount: '2' };
  const wins = await Promise.all(Array.from({ length: 10 }, () => provy('win', win)));
  t.true(wins.every((w) => w.text === wins[0].text));
  t.is((await ledgerHolds(t, user.id)).balance, '99.800000');
});

test('* a replay after other movements returns the stored first answer with the old balance', async (t) => {
  const { user } = await factories.createUser({ balance: '100' });
  const b = bet(user.id);
  const first = await provy('bet', b);
  t.is(first.body.data.balance, '90.000000');
  await provy('bet', bet(user.id, { betAmount: '1', roundId: b.roundId }));
  await provy('win', { transactionId: id('win'), betTransactionId: b.transactionId, roundId: b.roundId, playerId: user.id, amount: '50' });
  const before = await snapshot(user.id);
  t.is(before.balance, '139.000000');
  t.like(await order(user.id, b.roundId), { totalBetCount: 2, betAmount: '11.000000', winAmount: '50.000000', winLose: '39.000000' });

  const replay = await provy('bet', b);
  t.is(replay.text, first.text);
  t.is(replay.body.data.balance, '90.000000');
  t.deepEqual(await ledgerHolds(t, user.id), before, 'the replay changed nothing');
});

test("* two players' wins with the same transaction id at the same moment: one is credited, the other is a duplicate", async (t) => {
  const players = await Promise.all([factories.createUser({ balance: '100' }), factories.createUser({ balance: '100' })]);
  const bets = players.map(({ user }) => bet(user.id, { betAmount: '10' }));
  for (const b of bets) t.is((await provy('bet', b)).body.code, 0);
  const winId = id('win');
  const answers = await Promise.all(
    bets.map((b, i) =>
      provy('win', { transactionId: winId, betTransactionId: b.transactionId, roundId: b.roundId, playerId: players[i].user.id, amount: '25' }),
    ),
  );
  t.deepEqual(answers.map((a) => a.body.code).sort(), [0, 3002]);
  const balances = await Promise.all(players.map(({ user }) => ledgerHolds(t, user.id)));
  t.deepEqual(balances.map((s) => s.balance).sort(), ['115.000000', '90.000000']);
});

test('* the same id with another amount, win, player or round is a duplicate and changes nothing', async (t) => {
  const { user } = await factories.createUser({ balance: '100' });
  const other = await factories.createUser({ balance: '100' });
  const b = bet(user.id);
  await provy('bet', b);
  const before = await snapshot(user.id);
  const otherBefore = await snapshot(other.user.id);
  refused(t, await provy('bet', { ...b, betAmount: '10.01' }), 3002);
  refused(t, await provy('bet', { ...b, winAmount: '0' }), 3002);
  refused(t, await provy('bet', { ...b, roundId: id('round') }), 3002);
  refused(t, await provy('bet', { ...b, playerId: other.user.id }), 3002);
  t.deepEqual(await ledgerHolds(t, user.id), before);
  t.deepEqual(await ledgerHolds(t, other.user.id), otherBefore);
});

test('* malformed bodies, bad amounts, unknown game or player are refused and nothing changes', async (t) => {
  const { user } = await factories.createUser({ balance: '100' });
  const base = bet(user.id);
  const before = await snapshot(user.id);
  const badRequests: unknown[] = [
    { ...base, betAmount: '-0.5' },
    { ...base, betAmount: -0.5 },
    { ...base, betAmount: 'ten' },
    { ...base, betAmount: '0.1234567' },
    { ...base, betAmount: 0.1 + 0.2 },
    { ...base, betAmount: undefined },
    { ...base, winAmount: '-1' },
    { ...base, winAmount: 'x' },
    { ...base, transactionId: 'has space' },
    { ...base, transactionId: 'x'.repeat(121) },
    { ...base, playerId: '12abc' },
    { ...base, gameCode: 7.5 },
    [base],
  ];
  for (const body of badRequests) refused(t, await provy('bet', body), 1003, 400);
  refused(
    t,
    await provy('win', { transactionId: id('win'), betTransactionId: base.transactionId, roundId: base.roundId, playerId: user.id, amount: '-2' }),
    1003,
    400,
  );
  refused(t, await provy('cancelBet', { transactionId: id('cancel'), playerId: user.id }), 1003, 400);
  refused(t, await provy('bet', { ...base, gameCode: 'provx-slot-01' }), 2002); // provx's game, not provy's
  refused(t, await provy('bet', { ...base, gameCode: 'nope' }), 2002);
  refused(t, await provy('bet', { ...base, playerId: 2147483000 }), 2001);
  const s = await ledgerHolds(t, user.id);
  t.deepEqual(s, before);
  t.is(s.calls, 0);
});

test('insufficient balance is refused and nothing changes', async (t) => {
  const { user } = await factories.createUser({ balance: '9.99' });
  const before = await snapshot(user.id);
  refused(t, await provy('bet', bet(user.id, { winAmount: '100' })), 3001);
  const s = await ledgerHolds(t, user.id);
  t.deepEqual(s, before);
  t.is(s.orders, 0);
  t.is(s.postBet, 0);
});
