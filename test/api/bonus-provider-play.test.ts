import test from 'ava';
import Decimal from 'decimal.js';
import { QueryTypes } from 'sequelize';
import { grantRow, grantThroughAdmin, moneyConserved, moneyOf, setBonusSettings } from '../helpers/bonus';
import { providerCall, startProviderStack, uniqueId, type ProviderStack } from '../helpers/provider-requests';
import type { ApiResponse, TestStack } from '../helpers/stack';

/**
 * Provider callbacks play cash plus bonus (docs/providers.md, "Bonus money"; docs/decisions/bonus.md,
 * "Provider callbacks play cash plus bonus"): the balance they answer is cash + bonus; a bet spends cash
 * first, then bonus, and counts its stake x the game type's weight towards wagering; a win (provx BetResult,
 * provy bet's winAmount and win) returns in the round's stake proportion; a cancel returns the bonus share to
 * bonus and takes the wagering back; the bet that completes the wagering converts once, twenty at once at
 * the edge included; after the grant ended, a refund's bonus share is forfeited and a win's converts within
 * what is left of the max conversion (or is forfeited). Every test checks cash, bonus and both ledgers.
 * Serial: the tests share the site's bonus settings.
 */

let stack: TestStack;
let factories: ProviderStack['factories'];
let db: ProviderStack['db'];
let adminToken: string;
let site: string;

test.before(async () => {
  ({ stack, factories, db } = await startProviderStack());
  adminToken = (await factories.createAdmin()).token;
  site = (await import('../../shared/config')).config().siteCode;
});

test.after.always(async () => {
  await stack?.close();
});

const call = (provider: 'provx' | 'provy', method: string, body: unknown): Promise<ApiResponse> => providerCall(stack, provider, method, body);

const grant = (userId: number, overrides: Record<string, unknown> = {}) => grantThroughAdmin(stack, adminToken, userId, overrides);

/** The player's running totals of the day as player protection counts them (rg_accounts). */
async function protectionTotals(userId: number): Promise<{ stake: string; win: string }> {
  const [row] = await db().query<{ stake: string; win: string }>('SELECT "dayStake" AS stake, "dayWin" AS win FROM rg_accounts WHERE "userId" = $1', {
    bind: [userId],
    type: QueryTypes.SELECT,
  });
  return { stake: new Decimal(row.stake).toFixed(6), win: new Decimal(row.win).toFixed(6) };
}

const rows = (list: Array<{ kind: string; amount: string }>, kind: string) => list.filter((r) => r.kind === kind).map((r) => r.amount);
const wagered = async (id: number) => new Decimal((await grantRow(id)).wagered).toFixed(6);

const provxBet = (userId: number, roundId: string, amount: string, transactionId = uniqueId('bet')) =>
  call('provx', 'Bet', { transactionId, roundId, userId, gameCode: 'provx-slot-01', amount });

const provyBet = (userId: number, betAmount: string, extra: Record<string, unknown> = {}) =>
  call('provy', 'bet', { transactionId: uniqueId('bet'), roundId: uniqueId('round'), playerId: userId, gameCode: 'provy-slot-01', betAmount, ...extra });

test.serial('provx: the bet spends cash then bonus, the result returns in the stake proportion, every answer is cash + bonus', async (t) => {
  const { user } = await factories.createUser({ balance: '3' });
  const id = await grant(user.id, { amount: '100' });
  t.is((await call('provx', 'GetBalance', { userId: user.id })).body.balance, '103.000000');
  t.is((await call('provy', 'getBalance', { playerId: user.id })).body.data.balance, '103.000000');

  const round = uniqueId('round');
  const bet = await provxBet(user.id, round, '5');
  t.is(bet.body.errorCode, 0, bet.text);
  t.is(bet.body.balance, '98.000000'); // cash 0 + bonus 98
  t.is(await wagered(id), '5.000000');
  t.deepEqual(await protectionTotals(user.id), { stake: '5.000000', win: '0.000000' }); // player protection sees the whole stake

  const resultBody = { transactionId: uniqueId('result'), roundId: round, userId: user.id, gameCode: 'provx-slot-01', winAmount: '10' };
  const result = await call('provx', 'BetResult', resultBody);
  t.is(result.body.errorCode, 0, result.text);
  t.is(result.body.balance, '108.000000'); // cash 6 + bonus 102: the bonus share is 10 x 2 / 5
  const money = await moneyConserved(t, user.id, '3');
  t.is(money.balance, '6.000000');
  t.is(money.bonusBalance, '102.000000');
  t.deepEqual(rows(money.cashRows, 'bet'), ['-3.000000']);
  t.deepEqual(rows(money.cashRows, 'win'), ['6.000000']);
  t.deepEqual(rows(money.bonusRows, 'bonus-bet'), ['-2.000000']);
  t.deepEqual(rows(money.bonusRows, 'bonus-win'), ['4.000000']);

  t.deepEqual(await protectionTotals(user.id), { stake: '5.000000', win: '10.000000' });

  // A replay answers the stored answer and moves nothing.
  const replay = await call('provx', 'BetResult', resultBody);
  t.is(replay.text, result.text);
  t.deepEqual(await moneyOf(user.id), money);
  t.is((await call('provx', 'GetBalance', { userId: user.id })).body.balance, '108.000000');

  // A jackpot of the round is a credit in the same proportion: 5 x 2 / 5 to bonus, 3 to cash.
  const jackpot = await call('provx', 'JackpotResult', { transactionId: uniqueId('jackpot'), roundId: round, userId: user.id, amount: '5' });
  t.is(jackpot.body.errorCode, 0, jackpot.text);
  t.is(jackpot.body.balance, '113.000000');
  const after = await moneyConserved(t, user.id, '3');
  t.deepEqual(rows(after.cashRows, 'jackpot'), ['3.000000']);
  t.deepEqual(rows(after.bonusRows, 'bonus-win'), ['4.000000', '2.000000']);
});

test.serial('provy: wagering by game type weight; a cancel returns the bonus share to bonus and takes the wagering back; wins in proportion', async (t) => {
  await setBonusSettings(site, { contributionWeights: { '9': 50 } });
  try {
    const { user } = await factories.createUser({ balance: '1' });
    const id = await grant(user.id, { amount: '50' });
    const betTx = uniqueId('bet');
    const crypto = await call('provy', 'bet', {
      transactionId: betTx,
      roundId: uniqueId('round'),
      playerId: user.id,
      gameCode: 'provy-crypto-01',
      betAmount: '4',
    });
    t.is(crypto.body.code, 0, crypto.text);
    t.is(crypto.body.data.balance, '47.000000');
    t.is(await wagered(id), '2.000000'); // 4 x 50 %

    const cancels = await Promise.all(
      Array.from({ length: 10 }, () => call('provy', 'cancelBet', { transactionId: `cancel-${betTx}`, betTransactionId: betTx, playerId: user.id })),
    );
    for (const res of cancels) t.is(res.text, cancels[0].text);
    t.is(cancels[0].body.code, 0, cancels[0].text);
    t.is(cancels[0].body.data.balance, '51.000000');
    t.is(await wagered(id), '0.000000');
    let money = await moneyConserved(t, user.id, '1');
    t.deepEqual(rows(money.cashRows, 'cancel'), ['1.000000']);
    t.deepEqual(rows(money.bonusRows, 'bonus-cancel'), ['3.000000']);
    t.is(money.balance, '1.000000');
    t.is(money.bonusBalance, '50.000000');

    // A bet paid by both with its win in the call, then a later win of the same bet: both in the stake's proportion.
    const bothTx = uniqueId('bet');
    const bothRound = uniqueId('round');
    const both = await call('provy', 'bet', {
      transactionId: bothTx,
      roundId: bothRound,
      playerId: user.id,
      gameCode: 'provy-slot-01',
      betAmount: '4',
      winAmount: '8',
    });
    t.is(both.body.code, 0, both.text);
    t.is(both.body.data.balance, '55.000000'); // cash 0 + 2, bonus 47 + 6
    const win = await call('provy', 'win', { transactionId: uniqueId('win'), betTransactionId: bothTx, roundId: bothRound, playerId: user.id, amount: '4' });
    t.is(win.body.code, 0, win.text);
    t.is(win.body.data.balance, '59.000000'); // cash 3, bonus 56
    money = await moneyConserved(t, user.id, '1');
    t.deepEqual(rows(money.cashRows, 'win'), ['2.000000', '1.000000']);
    t.deepEqual(rows(money.bonusRows, 'bonus-win'), ['6.000000', '3.000000']);
    t.is(await wagered(id), '4.000000');
  } finally {
    await setBonusSettings(site, {});
  }
});

test.serial('twenty provider bets at once at the edge of the wagering convert exactly once; cash, bonus and both ledgers add up', async (t) => {
  const { user } = await factories.createUser();
  const id = await grant(user.id, { amount: '20', wageringMultiplier: '0.5' });
  for (let i = 0; i < 9; i += 1) t.is((await provyBet(user.id, '1', { winAmount: '0' })).body.code, 0);
  t.is(await wagered(id), '9.000000');
  const answers = await Promise.all(
    Array.from({ length: 20 }, (_, i) => (i % 2 ? provyBet(user.id, '1', { winAmount: '0' }) : provxBet(user.id, uniqueId('round'), '1'))),
  );
  for (const res of answers) t.true([0, 3001].includes(res.body.code ?? res.body.errorCode), res.text);
  const g = await grantRow(id);
  t.is(g.status, 'converted');
  t.is(new Decimal(g.convertedAmount).toFixed(6), '10.000000'); // 20 - the 10 staked before the conversion
  const money = await moneyConserved(t, user.id, '0');
  t.is(money.bonusRows.filter((row) => row.kind === 'bonus-convert').length, 1);
  t.deepEqual(rows(money.cashRows, 'bonus-convert'), ['10.000000']);
  t.is(money.bonusBalance, '0.000000');
  t.is(money.balance, '0.000000'); // the ten bets after the conversion spent its cash
});

test.serial('after the conversion: a refund forfeits its bonus share (never cash), a win converts within what is left of maxConversion', async (t) => {
  const { user } = await factories.createUser();
  const id = await grant(user.id, { amount: '10', wageringMultiplier: '0.5', maxConversion: '8' });
  const cancelled = uniqueId('round');
  const betTx = uniqueId('bet');
  const bet = await provxBet(user.id, cancelled, '3', betTx);
  t.is(bet.body.errorCode, 0, bet.text);
  const won = uniqueId('round');
  const converting = await provxBet(user.id, won, '2');
  t.is(converting.body.errorCode, 0, converting.text);
  let g = await grantRow(id);
  t.is(g.status, 'converted');
  t.is(new Decimal(g.convertedAmount).toFixed(6), '5.000000');
  t.is(converting.body.balance, '5.000000');

  const cancels = await Promise.all(
    Array.from({ length: 10 }, () => call('provx', 'CancelBet', { transactionId: betTx, roundId: cancelled, userId: user.id })),
  );
  for (const res of cancels) t.is(res.text, cancels[0].text);
  t.is(cancels[0].body.errorCode, 0, cancels[0].text);
  t.is(cancels[0].body.balance, '5.000000'); // the 3 of bonus money went nowhere
  let money = await moneyConserved(t, user.id, '0');
  t.deepEqual(rows(money.cashRows, 'cancel'), ['0.000000']);
  t.deepEqual(rows(money.bonusRows, 'bonus-cancel'), ['3.000000']);
  t.deepEqual(rows(money.bonusRows, 'bonus-forfeit'), ['-3.000000']);
  t.is(new Decimal((await grantRow(id)).forfeitedAmount).toFixed(6), '3.000000');

  const result = await call('provx', 'BetResult', {
    transactionId: uniqueId('result'),
    roundId: won,
    userId: user.id,
    gameCode: 'provx-slot-01',
    winAmount: '6',
  });
  t.is(result.body.errorCode, 0, result.text);
  t.is(result.body.balance, '8.000000'); // 3 of the 6 converts (8 - 5 converted before), 3 forfeited
  money = await moneyConserved(t, user.id, '0');
  t.deepEqual(rows(money.cashRows, 'bonus-convert'), ['5.000000', '3.000000']);
  g = await grantRow(id);
  t.like(g, { status: 'converted' });
  t.is(new Decimal(g.convertedAmount).toFixed(6), '8.000000');
  t.is(new Decimal(g.forfeitedAmount).toFixed(6), '6.000000');
  t.is(money.bonusBalance, '0.000000');
});

test.serial("a forfeited grant: the open round's win keeps only its cash share; the bonus share is forfeited", async (t) => {
  const { user } = await factories.createUser({ balance: '1' });
  const id = await grant(user.id, { amount: '20' });
  const round = uniqueId('round');
  t.is((await provxBet(user.id, round, '4')).body.errorCode, 0);
  const forfeit = await stack.request('POST', `/api/bonus/admin/grants/${id}/forfeit`, { token: adminToken, body: { reason: 'abuse review' } });
  t.is(forfeit.body.code, 200, forfeit.text);
  const result = await call('provx', 'BetResult', {
    transactionId: uniqueId('result'),
    roundId: round,
    userId: user.id,
    gameCode: 'provx-slot-01',
    winAmount: '8',
  });
  t.is(result.body.errorCode, 0, result.text);
  t.is(result.body.balance, '2.000000'); // 8 x 1 / 4 in cash
  const money = await moneyConserved(t, user.id, '1');
  t.deepEqual(rows(money.bonusRows, 'bonus-win'), ['6.000000']);
  t.is(money.bonusRows.at(-1)?.kind, 'bonus-forfeit');
  t.is(new Decimal((await grantRow(id)).forfeitedAmount).toFixed(6), '23.000000'); // the 17 left at the forfeit and the win's 6
});

test.serial('a player without a grant: the callbacks move and answer exactly the cash they did', async (t) => {
  const { user } = await factories.createUser({ balance: '10' });
  const round = uniqueId('round');
  t.is((await provxBet(user.id, round, '4')).body.balance, '6.000000');
  const result = await call('provx', 'BetResult', {
    transactionId: uniqueId('result'),
    roundId: round,
    userId: user.id,
    gameCode: 'provx-slot-01',
    winAmount: '1',
  });
  t.is(result.body.balance, '7.000000');
  const money = await moneyConserved(t, user.id, '10');
  t.deepEqual(money.bonusRows, []);
  t.deepEqual(
    money.cashRows.slice(-2).map((r) => [r.kind, r.amount]),
    [
      ['bet', '-4.000000'],
      ['win', '1.000000'],
    ],
  );
});
