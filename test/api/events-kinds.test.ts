import test from 'ava';
import { QueryTypes } from 'sequelize';
import { openSse, type SseEvent, type SseStream } from '../helpers/events';
import { startTestStack, type TestStack } from '../helpers/stack';

/**
 * The events besides `balance` (docs/events.md): `round` after a settled simulate round, `deposit`,
 * `withdrawal`, `kyc`, `inbox`, `protection` from their tables' changes, `reality-check` when it falls due in play, each after commit and never from a rolled
 * back transaction; and the operators' stream GET /events/admin (permission `events`): large wins,
 * flagged deposits, new KYC documents, only of its own site.
 */

let stack: TestStack;
let factories: typeof import('../helpers/factories');
let db: typeof import('../../shared/db/sequelize').db;
let models: typeof import('../../shared/db/models');

test.before(async () => {
  stack = await startTestStack({ EVENTS_LARGE_WIN: '0.5', EVENTS_REALITY_CHECK_MS: '200' });
  factories = await import('../helpers/factories');
  db = (await import('../../shared/db/sequelize')).db;
  models = await import('../../shared/db/models');
});

test.after.always(async () => {
  await stack?.close();
});

const play = (token: string, betAmount = 1) =>
  stack.request('POST', '/api/game/simulate', { token, body: { gameCode: 'provy-crypto-01', productId: 3001, betAmount }, headers: { locales: 'en-US' } });

const stream = (path: string, token: string, headers: Record<string, string> = {}) =>
  openSse(`${stack.baseUrl}/api${path}`, { authorization: `Bearer ${token}`, ...headers });

/** The first event named `name` (others skipped), within `timeoutMs`. */
async function first(s: SseStream, name: string, match: (e: SseEvent) => boolean = () => true, timeoutMs = 10_000): Promise<SseEvent | null> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const e = await s.next(deadline - Date.now());
    if (!e) return null;
    if (e.event === name && match(e)) return e;
  }
  return null;
}

test.serial('a settled simulate round is a round event after its balance events', async (t) => {
  const { token } = await factories.createUser({ balance: '50' });
  const s = await stream('/events', token);
  const res = await play(token);
  t.is(res.body.code, 200);
  const round = await first(s, 'round');
  t.truthy(round);
  const [order] = await db().query<{ id: string; winAmount: string }>(`SELECT id::TEXT, "winAmount"::TEXT FROM bet_orders WHERE id = :id`, {
    replacements: { id: round?.data.betOrderId },
    type: QueryTypes.SELECT,
  });
  t.truthy(order);
  t.is(round?.data.winAmount, order.winAmount);
  t.is(round?.data.betAmount, '1.000000');
  t.is(round?.data.gameCode, 'provy-crypto-01');
  t.is(await first(s, 'round', (e) => e.data.betOrderId === order.id, 1000), null, 'one round event per round');
  s.close();
});

test.serial('deposit, kyc, inbox and protection events come from the changes of their rows, after commit; a rolled back change tells nothing', async (t) => {
  const { user, token } = await factories.createUser();
  const s = await stream('/events', token);
  await factories.paidDeposit(user, '25');
  const deposit = await first(s, 'deposit');
  t.like(deposit?.data, { status: 'paid', orderAmount: '25.000000', currency: 'USDT' });

  const [[doc]] = (await db().query(`INSERT INTO kyc_documents ("siteCode", "userId", kind, "storageKey") VALUES (:site, :user, 'selfie', :key) RETURNING id`, {
    replacements: { site: user.siteCode, user: user.id, key: `k${user.id}` },
  })) as [Array<{ id: number }>, unknown];
  await db().query(`UPDATE kyc_documents SET status = 'rejected', reason = 'blurred', "reviewedAt" = now() WHERE id = :id`, { replacements: { id: doc.id } });
  t.like((await first(s, 'kyc'))?.data, { documentId: doc.id, kind: 'selfie', status: 'rejected', reason: 'blurred' });

  await db().query(
    `INSERT INTO inbox_messages ("siteCode", "userId", title, content, category) VALUES (:site, :user, '{"en-US":"t"}', '{"en-US":"c"}', 'system')`,
    { replacements: { site: user.siteCode, user: user.id } },
  );
  t.like((await first(s, 'inbox'))?.data, { category: 'system' });

  await db().query(`INSERT INTO rg_limits ("userId", "siteCode", type, period, amount) VALUES (:user, :site, 'deposit', 'day', 100)`, {
    replacements: { site: user.siteCode, user: user.id },
  });
  t.like((await first(s, 'protection'))?.data, { change: 'limit', limitType: 'deposit', period: 'day', amount: '100.000000' });

  // Rolled back: nothing is told.
  await db()
    .transaction(async (transaction) => {
      await db().query(`UPDATE rg_limits SET amount = 5 WHERE "userId" = :user`, { replacements: { user: user.id }, transaction });
      throw new Error('roll back');
    })
    .catch(() => undefined);
  t.deepEqual(await s.drain(800), []);
  s.close();
});

test.serial('a withdrawal request, and its review, are withdrawal events with the hold as a balance event', async (t) => {
  const { readyPlayer, CODE } = await import('../helpers/withdrawals');
  const { token, address } = await readyPlayer({ balance: '100' });
  const s = await stream('/events', token);
  const res = await stack.request('POST', '/api/withdrawal/request', {
    token,
    body: { amount: '20', cryptoAddressId: address.id, verifyCode: CODE },
    headers: { locales: 'en-US' },
  });
  t.is(res.body.code, 200, res.text);
  const requested = await first(s, 'withdrawal');
  t.like(requested?.data, { status: 'pending', amount: '20.000000' });
  const hold = await first(s, 'balance', (e) => e.data.frozen === '20.000000');
  t.like(hold?.data, { cash: '80.000000', frozen: '20.000000' });
  await db().query(`UPDATE withdrawals SET status = 'rejected', "rejectReason" = 'test' WHERE id = :id`, {
    replacements: { id: requested?.data.withdrawalId },
  });
  t.like((await first(s, 'withdrawal'))?.data, { withdrawalId: requested?.data.withdrawalId, status: 'rejected', rejectReason: 'test' });
  s.close();
});

test.serial('a reality check that fell due while playing is told once on the stream, and again only for the next due time', async (t) => {
  const { user, token } = await factories.createUser({ balance: '100' });
  t.is(
    (await stack.request('PUT', '/api/responsible-gaming/session', { token, body: { realityCheckMinutes: 15 }, headers: { locales: 'en-US' } })).body.code,
    200,
  );
  t.is((await play(token)).body.code, 200);
  const s = await stream('/events', token);
  t.is((await play(token)).body.code, 200);
  t.is(await first(s, 'reality-check', () => true, 1000), null, 'not due yet');
  await db().query(`UPDATE rg_accounts SET "sessionStartedAt" = now() - interval '15 minutes 10 seconds', "sessionLastAt" = now() WHERE "userId" = :u`, {
    replacements: { u: user.id },
  });
  const round = await play(token);
  t.is(round.body.code, 200);
  const told = await first(s, 'reality-check');
  t.like(told?.data, { elapsedMinutes: 15, dueAt: round.body.result.realityCheck.dueAt });
  t.is(told?.id, undefined);
  t.is((await play(token)).body.code, 200);
  t.is(await first(s, 'reality-check', () => true, 1000), null, 'told once per due time');
  s.close();
});

test.serial("the operators' stream: large wins, flagged deposits and new KYC documents of its site; the permission events:read is needed", async (t) => {
  const { token: adminToken } = await factories.createAdmin({ permissions: ['events:read'] });
  const { token: noPermission } = await factories.createAdmin({ permissions: ['kyc:read'] });
  const refused = await stream('/events/admin', noPermission);
  t.is(refused.status, 403);
  const s = await stream('/events/admin', adminToken);
  t.is(s.status, 200);

  const { user, token } = await factories.createUser({ balance: '500' });
  let win: SseEvent | null = null;
  for (let i = 0; i < 30 && !win; i += 1) {
    t.is((await play(token, 1)).body.code, 200);
    const [row] = await db().query<{ id: string }>(`SELECT id::TEXT FROM game_transactions WHERE "userId" = :u AND kind = 'win' AND amount > 0.5 LIMIT 1`, {
      replacements: { u: user.id },
      type: QueryTypes.SELECT,
    });
    if (row) win = await first(s, 'large-win', (e) => e.data.ledgerId === row.id);
  }
  t.truthy(win, 'a win above EVENTS_LARGE_WIN is told');
  t.is(win?.data.userId, user.id);

  await db().query(`INSERT INTO kyc_documents ("siteCode", "userId", kind, "storageKey") VALUES (:site, :user, 'id-front', :key)`, {
    replacements: { site: user.siteCode, user: user.id, key: `a${user.id}` },
  });
  t.like((await first(s, 'kyc-document'))?.data, { userId: user.id, kind: 'id-front' });

  await factories.paidDeposit(user, '30');
  const [order] = await models.DepositOrder.findAll({ where: { userId: user.id }, order: [['id', 'DESC']], limit: 1 });
  await order.update({ flag: 'amount-mismatch', flaggedAt: new Date() });
  t.like((await first(s, 'deposit-flagged'))?.data, { orderId: String(order.id), userId: user.id, flag: 'amount-mismatch' });

  // Another site's events stay on that site's stream.
  const other = await factories.createSite();
  const stranger = await factories.createUser({ siteCode: other });
  await db().query(`INSERT INTO kyc_documents ("siteCode", "userId", kind, "storageKey") VALUES (:site, :user, 'id-front', :key)`, {
    replacements: { site: other, user: stranger.user.id, key: `o${stranger.user.id}` },
  });
  t.is(await first(s, 'kyc-document', (e) => e.data.userId === stranger.user.id, 1500), null);
  s.close();
});

test.serial("a site's events.largeWin replaces EVENTS_LARGE_WIN for its payouts; null brings the deployment's back; a bad value is a 400", async (t) => {
  const { token: adminToken } = await factories.createAdmin();
  const { user, token } = await factories.createUser({ balance: '500' });
  const [config] = await db().query<{ id: number }>('SELECT id FROM site_configs WHERE "siteCode" = :site', {
    replacements: { site: user.siteCode },
    type: QueryTypes.SELECT,
  });
  const patch = (events: unknown) => stack.request('PATCH', `/api/site-config/admin/${config.id}/settings`, { token: adminToken, body: { events } });
  for (const bad of [{ largeWin: 0 }, { largeWin: '-1' }, { largeWin: 'lots' }, { largeWin: '1.1234567' }, { other: 1 }, 'x']) {
    const res = await patch(bad);
    t.is(res.status, 400, JSON.stringify(bad));
  }
  const set = await patch({ largeWin: '1000000' });
  t.is(set.body.code, 200, JSON.stringify(set.body));
  t.is(Number(set.body.result.events.largeWin), 1000000);
  const s = await stream('/events/admin', adminToken);
  // A win above the deployment's 0.5 and below the site's threshold: not told.
  const winAbove = async (after: number) => {
    for (let i = 0; i < 40; i += 1) {
      t.is((await play(token, 1)).body.code, 200);
      const [row] = await db().query<{ id: string }>(
        `SELECT id::TEXT FROM game_transactions WHERE "userId" = :u AND kind = 'win' AND amount > 0.5 AND id > :after ORDER BY id LIMIT 1`,
        { replacements: { u: user.id, after }, type: QueryTypes.SELECT },
      );
      if (row) return Number(row.id);
    }
    return null;
  };
  const quiet = await winAbove(0);
  t.truthy(quiet, 'a win above 0.5 was drawn');
  t.is(await first(s, 'large-win', (e) => e.data.ledgerId === String(quiet), 1500), null);
  const reset = await patch({ largeWin: null });
  t.is(reset.body.result.events.largeWin, null);
  const told = await winAbove(quiet as number);
  t.truthy(told, 'a win above 0.5 was drawn');
  t.truthy(await first(s, 'large-win', (e) => e.data.ledgerId === String(told)));
  s.close();
});

test.serial("the operators' stream closes within a second when the administrator's token ends", async (t) => {
  const { admin, token } = await factories.createAdmin({ permissions: ['events:read'] });
  const s = await stream('/events/admin', token);
  t.is(s.status, 200);
  const started = Date.now();
  await models.Admin.update({ tokenVersion: admin.tokenVersion + 1 }, { where: { id: admin.id } });
  await s.ended;
  t.true(Date.now() - started <= 1500, `closed after ${Date.now() - started} ms`);
  t.like(await s.next(100), { event: 'session', data: { reason: 'superseded' } });
});
