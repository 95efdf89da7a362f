import test from 'ava';
import { UnrecoverableError, type Job } from 'bullmq';
import nock from 'nock';
import { QueryTypes } from 'sequelize';
import { DepositOrder, User } from '../../shared/db/models';
import { db } from '../../shared/db/sequelize';
import { creditDeposit, depositCreditJob, depositExpiryJob, firstPaidDepositAt, paidDepositUsdSum } from '../../shared/domain/deposit';
import type { QueuePayloads } from '../../shared/queues/definitions';
import { queue } from '../../shared/queues/queues';
import { startWorkers, type RunningWorkers } from '../../workers/main';
import { JOB_HANDLERS } from '../../workers/job-handlers';
import { SCHEDULES } from '../../shared/queues/schedules';
import { createDepositor, DEPOSIT_ENV, postUsdtCallback, unique, usdtChannel } from '../helpers/deposits';
import { createSite } from '../helpers/factories';
import { startTestStack, type TestStack } from '../helpers/stack';
import { waitFor } from '../helpers/wait';

/**
 * The deposit-credit worker: exactly once per paid order, whoever delivers it; a paid order whose job
 * Redis lost (workers stopped between the callback and the credit, then Redis emptied) is credited by
 * the reconcile sweep, once. Also the expiry job and the deposit totals other areas read.
 */
let stack: TestStack;
let workers: RunningWorkers | undefined;
let site: string;
test.before(async () => {
  stack = await startTestStack({ ...DEPOSIT_ENV, OUTBOX_RECONCILE_EVERY_MS: '200', OUTBOX_RECONCILE_AFTER_MS: '500' });
  site = await createSite();
});
test.after.always(async () => {
  nock.cleanAll();
  await workers?.stop();
  await stack?.close();
});

const fakeJob = (depositOrderId: number) => ({ id: `test-${depositOrderId}`, data: { depositOrderId } }) as unknown as Job<QueuePayloads['deposit-credit']>;

async function paidCryptoOrder(token: string, amount: string): Promise<DepositOrder> {
  const subOrder = unique();
  const channel = await usdtChannel(site);
  await stack.request('POST', '/api/deposit', { token, body: { channelId: channel.id, paymentMethod: 'crypto', subOrder, orderAmount: amount } });
  const res = await postUsdtCallback(stack, { subOrder, payAmount: amount, txHash: unique('0x'), payTime: 'now' });
  if (res.body?.received !== true) throw new Error(res.text);
  return (await DepositOrder.findOne({ where: { subOrder } }))!;
}

async function depositLedger(userId: number) {
  const [row] = await db().query<{ n: string; total: string }>(
    `SELECT COUNT(*)::text AS n, COALESCE(SUM(amount), 0)::text AS total FROM game_transactions WHERE "userId" = :userId AND kind = 'deposit'`,
    { replacements: { userId }, type: QueryTypes.SELECT },
  );
  const user = await User.findByPk(userId);
  return { rows: Number(row.n), total: Number(row.total).toFixed(6), balance: user!.balance };
}

test.serial('the queues have their handlers and the expiry sweep its schedule', (t) => {
  t.is(JOB_HANDLERS['deposit-credit'], depositCreditJob);
  t.is(JOB_HANDLERS['deposit-expiry'], depositExpiryJob);
  t.truthy(SCHEDULES.find((s) => s.queue === 'deposit-expiry'));
});

test.serial('the same job processed twice credits once; an unpaid order is skipped; a missing one is unrecoverable', async (t) => {
  const { token, user } = await createDepositor({ siteCode: site });
  const order = await paidCryptoOrder(token, '12.5');
  const first = await depositCreditJob(fakeJob(Number(order.id)));
  t.like(first, { credited: true, usdAmount: '12.500000', balanceAfter: '12.500000' });
  t.like(await depositCreditJob(fakeJob(Number(order.id))), { credited: false, reason: 'already-credited' });
  t.like(await creditDeposit(Number(order.id)), { credited: false, reason: 'already-credited' });
  t.deepEqual(await depositLedger(user.id), { rows: 1, total: '12.500000', balance: '12.500000' });

  const channel = await usdtChannel(site);
  const pending = unique();
  await stack.request('POST', '/api/deposit', { token, body: { channelId: channel.id, paymentMethod: 'crypto', subOrder: pending, orderAmount: '5' } });
  const pendingOrder = (await DepositOrder.findOne({ where: { subOrder: pending } }))!;
  t.like(await depositCreditJob(fakeJob(Number(pendingOrder.id))), { credited: false, reason: 'not-paid' });
  await t.throwsAsync(() => depositCreditJob(fakeJob(99_999_999)), { instanceOf: UnrecoverableError });
});

test.serial('workers stopped between callback and credit, then Redis loses the job: the reconcile sweep credits it, exactly once', async (t) => {
  const { token, user } = await createDepositor({ siteCode: site });
  // No worker runs: the callback commits the paid order and its outbox row, pushed to Redis after commit.
  const order = await paidCryptoOrder(token, '40');
  await waitFor('the outbox row pushed', async () => {
    const [row] = await db().query<{ sent: boolean }>(
      `SELECT "sentAt" IS NOT NULL AS sent FROM outbox WHERE queue = 'deposit-credit' AND (payload->>'depositOrderId')::bigint = :id`,
      { replacements: { id: order.id }, type: QueryTypes.SELECT },
    );
    return row?.sent;
  });
  await queue('deposit-credit').obliterate({ force: true });
  t.is((await DepositOrder.findByPk(order.id))!.creditedAt, null);

  workers = startWorkers(['deposit-credit', 'outbox-relay']);
  await waitFor('the order credited by the reconcile sweep', async () => (await DepositOrder.findByPk(order.id))!.creditedAt, 15_000);
  t.deepEqual(await depositLedger(user.id), { rows: 1, total: '40.000000', balance: '40.000000' });
  // Once the sweep has looked past every row of the order, it has found it credited and written nothing more.
  const rows = async () =>
    (
      await db().query<{ id: string }>(`SELECT id FROM outbox WHERE queue = 'deposit-credit' AND (payload->>'depositOrderId')::bigint = :id ORDER BY id`, {
        replacements: { id: order.id },
        type: QueryTypes.SELECT,
      })
    ).map((r) => Number(r.id));
  await waitFor(
    "the sweep past the order's rows",
    async () => {
      const [cursor] = await db().query<{ throughId: string }>(`SELECT "throughId" FROM outbox_reconcile_cursors WHERE queue = 'deposit-credit'`, {
        type: QueryTypes.SELECT,
      });
      const ids = await rows();
      return cursor && Number(cursor.throughId) >= ids[ids.length - 1];
    },
    15_000,
  );
  t.is((await rows()).length, 2);
  t.deepEqual(await depositLedger(user.id), { rows: 1, total: '40.000000', balance: '40.000000' });
});

test.serial('deposit totals: the USD sum of paid deposits in a period and the first paid deposit time', async (t) => {
  const { token, user } = await createDepositor({ siteCode: site });
  t.is(await paidDepositUsdSum(user.id), '0.000000');
  t.is(await firstPaidDepositAt(user.id), null);
  const a = await paidCryptoOrder(token, '10');
  const b = await paidCryptoOrder(token, '2.25');
  await DepositOrder.update({ paidAt: new Date('2026-01-05T00:00:00Z') }, { where: { id: a.id } });
  t.is(await paidDepositUsdSum(user.id), '12.250000');
  t.is(await paidDepositUsdSum(user.id, { from: new Date('2026-02-01T00:00:00Z') }), '2.250000');
  t.is(await paidDepositUsdSum(user.id, { to: new Date('2026-02-01T00:00:00Z') }), '10.000000');
  t.deepEqual(await firstPaidDepositAt(user.id), new Date('2026-01-05T00:00:00Z'));
  void b;
});

test.serial('the expiry job fails unpaid orders past their time', async (t) => {
  const { token } = await createDepositor({ siteCode: site });
  const channel = await usdtChannel(site);
  const subOrder = unique();
  await stack.request('POST', '/api/deposit', { token, body: { channelId: channel.id, paymentMethod: 'crypto', subOrder, orderAmount: '5' } });
  await DepositOrder.update({ createdAt: new Date(Date.now() - 2 * 86_400_000) }, { where: { subOrder } });
  const result = (await depositExpiryJob({ id: 'x', data: { reason: 'manual' } } as unknown as Job<QueuePayloads['deposit-expiry']>)) as { expired: number };
  t.true(result.expired >= 1);
  t.like((await DepositOrder.findOne({ where: { subOrder } }))?.get({ plain: true }), { status: 'failed', failReason: 'expired' });
});
