import test, { type ExecutionContext } from 'ava';
import { QueryTypes } from 'sequelize';
import { ledgerHolds, providerCall, snapshot, startProviderStack, uniqueId as id, type ProviderStack } from '../helpers/provider-requests';
import type { ApiResponse, TestStack } from '../helpers/stack';
import { waitFor } from '../helpers/wait';

/**
 * Game blocks stop bets where the money moves (docs/decisions/game.md, "Game blocks stop bets where the money
 * moves"; docs/providers.md, "Blocked players"): POST /game/simulate answers 5010 with the launch's text,
 * provx Bet, a provx BetResult that debits its bet and provy bet answer GAME_NOT_FOUND (2002), and none
 * of them moves or writes anything; wins, results and cancels of rounds that already have bets settle.
 */
let stack: TestStack;
let db: ProviderStack['db'];
let factories: ProviderStack['factories'];
let models: typeof import('../../shared/db/models');

test.before(async () => {
  ({ stack, db, factories } = await startProviderStack());
  models = await import('../../shared/db/models');
});
test.after.always(async () => {
  await stack?.close();
});

const BLOCKED_TEXT = 'You are not allowed to play this game';
const BLOCKED_PROVIDER = 'Game not found: the player is blocked from this game';

const simulate = (token: string, gameCode = 'provy-slot-01', productId = 2001) =>
  stack.request('POST', '/api/game/simulate', { token, body: { gameCode, productId, betAmount: 10 }, headers: { locales: 'en-US' } });
const provx = (method: string, body: unknown) => providerCall(stack, 'provx', method, body);
const provy = (method: string, body: unknown) => providerCall(stack, 'provy', method, body);

type BlockTarget = { gameType?: number; gameCode?: string; productId?: string };
const block = (userId: number, target: BlockTarget = {}) => models.GameUserBlock.create({ siteCode: 'default', userId, ...target });

/** What a refused call must leave as it was: the wallet, every row a round writes, and the play log. */
async function state(userId: number) {
  const [logs] = await db().query<{ n: string }>('SELECT COUNT(*)::text AS n FROM game_play_logs WHERE "userId" = :userId', {
    replacements: { userId },
    type: QueryTypes.SELECT,
  });
  return { ...(await snapshot(userId)), playLogs: Number(logs.n) };
}

function providerRefused(t: ExecutionContext, res: ApiResponse, provider: 'provx' | 'provy'): void {
  t.is(res.status, 200, res.text);
  if (provider === 'provx') t.like(res.body, { status: 'ERROR', errorCode: 2002, message: BLOCKED_PROVIDER });
  else t.deepEqual(res.body, { code: 2002, message: BLOCKED_PROVIDER, data: null });
}

test('simulate of a blocked player is 5010 with the launch text and moves nothing, at each block level', async (t) => {
  const all = await factories.createUser({ balance: '100' });
  const type = await factories.createUser({ balance: '100' });
  const game = await factories.createUser({ balance: '100' });
  await block(all.user.id);
  await block(type.user.id, { gameType: 2 });
  await block(game.user.id, { gameCode: 'provy-slot-01', productId: '2001' });

  for (const p of [all, type, game]) {
    const before = await state(p.user.id);
    const res = await simulate(p.token);
    t.is(res.status, 200);
    t.like(res.body, { code: 5010, message: BLOCKED_TEXT });
    t.deepEqual(await state(p.user.id), before);
  }
  // Where the block does not reach, the round is played: another type, another product of the game.
  t.is((await simulate(type.token, 'provy-crypto-01', 3001)).body.code, 200);
  t.is((await simulate(game.token, 'provy-slot-01', 2002)).body.code, 200);
  // The amount check comes first, as before (5010 with simulate's own text).
  const tooMuch = await stack.request('POST', '/api/game/simulate', {
    token: all.token,
    body: { gameCode: 'provy-slot-01', productId: 2001, betAmount: 10001 },
    headers: { locales: 'en-US' },
  });
  t.is(tooMuch.body.code, 5010);
  t.not(tooMuch.body.message, BLOCKED_TEXT);
  await ledgerHolds(t, type.user.id);
});

test('provx Bet and a BetResult that debits its bet are refused for a blocked player and move nothing', async (t) => {
  const { user } = await factories.createUser({ balance: '100' });
  await block(user.id, { gameCode: 'provx-slot-01' });
  const before = await state(user.id);
  providerRefused(t, await provx('Bet', { transactionId: id('bet'), roundId: id('round'), userId: user.id, gameCode: 'provx-slot-01', amount: '10' }), 'provx');
  providerRefused(
    t,
    await provx('BetResult', { transactionId: id('res'), roundId: id('round'), userId: user.id, gameCode: 'provx-slot-01', betAmount: '4', winAmount: '8' }),
    'provx',
  );
  t.deepEqual(await state(user.id), before);
  // Another game is not blocked.
  t.like((await provx('Bet', { transactionId: id('bet'), roundId: id('round'), userId: user.id, gameCode: 'provx-slot-02', amount: '10' })).body, {
    status: 'OK',
    balance: '90.000000',
  });
});

test('provy bet of a blocked player is refused and moves nothing; a block of one product does not act on callbacks', async (t) => {
  const { user } = await factories.createUser({ balance: '100' });
  await block(user.id, { gameType: 2 });
  const before = await state(user.id);
  const bet = { transactionId: id('bet'), roundId: id('round'), playerId: user.id, gameCode: 'provy-slot-01', productId: 2, betAmount: '10' };
  providerRefused(t, await provy('bet', bet), 'provy');
  providerRefused(t, await provy('bet', { ...bet, transactionId: id('bet'), winAmount: '50' }), 'provy');
  t.deepEqual(await state(user.id), before);
  // The refusal is not recorded: once the block is lifted the same call is evaluated again and placed.
  await models.GameUserBlock.destroy({ where: { userId: user.id } });
  t.like((await provy('bet', bet)).body, { code: 0, data: { balance: '90.000000' } });

  const other = await factories.createUser({ balance: '100' });
  await block(other.user.id, { gameCode: 'provy-slot-01', productId: '2' });
  t.like((await provy('bet', { ...bet, transactionId: id('bet'), playerId: other.user.id })).body, { code: 0 });
});

test('money owed still settles: wins, results and cancels of rounds that had bets before the block', async (t) => {
  const { user } = await factories.createUser({ balance: '100' });
  const xRound = id('round');
  const xBet = id('bet');
  const xOther = id('round');
  const xOtherBet = id('bet');
  t.is((await provx('Bet', { transactionId: xBet, roundId: xRound, userId: user.id, gameCode: 'provx-slot-01', amount: '10' })).body.status, 'OK');
  t.is((await provx('Bet', { transactionId: xOtherBet, roundId: xOther, userId: user.id, gameCode: 'provx-slot-01', amount: '5' })).body.status, 'OK');
  const yBet = { transactionId: id('bet'), roundId: id('round'), playerId: user.id, gameCode: 'provy-slot-01', productId: 2, betAmount: '20' };
  const yCancelled = { ...yBet, transactionId: id('bet'), roundId: id('round'), betAmount: '7' };
  t.is((await provy('bet', yBet)).body.code, 0);
  t.is((await provy('bet', yCancelled)).body.code, 0);
  await block(user.id); // 100 - 10 - 5 - 20 - 7 = 58

  // A further bet in the running round is a bet: refused.
  providerRefused(t, await provx('Bet', { transactionId: id('bet'), roundId: xRound, userId: user.id, gameCode: 'provx-slot-01', amount: '1' }), 'provx');
  const result = await provx('BetResult', { transactionId: id('res'), roundId: xRound, userId: user.id, gameCode: 'provx-slot-01', winAmount: '30' });
  t.like(result.body, { status: 'OK', balance: '88.000000' });
  t.like((await provx('CancelBet', { transactionId: xOtherBet, roundId: xOther, userId: user.id })).body, { status: 'OK', balance: '93.000000' });
  const win = await provy('win', { transactionId: id('win'), betTransactionId: yBet.transactionId, roundId: yBet.roundId, playerId: user.id, amount: '40' });
  t.like(win.body, { code: 0, data: { balance: '133.000000' } });
  const cancel = await provy('cancelBet', { transactionId: id('cancel'), betTransactionId: yCancelled.transactionId, playerId: user.id });
  t.like(cancel.body, { code: 0, data: { balance: '140.000000' } });
  const jackpot = await provx('JackpotResult', { transactionId: id('jp'), roundId: xRound, userId: user.id, amount: '2' });
  t.like(jackpot.body, { status: 'OK', balance: '142.000000' });
  await ledgerHolds(t, user.id);
});

/**
 * A block committed while a bet waits for the player's row (the lock createGameBlock takes): the bet,
 * which asks after its debit, sees the block and is refused.
 */
async function racingBlock(t: ExecutionContext, userId: number, bet: () => Promise<ApiResponse>): Promise<ApiResponse> {
  const before = await state(userId);
  const tx = await db().transaction();
  await db().query('SELECT id FROM users WHERE id = :userId FOR NO KEY UPDATE', { replacements: { userId }, transaction: tx });
  await models.GameUserBlock.create({ siteCode: 'default', userId }, { transaction: tx });
  const pending = bet();
  await waitFor('the bet waiting for the player row', async () => {
    const [row] = await db().query<{ n: string }>(
      `SELECT COUNT(*)::text AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`,
      { type: QueryTypes.SELECT },
    );
    return Number(row.n) > 0;
  });
  await tx.commit();
  const res = await pending;
  t.deepEqual(await state(userId), before);
  return res;
}

test.serial('a block committed while a simulate or provider bet waits for the player row stops it', async (t) => {
  const s = await factories.createUser({ balance: '100' });
  const sim = await racingBlock(t, s.user.id, () => simulate(s.token));
  t.like(sim.body, { code: 5010, message: BLOCKED_TEXT });

  const p = await factories.createUser({ balance: '100' });
  const bet = { transactionId: id('bet'), roundId: id('round'), playerId: p.user.id, gameCode: 'provy-slot-01', productId: 2, betAmount: '10' };
  providerRefused(t, await racingBlock(t, p.user.id, () => provy('bet', bet)), 'provy');
});
