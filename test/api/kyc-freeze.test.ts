import test, { type ExecutionContext } from 'ava';
import { QueryTypes } from 'sequelize';
import { DepositOrder, User } from '../../shared/db/models';
import { createDepositor, DEPOSIT_ENV, resetDepositMocks, unique, usdtChannel } from '../helpers/deposits';
import { createAdmin, paidDeposit } from '../helpers/factories';
import { PROFILE } from '../helpers/kyc';
import { providerCall, providerEnv, snapshot, uniqueId as id } from '../helpers/provider-requests';
import { startTestStack, type ApiResponse, type TestStack } from '../helpers/stack';
import { balancesAndLedger, CODE, readyPlayer } from '../helpers/withdrawals';

/**
 * The under-age freeze (docs/kyc.md, "Under age: the freeze"): a date of birth below the site's minimum
 * age freezes money in and play at once (deposit orders, the vendor's credit, simulate, provider bets,
 * promotion claims: 2303, the provider's PLAYER_PROTECTION), the player sees why in GET /kyc, reading and
 * withdrawing still work; operators list the flags and decide each once with a reason (operation log):
 * a dismissal unfreezes and credits what was held, a confirmation keeps the freeze.
 */
let stack: TestStack;
let db: typeof import('../../shared/db/sequelize').db;
let adminToken: string;
const SITE = 'default';
const FROZEN_TEXT =
  "The account is frozen: the date of birth given is below the site's minimum age; deposits, bets and promotion claims are refused until an operator decides";

test.before(async () => {
  stack = await startTestStack({ ...providerEnv(), ...DEPOSIT_ENV, RATE_LIMIT_DEPOSIT_PER_USER: '1000', RATE_LIMIT_SIMULATE_PER_USER: '1000' });
  ({ db } = await import('../../shared/db/sequelize'));
  await resetDepositMocks();
  await usdtChannel(SITE);
  adminToken = (await createAdmin({ permissions: ['kyc:read', 'kyc:write'] })).token;
});
test.after.always(async () => {
  await stack?.close();
});

const headers = { locales: 'en-US' };
const api = (method: string, path: string, token: string, body?: unknown) => stack.request(method, `/api${path}`, { token, body, headers });
const admin = (method: string, path: string, body?: unknown) => api(method, path, adminToken, body);
const play = (token: string) => api('POST', '/game/simulate', token, { gameCode: 'provy-slot-01', productId: 2001, betAmount: 10 });
const deposit = async (token: string) =>
  api('POST', '/deposit', token, { channelId: (await usdtChannel(SITE)).id, paymentMethod: 'crypto', subOrder: unique(), orderAmount: '10' });
const provx = (userId: number) =>
  providerCall(stack, 'provx', 'Bet', { transactionId: id('bet'), roundId: id('round'), gameCode: 'provx-slot-01', userId, amount: '1' });
const provy = (userId: number) =>
  providerCall(stack, 'provy', 'bet', {
    transactionId: id('bet'),
    roundId: id('round'),
    gameCode: 'provy-slot-01',
    productId: 2,
    playerId: userId,
    betAmount: '1',
  });
const underAge = (token: string) => api('PUT', '/kyc/profile', token, { ...PROFILE, dateOfBirth: '2014-03-02' });

async function player(balance = '1000') {
  const made = await createDepositor({ siteCode: SITE });
  await User.update({ locale: 'en-US' }, { where: { id: made.user.id } });
  const { moveBalance } = await import('../../shared/domain/wallet');
  await db().transaction((transaction) =>
    moveBalance(transaction, { userId: made.user.id, amount: balance, kind: 'adjustment', idempotencyKey: `test:freeze-opening:${made.user.id}` }),
  );
  return made;
}

function frozen(t: ExecutionContext, res: ApiResponse, what: string): void {
  t.is(res.status, 200, res.text);
  t.like(res.body, { code: 2303, message: FROZEN_TEXT }, what);
}

async function flagOf(userId: number): Promise<number> {
  const [row] = await db().query<{ id: number }>(`SELECT id FROM kyc_flags WHERE "userId" = :userId ORDER BY id DESC LIMIT 1`, {
    replacements: { userId },
    type: QueryTypes.SELECT,
  });
  return row.id;
}

test.serial('born 2014: money in and play are refused at once, on every path; the player sees why; reading still works', async (t) => {
  const { user, token } = await player();
  const { createPromotion } = await import('../helpers/promotions');
  const promo = await createPromotion({ siteCode: SITE, rewardAmount: '7' });
  t.is((await play(token)).body.code, 200, 'plays before');

  t.like((await underAge(token)).body, { code: 2001, path: '/api/kyc/profile' });
  const status = (await api('GET', '/kyc', token)).body.result;
  t.like(status.frozen, { reason: 'under-age', status: 'open' });
  t.truthy(Date.parse(status.frozen.since));

  const before = await snapshot(user.id);
  frozen(t, await deposit(token), 'deposit');
  frozen(t, await play(token), 'simulate');
  frozen(t, await api('POST', `/promo/${promo.id}/claim`, token), 'promotion claim');
  t.like((await provx(user.id)).body, { status: 'ERROR', errorCode: 3007, message: 'Refused by player protection: kyc.frozenUnderAge' });
  t.deepEqual((await provy(user.id)).body, { code: 3007, message: 'Refused by player protection: kyc.frozenUnderAge', data: null });
  t.deepEqual(await snapshot(user.id), before, 'nothing moved');
  t.is(await DepositOrder.count({ where: { userId: user.id } }), 0);
  t.is((await api('GET', '/auth/user-detail', token)).body.code, 200, 'reading works');
  // A second under-age date adds no second flag: one open flag per player.
  t.is((await underAge(token)).body.code, 2001);
  t.is((await db().query(`SELECT 1 FROM kyc_flags WHERE "userId" = ${user.id}`, { type: QueryTypes.SELECT })).length, 1);
});

test.serial('a frozen player can still withdraw', async (t) => {
  const ready = await readyPlayer({ balance: '100' });
  t.is((await underAge(ready.token)).body.code, 2001);
  const res = await api('POST', '/withdrawal/request', ready.token, { amount: '10', cryptoAddressId: ready.address.id, verifyCode: CODE });
  t.is(res.body.code, 200, res.text);
  t.like(await balancesAndLedger(ready.user.id), { balance: '90.000000', frozen: '10.000000' });
});

test.serial('the vendor\u2019s credit of a frozen player is held; a dismissal credits it and unfreezes; the operation log has the decision', async (t) => {
  const { creditDeposit } = await import('../../shared/domain/deposit');
  const { user, token } = await player('0');
  t.is((await underAge(token)).body.code, 2001);
  await paidDeposit(user, '50');
  const order = await DepositOrder.findOne({ where: { userId: user.id } });
  t.like(await creditDeposit(Number(order!.id)), { credited: false, reason: 'held' });
  t.is((await snapshot(user.id)).balance, '0.000000');
  t.like(await creditDeposit(Number(order!.id)), { credited: false, reason: 'held' }, 'a redelivered job holds it again');

  const list = await admin('GET', `/kyc/admin/flags?userId=${user.id}`);
  t.is(list.body.code, 200, list.text);
  const flagId = await flagOf(user.id);
  t.like(list.body.result.items[0], {
    id: flagId,
    userId: user.id,
    account: user.account,
    reason: 'under-age',
    status: 'open',
    decidedBy: null,
    detail: { dateOfBirth: '2014-03-02', minimumAge: 18 },
  });

  t.is((await admin('POST', `/kyc/admin/flags/${flagId}/decision`, { action: 'dismiss' })).status, 400, 'a reason is required');
  t.is((await admin('POST', `/kyc/admin/flags/${flagId}/decision`, { action: 'unfreeze', reason: 'typo' })).status, 400);
  const dismissed = await admin('POST', `/kyc/admin/flags/${flagId}/decision`, { action: 'dismiss', reason: 'typo: born 1994, checked on the ID' });
  t.is(dismissed.body.code, 200, dismissed.text);
  t.like(dismissed.body.result, { id: flagId, status: 'dismissed', decisionReason: 'typo: born 1994, checked on the ID' });
  t.like(await admin('POST', `/kyc/admin/flags/${flagId}/decision`, { action: 'confirm', reason: 'again' }), { body: { code: 2002 } });
  t.like(await admin('POST', `/kyc/admin/flags/2147483647/decision`, { action: 'confirm', reason: 'none' }), { body: { code: 2001 } });
  t.deepEqual((await admin('GET', `/kyc/admin/flags?userId=${user.id}`)).body.result.items, [], 'no longer open');

  const [log] = await db().query<{ action: string; detail: { creditedDeposits: string[] } }>(
    `SELECT action, detail FROM admin_operation_logs WHERE module = 'kyc' AND "targetId" = :id`,
    { replacements: { id: String(flagId) }, type: QueryTypes.SELECT },
  );
  t.is(log.action, 'flag-dismiss');
  t.deepEqual(log.detail.creditedDeposits, [String(order!.id)]);
  t.like(await creditDeposit(Number(order!.id)), { credited: true, usdAmount: '50.000000' });
  t.is((await api('GET', '/kyc', token)).body.result.frozen, null);
  t.is((await deposit(token)).body.code, 200, 'unfrozen');
  t.is((await play(token)).body.code, 200);
});

test.serial('a confirmation keeps the account frozen for good', async (t) => {
  const { user, token } = await player();
  t.is((await underAge(token)).body.code, 2001);
  const flagId = await flagOf(user.id);
  const confirmed = await admin('POST', `/kyc/admin/flags/${flagId}/decision`, { action: 'confirm', reason: 'the ID shows 2014' });
  t.like(confirmed.body, { code: 200, result: { status: 'confirmed' } });
  t.like((await api('GET', '/kyc', token)).body.result.frozen, { status: 'confirmed' });
  frozen(t, await deposit(token), 'deposit');
  frozen(t, await play(token), 'simulate');
  const listed = (await admin('GET', `/kyc/admin/flags?status=confirmed&userId=${user.id}`)).body.result.items;
  t.deepEqual(
    listed.map((f: { id: number }) => f.id),
    [flagId],
  );
});

test.serial(
  'ten bets at once (simulate and provider) while the flag is being written: once it commits, every one waiting is refused and nothing moves',
  async (t) => {
    const { Client } = await import('pg');
    const { user, token } = await player();
    const before = await snapshot(user.id);
    // The flag's transaction in flight, as flagUnderAge writes it: the player's row locked, the flag inserted, not yet committed.
    const holder = new Client({ connectionString: stack.databaseUrl });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM users WHERE id = $1 FOR NO KEY UPDATE', [user.id]);
      await holder.query(`INSERT INTO kyc_flags ("siteCode", "userId", reason, detail) VALUES ($1, $2, 'under-age', '{}')`, [SITE, user.id]);
      const racing = Promise.all([...Array.from({ length: 5 }, () => play(token)), ...Array.from({ length: 5 }, () => provx(user.id))]);
      const waiting = async () =>
        Number((await holder.query('SELECT count(*) AS n FROM pg_stat_activity WHERE pg_backend_pid() = ANY (pg_blocking_pids(pid))')).rows[0].n);
      for (let i = 0; i < 60 && (await waiting()) < 10; i += 1) await new Promise((resolve) => setTimeout(resolve, 50));
      await holder.query('COMMIT');
      const answers = await racing;
      for (const res of answers.slice(0, 5)) frozen(t, res, 'simulate');
      for (const res of answers.slice(5)) t.like(res.body, { status: 'ERROR', errorCode: 3007 });
    } finally {
      await holder.query('ROLLBACK').catch(() => undefined);
      await holder.end();
    }
    t.deepEqual(await snapshot(user.id), before, 'nothing moved');
  },
);
