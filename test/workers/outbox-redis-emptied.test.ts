import test from 'ava';
import { QueryTypes } from 'sequelize';
import { BetOrder, User } from '../../shared/db/models';
import { db } from '../../shared/db/sequelize';
import { enqueuePostBet } from '../../shared/domain/post-bet/chain';
import { databaseIncarnation, forgetIncarnation, notePushed } from '../../shared/queues/incarnation';
import { SWEEP_TRIGGERS_EVERY_MS } from '../../shared/queues/sweep-triggers';
import { startWorkers, type RunningWorkers } from '../../workers/main';
import { insertBetOrder } from '../helpers/bets';
import { createUser } from '../helpers/factories';
import { deleteKeys, startTestStack, type TestStack } from '../helpers/stack';
import { waitFor } from '../helpers/wait';

/**
 * When Redis comes back empty (the marker the workers wrote at start is gone), the reconcilers sweep at
 * once, without the grace (docs/decisions/platform.md, "Restores and empty Redis are swept at once"):
 * here the grace is 5 minutes and the timed sweep once an hour, so only the marker can bring the
 * effect in time. And outbox ids that rewound behind what Redis saw pushed make a new incarnation.
 */
let stack: TestStack;
let workers: RunningWorkers | undefined;
test.before(async () => {
  stack = await startTestStack({ OUTBOX_RELAY_EVERY_MS: '200', OUTBOX_RECONCILE_EVERY_MS: '3600000', OUTBOX_RECONCILE_AFTER_MS: '300000' });
});
test.after.always(async () => {
  await workers?.stop();
  await stack?.close();
});

test.serial('Redis emptied after a row was sent: its effect comes at once, not after the grace, and once', async (t) => {
  workers = startWorkers(['post-bet', 'outbox-relay']);
  await new Promise((r) => setTimeout(r, SWEEP_TRIGGERS_EVERY_MS + 500)); // the marker written at start
  const { user } = await createUser();
  const order = await insertBetOrder(user, { betAmount: '700' });
  // The row is marked sent (its job pushed a moment ago), then Redis loses everything.
  await db().transaction(async (transaction) => {
    await enqueuePostBet(transaction, order.id);
    await db().query(
      `UPDATE outbox SET "sentAt" = now(), attempts = 1 WHERE queue = 'post-bet' AND "sentAt" IS NULL AND (payload->>'betOrderId')::bigint = :id`,
      { replacements: { id: order.id }, transaction },
    );
  });
  await deleteKeys(process.env.REDIS_URL as string, `${stack.prefix}*`);

  const started = Date.now();
  await waitFor('the effect after Redis came back empty', async () => (await BetOrder.findByPk(order.id))?.postProcessedAt, 15_000, 100);
  t.true(Date.now() - started < 15_000);
  t.is((await User.findByPk(user.id))!.totalEffectiveBet, '700.000000');
  await new Promise((r) => setTimeout(r, 2 * SWEEP_TRIGGERS_EVERY_MS));
  t.is((await User.findByPk(user.id))!.totalEffectiveBet, '700.000000', 'applied once');
});

test.serial('outbox ids behind what Redis saw pushed under this incarnation: a new incarnation', async (t) => {
  const before = await databaseIncarnation();
  forgetIncarnation();
  t.is(await databaseIncarnation(), before, 'the same database keeps its incarnation');
  const [{ value }] = await db().query<{ value: string }>(`SELECT last_value::text AS value FROM outbox_id_seq`, { type: QueryTypes.SELECT });
  // Redis saw ids pushed past the sequence: the database was put back (a snapshot restore keeps its identity).
  await notePushed(before, Number(value) + 10);
  forgetIncarnation();
  const after = await databaseIncarnation();
  t.not(after, before);
  const [row] = await db().query<{ previousId: string; reason: string }>(`SELECT "previousId", reason FROM database_incarnation`, { type: QueryTypes.SELECT });
  t.deepEqual(row, { previousId: before, reason: 'outbox ids rewound' });
});
