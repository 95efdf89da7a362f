import { randomBytes } from 'node:crypto';
import test from 'ava';
import Decimal from 'decimal.js';
import { UnrecoverableError, type Job } from 'bullmq';
import { QueryTypes } from 'sequelize';
import { BetOrder, User, VipLevel } from '../../shared/db/models';
import { db } from '../../shared/db/sequelize';
import { applyPostBet, applyPostBetBatch, enqueuePostBet } from '../../shared/domain/post-bet/chain';
import { postBetJob } from '../../shared/domain/post-bet';
import { POST_BET_STEPS, type PostBetStep } from '../../shared/domain/post-bet/steps';
import { jobId, type QueuePayloads } from '../../shared/queues/definitions';
import { queue } from '../../shared/queues/queues';
import { startWorkers, type RunningWorkers } from '../../workers/main';
import { JOB_HANDLERS } from '../../workers/job-handlers';
import { effectiveBet, insertBetOrder } from '../helpers/bets';
import { createSite, createUser } from '../helpers/factories';
import { startTestStack, type TestStack } from '../helpers/stack';
import { waitFor } from '../helpers/wait';

let stack: TestStack;
let workers: RunningWorkers | undefined;
test.before(async () => {
  stack = await startTestStack({ OUTBOX_RELAY_EVERY_MS: '200' });
  workers = startWorkers(['post-bet', 'outbox-relay']);
  // A test-only ledger of what injected steps applied, inside the chain's transaction.
  await db().query('CREATE TABLE test_turnover ("betOrderId" BIGINT NOT NULL, amount NUMERIC(18,6) NOT NULL)');
});
test.after.always(async () => {
  await workers?.stop();
  await stack?.close();
});

const fakeJob = (betOrderId: number, id = `test-${betOrderId}`) => ({ id, data: { betOrderId } }) as unknown as Job<QueuePayloads['post-bet']>;

async function userRow(id: number) {
  const user = await User.findByPk(id);
  return { total: user!.totalEffectiveBet, level: user!.vipLevel, progress: user!.vipProgress };
}

async function turnoverRows(betOrderId: number | string): Promise<number> {
  const [row] = await db().query<{ n: string }>('SELECT COUNT(*)::text AS n FROM test_turnover WHERE "betOrderId" = :id', {
    replacements: { id: betOrderId },
    type: QueryTypes.SELECT,
  });
  return Number(row.n);
}

/** A step that records each order on its first run in test_turnover, in the chain's transaction. */
const recordingStep: PostBetStep = {
  name: 'record',
  run: async ({ transaction, orders }) => {
    for (const order of orders.filter((o) => o.firstRun)) {
      await db().query('INSERT INTO test_turnover ("betOrderId", amount) VALUES (:id, :amount)', {
        replacements: { id: order.betOrderId, amount: order.betEffective },
        transaction,
      });
    }
  },
};

test('the post-bet queue has its handler', (t) => {
  t.is(JOB_HANDLERS['post-bet'], postBetJob);
});

test('the same job processed twice applies the chain once', async (t) => {
  const { user } = await createUser();
  const order = await insertBetOrder(user, { betAmount: '1200' });
  const first = (await postBetJob(fakeJob(Number(order.id)))) as Awaited<ReturnType<typeof applyPostBet>>;
  t.false(first.skipped);
  if (!first.skipped) {
    t.is(first.vip?.totalEffectiveBet, '1200.000000');
    t.is(first.vip?.vipLevel, 2);
    t.true(first.vip?.upgraded);
  }
  await order.reload();
  const processedAt = order.postProcessedAt;
  t.truthy(processedAt);

  const second = (await postBetJob(fakeJob(Number(order.id)))) as Awaited<ReturnType<typeof applyPostBet>>;
  t.deepEqual(second, { betOrderId: Number(order.id), skipped: true, reason: 'already-processed' });
  await order.reload();
  t.is(order.postProcessedAt?.getTime(), processedAt?.getTime());
  t.deepEqual(await userRow(user.id), { total: '1200.000000', level: '2', progress: '24' });
});

test('two jobs with different ids for one order, run concurrently by the workers: one applies, one skips', async (t) => {
  const { user } = await createUser();
  const order = await insertBetOrder(user, { betAmount: '300' });
  const q = queue('post-bet');
  const jobs = await Promise.all(['a', 'b'].map((s) => q.add('settled', { betOrderId: Number(order.id) }, { jobId: jobId('test', `${order.id}-${s}`) })));
  const done = await waitFor('both post-bet jobs to complete', async () => {
    const states = await Promise.all(jobs.map((j) => q.getJobState(j.id as string)));
    return states.every((s) => s === 'completed') ? true : undefined;
  });
  t.true(done);
  const results = await Promise.all(jobs.map(async (j) => (await q.getJob(j.id as string))?.returnvalue as { skipped: boolean; reason?: string }));
  t.is(results.filter((r) => !r.skipped).length, 1);
  t.deepEqual(
    results.filter((r) => r.skipped).map((r) => r.reason),
    ['already-processed'],
  );
  t.is((await userRow(user.id)).total, '300.000000');
});

test('a step failing mid-way rolls the chain back; the retry applies it once', async (t) => {
  const { user } = await createUser();
  const order = await insertBetOrder(user, { betAmount: '2000' });
  let failures = 0;
  const failOnce: PostBetStep = {
    name: 'fail-once',
    run: async () => {
      if (failures === 0) {
        failures += 1;
        throw new Error('worker died mid-way');
      }
    },
  };
  const steps = [...POST_BET_STEPS, recordingStep, failOnce];

  await t.throwsAsync(() => applyPostBet(order.id, { steps }), { message: 'worker died mid-way' });
  await order.reload();
  t.is(order.postProcessedAt, null);
  t.is(await turnoverRows(order.id), 0);
  t.deepEqual(await userRow(user.id), { total: '0.000000', level: '1', progress: '0' });

  const retry = await applyPostBet(order.id, { steps });
  t.false(retry.skipped);
  t.is(await turnoverRows(order.id), 1);
  t.deepEqual(await userRow(user.id), { total: '2000.000000', level: '2', progress: '40' });

  const again = await applyPostBet(order.id, { steps });
  t.true(again.skipped);
  t.is(await turnoverRows(order.id), 1);
  t.is((await userRow(user.id)).total, '2000.000000');
});

test('a worker killed before commit (transaction rolled back) leaves nothing; the retry applies once', async (t) => {
  const { user } = await createUser();
  const order = await insertBetOrder(user, { betAmount: '700' });
  const steps = [...POST_BET_STEPS, recordingStep];
  await t.throwsAsync(
    () =>
      db().transaction(async (transaction) => {
        const inside = await applyPostBet(order.id, { transaction, steps });
        t.false(inside.skipped);
        throw new Error('killed before commit');
      }),
    { message: 'killed before commit' },
  );
  await order.reload();
  t.is(order.postProcessedAt, null);
  t.is(await turnoverRows(order.id), 0);
  t.is((await userRow(user.id)).total, '0.000000');

  t.false((await applyPostBet(order.id, { steps })).skipped);
  t.true((await applyPostBet(order.id, { steps })).skipped);
  t.is(await turnoverRows(order.id), 1);
  t.is((await userRow(user.id)).total, '700.000000');
});

test('upgrade through several levels at once, with progress towards the next level', async (t) => {
  const { user } = await createUser();
  const order = await insertBetOrder(user, { betAmount: '25000' });
  const result = await applyPostBet(order.id);
  t.false(result.skipped);
  if (!result.skipped) {
    t.is(result.vip?.previousLevel, 1);
    t.is(result.vip?.vipLevel, 4); // 25000 >= 20000 (level 4), < 50000 (level 5)
  }
  t.deepEqual(await userRow(user.id), { total: '25000.000000', level: '4', progress: '50' });
});

test('never downgrades: a higher level is kept, progress is towards the level above it', async (t) => {
  const { user } = await createUser();
  await User.update({ vipLevel: '6' }, { where: { id: user.id } });
  const order = await insertBetOrder(user, { betAmount: '1500' });
  const result = await applyPostBet(order.id);
  if (!result.skipped) {
    t.is(result.vip?.vipLevel, 6);
    t.false(result.vip?.upgraded);
  }
  // Level 7 needs 200000: 1500 is 0%.
  t.deepEqual(await userRow(user.id), { total: '1500.000000', level: '6', progress: '0' });
});

test('the top level shows progress 100', async (t) => {
  const siteCode = await createSite();
  const { user } = await createUser({ siteCode });
  await VipLevel.update({ enabled: 0 }, { where: { siteCode, level: [4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15] } });
  const order = await insertBetOrder(user, { betAmount: '6000' });
  await applyPostBet(order.id);
  t.deepEqual(await userRow(user.id), { total: '6000.000000', level: '3', progress: '100' });
});

test('disabled levels are skipped, both as the level reached and as the next level', async (t) => {
  const siteCode = await createSite();
  const { user } = await createUser({ siteCode });
  await VipLevel.update({ enabled: 0 }, { where: { siteCode, level: [3, 4] } });
  const order = await insertBetOrder(user, { betAmount: '25000' });
  const result = await applyPostBet(order.id);
  if (!result.skipped) t.is(result.vip?.vipLevel, 2);
  // Next enabled level is 5 (50000): 25000 is 50%.
  t.deepEqual(await userRow(user.id), { total: '25000.000000', level: '2', progress: '50' });
});

test("levels are those of the user's own site", async (t) => {
  const siteCode = await createSite();
  await VipLevel.update({ minChip: '100' }, { where: { siteCode, level: 2 } });
  const { user } = await createUser({ siteCode });
  const order = await insertBetOrder(user, { betAmount: '150' });
  await applyPostBet(order.id);
  t.is((await userRow(user.id)).level, '2');
  const { user: other } = await createUser(); // default site: level 2 needs 1000
  await applyPostBet((await insertBetOrder(other, { betAmount: '150' })).id);
  t.is((await userRow(other.id)).level, '1');
});

test('weights: crypto and fish count 0.5; the sum uses the stored betEffective', async (t) => {
  const { user } = await createUser();
  const crypto = await insertBetOrder(user, { betAmount: '1000', gameType: '9' });
  const fish = await insertBetOrder(user, { betAmount: '400', gameType: '10' });
  const slot = await insertBetOrder(user, { betAmount: '100', gameType: '2' });
  t.is(crypto.betEffective, '500.000000');
  t.is(fish.betEffective, '200.000000');
  t.is(slot.betEffective, '100.000000');
  // An order whose stored betEffective is not betAmount x weight: the stored value counts.
  const stored = await insertBetOrder(user, { betAmount: '100', betEffective: '7.5', gameType: '3' });
  for (const order of [crypto, fish, slot, stored]) await applyPostBet(order.id);
  t.is((await userRow(user.id)).total, '807.500000');
});

test('only valid, settled orders count towards the total', async (t) => {
  const { user } = await createUser();
  const orders = [
    await insertBetOrder(user, { betAmount: '100', status: 'invalid' }),
    await insertBetOrder(user, { betAmount: '200', status: 'cancelled' }),
    await insertBetOrder(user, { betAmount: '400', settled: false }),
    await insertBetOrder(user, { betAmount: '800' }),
  ];
  for (const order of orders) await applyPostBet(order.id);
  t.is((await userRow(user.id)).total, '800.000000');
  const counted = await BetOrder.findAll({ where: { userId: user.id }, order: [['id', 'ASC']] });
  t.deepEqual(
    counted.map((o) => o.countedEffective),
    ['0.000000', '0.000000', '0.000000', '800.000000'],
  );
});

test("the total moves by what the order adds: the player's history is not summed again", async (t) => {
  const { user } = await createUser();
  // A total carried by earlier orders (here set directly): a new order adds to it.
  await User.update({ totalEffectiveBet: '5000' }, { where: { id: user.id } });
  const order = await insertBetOrder(user, { betAmount: '100' });
  const result = await applyPostBet(order.id);
  if (!result.skipped) t.is(result.vip?.totalEffectiveBet, '5100.000000');
  t.deepEqual(await userRow(user.id), { total: '5100.000000', level: '3', progress: '25' });
});

test('an order changed after it was processed moves the total by the difference only, once', async (t) => {
  const { user } = await createUser();
  const order = await insertBetOrder(user, { betAmount: '1000' });
  t.false((await applyPostBet(order.id)).skipped);
  t.is((await userRow(user.id)).total, '1000.000000');

  // A bet of the order refunded later: its betEffective falls to 400. The chain runs again for it.
  await order.update({ betAmount: '400', betEffective: '400' });
  const again = await applyPostBet(order.id);
  t.deepEqual(again, { betOrderId: Number(order.id), skipped: true, reason: 'already-processed' });
  // The level stays (upgrade only); the total and progress follow.
  t.deepEqual(await userRow(user.id), { total: '400.000000', level: '2', progress: '8' });
  t.deepEqual(await applyPostBet(order.id), { betOrderId: Number(order.id), skipped: true, reason: 'already-processed' });
  t.is((await userRow(user.id)).total, '400.000000');

  // The whole order cancelled: it counts nothing any more.
  await order.update({ status: 'cancelled' });
  await applyPostBet(order.id);
  t.is((await userRow(user.id)).total, '0.000000');
  await order.reload();
  t.is(order.countedEffective, '0.000000');
});

test('promotion and mission turnover steps run for a valid order and find no claims today', async (t) => {
  const { user } = await createUser();
  const order = await insertBetOrder(user, { betAmount: '50' });
  const result = await applyPostBet(order.id);
  t.false(result.skipped);
  if (!result.skipped) {
    t.deepEqual(result.promotion, { updated: 0, completed: 0 });
    t.deepEqual(result.mission, { updated: 0, completed: 0 });
  }
});

test('an invalid order is post-processed without adding turnover', async (t) => {
  const { user } = await createUser();
  const order = await insertBetOrder(user, { betAmount: '50', status: 'invalid' });
  const turnover: string[] = [];
  const spy: PostBetStep = { name: 'spy', run: async ({ orders }) => void orders.forEach((o) => o.countsAsTurnover && turnover.push(o.betEffective)) };
  const result = await applyPostBet(order.id, { steps: [...POST_BET_STEPS, spy] });
  t.false(result.skipped);
  if (!result.skipped) {
    t.is(result.promotion, null);
    t.is(result.mission, null);
    t.is(result.vip?.totalEffectiveBet, '0.000000');
  }
  t.deepEqual(turnover, []);
  await order.reload();
  t.truthy(order.postProcessedAt);
});

test('an unsettled order is left alone (not marked) and applied once it settles', async (t) => {
  const { user } = await createUser();
  const order = await insertBetOrder(user, { betAmount: '1000', settled: false });
  t.deepEqual(await applyPostBet(order.id), { betOrderId: Number(order.id), skipped: true, reason: 'not-settled' });
  await order.reload();
  t.is(order.postProcessedAt, null);
  await order.update({ settled: true, settledAt: new Date() });
  t.false((await applyPostBet(order.id)).skipped);
  t.is((await userRow(user.id)).level, '2');
});

test('a missing bet order fails the job as unrecoverable', async (t) => {
  await t.throwsAsync(() => postBetJob(fakeJob(987654321)), { instanceOf: UnrecoverableError, message: /987654321 not found/ });
  await t.throwsAsync(() => postBetJob({ id: 'x', data: {} } as unknown as Job<QueuePayloads['post-bet']>), { instanceOf: UnrecoverableError });
});

test('end to end: an outbox row written with the settlement reaches the worker and upgrades the player', async (t) => {
  const { user } = await createUser();
  const order = await db().transaction(async (transaction) => {
    const created = await BetOrder.create(
      {
        siteCode: user.siteCode,
        userId: user.id,
        providerCode: 'provy',
        gameCode: 'fish-1',
        gameName: 'Fish Hunter',
        gameType: '10',
        gamePlatform: 'provy',
        gameNumber: `round-${randomBytes(6).toString('hex')}`,
        betAmount: '12000',
        betEffective: effectiveBet('12000', '10'),
        winAmount: '0',
        winLose: '-12000',
        status: 'valid',
        settled: true,
        settledAt: new Date(),
      },
      { transaction },
    );
    await enqueuePostBet(transaction, created.id);
    return created;
  });
  const after = await waitFor('the post-bet worker to update the player', async () => {
    const row = await userRow(user.id);
    return row.total !== '0.000000' ? row : undefined;
  });
  t.deepEqual(after, { total: '6000.000000', level: '3', progress: '30' }); // 6000 >= 5000; 6000 / 20000
  await order.reload();
  t.truthy(order.postProcessedAt);
});

// ---------------------------------------------------------------------------------------------------
// Batches (the relay delivers post-bet rows many to a job)

const batchJob = (betOrderIds: number[], id = `test-batch-${betOrderIds[0]}`) => ({ id, data: { betOrderIds } }) as unknown as Job<QueuePayloads['post-bet']>;

/** Mission progress rows and open-or-completed claim turnover of a user (claims by mission id). */
async function missionProgress(userId: number) {
  const progress = await db().query(
    'SELECT category, "periodType", "periodKey", progress FROM mission_progress WHERE "userId" = :userId ORDER BY "periodType", "periodKey"',
    {
      replacements: { userId },
      type: QueryTypes.SELECT,
    },
  );
  const claims = await db().query(
    'SELECT "missionId", "completedTurnover", "turnoverCompleted" FROM mission_claims WHERE "userId" = :userId ORDER BY "missionId"',
    {
      replacements: { userId },
      type: QueryTypes.SELECT,
    },
  );
  return { progress, claims };
}

/** Two open mission claims: one the mixed bets complete, one they do not. */
async function openClaims(user: User): Promise<void> {
  for (const [missionId, required] of [
    [1, '5000'],
    [2, '900000'],
  ] as const) {
    await db().query(
      `INSERT INTO mission_claims ("siteCode", "userId", "missionId", category, "periodType", tier, "periodKey", "rewardAmount", "requiredTurnover")
       VALUES (:siteCode, :userId, :missionId, 'bet', 'daily', 1, '2026-01-01', 10, :required)`,
      { replacements: { siteCode: user.siteCode, userId: user.id, missionId, required } },
    );
  }
}

/** The same bets for a player: a mix of game types, sizes and statuses that crosses several levels. */
async function mixedOrders(user: User): Promise<BetOrder[]> {
  return [
    await insertBetOrder(user, { betAmount: '1200' }),
    await insertBetOrder(user, { betAmount: '3000', gameType: '4' }),
    await insertBetOrder(user, { betAmount: '500', status: 'cancelled' }),
    await insertBetOrder(user, { betAmount: '700', status: 'invalid' }),
    await insertBetOrder(user, { betAmount: '250', settled: false }),
    await insertBetOrder(user, { betAmount: '40000' }),
  ];
}

test('a batch leaves VIP totals, levels, progress and mission progress where one-by-one processing leaves them', async (t) => {
  const one = (await createUser()).user;
  const many = (await createUser()).user;
  const oneOrders = await mixedOrders(one);
  const manyOrders = await mixedOrders(many);
  await openClaims(one);
  await openClaims(many);
  for (const order of oneOrders) await applyPostBet(order.id);
  const result = await applyPostBetBatch(manyOrders.map((o) => Number(o.id)));
  t.deepEqual(result.notSettled, [Number(manyOrders[4].id)]);
  t.is(result.applied.length, 5);
  t.deepEqual(await userRow(many.id), await userRow(one.id));
  t.deepEqual(await missionProgress(many.id), await missionProgress(one.id));
  t.is((await userRow(many.id)).total, new Decimal('1200').plus(effectiveBet('3000', '4')).plus('40000').toFixed(6));
  const { progress, claims } = await missionProgress(many.id);
  t.is(progress.length, 3);
  t.deepEqual(
    claims.map((c: any) => Number(c.turnoverCompleted)),
    [1, 0],
  );

  // Later: the unsettled bet settles and a processed one is refunded; both ways agree again.
  for (const orders of [oneOrders, manyOrders]) {
    await orders[4].update({ settled: true, settledAt: new Date() });
    await orders[5].update({ status: 'cancelled' });
  }
  for (const order of oneOrders) await applyPostBet(order.id);
  const again = await applyPostBetBatch(manyOrders.map((o) => Number(o.id)));
  t.deepEqual(again.applied, [Number(manyOrders[4].id)]);
  t.deepEqual(await userRow(many.id), await userRow(one.id));
  t.deepEqual(await missionProgress(many.id), await missionProgress(one.id));
});

test('the steps of the chain drive batches too: an added step runs once per order, not again on a second batch', async (t) => {
  const { user } = await createUser();
  const orders = [await insertBetOrder(user, { betAmount: '10' }), await insertBetOrder(user, { betAmount: '20' })];
  const ids = orders.map((o) => Number(o.id));
  const steps = [...POST_BET_STEPS, recordingStep];
  t.deepEqual((await applyPostBetBatch(ids, { steps })).applied, ids);
  t.deepEqual((await applyPostBetBatch(ids, { steps })).alreadyProcessed, ids);
  for (const id of ids) t.is(await turnoverRows(id), 1);
  t.is((await userRow(user.id)).total, '30.000000');
});

test('a batch job run twice applies once; missing orders are reported and the rest applied', async (t) => {
  const { user } = await createUser();
  const orders = [await insertBetOrder(user, { betAmount: '600' }), await insertBetOrder(user, { betAmount: '600' })];
  const ids = [...orders.map((o) => Number(o.id)), 999_999_999];
  const first = (await postBetJob(batchJob(ids))) as Awaited<ReturnType<typeof applyPostBetBatch>>;
  t.deepEqual(first.applied, ids.slice(0, 2));
  t.deepEqual(first.missing, [999_999_999]);
  const second = (await postBetJob(batchJob(ids))) as Awaited<ReturnType<typeof applyPostBetBatch>>;
  t.deepEqual(second.applied, []);
  t.deepEqual(second.alreadyProcessed, ids.slice(0, 2));
  t.deepEqual(await userRow(user.id), { total: '1200.000000', level: '2', progress: '24' });
});

// Serial: its trigger is DDL on the partitioned bet_orders, which locks every month's partition and would
// deadlock with the other tests' reads of the table running at the same moment.
test.serial('a failing batch is applied one order at a time: the others land, the job fails naming the bad one, its retry finishes', async (t) => {
  const { user } = await createUser();
  const orders = [
    await insertBetOrder(user, { betAmount: '100' }),
    await insertBetOrder(user, { betAmount: '200' }),
    await insertBetOrder(user, { betAmount: '300' }),
  ];
  const bad = Number(orders[1].id);
  const trigger = `test_refuse_${bad}`;
  await db().query(`CREATE FUNCTION ${trigger}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$;
    CREATE TRIGGER ${trigger} BEFORE UPDATE ON bet_orders FOR EACH ROW WHEN (OLD.id = ${bad}) EXECUTE FUNCTION ${trigger}();`);
  try {
    const error = await t.throwsAsync(postBetJob(batchJob(orders.map((o) => Number(o.id)))));
    t.regex(error!.message, new RegExp(`post-bet failed for 1 of 3 orders: ${bad} \\(`));
    t.is((await userRow(user.id)).total, '400.000000');
  } finally {
    await db().query(`DROP TRIGGER ${trigger} ON bet_orders; DROP FUNCTION ${trigger}();`);
  }
  const retried = (await postBetJob(batchJob(orders.map((o) => Number(o.id))))) as Awaited<ReturnType<typeof applyPostBetBatch>>;
  t.deepEqual(retried.applied, [bad]);
  t.is((await userRow(user.id)).total, '600.000000');
});

test('batched mission progress across a day, week and month boundary matches order-by-order progress', async (t) => {
  const one = (await createUser()).user;
  const many = (await createUser()).user;
  // Saturday 2026-01-31 late and Sunday 2026-02-01 early, in APP_TIMEZONE or not: at least one boundary.
  const times = ['2026-01-31T10:00:00Z', '2026-01-31T23:30:00Z', '2026-02-01T00:30:00Z', '2026-02-01T16:00:00Z'].map((at) => new Date(at));
  const orders = async (user: User) => {
    const written: BetOrder[] = [];
    for (const [i, settledAt] of times.entries()) written.push(await insertBetOrder(user, { betAmount: `${(i + 1) * 100}`, settledAt }));
    return written;
  };
  for (const order of await orders(one)) t.false((await applyPostBet(order.id)).skipped);
  const batch = await applyPostBetBatch((await orders(many)).map((o) => Number(o.id)));
  t.is(batch.applied.length, times.length);
  const { progress } = await missionProgress(many.id);
  t.deepEqual(progress, (await missionProgress(one.id)).progress);
  t.true(progress.length >= 5, 'the four times span more than one period of some kind');
});
