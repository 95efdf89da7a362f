import test, { type ExecutionContext } from 'ava';
import { adminRequester, type AdminRequest } from '../helpers/admin-requests';
import { ledgerHolds, providerCall, providerEnv, roundOrder, snapshot, uniqueId, type Provider } from '../helpers/provider-requests';
import { startTestStack, type ApiResponse, type TestStack } from '../helpers/stack';

/**
 * Money that would overflow a column (NUMERIC(18,6): at most 999999999999.999999) is a business refusal
 * in every money path, never a 500: the provider gets AMOUNT_OUT_OF_RANGE (3006, HTTP 200) and the same
 * answer again on replay, an administrator a 400 naming amount; nothing moves.
 */
let stack: TestStack;
let factories: typeof import('../helpers/factories');
let wallet: typeof import('../../shared/domain/wallet');
let db: typeof import('../../shared/db/sequelize').db;
let admin: AdminRequest;

test.before(async () => {
  stack = await startTestStack(providerEnv());
  factories = await import('../helpers/factories');
  wallet = await import('../../shared/domain/wallet');
  db = (await import('../../shared/db/sequelize')).db;
  const { token } = await factories.createAdmin();
  admin = adminRequester(stack, token);
});
test.after.always(async () => {
  await stack?.close();
});

const MAX = '999999999999.999999';
const call = (provider: Provider, method: string, body: unknown): Promise<ApiResponse> => providerCall(stack, provider, method, body);

/** The provider's business refusal AMOUNT_OUT_OF_RANGE in its own shape. */
function outOfRange(t: ExecutionContext, provider: Provider, res: ApiResponse): void {
  t.is(res.status, 200, res.text);
  if (provider === 'provy') {
    t.is(res.body?.code, 3006, res.text);
    t.is(res.body?.data, null, res.text);
  } else {
    t.is(res.body?.status, 'ERROR', res.text);
    t.is(res.body?.errorCode, 3006, res.text);
  }
  t.regex(res.body?.message ?? '', /out of range/i);
}

/** Sends the call twice: both answers are the refusal, the same one, and nothing moved. */
async function refusedTwice(t: ExecutionContext, provider: Provider, method: string, body: unknown, userId: number): Promise<void> {
  const before = await snapshot(userId);
  const first = await call(provider, method, body);
  outOfRange(t, provider, first);
  const replay = await call(provider, method, body);
  outOfRange(t, provider, replay);
  t.deepEqual(replay.body, first.body, 'a replay gets the same answer');
  t.deepEqual(await snapshot(userId), before, 'nothing moved: balance, ledger, calls, orders, details, outbox');
  await ledgerHolds(t, userId);
}

test('provy bet whose win would take the balance past the column: 3006, nothing moves, stable on replay', async (t) => {
  const { user } = await factories.createUser({ balance: '100' });
  const body = { transactionId: uniqueId('bet'), roundId: uniqueId('round'), playerId: user.id, gameCode: 'provy-slot-01', betAmount: '1', winAmount: MAX };
  await refusedTwice(t, 'provy', 'bet', body, user.id);
  t.falsy(await roundOrder(user.id, body.roundId), 'no order was opened');
});

test('provy win past the column on a settled bet: 3006, the bet and its order stay as they were', async (t) => {
  const { user } = await factories.createUser({ balance: '100' });
  const bet = { transactionId: uniqueId('bet'), roundId: uniqueId('round'), playerId: user.id, gameCode: 'provy-slot-01', betAmount: '10' };
  t.is((await call('provy', 'bet', bet)).body.code, 0);
  const win = { transactionId: uniqueId('win'), betTransactionId: bet.transactionId, roundId: bet.roundId, playerId: user.id, amount: MAX };
  await refusedTwice(t, 'provy', 'win', win, user.id);
  t.like(await roundOrder(user.id, bet.roundId), { winAmount: '0.000000', betAmount: '10.000000' });
});

test('provx JackpotResult and BetResult past the column: 3006, nothing moves, stable on replay', async (t) => {
  const { user } = await factories.createUser({ balance: '100' });
  const jackpot = { transactionId: uniqueId('jp'), roundId: uniqueId('round'), userId: user.id, gameCode: 'provx-slot-01', amount: MAX };
  await refusedTwice(t, 'provx', 'JackpotResult', jackpot, user.id);
  const round = uniqueId('round');
  t.is(
    (await call('provx', 'Bet', { transactionId: uniqueId('bet'), roundId: round, userId: user.id, gameCode: 'provx-slot-01', amount: '5' })).body.errorCode,
    0,
  );
  const result = { transactionId: uniqueId('res'), roundId: round, userId: user.id, gameCode: 'provx-slot-01', winAmount: MAX };
  await refusedTwice(t, 'provx', 'BetResult', result, user.id);
  t.like(await roundOrder(user.id, round), { settled: false, winAmount: '0.000000' });
});

test("a win the balance holds but the round's win total does not: 3006, nothing moves", async (t) => {
  const { user } = await factories.createUser({ balance: '100' });
  const round = uniqueId('round');
  const first = { transactionId: uniqueId('jp'), roundId: round, userId: user.id, gameCode: 'provx-slot-01', amount: '999999999000' };
  t.is((await call('provx', 'JackpotResult', first)).body.errorCode, 0);
  // The player spends most of it elsewhere: the balance has room again, the round's total has not.
  await db().transaction((transaction) =>
    wallet.moveBalance(transaction, { userId: user.id, amount: '-999999999000', kind: 'adjustment', idempotencyKey: `test:spend:${user.id}` }),
  );
  const second = { transactionId: uniqueId('jp'), roundId: round, userId: user.id, amount: '1000' };
  await refusedTwice(t, 'provx', 'JackpotResult', second, user.id);
  t.like(await roundOrder(user.id, round), { winAmount: '999999999000.000000' });
});

test('a single amount larger than the column holds is BAD_REQUEST (1003) before anything is read', async (t) => {
  const { user } = await factories.createUser({ balance: '100' });
  for (const amount of ['1000000000000', 1e12, '1e3', '9999999999999.5']) {
    const res = await call('provy', 'bet', {
      transactionId: uniqueId('bet'),
      roundId: uniqueId('round'),
      playerId: user.id,
      gameCode: 'provy-slot-01',
      betAmount: '1',
      winAmount: amount,
    });
    t.is(res.status, 400, res.text);
    t.is(res.body.code, 1003, res.text);
    t.regex(res.body.message, /winAmount/);
  }
  const ok = await call('provy', 'bet', {
    transactionId: uniqueId('bet'),
    roundId: uniqueId('round'),
    playerId: user.id,
    gameCode: 'provy-slot-01',
    betAmount: '1',
    winAmount: '0',
  });
  t.is(ok.body.code, 0, ok.text);
});

test('an administrator credit past the column is a 400 naming amount; nothing moves', async (t) => {
  const { user } = await factories.createUser({ balance: '100' });
  const before = await snapshot(user.id);
  const res = await admin('POST', `/admin/users/${user.id}/balance-adjustments`, { body: { amount: MAX, reason: 'too much' } });
  t.is(res.status, 400, res.text);
  t.regex(res.body.message, /amount/);
  t.deepEqual(await snapshot(user.id), before);
  const fits = await admin('POST', `/admin/users/${user.id}/balance-adjustments`, { body: { amount: '999999999899.999999', reason: 'to the brim' } });
  t.is(fits.status, 200, fits.text);
  t.is(fits.body.result.balanceAfter, MAX);
  await ledgerHolds(t, user.id);
});
