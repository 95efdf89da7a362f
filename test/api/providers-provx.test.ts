import { createHmac } from 'node:crypto';
import test, { type ExecutionContext } from 'ava';
import { QueryTypes } from 'sequelize';
import {
  PROVIDER_SECRETS,
  ledgerHolds,
  providerCall,
  roundOrder,
  snapshot,
  startProviderStack,
  uniqueId,
  type ProviderStack,
} from '../helpers/provider-requests';
import type { ApiResponse, TestStack } from '../helpers/stack';

/** Provider provx callbacks (docs/providers.md): money flows, idempotency, cancels, refusals. */
const SECRET = PROVIDER_SECRETS.provx;
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
const provx = (method: string, body: unknown): Promise<ApiResponse> => providerCall(stack, 'provx', method, body);
const order = roundOrder;

function refused(t: ExecutionContext, res: ApiResponse, errorCode: number, status = 200): void {
  t.is(res.status, status, res.text);
  t.is(res.body?.status, 'ERROR', res.text);
  t.is(res.body?.errorCode, errorCode, res.text);
  t.is(typeof res.body?.message, 'string');
}

test('GetBalance by userId or account; unknown player, other currency and no player are refused', async (t) => {
  const { user } = await factories.createUser({ balance: '12.5' });
  const byId = await provx('GetBalance', { userId: user.id, currency: 'USD' });
  t.is(byId.status, 200);
  t.deepEqual(byId.body, { status: 'OK', errorCode: 0, message: 'OK', userId: String(user.id), currency: 'USD', balance: '12.500000' });
  const byAccount = await provx('GetBalance', { account: user.account });
  t.is(byAccount.body.balance, '12.500000');
  t.is(byAccount.body.userId, String(user.id));
  const byStringId = await provx('GetBalance', { userId: String(user.id) });
  t.is(byStringId.body.balance, '12.500000');
  refused(t, await provx('GetBalance', { userId: 99999999 }), 2001);
  refused(t, await provx('GetBalance', { account: 'nobody-here' }), 2001);
  refused(t, await provx('GetBalance', { userId: user.id, currency: 'EUR' }), 1003, 400);
  refused(t, await provx('GetBalance', {}), 1003, 400);
  refused(t, await provx('Nope', { userId: user.id }), 1003, 404);
  await ledgerHolds(t, user.id);
});

test('bets, result and the round: order, details, ledger and post-bet outbox are consistent', async (t) => {
  const { user } = await factories.createUser({ balance: '100' });
  const round = id('round');
  const bet1 = id('bet');
  const bet2 = id('bet');
  const first = await provx('Bet', { transactionId: bet1, roundId: round, userId: user.id, gameCode: 'provx-slot-01', amount: '10' });
  t.is(first.status, 200);
  t.like(first.body, { status: 'OK', errorCode: 0, balance: '90.000000', currency: 'USD', transactionId: bet1 });
  t.truthy(first.body.refId);
  const second = await provx('Bet', { transactionId: bet2, roundId: round, userId: user.id, gameCode: 'provx-slot-01', amount: 5.25 });
  t.is(second.body.balance, '84.750000');

  let o = await order(user.id, round);
  t.like(o, {
    betAmount: '15.250000',
    totalBetCount: 2,
    betEffective: '15.250000',
    winLose: '-15.250000',
    gameType: '2',
    gamePlatform: 'provx',
    gameCode: 'provx-slot-01',
    status: 'valid',
    settled: false,
  });
  t.is((await snapshot(user.id)).postBet, 0, 'no post-bet before the result');

  const result = await provx('BetResult', { transactionId: id('res'), roundId: round, userId: user.id, gameCode: 'provx-slot-01', winAmount: '30.5' });
  t.like(result.body, { status: 'OK', balance: '115.250000' });
  o = await order(user.id, round);
  t.like(o, { betAmount: '15.250000', winAmount: '30.500000', winLose: '15.250000', settled: true, status: 'valid', totalBetCount: 2 });
  t.truthy(o.settledAt);

  const details = await db().query<{ betAmount: string; winLose: string; providerTxId: string; roundNo: number }>(
    `SELECT "betAmount", "winLose", "providerTxId", "roundNo" FROM bet_details WHERE "betOrderId" = :id ORDER BY "roundNo"`,
    { replacements: { id: o.id }, type: QueryTypes.SELECT },
  );
  t.deepEqual(
    details.map((d) => [d.roundNo, d.betAmount, d.winLose, d.providerTxId]),
    [
      [1, '10.000000', '-10.000000', bet1],
      [2, '5.250000', '-5.250000', bet2],
      [3, '0.000000', '30.500000', result.body.transactionId],
    ],
  );
  const ledger = await db().query<{ kind: string; amount: string; idempotencyKey: string; betOrderId: string }>(
    `SELECT kind, amount, "idempotencyKey", "betOrderId" FROM game_transactions WHERE "userId" = :userId AND kind <> 'adjustment' ORDER BY id`,
    { replacements: { userId: user.id }, type: QueryTypes.SELECT },
  );
  t.deepEqual(
    ledger.map((l) => [l.kind, l.amount, l.idempotencyKey, String(l.betOrderId)]),
    [
      ['bet', '-10.000000', `provx:bet:${bet1}`, String(o.id)],
      ['bet', '-5.250000', `provx:bet:${bet2}`, String(o.id)],
      ['win', '30.500000', `provx:result:${result.body.transactionId}`, String(o.id)],
    ],
  );
  const s = await ledgerHolds(t, user.id);
  t.is(s.postBet, 1, 'BetResult wrote one post-bet outbox row');
  t.is(s.calls, 3);

  // The round is settled: no more bets, no cancels.
  refused(t, await provx('Bet', { transactionId: id('bet'), roundId: round, userId: user.id, gameCode: 'provx-slot-01', amount: '1' }), 3005);
  refused(t, await provx('CancelBet', { transactionId: bet1, roundId: round, userId: user.id }), 3005);
  t.deepEqual(await snapshot(user.id), s);
});

test('effective bet follows the game type weight (crypto 0.5)', async (t) => {
  const { user } = await factories.createUser({ balance: '100' });
  const round = id('round');
  await provx('Bet', { transactionId: id('bet'), roundId: round, userId: user.id, gameCode: 'provx-crypto-01', amount: '7.000001' });
  t.like(await order(user.id, round), { gameType: '9', betAmount: '7.000001', betEffective: '3.500001' });
  await ledgerHolds(t, user.id);
});

test('a BetResult for an unknown round needs betAmount: then bet and result in one call', async (t) => {
  const { user } = await factories.createUser({ balance: '20' });
  const before = await snapshot(user.id);
  refused(t, await provx('BetResult', { transactionId: id('res'), roundId: id('round'), userId: user.id, gameCode: 'provx-slot-01', winAmount: '5' }), 3003);
  t.deepEqual(await snapshot(user.id), before);

  const round = id('round');
  const res = await provx('BetResult', {
    transactionId: id('res'),
    roundId: round,
    userId: user.id,
    gameCode: 'provx-slot-01',
    betAmount: '4',
    winAmount: '0',
  });
  t.is(res.body.balance, '16.000000');
  t.like(await order(user.id, round), { betAmount: '4.000000', winAmount: '0.000000', winLose: '-4.000000', settled: true, totalBetCount: 1 });
  const s = await ledgerHolds(t, user.id);
  t.is(s.postBet, 1);
  t.is(s.details, 1);
});

test('cancel refunds a bet once and cancels the order; a result for the cancelled round is refused', async (t) => {
  const { user } = await factories.createUser({ balance: '50' });
  const round = id('round');
  const bet = id('bet');
  await provx('Bet', { transactionId: bet, roundId: round, userId: user.id, gameCode: 'provx-live-01', amount: '20' });
  const cancel = await provx('CancelBet', { transactionId: bet, roundId: round, userId: user.id });
  t.like(cancel.body, { status: 'OK', balance: '50.000000', transactionId: bet });
  const again = await provx('CancelBet', { transactionId: bet, roundId: round, userId: user.id });
  t.deepEqual(again.body, cancel.body, 'a replayed cancel gets the stored answer');
  t.like(await order(user.id, round), { status: 'cancelled', invalidReason: 'cancelled', betAmount: '0.000000', totalBetCount: 0, settled: false });
  const refunds = await db().query(`SELECT 1 FROM game_transactions WHERE "idempotencyKey" = :key`, {
    replacements: { key: `provx:cancel:${bet}` },
    type: QueryTypes.SELECT,
  });
  t.is(refunds.length, 1);
  const s = await ledgerHolds(t, user.id);
  refused(t, await provx('BetResult', { transactionId: id('res'), roundId: round, userId: user.id, gameCode: 'provx-live-01', winAmount: '40' }), 3004);
  refused(t, await provx('CancelBet', { transactionId: bet, roundId: id('other-round'), userId: user.id }), 3002);
  t.deepEqual(await snapshot(user.id), s);
  t.is(s.postBet, 0);
});

test('cancel of one bet of two keeps the order valid with the other bet', async (t) => {
  const { user } = await factories.createUser({ balance: '50' });
  const round = id('round');
  const bet1 = id('bet');
  await provx('Bet', { transactionId: bet1, roundId: round, userId: user.id, gameCode: 'provx-slot-02', amount: '5' });
  await provx('Bet', { transactionId: id('bet'), roundId: round, userId: user.id, gameCode: 'provx-slot-02', amount: '3' });
  const cancel = await provx('CancelBet', { transactionId: bet1, roundId: round, userId: user.id });
  t.is(cancel.body.balance, '47.000000');
  t.like(await order(user.id, round), { status: 'valid', betAmount: '3.000000', totalBetCount: 1, betEffective: '3.000000' });
  await ledgerHolds(t, user.id);
});

test('* cancel before bet: the unknown id is cancelled (tombstone) and the late bet is refused, moving nothing', async (t) => {
  const { user } = await factories.createUser({ balance: '30' });
  const round = id('round');
  const bet = id('bet');
  const cancel = await provx('CancelBet', { transactionId: bet, roundId: round, userId: user.id });
  t.like(cancel.body, { status: 'OK', errorCode: 0, balance: '30.000000' });
  const afterCancel = await snapshot(user.id);
  refused(t, await provx('Bet', { transactionId: bet, roundId: round, userId: user.id, gameCode: 'provx-slot-01', amount: '10' }), 3004);
  refused(t, await provx('Bet', { transactionId: bet, roundId: round, userId: user.id, gameCode: 'provx-slot-01', amount: '10' }), 3004);
  const s = await ledgerHolds(t, user.id);
  t.deepEqual(s, afterCancel);
  t.is(s.balance, '30.000000');
  t.is(s.orders, 0);
  t.is(s.calls, 1, 'only the tombstone');
  const [row] = await db().query<{ status: string }>(`SELECT status FROM provider_transactions WHERE "userId" = :userId`, {
    replacements: { userId: user.id },
    type: QueryTypes.SELECT,
  });
  t.is(row.status, 'tombstone');
});

test('jackpots credit the round; an unknown round needs its gameCode', async (t) => {
  const { user } = await factories.createUser({ balance: '10' });
  const round = id('round');
  await provx('Bet', { transactionId: id('bet'), roundId: round, userId: user.id, gameCode: 'provx-fish-01', amount: '2' });
  const jp = await provx('JackpotResult', { transactionId: id('jp'), roundId: round, userId: user.id, amount: '1000.123456' });
  t.like(jp.body, { status: 'OK', balance: '1008.123456' });
  t.like(await order(user.id, round), { winAmount: '1000.123456', betAmount: '2.000000', winLose: '998.123456' });

  const before = await snapshot(user.id);
  refused(t, await provx('JackpotResult', { transactionId: id('jp'), roundId: id('round'), userId: user.id, amount: '5' }), 3003);
  refused(t, await provx('JackpotResult', { transactionId: id('jp'), roundId: id('round'), userId: user.id, amount: '5', gameCode: 'nope' }), 2002);
  t.deepEqual(await snapshot(user.id), before);

  const lone = id('round');
  const standalone = await provx('JackpotResult', { transactionId: id('jp'), roundId: lone, userId: user.id, amount: '5', gameCode: 'provx-slot-01' });
  t.is(standalone.body.balance, '1013.123456');
  t.like(await order(user.id, lone), { betAmount: '0.000000', winAmount: '5.000000', totalBetCount: 0, settled: true });
  const s = await ledgerHolds(t, user.id);
  t.is(s.postBet, 0, 'jackpots are not bet settlements');
  const kinds = await db().query<{ kind: string }>(`SELECT kind FROM game_transactions WHERE "userId" = :userId AND kind = 'jackpot'`, {
    replacements: { userId: user.id },
    type: QueryTypes.SELECT,
  });
  t.is(kinds.length, 2);
});

test('* the same bet sent 10 times concurrently moves money once and all answers equal the first', async (t) => {
  const { user } = await factories.createUser({ balance: '100' });
  const body = { transactionId: id('bet'), roundId: id('round'), userId: user.id, gameCode: 'provx-slot-01', amount: '7.5' };
  const answers = await Promise.all(Array.from({ length: 10 }, () => provx('Bet', body)));
  for (const a of answers) {
    t.is(a.status, 200);
    t.is(a.text, answers[0].text);
  }
  t.is(answers[0].body.balance, '92.500000');
  const s = await ledgerHolds(t, user.id);
  t.is(s.balance, '92.500000');
  t.is(s.ledgerRows, 2);
  t.is(s.calls, 1);
  t.is(s.details, 1);
  t.like(await order(user.id, body.roundId), { totalBetCount: 1, betAmount: '7.500000' });
});

test('* a replay after other movements returns the stored first answer with the old balance', async (t) => {
  const { user } = await factories.createUser({ balance: '100' });
  const round = id('round');
  const bet = { transactionId: id('bet'), roundId: round, userId: user.id, gameCode: 'provx-slot-01', amount: '10' };
  const first = await provx('Bet', bet);
  t.is(first.body.balance, '90.000000');
  await provx('Bet', { ...bet, transactionId: id('bet'), amount: '20' });
  const resultBody = { transactionId: id('res'), roundId: round, userId: user.id, gameCode: 'provx-slot-01', winAmount: '1' };
  const result = await provx('BetResult', resultBody);
  t.is(result.body.balance, '71.000000');
  const before = await snapshot(user.id);

  const replay = await provx('Bet', bet);
  t.is(replay.text, first.text);
  t.is(replay.body.balance, '90.000000');
  const resultReplay = await provx('BetResult', resultBody);
  t.is(resultReplay.text, result.text);
  const s = await ledgerHolds(t, user.id);
  t.deepEqual(s, before, 'replays changed nothing (no money, no rows, no post-bet)');
});

test('* the same id with another amount, player or round is a duplicate and changes nothing', async (t) => {
  const { user } = await factories.createUser({ balance: '100' });
  const other = await factories.createUser({ balance: '100' });
  const bet = { transactionId: id('bet'), roundId: id('round'), userId: user.id, gameCode: 'provx-slot-01', amount: '10' };
  await provx('Bet', bet);
  const before = await snapshot(user.id);
  const otherBefore = await snapshot(other.user.id);
  refused(t, await provx('Bet', { ...bet, amount: '10.5' }), 3002);
  refused(t, await provx('Bet', { ...bet, roundId: id('round') }), 3002);
  refused(t, await provx('Bet', { ...bet, gameCode: 'provx-slot-02' }), 3002);
  refused(t, await provx('Bet', { ...bet, userId: other.user.id }), 3002);
  t.deepEqual(await ledgerHolds(t, user.id), before);
  t.deepEqual(await ledgerHolds(t, other.user.id), otherBefore);
});

test('* malformed bodies, bad amounts, unknown game or player are refused and nothing changes', async (t) => {
  const { user } = await factories.createUser({ balance: '100' });
  const base = { transactionId: id('bet'), roundId: id('round'), userId: user.id, gameCode: 'provx-slot-01', amount: '1' };
  const before = await snapshot(user.id);
  const badRequests: unknown[] = [
    { ...base, amount: '-1' },
    { ...base, amount: -1 },
    { ...base, amount: 'abc' },
    { ...base, amount: '1.0000001' },
    { ...base, amount: '1e3' },
    { ...base, amount: 'NaN' },
    { ...base, amount: '' },
    { ...base, amount: null },
    { ...base, amount: true },
    { ...base, transactionId: '' },
    { ...base, transactionId: { a: 1 } },
    { ...base, roundId: undefined },
    { ...base, userId: 'abc' },
    { ...base, userId: -5 },
    { ...base, userId: 1.5 },
    { ...base, currency: 'EUR' },
    [base],
  ];
  for (const body of badRequests) refused(t, await provx('Bet', body), 1003, 400);
  refused(t, await provx('BetResult', { ...base, winAmount: '-3' }), 1003, 400);
  refused(t, await provx('JackpotResult', { ...base, amount: 'x' }), 1003, 400);
  refused(t, await provx('Bet', { ...base, gameCode: 'no-such-game' }), 2002);
  refused(t, await provx('Bet', { ...base, gameCode: 'provy-slot-01' }), 2002, 200); // another provider's game
  refused(t, await provx('Bet', { ...base, userId: 2147483000 }), 2001);
  refused(t, await provx('CancelBet', { transactionId: id('bet'), roundId: 'r', userId: 2147483000 }), 2001);
  // Bodies that are not JSON at all never reach the provider routes: the app's JSON parser answers them
  // (HTTP 400 envelope, docs/providers.md). Still nothing changes.
  const ts = String(Math.floor(Date.now() / 1000));
  const raw = '{"transactionId": "x", "amount": ';
  const broken = await stack.request('POST', '/api/game/provx/Bet', {
    rawBody: raw,
    headers: { 'content-type': 'application/json', 'x-timestamp': ts, 'x-signature': createHmac('sha256', SECRET).update(`${ts}.${raw}`).digest('hex') },
  });
  t.is(broken.status, 400);
  const s = await ledgerHolds(t, user.id);
  t.deepEqual(s, before);
  t.is(s.calls, 0);
});

test('insufficient balance is refused and nothing changes', async (t) => {
  const { user } = await factories.createUser({ balance: '5' });
  const before = await snapshot(user.id);
  const bet = { transactionId: id('bet'), roundId: id('round'), userId: user.id, gameCode: 'provx-slot-01', amount: '5.000001' };
  refused(t, await provx('Bet', bet), 3001);
  const s = await ledgerHolds(t, user.id);
  t.deepEqual(s, before);
  t.is(s.orders, 0);
  // The refusal is not recorded: the same id is evaluated again once the player can afford it.
  await db().transaction(async (transaction) => {
    const { moveBalance } = await import('../../shared/domain/wallet');
    await moveBalance(transaction, { userId: user.id, amount: '1', kind: 'deposit', idempotencyKey: `test:deposit:${user.id}` });
  });
  const ok = await provx('Bet', bet);
  t.is(ok.body.balance, '0.999999');
  await ledgerHolds(t, user.id);
});
