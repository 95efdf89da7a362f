import test, { type ExecutionContext } from 'ava';
import { createDepositor, DEPOSIT_ENV, resetDepositMocks, unique, usdtChannel } from '../helpers/deposits';
import { ledgerHolds, providerCall, providerEnv, snapshot, uniqueId as id } from '../helpers/provider-requests';
import { startTestStack, type ApiResponse, type TestStack } from '../helpers/stack';

/**
 * The reality check stays until it is acknowledged (docs/decisions/responsible-gaming.md, "The reality check stays until it
 * is acknowledged"): every money answer carries a due check until POST /responsible-gaming/reality-check/ack;
 * once the site's grace after it fell due has passed, bets are refused (simulate 4108, provider bets 3007,
 * the launch 4108) in the bet's own statement, concurrent ones included, until the player acknowledges it.
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
  simulate.setSimulateRandomSourceForTests(() => 0);
});
test.after.always(async () => {
  simulate?.setSimulateRandomSourceForTests(null);
  await stack?.close();
});

const headers = { locales: 'en-US' };
const api = (method: string, path: string, token: string, body?: unknown) => stack.request(method, `/api${path}`, { token, body, headers });
const provx = (userId: number, amount = '1') =>
  providerCall(stack, 'provx', 'Bet', { transactionId: id('bet'), roundId: id('round'), gameCode: 'provx-slot-01', userId, amount });
const provyBet = (playerId: number) =>
  providerCall(stack, 'provy', 'bet', { transactionId: id('bet'), roundId: id('round'), gameCode: 'provy-slot-01', productId: 2, playerId, betAmount: '1' });
const play = (token: string, betAmount = 10) => api('POST', '/game/simulate', token, { gameCode: 'provy-slot-01', productId: 2001, betAmount });
const ack = (token: string) => api('POST', '/responsible-gaming/reality-check/ack', token);
const UNACKNOWLEDGED = 'Acknowledge your reality check (time played and net result) to keep betting';

/** A player with 1000, a 15-minute reality check and a session that started `ago` (a Postgres interval) ago. */
async function playerInSession(ago: string) {
  const made = await createDepositor({ siteCode: SITE });
  const { moveBalance } = await import('../../shared/domain/wallet');
  await db().transaction((transaction) =>
    moveBalance(transaction, { userId: made.user.id, amount: '1000', kind: 'adjustment', idempotencyKey: `test:rc-opening:${made.user.id}` }),
  );
  await api('PUT', '/responsible-gaming/session', made.token, { realityCheckMinutes: 15 });
  const first = await play(made.token, 10);
  if (first.body?.code !== 200 || first.body.result.realityCheck !== undefined) throw new Error(`first round: ${first.text}`);
  await startedAgo(made.user.id, ago);
  return made;
}
const startedAgo = (userId: number, ago: string) =>
  db().query(`UPDATE rg_accounts SET "sessionStartedAt" = now() - CAST(:ago AS INTERVAL), "sessionLastAt" = now() WHERE "userId" = :userId`, {
    replacements: { userId, ago },
  });

function refused(t: ExecutionContext, res: ApiResponse, code = 4108): void {
  t.is(res.status, 200, res.text);
  t.like(res.body, { code, message: UNACKNOWLEDGED });
}

test.serial('a due check is carried by every money answer until it is acknowledged, then by none', async (t) => {
  const { user, token } = await playerInSession('15 minutes 10 seconds');
  const once = await play(token, 10);
  t.is(once.body.code, 200, once.text);
  t.like(once.body.result.realityCheck, { elapsedMinutes: 15, netResult: '-20.000000' });
  const again = await play(token, 10);
  t.like(again.body.result.realityCheck, { elapsedMinutes: 15, netResult: '-30.000000', dueAt: once.body.result.realityCheck.dueAt });
  t.deepEqual(JSON.parse(again.headers.get('x-reality-check')!), again.body.result.realityCheck);
  // The deadline is the due time plus the site's grace (60 s unless set).
  t.is(Date.parse(again.body.result.realityCheck.acknowledgeBy) - Date.parse(again.body.result.realityCheck.dueAt), 60_000);
  // A deposit answer (the header) and the player's own view carry it too.
  const order = await api('POST', '/deposit', token, {
    channelId: (await usdtChannel(SITE)).id,
    paymentMethod: 'crypto',
    subOrder: unique(),
    orderAmount: '10',
  });
  t.like(JSON.parse(order.headers.get('x-reality-check')!), { elapsedMinutes: 15 });
  t.like((await api('GET', '/responsible-gaming', token)).body.result.realityCheck, { dueAt: once.body.result.realityCheck.dueAt });

  const acked = await ack(token);
  t.like(acked.body, { code: 200, result: { acknowledged: true, realityCheck: { elapsedMinutes: 15, netResult: '-30.000000' } } });
  const after = await play(token, 10);
  t.is(after.body.result.realityCheck, undefined);
  t.is(after.headers.get('x-reality-check'), null);
  t.is((await api('GET', '/responsible-gaming', token)).body.result.realityCheck, null);
  // Nothing due: nothing acknowledged (a repeat is harmless; no check is acknowledged before it falls due).
  t.like((await ack(token)).body.result, { acknowledged: false, realityCheck: null });
  await ledgerHolds(t, user.id);
});

test.serial(
  'after the grace the next bet is refused (simulate 4108, provx and provy 3007, the launch 4108) and nothing moves; the acknowledgement lets betting go on',
  async (t) => {
    const { user, token } = await playerInSession('16 minutes 5 seconds');
    const before = await snapshot(user.id);
    refused(t, await play(token, 10));
    t.like((await provx(user.id)).body, { status: 'ERROR', errorCode: 3007, message: 'Refused by player protection: realityCheckUnacknowledged' });
    t.deepEqual((await provyBet(user.id)).body, { code: 3007, message: 'Refused by player protection: realityCheckUnacknowledged', data: null });
    refused(t, await api('POST', '/game/launch', token, { gameCode: 'provx-slot-01', productId: 1, device: 'desktop' }));
    t.deepEqual(await snapshot(user.id), before);
    // The player's view tells a client what to show and that bets are refused now.
    const view = (await api('GET', '/responsible-gaming', token)).body.result.realityCheck;
    t.true(Date.parse(view.acknowledgeBy) <= Date.now());

    t.like((await ack(token)).body.result, { acknowledged: true });
    const next = await play(token, 10);
    t.is(next.body.code, 200, next.text);
    t.is(next.body.result.realityCheck, undefined);
    t.like((await provx(user.id)).body, { status: 'OK' });
    await ledgerHolds(t, user.id);
  },
);

test.serial('20 concurrent bets after the grace are all refused (simulate and provx); nothing moves', async (t) => {
  const { user, token } = await playerInSession('17 minutes');
  const before = await snapshot(user.id);
  const [plays, bets] = await Promise.all([
    Promise.all(Array.from({ length: 20 }, () => play(token, 5))),
    Promise.all(Array.from({ length: 20 }, () => provx(user.id, '5'))),
  ]);
  t.is(plays.filter((r) => r.body.code === 4108).length, 20);
  t.is(bets.filter((r) => r.body.errorCode === 3007).length, 20);
  t.deepEqual(await snapshot(user.id), before);
});

test.serial("the grace is the site's setting, never longer than its profile allows (a longer one stored reads as the profile's 300 s)", async (t) => {
  const setGrace = (grace: number | null) =>
    db().query(
      `UPDATE site_configs SET settings = CASE WHEN CAST(:grace AS INTEGER) IS NULL THEN settings #- '{responsibleGaming,realityCheckGraceSeconds}'
                                            ELSE jsonb_set(settings, '{responsibleGaming}', coalesce(settings -> 'responsibleGaming', '{}') || jsonb_build_object('realityCheckGraceSeconds', CAST(:grace AS INTEGER))) END
        WHERE "siteCode" = :site`,
      { replacements: { grace, site: SITE } },
    );
  try {
    await setGrace(0);
    const strict = await playerInSession('15 minutes 1 second');
    refused(t, await play(strict.token, 10));
    // A grace stored longer than the profile's longest (as if written before the floors): it reads as 300 s.
    await setGrace(100000);
    const lax = await playerInSession('20 minutes 30 seconds');
    refused(t, await play(lax.token, 10));
    await startedAgo(lax.user.id, '19 minutes 30 seconds');
    t.is((await play(lax.token, 10)).body.code, 200);
  } finally {
    await setGrace(null);
  }
});
