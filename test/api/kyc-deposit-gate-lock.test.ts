import test from 'ava';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { QueryTypes } from 'sequelize';
import { db } from '../../shared/db/sequelize';
import { createDepositor, DEPOSIT_ENV, resetDepositMocks, unique, usdtChannel } from '../helpers/deposits';
import { createSite } from '../helpers/factories';
import { giveLevel } from '../helpers/kyc';
import { startTestStack, type ApiResponse, type TestStack } from '../helpers/stack';
import { waitFor } from '../helpers/wait';

/**
 * The KYC deposit gate counts under the player's row lock (docs/kyc.md, "Gates"; docs/architecture.md,
 * "One lock order"), shown without a race: while another transaction holds the player's `users` row and
 * has opened an order it has not committed, a new order waits at the gate instead of answering; once that
 * transaction commits, the new order counts the other one and is refused past T2 (2301).
 */
let stack: TestStack;
let site: string;

test.before(async () => {
  stack = await startTestStack({ ...DEPOSIT_ENV, RATE_LIMIT_DEPOSIT_PER_USER: '1000' });
  site = await createSite();
  await usdtChannel(site);
});
test.beforeEach(resetDepositMocks);
test.after.always(async () => {
  await stack?.close();
});

/**
 * Deposit gates (kyc_deposit_level_needed) of this database waiting for a lock. Only the gate's statement
 * counts: the request's note of the player's activity (an update of the same row, off the request's
 * path) waits for the held row too, and the gate may queue behind it.
 */
async function gatesWaiting(): Promise<number> {
  const [row] = await db().query<{ n: string }>(
    `SELECT count(*)::text AS n FROM pg_stat_activity
      WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%kyc_deposit_level_needed(%'`,
    { type: QueryTypes.SELECT },
  );
  return Number(row.n);
}

test("a deposit order waits for a transaction holding the player's row, then counts its order: past T2 it is refused (2301)", async (t) => {
  const { user, token } = await createDepositor({ siteCode: site });
  await giveLevel(user, 1);
  const channel = await usdtChannel(site);

  const holder = new Client({ connectionString: stack.databaseUrl });
  await holder.connect();
  let open = true;
  try {
    await holder.query('BEGIN');
    // As the gate of another order of the player does: its row locked, its order of 1950 USD written, not committed.
    await holder.query('SELECT id FROM users WHERE id = $1 FOR NO KEY UPDATE', [user.id]);
    await holder.query(
      `INSERT INTO deposit_orders ("siteCode", "userId", "channelId", "channelCode", currency, "subOrder", "orderAmount", "paymentMethod", "exchangeRate")
       VALUES ($1, $2, $3, 'usdt', 'USDT', $4, 1950, 'crypto', 1)`,
      [site, user.id, channel.id, `SO${randomBytes(8).toString('hex')}`],
    );

    let answer: ApiResponse | undefined;
    const order = stack
      .request('POST', '/api/deposit', {
        token,
        body: { channelId: channel.id, paymentMethod: 'crypto', subOrder: unique(), orderAmount: '100' },
        headers: { locales: 'en-US' },
      })
      .then((res) => (answer = res));
    // The request reaches the gate and waits there for the held row; it must not answer meanwhile.
    await waitFor('the order waiting for the held row, or its answer', async () => answer !== undefined || (await gatesWaiting()) > 0, 10_000);
    t.is(answer, undefined, `the order answered while the player's row was held: ${answer?.text}`);
    await new Promise((r) => setTimeout(r, 300));
    t.is(answer, undefined, 'still waiting while the row is held');
    t.is(await gatesWaiting(), 1, 'the order waits at the gate');

    await holder.query('COMMIT');
    open = false;
    const res = await order;
    t.is(res.status, 200, res.text);
    t.is(res.body.code, 2301, '1950 + 100 is past T2 (2000) for a level 1 player');
  } finally {
    if (open) await holder.query('ROLLBACK').catch(() => undefined);
    await holder.end();
  }
  const orders = await db().query<{ amount: string }>(`SELECT "orderAmount"::text AS amount FROM deposit_orders WHERE "userId" = :id`, {
    replacements: { id: user.id },
    type: QueryTypes.SELECT,
  });
  t.deepEqual(
    orders.map((o) => Number(o.amount)),
    [1950],
    'the refused order wrote nothing',
  );
});
