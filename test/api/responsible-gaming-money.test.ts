import test, { type ExecutionContext } from 'ava';
import { QueryTypes } from 'sequelize';
import { createDepositor, DEPOSIT_ENV, resetDepositMocks, unique, usdtChannel } from '../helpers/deposits';
import { awayFromMidnights, dayStart, TAIPEI_OFFSET_MS } from '../helpers/periods';
import { ledgerHolds, providerCall, providerEnv, snapshot, uniqueId as id } from '../helpers/provider-requests';
import { startTestStack, type ApiResponse, type TestStack } from '../helpers/stack';

/**
 * Player protection where the money moves (docs/decisions/responsible-gaming.md, "Player protection: calendar periods,
 * running totals, checked where the money moves"; docs/providers.md, PLAYER_PROTECTION): loss and wager
 * limits, exclusions and the session limit refuse simulate (4101 to 4106), provider bets (3007) and the
 * launch; deposit limits and exclusions refuse deposit orders; 20 concurrent requests at the edge of a
 * limit never pass it; periods are calendar periods in the site's time zone.
 */
let stack: TestStack;
let db: typeof import('../../shared/db/sequelize').db;
let simulate: typeof import('../../shared/domain/game');
const SITE = 'default';

test.before(async () => {
  stack = await startTestStack({ ...providerEnv(), ...DEPOSIT_ENV, RATE_LIMIT_DEPOSIT_PER_USER: '1000', RATE_LIMIT_SIMULATE_PER_USER: '1000' });
  ({ db } = await import('../../shared/db/sequelize'));
  simulate = await import('../../shared/domain/game');
  await resetDepositMocks();
  await usdtChannel(SITE);
});
test.after.always(async () => {
  simulate?.setSimulateRandomSourceForTests(null);
  await stack?.close();
});

const headers = { locales: 'en-US' };
const api = (method: string, path: string, token: string, body?: unknown) => stack.request(method, `/api${path}`, { token, body, headers });
const provx = (body: Record<string, unknown>) =>
  providerCall(stack, 'provx', 'Bet', { transactionId: id('bet'), roundId: id('round'), gameCode: 'provx-slot-01', ...body });
const provyBet = (body: Record<string, unknown>) =>
  providerCall(stack, 'provy', 'bet', { transactionId: id('bet'), roundId: id('round'), gameCode: 'provy-slot-01', productId: 2, ...body });
const play = (token: string, betAmount = 10) => api('POST', '/game/simulate', token, { gameCode: 'provy-slot-01', productId: 2001, betAmount });
const deposit = (token: string, channelId: number, orderAmount: string) =>
  api('POST', '/deposit', token, { channelId, paymentMethod: 'crypto', subOrder: unique(), orderAmount });

async function player(balance = '1000') {
  return createDepositor({ siteCode: SITE }).then(async (made) => {
    if (balance !== '0') {
      const { moveBalance } = await import('../../shared/domain/wallet');
      await db().transaction((transaction) =>
        moveBalance(transaction, { userId: made.user.id, amount: balance, kind: 'adjustment', idempotencyKey: `test:rg-opening:${made.user.id}` }),
      );
    }
    return made;
  });
}

async function setLimit(t: ExecutionContext, token: string, type: string, period: string, amount: string | null) {
  const res = await api('PUT', '/responsible-gaming/limits', token, { type, period, amount });
  t.is(res.body?.code, 200, res.text);
  return res;
}

const PROTECTION_TEXT: Record<number, string> = {
  4101: 'You are self-excluded: deposits, bets and promotions are closed until it ends',
  4102: 'You are cooling off: deposits, bets and promotions are closed until it ends',
  4103: 'Your session time limit has been reached; take a 30-minute break to start a new session',
  4104: 'This deposit would exceed your deposit limit',
  4105: 'This bet would exceed your loss limit',
  4106: 'This bet would exceed your wager limit',
  4107: 'Set the limits this site requires before depositing',
};
function refused(t: ExecutionContext, res: ApiResponse, code: number): void {
  t.is(res.status, 200, res.text);
  t.like(res.body, { code, message: PROTECTION_TEXT[code] });
}
function providerRefused(t: ExecutionContext, res: ApiResponse, reason: string): void {
  t.is(res.status, 200, res.text);
  t.like(res.body, { status: 'ERROR', errorCode: 3007, message: `Refused by player protection: ${reason}` });
}
function provyRefused(t: ExecutionContext, res: ApiResponse, reason: string): void {
  t.is(res.status, 200, res.text);
  t.deepEqual(res.body, { code: 3007, message: `Refused by player protection: ${reason}`, data: null });
}

test.serial('a wager limit refuses the provx Bet and the simulate round that would pass it, and nothing moves', async (t) => {
  const { user, token } = await player();
  await setLimit(t, token, 'wager', 'day', '50');
  t.like((await provx({ userId: user.id, amount: '20' })).body, { status: 'OK', balance: '980.000000' });
  t.like((await provx({ userId: user.id, amount: '30' })).body, { status: 'OK', balance: '950.000000' });
  const before = await snapshot(user.id);
  providerRefused(t, await provx({ userId: user.id, amount: '0.01' }), 'wagerLimit');
  refused(t, await play(token, 1), 4106);
  t.deepEqual(await snapshot(user.id), before);
  // Another period's larger limit does not lift the day's.
  await setLimit(t, token, 'wager', 'week', '500');
  providerRefused(t, await provx({ userId: user.id, amount: '1' }), 'wagerLimit');
  await ledgerHolds(t, user.id);
});

test.serial('a loss limit counts stakes minus wins: a win makes room, a provy bet with its win counts the stake first', async (t) => {
  const { user, token } = await player();
  await setLimit(t, token, 'loss', 'week', '40');
  simulate.setSimulateRandomSourceForTests(() => 0); // lose
  t.is((await play(token, 30)).body.code, 200);
  refused(t, await play(token, 11), 4105);
  t.is((await play(token, 10)).body.code, 200); // loss 40: at the limit, not past it
  provyRefused(t, await provyBet({ playerId: user.id, betAmount: '5', winAmount: '50' }), 'lossLimit');
  // A win of a round whose (free) bet came before makes room: stakes 40, wins 20, loss 20; two more
  // lost rounds of 10 reach the limit again.
  const round = id('round');
  t.like(
    (await providerCall(stack, 'provx', 'Bet', { transactionId: id('bet'), roundId: round, userId: user.id, gameCode: 'provx-slot-01', amount: '0' })).body,
    { status: 'OK' },
  );
  t.like(
    (await providerCall(stack, 'provx', 'BetResult', { transactionId: id('res'), roundId: round, userId: user.id, gameCode: 'provx-slot-01', winAmount: '20' }))
      .body,
    { status: 'OK' },
  );
  t.is((await play(token, 10)).body.code, 200);
  t.is((await play(token, 10)).body.code, 200);
  refused(t, await play(token, 0.01), 4105);
  simulate.setSimulateRandomSourceForTests(null);
  await ledgerHolds(t, user.id);
});

test.serial('20 concurrent bets at the edge of a limit: exactly the ones that fit pass (provx, provy, simulate)', async (t) => {
  const x = await player();
  await setLimit(t, x.token, 'wager', 'day', '100');
  const xs = await Promise.all(Array.from({ length: 20 }, () => provx({ userId: x.user.id, amount: '10' })));
  t.is(xs.filter((r) => r.body.status === 'OK').length, 10);
  t.is(xs.filter((r) => r.body.errorCode === 3007).length, 10);
  t.is((await snapshot(x.user.id)).balance, '900.000000');

  const y = await player();
  await setLimit(t, y.token, 'loss', 'month', '70');
  const ys = await Promise.all(Array.from({ length: 20 }, () => provyBet({ playerId: y.user.id, betAmount: '10' })));
  t.is(ys.filter((r) => r.body.code === 0).length, 7);
  t.is((await snapshot(y.user.id)).balance, '930.000000');

  const s = await player();
  await setLimit(t, s.token, 'wager', 'day', '55');
  const ss = await Promise.all(Array.from({ length: 20 }, () => play(s.token, 5)));
  t.is(ss.filter((r) => r.body.code === 200).length, 11);
  t.is(ss.filter((r) => r.body.code === 4106).length, 9);
  const [{ stakes }] = await db().query<{ stakes: string }>('SELECT coalesce(sum("betAmount"), 0)::text AS stakes FROM bet_orders WHERE "userId" = :u', {
    replacements: { u: s.user.id },
    type: QueryTypes.SELECT,
  });
  t.is(Number(stakes), 55);
  for (const p of [x, y, s]) await ledgerHolds(t, p.user.id);
});

test.serial('a deposit limit counts paid and open orders of the period, not failed ones; 20 concurrent orders at the edge never pass it', async (t) => {
  const { user, token } = await player('0');
  const usdt = await usdtChannel(SITE);
  await setLimit(t, token, 'deposit', 'day', '100');
  t.is((await deposit(token, usdt.id, '60')).body.code, 200);
  refused(t, await deposit(token, usdt.id, '40.01'), 4104);
  // A failed order no longer counts; a paid one counts at its USD amount.
  await db().query(`UPDATE deposit_orders SET status = 'failed' WHERE "userId" = :u`, { replacements: { u: user.id } });
  t.is((await deposit(token, usdt.id, '100')).body.code, 200);
  refused(t, await deposit(token, usdt.id, '0.01'), 4104);

  const other = await player('0');
  await setLimit(t, other.token, 'deposit', 'week', '50');
  const all = await Promise.all(Array.from({ length: 20 }, () => deposit(other.token, usdt.id, '10')));
  t.is(all.filter((r) => r.body.code === 200).length, 5);
  t.is(all.filter((r) => r.body.code === 4104).length, 15);
  const [{ n }] = await db().query<{ n: string }>(`SELECT count(*)::text AS n FROM deposit_orders WHERE "userId" = :u AND status <> 'failed'`, {
    replacements: { u: other.user.id },
    type: QueryTypes.SELECT,
  });
  t.is(n, '5');
});

test.serial("every deposit path counts: the fiat vendor's add-atm and add-card orders are refused before the vendor is called", async (t) => {
  const { user, token } = await player('0');
  const usdt = await usdtChannel(SITE);
  await setLimit(t, token, 'deposit', 'month', '120');
  t.is((await deposit(token, usdt.id, '60')).body.code, 200);
  // 3200 TWD at 32 per USD is 100 USD: past the 60 left. No interceptor is set, so a vendor call would fail the test another way.
  refused(
    t,
    await api('POST', '/vendor/fiatvendor/add-atm', token, { subOrder: unique(), orderAmount: '3200', expectedCode: '004', expectedAccount: '12345678901234' }),
    4104,
  );
  refused(t, await api('POST', '/vendor/fiatvendor/add-card', token, { subOrder: unique(), orderAmount: '3200', userCardLastValue: '1234' }), 4104);
  const { DepositOrder } = await import('../../shared/db/models');
  t.is(await DepositOrder.count({ where: { userId: user.id } }), 1);
});

test.serial(
  'cooling-off and self-exclusion: no deposits, bets, launches or promotion claims; the account can still be read; wins of earlier bets settle',
  async (t) => {
    const { user, token } = await player();
    const usdt = await usdtChannel(SITE);
    const round = id('round');
    t.like(
      (await providerCall(stack, 'provx', 'Bet', { transactionId: id('bet'), roundId: round, userId: user.id, gameCode: 'provx-slot-01', amount: '10' })).body,
      { status: 'OK' },
    );
    const cooling = await api('POST', '/responsible-gaming/cooling-off', token, { days: 1 });
    t.is(cooling.body.code, 200, cooling.text);
    const until = Date.parse(cooling.body.result.coolingOffUntil);
    t.true(Math.abs(until - Date.now() - 24 * 3600_000) < 60_000);

    const before = await snapshot(user.id);
    refused(t, await play(token), 4102);
    providerRefused(t, await provx({ userId: user.id, amount: '1' }), 'coolingOff');
    provyRefused(t, await provyBet({ playerId: user.id, betAmount: '0' }), 'coolingOff');
    refused(t, await deposit(token, usdt.id, '10'), 4102);
    refused(t, await api('POST', '/game/launch', token, { gameCode: 'provx-slot-01', productId: 1, device: 'desktop' }), 4102);
    refused(t, await api('POST', '/promo/1/claim', token), 4102);
    t.deepEqual(await snapshot(user.id), before);
    // Reading the account works; a shorter cooling-off does not end it early.
    t.is((await api('GET', '/auth/user-detail', token)).body.code, 200);
    const shorter = await api('POST', '/responsible-gaming/cooling-off', token, { days: 1 });
    t.true(Date.parse(shorter.body.result.coolingOffUntil) >= until);
    // Money owed still settles.
    t.like(
      (
        await providerCall(stack, 'provx', 'BetResult', {
          transactionId: id('res'),
          roundId: round,
          userId: user.id,
          gameCode: 'provx-slot-01',
          winAmount: '25',
        })
      ).body,
      { status: 'OK', balance: '1015.000000' },
    );

    const excluded = await player();
    const res = await api('POST', '/responsible-gaming/self-exclusion', excluded.token, { months: 6 });
    t.is(res.body.code, 200, res.text);
    refused(t, await play(excluded.token), 4101);
    providerRefused(t, await provx({ userId: excluded.user.id, amount: '1' }), 'selfExcluded');
    refused(t, await deposit(excluded.token, usdt.id, '10'), 4101);
    await ledgerHolds(t, user.id);
  },
);

test.serial('the session limit: a bet after the limit is refused until a 30-minute pause starts a new session', async (t) => {
  const { user, token } = await player();
  const set = await api('PUT', '/responsible-gaming/session', token, { sessionLimitMinutes: 60 });
  t.is(set.body.result.sessionLimitMinutes, 60);
  simulate.setSimulateRandomSourceForTests(() => 0);
  t.is((await play(token, 10)).body.code, 200);
  const view = await api('GET', '/responsible-gaming', token);
  t.like(view.body.result.session, { netResult: '-10.000000' });
  // The session started 61 minutes ago and the player played a minute ago: the limit has run out.
  await db().query(
    `UPDATE rg_accounts SET "sessionStartedAt" = now() - interval '61 minutes', "sessionLastAt" = now() - interval '1 minute' WHERE "userId" = :u`,
    { replacements: { u: user.id } },
  );
  refused(t, await play(token, 10), 4103);
  providerRefused(t, await provx({ userId: user.id, amount: '1' }), 'sessionLimit');
  refused(t, await api('POST', '/game/launch', token, { gameCode: 'provx-slot-01', productId: 1, device: 'desktop' }), 4103);
  // After a pause of 30 minutes the next bet starts a new session.
  await db().query(`UPDATE rg_accounts SET "sessionLastAt" = now() - interval '31 minutes' WHERE "userId" = :u`, { replacements: { u: user.id } });
  t.is((await play(token, 10)).body.code, 200);
  const after = await api('GET', '/responsible-gaming', token);
  t.like(after.body.result.session, { netResult: '-10.000000' });
  t.true(Date.now() - Date.parse(after.body.result.session.startedAt) < 60_000);
  simulate.setSimulateRandomSourceForTests(null);
});

test.serial("periods are calendar periods in the site's time zone: a day ends at the zone's midnight, a week on Monday, a month on the 1st", async (t) => {
  const bounds = await db().query<Record<string, Date>>(
    `SELECT rg_period_start('day', 'Asia/Taipei', '2026-11-28T15:59:59Z') AS d1, rg_period_start('day', 'Asia/Taipei', '2026-11-28T16:00:00Z') AS d2,
            rg_period_end('day', 'Asia/Taipei', '2026-11-28T16:00:00Z') AS e2,
            rg_period_start('week', 'Asia/Taipei', '2026-11-29T18:00:00Z') AS w, rg_period_start('month', 'America/New_York', '2026-12-01T04:59:00Z') AS m,
            rg_period_end('month', 'America/New_York', '2026-12-01T04:59:00Z') AS me`,
    { type: QueryTypes.SELECT },
  );
  const iso = (d: Date) => new Date(d).toISOString();
  t.is(iso(bounds[0].d1), '2026-11-27T16:00:00.000Z');
  t.is(iso(bounds[0].d2), '2026-11-28T16:00:00.000Z');
  t.is(iso(bounds[0].e2), '2026-11-29T16:00:00.000Z');
  t.is(iso(bounds[0].w), '2026-11-29T16:00:00.000Z'); // Monday 30 November, 00:00 in Taipei
  t.is(iso(bounds[0].m), '2026-11-01T04:00:00.000Z'); // still November in New York
  t.is(iso(bounds[0].me), '2026-12-01T05:00:00.000Z');

  // A player's day ended (its end is past): the day's totals start from zero, the week's go on.
  const { user, token } = await player();
  await setLimit(t, token, 'wager', 'day', '30');
  await setLimit(t, token, 'wager', 'week', '50');
  t.like((await provx({ userId: user.id, amount: '30' })).body, { status: 'OK' });
  providerRefused(t, await provx({ userId: user.id, amount: '1' }), 'wagerLimit');
  await db().query(`UPDATE rg_accounts SET "dayEnd" = now() - interval '1 second' WHERE "userId" = :u`, { replacements: { u: user.id } });
  t.like((await provx({ userId: user.id, amount: '20' })).body, { status: 'OK' });
  providerRefused(t, await provx({ userId: user.id, amount: '1' }), 'wagerLimit');
  const [row] = await db().query<{ dayStake: string; weekStake: string; dayEnd: Date }>(
    'SELECT "dayStake", "weekStake", "dayEnd" FROM rg_accounts WHERE "userId" = :u',
    { replacements: { u: user.id }, type: QueryTypes.SELECT },
  );
  t.is(Number(row.dayStake), 20);
  t.is(Number(row.weekStake), 50);
  t.true(new Date(row.dayEnd).getTime() > Date.now());

  // Deposits of the period are counted from the site's midnight: an order created a second before it is
  // not, one created a second after it is. Taipei's last midnight (reckoned here from the clock) and
  // UTC's are 8 hours apart, so at any hour one of the two orders falls on another day in UTC: a count
  // from UTC's midnight counts the first (16:00 to 24:00 UTC) or misses the second (00:00 to 16:00 UTC).
  const { SiteConfig } = await import('../../shared/db/models');
  const config = await SiteConfig.findOne({ where: { siteCode: SITE } });
  await config!.update({ settings: { ...config!.settings, responsibleGaming: { timeZone: 'Asia/Taipei' } } });
  const depositor = await player('0');
  const usdt = await usdtChannel(SITE);
  await setLimit(t, depositor.token, 'deposit', 'day', '100');
  await awayFromMidnights([TAIPEI_OFFSET_MS, 0]);
  const midnight = new Date(dayStart(Date.now(), TAIPEI_OFFSET_MS));
  for (const [amount, createdAt] of [
    ['90', new Date(midnight.getTime() - 1000)],
    ['10', new Date(midnight.getTime() + 1000)],
  ] as const) {
    const order = await deposit(depositor.token, usdt.id, amount);
    t.is(order.body.code, 200, order.text);
    await db().query(`UPDATE deposit_orders SET "createdAt" = :createdAt WHERE "userId" = :u AND "orderAmount" = :amount`, {
      replacements: { u: depositor.user.id, createdAt, amount },
    });
  }
  t.is((await deposit(depositor.token, usdt.id, '90')).body.code, 200, 'today in Taipei: 10 + 90, at the limit');
  refused(t, await deposit(depositor.token, usdt.id, '0.01'), 4104);
  await config!.update({ settings: { ...config!.settings, responsibleGaming: undefined } });
});

test.serial('limits the site requires must be set before a deposit (4107)', async (t) => {
  const { SiteConfig } = await import('../../shared/db/models');
  const config = (await SiteConfig.findOne({ where: { siteCode: SITE } }))!;
  await config.update({ settings: { ...config.settings, responsibleGaming: { requiredLimits: ['deposit', 'loss'] } } });
  const { token } = await player('0');
  const usdt = await usdtChannel(SITE);
  refused(t, await deposit(token, usdt.id, '10'), 4107);
  await setLimit(t, token, 'deposit', 'month', '1000');
  refused(t, await deposit(token, usdt.id, '10'), 4107);
  await setLimit(t, token, 'loss', 'day', '100');
  t.is((await deposit(token, usdt.id, '10')).body.code, 200);
  await config.update({ settings: { ...config.settings, responsibleGaming: undefined } });
});

test.serial('an increase waits the delay: the old limit still refuses until it is due, then the new one holds', async (t) => {
  const { user, token } = await player();
  await setLimit(t, token, 'wager', 'day', '10');
  const raised = await setLimit(t, token, 'wager', 'day', '100');
  t.like(raised.body.result.limits[0], { type: 'wager', period: 'day', amount: '10.000000', inForce: '10.000000', pendingAmount: '100.000000' });
  t.like((await provx({ userId: user.id, amount: '10' })).body, { status: 'OK' });
  providerRefused(t, await provx({ userId: user.id, amount: '10' }), 'wagerLimit');
  // 24 hours later (the pending change is due):
  await db().query(`UPDATE rg_limits SET "pendingFrom" = now() - interval '1 second' WHERE "userId" = :u`, { replacements: { u: user.id } });
  t.like((await provx({ userId: user.id, amount: '10' })).body, { status: 'OK' });
  const view = await api('GET', '/responsible-gaming', token);
  t.like(view.body.result.limits[0], { amount: '100.000000', inForce: '100.000000', pendingAmount: null, pendingFrom: null });
});

test.serial(
  'the reality check: once its interval has passed, every money answer carries the session time and net result until it is acknowledged',
  async (t) => {
    const { user, token } = await player();
    const usdt = await usdtChannel(SITE);
    await api('PUT', '/responsible-gaming/session', token, { realityCheckMinutes: 15 });
    simulate.setSimulateRandomSourceForTests(() => 0);
    const first = await play(token, 10);
    t.is(first.body.result.realityCheck, undefined);
    t.is(first.headers.get('x-reality-check'), null);
    // The session started 15 minutes 20 seconds ago: due (and within the 60 s grace).
    await db().query(`UPDATE rg_accounts SET "sessionStartedAt" = now() - interval '15 minutes 20 seconds' WHERE "userId" = :u`, {
      replacements: { u: user.id },
    });
    const due = await play(token, 10);
    t.like(due.body.result.realityCheck, { elapsedMinutes: 15, netResult: '-20.000000' });
    t.deepEqual(JSON.parse(due.headers.get('x-reality-check')!), due.body.result.realityCheck);
    // Not acknowledged: the next answer carries it again.
    t.like((await play(token, 10)).body.result.realityCheck, { elapsedMinutes: 15, netResult: '-30.000000' });
    t.like((await api('POST', '/responsible-gaming/reality-check/ack', token)).body.result, { acknowledged: true });
    t.is((await play(token, 10)).body.result.realityCheck, undefined);
    // The next interval, on a deposit answer (the header).
    await db().query(`UPDATE rg_accounts SET "realityCheckAt" = now() - interval '15 minutes' WHERE "userId" = :u`, { replacements: { u: user.id } });
    const order = await deposit(token, usdt.id, '10');
    t.is(order.body.code, 200);
    t.like(JSON.parse(order.headers.get('x-reality-check')!), { elapsedMinutes: 15, netResult: '-40.000000' });
    simulate.setSimulateRandomSourceForTests(null);
  },
);

test.serial('a promotion claim racing a cooling-off that starts at the same instant: the claim waits for it, is refused (4102) and pays nothing', async (t) => {
  const { createPromotion } = await import('../helpers/promotions');
  const { Client } = await import('pg');
  const promo = await createPromotion({ siteCode: SITE, rewardAmount: '7' });
  const { user, token } = await player();
  const before = await snapshot(user.id);
  // The player's own cooling-off, in flight: its transaction holds the protection row, not yet committed.
  const holder = new Client({ connectionString: stack.databaseUrl });
  await holder.connect();
  try {
    await holder.query('BEGIN');
    await holder.query(`SELECT rg_account($1)`, [user.id]);
    await holder.query(`UPDATE rg_accounts SET "coolingOffUntil" = now() + interval '1 day' WHERE "userId" = $1`, [user.id]);
    const claim = api('POST', `/promo/${promo.id}/claim`, token);
    // The claim passes its early, unlocked check (nothing committed yet) and waits at the protection lock.
    await new Promise((r) => setTimeout(r, 500));
    await holder.query('COMMIT');
    refused(t, await claim, 4102);
  } finally {
    await holder.end();
  }
  t.deepEqual(await snapshot(user.id), before);
  const claims = await db().query(`SELECT 1 FROM promotion_claims WHERE "userId" = :userId`, { replacements: { userId: user.id }, type: QueryTypes.SELECT });
  t.is(claims.length, 0);
});
