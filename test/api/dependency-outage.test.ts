import test from 'ava';
import { Client } from 'pg';
import { GENERIC_TEXTS } from '../../api/http/generic-texts';
import { withDatabase } from '../../scripts/lib/services';
import { providerCall, providerEnv, snapshot } from '../helpers/provider-requests';
import { startTestStack, type ApiResponse, type TestStack } from '../helpers/stack';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy';
import { waitFor } from '../helpers/wait';

/**
 * Postgres unavailable for real (docs/decisions/platform.md, "A dependency outage is a 503 that says
 * whether anything may have changed"): the API reaches its database through a TCP proxy this file
 * starts, which it stops (connections dropped, new ones refused), cuts after a statement (the server
 * commits, the answer is lost), or whose server connections are terminated in a loop
 * (pg_terminate_backend). Every answer is a 503 envelope with Retry-After and `data.outcome` (or the
 * provider's own shape with 503), never a 500; and the ledger always agrees with the balance, with a
 * round for every 200 and none for an outcome `none`.
 */

let stack: TestStack;
let proxy: TcpProxy;
let directUrl: string;

test.before(async () => {
  const server = new URL(process.env.TEST_PGBOUNCER_URL || (process.env.TEST_PG_URL as string));
  proxy = await startTcpProxy(server.hostname, Number(server.port || 5432));
  stack = await startTestStack((databaseUrl) => {
    directUrl = databaseUrl;
    const proxied = new URL(databaseUrl);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    return { ...providerEnv(), DATABASE_URL: proxied.toString() };
  });
});
test.after.always(async () => {
  await proxy?.up();
  await stack?.close();
  await proxy?.close();
});

const round = { gameCode: 'provy-crypto-01', productId: 3001, betAmount: 1 };

async function player(): Promise<{ id: number; token: string }> {
  const { createUser } = await import('../helpers/factories');
  const { user, token } = await createUser({ balance: '100' });
  return { id: user.id, token };
}

/** What an outage answers: 503, Retry-After, the error envelope with its outcome. */
function assertOutage(t: import('ava').ExecutionContext, res: ApiResponse, outcome?: 'none' | 'unknown'): void {
  t.is(res.status, 503, res.text);
  t.is(res.headers.get('retry-after'), '5');
  t.is(res.body.code, 503);
  t.is(res.body.message, GENERIC_TEXTS[503]['zh-TW'], "the locale's text (zh-TW by default)");
  t.is(res.body.retryAfter, 5);
  t.true(['none', 'unknown'].includes(res.body.data?.outcome as string), res.text);
  if (outcome) t.is(res.body.data.outcome, outcome, res.text);
  t.false(res.text.includes('at '), 'no stack trace');
}

/** The ledger agrees with the balance, and every bet order has its bet in the ledger. */
async function assertConsistent(t: import('ava').ExecutionContext, userId: number) {
  const s = await snapshot(userId);
  t.is(s.balance, s.ledger, 'balance = sum of the ledger');
  const client = new Client({ connectionString: directUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ orders: string; bets: string }>(
      `SELECT (SELECT count(*) FROM bet_orders WHERE "userId" = $1) AS orders,
              (SELECT count(*) FROM game_transactions WHERE "userId" = $1 AND kind = 'bet') AS bets`,
      [userId],
    );
    t.is(rows[0].orders, rows[0].bets, 'one bet in the ledger per bet order');
  } finally {
    await client.end();
  }
  return s;
}

test.serial('Postgres stopped: reads, money requests and provider callbacks answer 503 with Retry-After; nothing moves; it recovers', async (t) => {
  const { id, token } = await player();
  t.is((await stack.request('POST', '/api/game/simulate', { token, body: round })).body.code, 200);
  const before = await assertConsistent(t, id);

  await proxy.down();
  try {
    assertOutage(t, await stack.request('POST', '/api/game/simulate', { token, body: round }), 'none');
    assertOutage(t, await stack.request('GET', '/api/game/recent', { token }), 'none');
    const callback = await providerCall(stack, 'provy', 'getBalance', { playerId: id, currency: 'USD' });
    t.is(callback.status, 503, callback.text);
    t.is(callback.headers.get('retry-after'), '5');
    t.is(callback.body.code, 9999, "the provider's own shape: INTERNAL_ERROR, repeat the call");
  } finally {
    await proxy.up();
  }

  const after = await assertConsistent(t, id);
  t.deepEqual(after, before, 'nothing moved during the outage');
  const again = await stack.request('POST', '/api/game/simulate', { token, body: round });
  t.is(again.status, 200, again.text);
  t.is((await assertConsistent(t, id)).orders, before.orders + 1);
});

test.serial('a round whose answer is lost after Postgres committed it: 503 with outcome unknown, and the round is in the ledger once', async (t) => {
  const { id, token } = await player();
  const before = await assertConsistent(t, id);

  const cut = proxy.cutAfter('simulate_fair_round');
  const res = await stack.request('POST', '/api/game/simulate', { token, body: round });
  await cut;
  assertOutage(t, res, 'unknown');

  // What the client does with `unknown`: read before repeating. The round is there, with its money.
  const s = await waitFor('the committed round', async () => {
    const now = await snapshot(id);
    return now.orders === before.orders + 1 ? now : undefined;
  });
  t.is(s.balance, s.ledger);
  const recent = await stack.request('GET', '/api/game/recent', { token });
  t.is(recent.status, 200, recent.text);
  t.is(recent.body.result.length, 1, 'the round the 503 answered is in the recent games');
  await assertConsistent(t, id);
});

test.serial('server connections terminated during money requests: only 200 or 503, and the ledger has a round per 200 and none per outcome none', async (t) => {
  const { id, token } = await player();
  const before = await assertConsistent(t, id);
  const killer = new Client({ connectionString: withDatabase(process.env.TEST_PG_URL as string, 'postgres') });
  await killer.connect();
  const database = new URL(directUrl).pathname.slice(1);
  let terminated = 0;
  const terminate = async () => {
    await new Promise((r) => setTimeout(r, Math.random() * 40));
    const { rows } = await killer.query<{ n: string }>(
      `SELECT count(*) FILTER (WHERE pg_terminate_backend(pid)) AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`,
      [database],
    );
    terminated += Number(rows[0].n);
  };

  // Batches of three rounds at once; every other batch has the database's connections terminated under it.
  const answers: ApiResponse[] = [];
  try {
    for (let batch = 0; batch < 16; batch += 1) {
      const rounds = Promise.all([1, 2, 3].map(() => stack.request('POST', '/api/game/simulate', { token, body: round })));
      if (batch % 2 === 1) await terminate();
      answers.push(...(await rounds));
    }
  } finally {
    await killer.end();
  }

  const ok = answers.filter((a) => a.status === 200).length;
  const outages = answers.filter((a) => a.status === 503);
  const unknown = outages.filter((a) => a.body.data.outcome === 'unknown').length;
  t.log(`${answers.length} requests: ${ok} answered 200, ${outages.length} 503 (${unknown} unknown); ${terminated} backends terminated`);
  t.deepEqual(
    [...new Set(answers.map((a) => a.status))].filter((s) => s !== 200 && s !== 503),
    [],
    'never a 500',
  );
  t.true(ok > 0, 'the batches between the terminations are answered');
  t.true(outages.length > 0, 'an outage was met');
  for (const outage of outages) assertOutage(t, outage);

  const after = await assertConsistent(t, id);
  const rounds = after.orders - before.orders;
  t.true(rounds >= ok && rounds <= ok + unknown, `${rounds} rounds for ${ok} answered 200 and ${unknown} unknown`);

  const { verifyChains } = await import('../../shared/domain/audit');
  const report = await verifyChains();
  t.true(report.ok, JSON.stringify(report.problems.slice(0, 3)));
});

test.serial("a request's commit mark: reads and rolled-back transactions leave none, a commit or an autocommit statement sets it", async (t) => {
  const { apartFromCommitMark, commitOutcome, trackingCommits } = await import('../../shared/db/commit-outcome');
  const { db } = await import('../../shared/db/sequelize');
  const { User } = await import('../../shared/db/models');
  const { id } = await player();
  await trackingCommits(async () => {
    await User.findByPk(id);
    await db()
      .transaction(async (transaction) => {
        await db().query('UPDATE users SET name = name WHERE id = $1', { bind: [id], transaction });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    t.is(commitOutcome(), 'none', 'a finder and a rolled-back transaction');
    await db().transaction((transaction) => db().query('SELECT 1', { transaction }));
    t.is(commitOutcome(), 'unknown', 'a COMMIT was sent');
  });
  await trackingCommits(async () => {
    await apartFromCommitMark(() => db().query('UPDATE users SET "lastActivityAt" = now() WHERE id = $1', { bind: [id] }));
    t.is(commitOutcome(), 'none', 'bookkeeping apart from the mark');
    await db().query('SELECT 1');
    t.is(commitOutcome(), 'unknown', 'a raw statement outside a transaction may write');
  });
});
