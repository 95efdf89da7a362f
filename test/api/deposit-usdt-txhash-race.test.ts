import test from 'ava';
import { Client } from 'pg';
import { QueryTypes } from 'sequelize';
import { DepositCallback, DepositOrder, User } from '../../shared/db/models';
import { db } from '../../shared/db/sequelize';
import { startWorkers, type RunningWorkers } from '../../workers/main';
import { createDepositor, resetDepositMocks, DEPOSIT_ENV, postUsdtCallback, unique, usdtChannel } from '../helpers/deposits';
import { createSite } from '../helpers/factories';
import type { TestStack } from '../helpers/stack';
import { waitFor } from '../helpers/wait';

/**
 * One txHash named by pay callbacks for several pending USDT orders AT THE SAME TIME (docs/payments.md,
 * "Callbacks"): every callback is acknowledged (never a 500), one order is paid and credited once, and
 * each other callback is recorded on its order as `tx-used`, the outcome of any reused txHash, with the
 * order left unpaid. The race is made certain: a transaction of the test holds the txHash on a spare
 * order while the callbacks run, so all of them pass the "txHash already used" check and wait on the
 * txHash's unique index; then it rolls back and they compete for the txHash.
 */
let stack: TestStack;
let workers: RunningWorkers | undefined;
let site: string;
test.before(async () => {
  const { startTestStack } = await import('../helpers/stack');
  // Ten callbacks held at once on the txHash, each with its connection, and the test's own queries.
  stack = await startTestStack({ ...DEPOSIT_ENV, DB_POOL_MAX: '20' });
  workers = startWorkers(['deposit-credit', 'outbox-relay']);
  site = await createSite();
});
test.beforeEach(resetDepositMocks);
test.after.always(async () => {
  await workers?.stop();
  await stack?.close();
});

async function cryptoOrder(token: string, amount: string): Promise<string> {
  const subOrder = unique();
  const channel = await usdtChannel(site);
  const res = await stack.request('POST', '/api/deposit', { token, body: { channelId: channel.id, paymentMethod: 'crypto', subOrder, orderAmount: amount } });
  if (res.body.code !== 200) throw new Error(JSON.stringify(res.body));
  return subOrder;
}

/** Callbacks of this database waiting on a lock inside deposit_callback. */
async function callbacksWaiting(): Promise<number> {
  const [row] = await db().query<{ n: string }>(
    `SELECT count(*)::text AS n FROM pg_stat_activity
      WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%deposit_callback(%'`,
    { type: QueryTypes.SELECT },
  );
  return Number(row.n);
}

/** The player's balance, the sum of its ledger and its number of deposit ledger rows. */
async function ledger(userId: number) {
  const user = await User.findByPk(userId);
  const [row] = await db().query<{ total: string; deposits: string }>(
    `SELECT COALESCE(SUM(amount), 0)::text AS total, COUNT(*) FILTER (WHERE kind = 'deposit')::text AS deposits FROM game_transactions WHERE "userId" = :userId`,
    { replacements: { userId }, type: QueryTypes.SELECT },
  );
  return { balance: user!.balance, ledgerSum: Number(row.total).toFixed(6), deposits: Number(row.deposits) };
}

/**
 * `n` pending orders of one player paid at once with one txHash, the callbacks released together from
 * the txHash's unique index (see above).
 */
async function payAllWithOneTxHash(n: number) {
  const { token, user } = await createDepositor({ siteCode: site });
  const spare = await cryptoOrder(token, '12.5');
  const subOrders: string[] = [];
  for (let i = 0; i < n; i += 1) subOrders.push(await cryptoOrder(token, '12.5'));
  const txHash = unique('0x');

  const holder = new Client({ connectionString: stack.databaseUrl });
  await holder.connect();
  try {
    await holder.query('BEGIN');
    await holder.query(`SELECT outcome FROM deposit_callback('usdt', 'pay', $1, $2, 12.5, 'now', '{}'::jsonb, 0)`, [spare, txHash]);
    const answers = Promise.all(subOrders.map((subOrder) => postUsdtCallback(stack, { subOrder, payAmount: 12.5, txHash, payTime: '2026-11-25T14:00:00Z' })));
    await waitFor(`${n} callbacks waiting on the txHash`, async () => (await callbacksWaiting()) >= n);
    await holder.query('ROLLBACK');
    return { user, subOrders, txHash, answers: await answers };
  } finally {
    await holder.end();
  }
}

for (const n of [2, 10]) {
  test.serial(`${n} pending orders paid at once with one txHash: all acknowledged, one credited once, the others recorded as tx-used`, async (t) => {
    const { user, subOrders, txHash, answers } = await payAllWithOneTxHash(n);
    t.deepEqual(
      answers.map((a) => [a.status, a.body]),
      subOrders.map(() => [200, { received: true }]),
    );

    const orders = await DepositOrder.findAll({ where: { subOrder: subOrders } });
    const paid = orders.filter((o) => o.status === 'paid');
    t.is(paid.length, 1);
    t.like(paid[0].get({ plain: true }), { txHash, usdAmount: '12.500000', flag: null });
    await waitFor('the paid order credited', async () => (await paid[0].reload()).creditedAt);
    for (const other of orders.filter((o) => o.status !== 'paid')) {
      t.like(other.get({ plain: true }), { status: 'pending', txHash: null, payAmount: null, flag: null, creditedAt: null });
    }

    // Every callback recorded once, on its order: one applied, the others tx-used.
    const calls = await DepositCallback.findAll({ where: { txHash } });
    t.is(calls.length, n);
    t.deepEqual(calls.map((c) => c.subOrder).sort(), [...subOrders].sort());
    for (const call of calls) {
      const own = orders.find((o) => o.subOrder === call.subOrder)!;
      t.is(String(call.depositOrderId), String(own.id));
      t.is(call.outcome, own.status === 'paid' ? 'applied' : 'tx-used');
    }

    t.deepEqual(await ledger(user.id), { balance: '12.500000', ledgerSum: '12.500000', deposits: 1 });
  });
}
