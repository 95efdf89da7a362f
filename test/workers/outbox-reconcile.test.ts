import test from 'ava';
import { QueryTypes, type Transaction } from 'sequelize';
import { BetOrder, User } from '../../shared/db/models';
import { db } from '../../shared/db/sequelize';
import { enqueuePostBet } from '../../shared/domain/post-bet/chain';
import { postBetReconciler } from '../../shared/domain/post-bet';
import { pushOutboxRows } from '../../shared/queues/outbox';
import { queue } from '../../shared/queues/queues';
import { reconcileOutbox } from '../../shared/queues/reconcile';
import { startWorkers, type RunningWorkers } from '../../workers/main';
import { insertBetOrder } from '../helpers/bets';
import { createUser } from '../helpers/factories';
import { startTestStack, type TestStack } from '../helpers/stack';
import { waitFor } from '../helpers/wait';

/**
 * Post-bet work survives the loss of Redis state: a settled order whose outbox row is marked sent but
 * whose job Redis no longer has (workers killed mid-job, then Redis restarted empty) gets its effect
 * from the workers' reconcile sweep (OUTBOX_RECONCILE_EVERY_MS, once the row was sent
 * OUTBOX_RECONCILE_AFTER_MS ago), exactly once.
 */
const EVERY_MS = 200;
const AFTER_MS = 500;

let stack: TestStack;
let workers: RunningWorkers | undefined;
test.before(async () => {
  stack = await startTestStack({ OUTBOX_RELAY_EVERY_MS: '200', OUTBOX_RECONCILE_EVERY_MS: String(EVERY_MS), OUTBOX_RECONCILE_AFTER_MS: String(AFTER_MS) });
});
test.after.always(async () => {
  await workers?.stop();
  await stack?.close();
});

async function outboxRows(betOrderId: number | string): Promise<Array<{ id: string; sent: boolean }>> {
  return db().query<{ id: string; sent: boolean }>(
    `SELECT id, "sentAt" IS NOT NULL AS sent FROM outbox WHERE queue = 'post-bet' AND (payload->>'betOrderId')::bigint = :id ORDER BY id`,
    { replacements: { id: betOrderId }, type: QueryTypes.SELECT },
  );
}

/** Writes the order's post-bet row as sent in the settlement's own transaction: pushed, and its job lost. */
async function enqueueSentAndLost(transaction: Transaction, betOrderId: number | string): Promise<void> {
  await enqueuePostBet(transaction, betOrderId);
  await db().query(
    `UPDATE outbox SET "sentAt" = now() - interval '1 hour', attempts = 1 WHERE queue = 'post-bet' AND "sentAt" IS NULL AND (payload->>'betOrderId')::bigint = :id`,
    {
      replacements: { id: betOrderId },
      transaction,
    },
  );
}

test.serial('a settled order whose job Redis lost after the row was marked sent gets its effect within the sweep interval, once', async (t) => {
  const { user } = await createUser();
  const order = await insertBetOrder(user, { betAmount: '1200' });
  await db().transaction((transaction) => enqueuePostBet(transaction, order.id));
  // The relay pushes the row (marked sent), then Redis loses every job of the queue.
  t.deepEqual(await pushOutboxRows(), { sent: 1, failed: 0 });
  t.deepEqual(
    (await outboxRows(order.id)).map((r) => r.sent),
    [true],
  );
  await queue('post-bet').obliterate({ force: true });
  t.is(await queue('post-bet').count(), 0);

  const started = Date.now();
  workers = startWorkers(['post-bet', 'outbox-relay']);
  await waitFor(
    'the reconcile sweep to bring the order its post-bet effect',
    async () => (await BetOrder.findByPk(order.id))?.postProcessedAt,
    4 * (EVERY_MS + AFTER_MS) + 3000,
  );
  t.true(Date.now() - started < EVERY_MS + AFTER_MS + 3000, 'within the sweep interval and the grace time');
  t.is((await User.findByPk(user.id))!.totalEffectiveBet, '1200.000000');

  // The effect is in Postgres now: later sweeps write nothing more, and nothing is applied twice.
  const rows = (await outboxRows(order.id)).length;
  t.is(rows, 2, 'the row written again by the sweep');
  await new Promise((r) => setTimeout(r, 3 * (EVERY_MS + AFTER_MS)));
  t.is((await outboxRows(order.id)).length, rows);
  t.is((await User.findByPk(user.id))!.totalEffectiveBet, '1200.000000');
});

test.serial('an order changed after it was processed, whose new job was lost, gets the difference once', async (t) => {
  const { user } = await createUser();
  const order = await insertBetOrder(user, { betAmount: '1000' });
  await db().transaction((transaction) => enqueuePostBet(transaction, order.id));
  await waitFor('the first post-bet run', async () => (await BetOrder.findByPk(order.id))?.postProcessedAt);
  t.is((await User.findByPk(user.id))!.totalEffectiveBet, '1000.000000');

  // A provider adds a bet to the processed order; the chain's row is sent, and its job is lost.
  await db().transaction(async (transaction) => {
    await order.update({ betAmount: '1500', betEffective: '1500' }, { transaction });
    await enqueueSentAndLost(transaction, order.id);
  });
  await waitFor(
    'the reconcile sweep to add the difference',
    async () => (await User.findByPk(user.id))!.totalEffectiveBet === '1500.000000',
    4 * (EVERY_MS + AFTER_MS) + 3000,
  );
  await new Promise((r) => setTimeout(r, 3 * (EVERY_MS + AFTER_MS)));
  t.is((await User.findByPk(user.id))!.totalEffectiveBet, '1500.000000');
});

test.serial('the sweep passes over orders that owe nothing, and stops at a row not sent yet', async (t) => {
  const { user } = await createUser();
  const unsettled = await insertBetOrder(user, { betAmount: '50', settled: false });
  const before = (await outboxRows(unsettled.id)).length;
  await db().transaction((transaction) => enqueueSentAndLost(transaction, unsettled.id));
  await new Promise((r) => setTimeout(r, 3 * (EVERY_MS + AFTER_MS)));
  t.is((await outboxRows(unsettled.id)).length, before + 1, 'an unsettled order owes nothing: its settlement writes its own row');

  // A row the relay has not sent yet is the relay's: the cursor does not pass it.
  await workers?.stop();
  workers = undefined;
  const owing = await insertBetOrder(user, { betAmount: '70' });
  await db().transaction((transaction) => enqueuePostBet(transaction, owing.id));
  const later = await insertBetOrder(user, { betAmount: '80' });
  await db().transaction((transaction) => enqueueSentAndLost(transaction, later.id));
  t.deepEqual(await reconcileOutbox(postBetReconciler, { afterMs: AFTER_MS }), { examined: 0, redelivered: 0 });
  t.is((await outboxRows(later.id)).length, 1);
});
