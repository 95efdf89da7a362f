import test from 'ava';
import { QueryTypes } from 'sequelize';
import type { Job } from 'bullmq';
import { db } from '../../shared/db/sequelize';
import { OutboxMessage } from '../../shared/db/models';
import { QUEUES, QUEUE_NAMES } from '../../shared/queues/definitions';
import { queue } from '../../shared/queues/queues';
import { currentOutboxJobId } from '../../shared/queues/incarnation';
import { selectedQueues, startWorkers, type RunningWorkers } from '../../workers/main';
import { JOB_HANDLERS } from '../../workers/job-handlers';
import { startTestStack, type TestStack } from '../helpers/stack';
import { waitFor } from '../helpers/wait';

async function settled(job: Job, timeoutMs = 10_000): Promise<string> {
  return waitFor(
    `job ${job.id} to finish`,
    async () => {
      const state = await job.getState();
      return state === 'completed' || state === 'failed' ? state : undefined;
    },
    timeoutMs,
  );
}

let stack: TestStack;
let workers: RunningWorkers | undefined;
test.before(async () => {
  stack = await startTestStack({ OUTBOX_RELAY_EVERY_MS: '200' });
  workers = startWorkers(['outbox-relay', 'affiliate-settlement']);
});
test.after.always(async () => {
  await workers?.stop();
  await stack?.close();
});

test('selectedQueues: all (16 queues since report-fold, bonus-expiry and history), a list, and unknown names refused by name', (t) => {
  t.deepEqual(selectedQueues('all'), [...QUEUE_NAMES]);
  t.is(selectedQueues('all').length, 16);
  t.deepEqual(selectedQueues(['mail', 'sms']), ['mail', 'sms']);
  const err = t.throws(() => selectedQueues(['mail', 'emails', 'bets']));
  t.regex(err?.message ?? '', /emails, bets/);
  t.notRegex(err?.message.split('(known')[0] ?? '', /mail,/);
});

test('every queue has exactly one handler', (t) => {
  t.deepEqual(Object.keys(JOB_HANDLERS).sort(), [...QUEUE_NAMES].sort());
  for (const name of QUEUE_NAMES) t.is(typeof JOB_HANDLERS[name], 'function', name);
});

test('the workers serve what was selected', (t) => {
  t.deepEqual(workers?.queues, ['outbox-relay', 'affiliate-settlement']);
});

test('a manual outbox-relay job completes', async (t) => {
  const job = await queue('outbox-relay').add('manual', { reason: 'manual' });
  t.is(await settled(job), 'completed');
  const done = await queue('outbox-relay').getJob(job.id as string);
  t.is(typeof (done?.returnvalue as { sent?: number })?.sent, 'number');
});

test('a job that retrying cannot fix fails once, without retries', async (t) => {
  // affiliate-settlement retries 5 times, but a period not over yet is an UnrecoverableError.
  t.is(QUEUES['affiliate-settlement'].defaultJobOptions.attempts, 5);
  const job = await queue('affiliate-settlement').add('run', { period: 'daily', date: '2099-01-01' });
  t.is(job.opts.attempts, 5);
  t.is(await settled(job), 'failed');
  const failed = await queue('affiliate-settlement').getJob(job.id as string);
  t.is(failed?.attemptsMade, 1);
  t.regex(failed?.failedReason ?? '', /not over yet/);
  // Still failed, not waiting for a retry.
  t.is(await queue('affiliate-settlement').getJobState(job.id as string), 'failed');
});

// Serial, so it runs before the manual outbox-relay job above can sweep: only the timer relays here.
test.serial('the relay timer delivers an unsent row inserted directly into the outbox', async (t) => {
  const [inserted] = await db().query<{ id: string }>(
    `INSERT INTO outbox (queue, name, payload) VALUES ('deposit-credit', 'paid', '{"depositOrderId": 99}') RETURNING id`,
    { type: QueryTypes.SELECT },
  );
  const sent = await waitFor(
    'the relay timer to send the row',
    async () => {
      const r = await OutboxMessage.findByPk(inserted.id);
      return r?.sentAt ? r : undefined;
    },
    3000,
  ); // OUTBOX_RELAY_EVERY_MS=200; the default 5 s period would miss this deadline
  t.is(sent.lastError, null);
  const job = await queue('deposit-credit').getJob(await currentOutboxJobId(inserted.id));
  t.truthy(job);
  t.is(job?.name, 'paid');
  t.deepEqual(job?.data, { depositOrderId: 99 });
});
