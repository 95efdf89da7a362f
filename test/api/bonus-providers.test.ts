import test from 'ava';
import { grantThroughAdmin, moneyOf } from '../helpers/bonus';
import { providerCall, snapshot, startProviderStack, uniqueId, type ProviderStack } from '../helpers/provider-requests';
import type { ApiResponse, TestStack } from '../helpers/stack';

/**
 * Provider callbacks and an active bonus grant (docs/providers.md, BONUS_MAX_BET; docs/decisions/bonus.md):
 * a stake above the grant's max bet is refused (3008) with nothing written, by provx Bet, a provx BetResult
 * that debits its bet and provy bet; a stake at the max bet plays; after the grant ends the cap is gone.
 */

let stack: TestStack;
let factories: ProviderStack['factories'];
let adminToken: string;

test.before(async () => {
  ({ stack, factories } = await startProviderStack());
  adminToken = (await factories.createAdmin()).token;
});

test.after.always(async () => {
  await stack?.close();
});

const call = (provider: 'provx' | 'provy', method: string, body: unknown): Promise<ApiResponse> => providerCall(stack, provider, method, body);

const grant = (userId: number, overrides: Record<string, unknown> = {}) => grantThroughAdmin(stack, adminToken, userId, overrides);

const provyBet = (userId: number, betAmount: string) => ({
  transactionId: uniqueId('bet'),
  roundId: uniqueId('round'),
  playerId: userId,
  gameCode: 'provy-slot-01',
  productId: 2,
  betAmount,
});

test('provy bet: above the max bet 3008 and nothing written; at the max bet it plays; after a forfeit the cap is gone', async (t) => {
  const { user } = await factories.createUser({ balance: '100' });
  const id = await grant(user.id, { amount: '20', maxBet: '5' });
  const before = await snapshot(user.id);
  const refused = await call('provy', 'bet', provyBet(user.id, '5.000001'));
  t.is(refused.status, 200);
  t.is(refused.body.code, 3008, refused.text);
  t.is(refused.body.data, null);
  t.deepEqual(await snapshot(user.id), before);
  const played = await call('provy', 'bet', provyBet(user.id, '5'));
  t.is(played.body.code, 0, played.text);
  t.is(played.body.data.balance, '115.000000'); // cash 95 + bonus 20: the playable balance
  const forfeit = await stack.request('POST', `/api/bonus/admin/grants/${id}/forfeit`, { token: adminToken, body: { reason: 'test' } });
  t.is(forfeit.body.code, 200, forfeit.text);
  t.is((await call('provy', 'bet', provyBet(user.id, '50'))).body.code, 0);
  const money = await moneyOf(user.id);
  t.is(money.balance, money.cashLedger);
  t.is(money.bonusBalance, '0.000000');
});

test('provx Bet and a BetResult that debits its bet: above the max bet 3008, nothing written', async (t) => {
  const { user } = await factories.createUser({ balance: '100' });
  await grant(user.id, { amount: '20', maxBet: '2' });
  const before = await snapshot(user.id);
  const round = uniqueId('round');
  const bet = await call('provx', 'Bet', { transactionId: uniqueId('bet'), roundId: round, userId: user.id, gameCode: 'provx-slot-01', amount: '2.5' });
  t.is(bet.body.errorCode, 3008, bet.text);
  const result = await call('provx', 'BetResult', {
    transactionId: uniqueId('result'),
    roundId: uniqueId('round'),
    userId: user.id,
    gameCode: 'provx-slot-01',
    betAmount: '3',
    winAmount: '0',
  });
  t.is(result.body.errorCode, 3008, result.text);
  t.deepEqual(await snapshot(user.id), before);
  const ok = await call('provx', 'Bet', { transactionId: uniqueId('bet'), roundId: round, userId: user.id, gameCode: 'provx-slot-01', amount: '2' });
  t.is(ok.body.errorCode, 0, ok.text);
});
