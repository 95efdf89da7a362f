import test from 'ava';
import { QueryTypes } from 'sequelize';
import { openSse, type SseEvent } from '../helpers/events';
import { startTestStack, type TestStack } from '../helpers/stack';

/**
 * GET /events and POST /events/ticket (docs/events.md): a simulate round's balance events on the stream,
 * replay with Last-Event-ID (every missed event once, in order), resync when the history is gone, the
 * heartbeat, logout closing the stream within a second, the open-stream limit, and every refusal
 * (forged, expired, reused ticket, a ticket of another site, another player's Last-Event-ID: 401 with
 * nothing streamed).
 */

let stack: TestStack;
let factories: typeof import('../helpers/factories');
let db: typeof import('../../shared/db/sequelize').db;
let cache: typeof import('../../shared/redis').cache;

test.before(async () => {
  stack = await startTestStack({ EVENTS_HEARTBEAT_MS: '300', EVENTS_TICKET_TTL_S: '2' });
  factories = await import('../helpers/factories');
  db = (await import('../../shared/db/sequelize')).db;
  cache = (await import('../../shared/redis')).cache;
});

test.after.always(async () => {
  await stack?.close();
});

const play = (token: string) =>
  stack.request('POST', '/api/game/simulate', { token, body: { gameCode: 'provy-crypto-01', productId: 3001, betAmount: 1 }, headers: { locales: 'en-US' } });

const stream = (token?: string, query = '', headers: Record<string, string> = {}) =>
  openSse(`${stack.baseUrl}/api/events${query}`, { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers });

async function ledgerOf(userId: number): Promise<Array<{ id: string; kind: string; balanceAfter: string }>> {
  return db().query(
    `SELECT id::TEXT, kind, "balanceAfter"::TEXT AS "balanceAfter" FROM game_transactions WHERE "userId" = :userId ORDER BY game_transactions.id`,
    {
      replacements: { userId },
      type: QueryTypes.SELECT,
    },
  );
}

/** Events until the one of the ledger row `ledgerId` (at most 10 s). */
async function eventsUntilLedger(s: Awaited<ReturnType<typeof stream>>, ledgerId: string): Promise<SseEvent[]> {
  const out: SseEvent[] = [];
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const e = await s.next(deadline - Date.now());
    if (!e) break;
    out.push(e);
    if (e.event === 'balance' && e.data.ledgerId === ledgerId) break;
  }
  return out;
}

test.serial('a simulate round puts a balance event of each of its ledger rows on the stream, after commit, with cash and frozen', async (t) => {
  const { user, token } = await factories.createUser({ balance: '50' });
  const s = await stream(token);
  t.is(s.status, 200);
  t.regex(s.headers.get('content-type') ?? '', /^text\/event-stream/);
  t.is(s.headers.get('cache-control'), 'no-cache, no-transform');
  t.is(s.headers.get('x-accel-buffering'), 'no');
  const before = (await ledgerOf(user.id)).length;
  const round = await play(token);
  t.is(round.body.code, 200, JSON.stringify(round.body));
  const rows = (await ledgerOf(user.id)).slice(before);
  t.true(rows.length >= 1);
  // (The opening balance's event may come too: committed before the stream opened, published after.)
  const ids = new Set(rows.map((r) => r.id));
  const events = (await eventsUntilLedger(s, rows[rows.length - 1].id)).filter((e) => e.event === 'balance' && ids.has(e.data.ledgerId));
  t.deepEqual(
    events.map((e) => e.data.ledgerId),
    rows.map((r) => r.id),
  );
  for (const [i, e] of events.entries()) {
    t.is(e.data.kind, rows[i].kind);
    t.is(e.data.cash, rows[i].balanceAfter);
    t.is(e.data.frozen, '0.000000');
    t.regex(e.id ?? '', /^\d+-\d+\.[A-Za-z0-9_-]{16}$/);
  }
  const [{ balance }] = await db().query<{ balance: string }>('SELECT balance::TEXT FROM users WHERE id = :id', {
    replacements: { id: user.id },
    type: QueryTypes.SELECT,
  });
  t.is(events[events.length - 1].data.cash, balance);
  s.close();
});

test.serial("another player's events never reach the stream, and heartbeat comments keep it open", async (t) => {
  const a = await factories.createUser({ balance: '10' });
  const b = await factories.createUser({ balance: '10' });
  const s = await stream(a.token);
  t.is((await play(b.token)).body.code, 200);
  const bRows = new Set((await ledgerOf(b.user.id)).map((r) => r.id));
  const seen = await s.drain(1000);
  // Only a's own (its opening balance, published after the stream opened).
  t.deepEqual(
    seen.filter((e) => bRows.has(e.data.ledgerId)),
    [],
  );
  t.true(seen.every((e) => e.event === 'balance' && e.data.kind === 'adjustment'));
  t.true(s.comments.filter((c) => c === 'heartbeat').length >= 1, JSON.stringify(s.comments));
  s.close();
});

test.serial('reconnecting with Last-Event-ID replays every missed event once, in order, then goes on live', async (t) => {
  const { user, token } = await factories.createUser({ balance: '50' });
  const first = await stream(token);
  t.is((await play(token)).body.code, 200);
  let rows = await ledgerOf(user.id);
  const seen = await eventsUntilLedger(first, rows[rows.length - 1].id);
  const lastSeen = seen[seen.length - 1];
  first.close();
  const missedFrom = rows.length;
  for (let i = 0; i < 3; i += 1) t.is((await play(token)).body.code, 200);
  rows = await ledgerOf(user.id);
  const missed = rows.slice(missedFrom);
  // Published: the missed rows' events are in the history before the client comes back.
  await new Promise((r) => setTimeout(r, 300));
  const again = await stream(token, '', { 'last-event-id': lastSeen.id as string });
  t.is(again.status, 200);
  const replayed = await eventsUntilLedger(again, missed[missed.length - 1].id);
  // The rounds' own events (the first round's, which followed the last event seen, among them), each once.
  const rounds = replayed.filter((e) => e.event === 'round').map((e) => e.data.betOrderId);
  t.true(rounds.length >= 3);
  t.is(new Set(rounds).size, rounds.length);
  t.deepEqual(
    replayed.filter((e) => e.event === 'balance').map((e) => e.data.ledgerId),
    missed.map((r) => r.id),
  );
  // Then live, with nothing repeated.
  t.is((await play(token)).body.code, 200);
  const live = (await ledgerOf(user.id)).slice(rows.length);
  const liveEvents = await eventsUntilLedger(again, live[live.length - 1].id);
  t.deepEqual(
    liveEvents.filter((e) => e.event === 'balance').map((e) => e.data.ledgerId),
    live.map((r) => r.id),
  );
  again.close();
});

test.serial('when the history no longer reaches back (Redis lost it), the stream says resync, and its id is a position that replays from there', async (t) => {
  const { user, token } = await factories.createUser({ balance: '50' });
  const s = await stream(token);
  t.is((await play(token)).body.code, 200);
  const rows = await ledgerOf(user.id);
  const seen = await eventsUntilLedger(s, rows[rows.length - 1].id);
  s.close();
  await cache().del(`events:p:${user.id}`);
  const again = await stream(token, '', { 'last-event-id': seen[seen.length - 1].id as string });
  const resync = await again.next();
  t.is(resync?.event, 'resync');
  again.close();
  // The resync's id: a reconnect with it is not told to resync again.
  t.is((await play(token)).body.code, 200);
  await new Promise((r) => setTimeout(r, 300));
  const third = await stream(token, '', { 'last-event-id': resync?.id as string });
  const after = await third.next();
  t.is(after?.event, 'balance');
  third.close();
});

test.serial('a player who never opened a stream has no history kept; the first stream starts it', async (t) => {
  const { user, token } = await factories.createUser({ balance: '50' });
  t.is((await play(token)).body.code, 200);
  await new Promise((r) => setTimeout(r, 300));
  t.is(await cache().exists(`events:p:${user.id}`), 0);
  const s = await stream(token);
  t.is((await play(token)).body.code, 200);
  const rows = await ledgerOf(user.id);
  await eventsUntilLedger(s, rows[rows.length - 1].id);
  s.close();
  t.is(await cache().exists(`events:p:${user.id}`), 1);
});

test.serial('when the fan-out connection to Redis is lost (and Redis with it), open streams are told to resync and go on live', async (t) => {
  const { user, token } = await factories.createUser({ balance: '50' });
  const s = await stream(token);
  t.is((await play(token)).body.code, 200);
  let rows = await ledgerOf(user.id);
  await eventsUntilLedger(s, rows[rows.length - 1].id);
  // Redis loses this player's keys, and the process's fan-out connection drops.
  await cache().del(`events:p:${user.id}`, `events:w:${user.id}`);
  const { Redis } = await import('ioredis');
  const admin = new Redis(process.env.REDIS_URL as string);
  const { subscriberName } = await import('../../shared/domain/events');
  const line = String(await admin.client('LIST'))
    .split('\n')
    .find((l) => l.includes(` name=${subscriberName()} `));
  t.truthy(line, 'the fan-out connection is named');
  await admin.client('KILL', 'ID', /\bid=(\d+)/.exec(line as string)![1]);
  admin.disconnect();
  // (The round's own event, after its balance events, may come first.)
  let resync = await s.next(5000);
  while (resync && resync.event === 'round') resync = await s.next(5000);
  t.is(resync?.event, 'resync');
  t.truthy(resync?.id);
  t.is((await play(token)).body.code, 200);
  rows = await ledgerOf(user.id);
  const live = await eventsUntilLedger(s, rows[rows.length - 1].id);
  t.is(live[live.length - 1]?.data.ledgerId, rows[rows.length - 1].id);
  s.close();
});

test.serial('logout closes the stream within a second, with a session event', async (t) => {
  const { token } = await factories.createUser();
  const s = await stream(token);
  t.is(s.status, 200);
  const started = Date.now();
  t.is((await stack.request('POST', '/api/auth/logout', { token })).body.code, 200);
  await s.ended;
  t.true(Date.now() - started <= 1000, `closed after ${Date.now() - started} ms`);
  const last = await s.next(100);
  t.is(last?.event, 'session');
  t.deepEqual(last?.data, { reason: 'superseded' });
  // The old token opens nothing any more.
  t.is((await stream(token)).status, 401);
});

test.serial('a player holds at most 5 open streams (across processes, in Redis); a closed one frees its place', async (t) => {
  const { token } = await factories.createUser();
  const open = [];
  for (let i = 0; i < 5; i += 1) open.push(await stream(token));
  t.deepEqual(
    open.map((s) => s.status),
    [200, 200, 200, 200, 200],
  );
  const sixth = await stream(token);
  t.is(sixth.status, 429);
  t.is(sixth.body.code, 429);
  open[0].close();
  let again = await stream(token);
  for (let i = 0; again.status === 429 && i < 20; i += 1) {
    await new Promise((r) => setTimeout(r, 100));
    again = await stream(token);
  }
  t.is(again.status, 200);
  for (const s of [...open, again]) s.close();
});

test.serial(
  'a ticket opens one stream once, for its player and site; forged, reused, expired and foreign-site tickets are 401 with nothing streamed',
  async (t) => {
    const { user, token } = await factories.createUser({ balance: '20' });
    const issue = async () => {
      const res = await stack.request('POST', '/api/events/ticket', { token });
      t.is(res.body.code, 200);
      t.is(res.body.result.expiresIn, 2);
      return res.body.result.ticket as string;
    };
    const ticket = await issue();
    const s = await stream(undefined, `?ticket=${ticket}`);
    t.is(s.status, 200);
    t.is((await play(token)).body.code, 200);
    const rows = await ledgerOf(user.id);
    const events = await eventsUntilLedger(s, rows[rows.length - 1].id);
    t.is(events[events.length - 1].data.ledgerId, rows[rows.length - 1].id);
    s.close();

    const refused = async (query: string, headers: Record<string, string> = {}) => {
      const r = await stream(undefined, query, headers);
      t.is(r.status, 401, query);
      t.is(r.body.code, 401);
      t.false(JSON.stringify(r.body).includes('balance'));
    };
    await refused(`?ticket=${ticket}`); // reused
    await refused(`?ticket=${'A'.repeat(43)}`); // forged
    await refused('?ticket=short');
    await refused(''); // neither token nor ticket
    const expiring = await issue();
    await new Promise((r) => setTimeout(r, 2300));
    await refused(`?ticket=${expiring}`);
    const other = await factories.createSite();
    await refused(`?ticket=${await issue()}`, { 'site-name': other });
    await refused(`?ticket=${await issue()}&siteCode=${other}`);
    // A ticket whose session ended with a logout opens nothing either.
    const beforeLogout = await issue();
    t.is((await stack.request('POST', '/api/auth/logout', { token })).body.code, 200);
    await refused(`?ticket=${beforeLogout}`);
  },
);

test.serial("another player's or a made-up Last-Event-ID is 401, and nothing of either stream leaks", async (t) => {
  const a = await factories.createUser({ balance: '20' });
  const b = await factories.createUser({ balance: '20' });
  const sb = await stream(b.token);
  t.is((await play(b.token)).body.code, 200);
  const rows = await ledgerOf(b.user.id);
  const bEvents = await eventsUntilLedger(sb, rows[rows.length - 1].id);
  sb.close();
  const foreign = bEvents[0].id as string;
  for (const id of [foreign, foreign.replace(/\.[^.]+$/, '.AAAAAAAAAAAAAAAA'), '0-0', 'garbage']) {
    const r = await stream(a.token, '', { 'last-event-id': id });
    t.is(r.status, 401, id);
    t.is(r.body.code, 401);
    t.false(JSON.stringify(r.body).includes('ledgerId'));
    t.is(r.headers.get('content-type')?.startsWith('text/event-stream'), false);
    const q = await stream(a.token, `?lastEventId=${encodeURIComponent(id)}`);
    t.is(q.status, 401, id);
  }
});
