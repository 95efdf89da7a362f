import test from 'ava';
import { QueryTypes } from 'sequelize';
import { User } from '../../shared/db/models';
import { db } from '../../shared/db/sequelize';
import { queue } from '../../shared/queues/queues';
import { startWorkers, type RunningWorkers } from '../../workers/main';
import { createUser } from '../helpers/factories';
import { closeMailStack, RECONCILE_AFTER_MS, RECONCILE_EVERY_MS, startMailStack, SWEEPS_MS } from '../helpers/mail-stack';
import type { TestSmtpServer } from '../helpers/smtp';
import { deleteKeys, type ApiResponse, type TestStack } from '../helpers/stack';
import { waitFor } from '../helpers/wait';
import { readyPlayer } from '../helpers/withdrawals';

/**
 * The code mails (e-mail verification, withdrawal code) survive Redis losing their jobs (this file's
 * keys deleted, as a restart without persistence does): the reconcile sweep writes the mail again and it
 * is sent once, with the code on record; after a resend only the newest code is delivered, to the newest
 * address, whether the older job was lost or still waiting.
 */
const MAIL_WAIT_MS = 4 * (RECONCILE_EVERY_MS + RECONCILE_AFTER_MS) + 5000;

let stack: TestStack;
let smtp: TestSmtpServer;
let workers: RunningWorkers | undefined;
test.before(async () => {
  ({ stack, smtp } = await startMailStack('Codes <no-reply@site.test>', { env: { TRUST_PROXY: 'true', VERIFY_JOB_WAIT_MS: '1000' } }));
});
test.after.always(() => closeMailStack({ stack, smtp }, workers));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let n = 0;
const mailbox = () => `code${++n}-${Date.now()}@example.test`;
const mailsTo = (address: string) => smtp.messages.filter((m) => m.to.includes(address));
const codeOf = (body: string) => /(\d{6})/.exec(body)?.[1];
const loseRedis = () => deleteKeys(process.env.REDIS_URL as string, `${stack.prefix}*`);
const post = (path: string, token: string, body?: unknown): Promise<ApiResponse> =>
  stack.request('POST', `/api${path}`, { token, body, headers: { 'x-forwarded-for': `10.7.0.${++n % 250}`, locales: 'en-US' } });

/**
 * Runs `run` with the mail worker and then the relay with its sweeps. The jobs Redis still holds run
 * before the first sweep: a job still running when the sweep reaches its row could send its mail twice
 * (mail is at least once, docs/decisions/auth.md), which would make the counts below depend on timing.
 */
async function withWorkers(run: () => Promise<void>): Promise<void> {
  const mail = startWorkers(['mail']);
  workers = mail;
  try {
    await waitFor('the jobs Redis holds to run', async () => {
      const counts = await queue('mail').getJobCounts('waiting', 'active', 'delayed');
      return counts.waiting + counts.active + counts.delayed === 0;
    });
    const relay = startWorkers(['outbox-relay']);
    workers = { queues: [...mail.queues, ...relay.queues], stop: async () => void (await Promise.all([mail.stop(), relay.stop()])) };
    await run();
  } finally {
    await workers.stop();
    workers = undefined;
  }
}

/** The user's code mail rows of `kind`, in id order, and whether each was pushed. */
async function codeRows(userId: number, kind: string): Promise<Array<{ id: string; sent: boolean; version: number }>> {
  return db().query(
    `SELECT id, "sentAt" IS NOT NULL AS sent, (payload->>'version')::int AS version FROM outbox
      WHERE queue = 'mail' AND name = :kind AND (payload->>'userId')::int = :userId ORDER BY id`,
    { replacements: { userId, kind }, type: QueryTypes.SELECT },
  );
}

async function doneAt(userId: number, kind: string): Promise<Date | null> {
  const [row] = await db().query<{ doneAt: Date | null }>(`SELECT "doneAt" FROM code_mail_outcomes WHERE "userId" = :userId AND kind = :kind`, {
    replacements: { userId, kind },
    type: QueryTypes.SELECT,
  });
  return row?.doneAt ?? null;
}

const allPushed = (userId: number, kind: string, count: number) => async () => {
  const rows = await codeRows(userId, kind);
  return rows.length === count && rows.every((row) => row.sent);
};

test.serial('a withdrawal code mail whose job Redis lost is sent by the reconcile sweep, once, with the code on record, and the code withdraws', async (t) => {
  const { user, token, address } = await readyPlayer({ balance: '50' });
  await user.update({ locale: 'en-US', withdrawalVerifyCode: null });
  const sent = await post('/withdrawal/send-code', token);
  t.is(sent.body.code, 200, sent.text);
  // No worker: the after-commit push marks the row sent, then Redis loses everything.
  await waitFor('the code row to be pushed', allPushed(user.id, 'withdrawal-code', 1));
  await loseRedis();

  await withWorkers(async () => {
    const mail = await smtp.waitFor((m) => m.to.includes(user.email as string), MAIL_WAIT_MS);
    await user.reload();
    t.is(codeOf(mail.body), user.withdrawalVerifyCode as string);
    await waitFor('the code mail to be marked done', () => doneAt(user.id, 'withdrawal-code'));
    await sleep(SWEEPS_MS);
    t.is(mailsTo(user.email as string).length, 1, 'sent once');
    const rows = await codeRows(user.id, 'withdrawal-code');
    t.true(rows.length >= 2, 'the row written again by the sweep');
    t.true(
      rows.every((row) => row.version === 1),
      'with the same version',
    );
  });

  const withdrawal = await post('/withdrawal/request', token, {
    amount: '20',
    cryptoAddressId: address.id,
    verifyCode: codeOf(mailsTo(user.email as string)[0].body),
  });
  t.is(withdrawal.body.code, 200, withdrawal.text);
});

test.serial('a verification mail whose job Redis lost is sent by the reconcile sweep with the code on record, once', async (t) => {
  const { user, token } = await createUser();
  await user.update({ locale: 'en-US' });
  const to = mailbox();
  // No worker: the request gives up waiting (503); its job stays for a worker, then Redis loses it.
  const res = await post('/auth/send-verify-email', token, { email: to });
  t.is(res.status, 503, res.text);
  await waitFor('the code row to be pushed', allPushed(user.id, 'verify-email', 1));
  await loseRedis();

  await withWorkers(async () => {
    const mail = await smtp.waitFor((m) => m.to.includes(to), MAIL_WAIT_MS);
    await user.reload();
    t.is(codeOf(mail.body), user.emailVerifyCode as string);
    t.regex(mail.body, /Your verification code is: \d{6}/);
    await waitFor('the code mail to be marked done', () => doneAt(user.id, 'verify-email'));
    await sleep(SWEEPS_MS);
    t.is(mailsTo(to).length, 1, 'sent once');
  });
});

test.serial('a withdrawal code sent again after its job was lost, and that job lost too: only the newest code is delivered, once', async (t) => {
  const { user, token, address } = await readyPlayer({ balance: '50' });
  await user.update({ locale: 'en-US', withdrawalVerifyCode: null });
  t.is((await post('/withdrawal/send-code', token)).body.code, 200);
  await waitFor('the first row to be pushed', allPushed(user.id, 'withdrawal-code', 1));
  await loseRedis();
  t.is((await post('/withdrawal/send-code', token)).body.code, 200);
  await waitFor('the second row to be pushed', allPushed(user.id, 'withdrawal-code', 2));
  await loseRedis();

  await withWorkers(async () => {
    const mail = await smtp.waitFor((m) => m.to.includes(user.email as string), MAIL_WAIT_MS);
    await waitFor('the newest code mail to be marked done', () => doneAt(user.id, 'withdrawal-code'));
    await sleep(SWEEPS_MS);
    await user.reload();
    t.is(codeOf(mail.body), user.withdrawalVerifyCode as string, 'the newest code');
    t.is(mailsTo(user.email as string).length, 1, 'the lost first mail is not written again');
    const rewritten = (await codeRows(user.id, 'withdrawal-code')).slice(2);
    t.true(rewritten.length >= 1 && rewritten.every((row) => row.version === 2), 'only the newest version written again');
  });
  const withdrawal = await post('/withdrawal/request', token, { amount: '20', cryptoAddressId: address.id, verifyCode: user.withdrawalVerifyCode });
  t.is(withdrawal.body.code, 200, withdrawal.text);
});

test.serial('a verification sent again to another address, both jobs lost: only the newest address gets a mail, with the newest code', async (t) => {
  const { user, token } = await createUser();
  await user.update({ locale: 'en-US' });
  const first = mailbox();
  const second = mailbox();
  t.is((await post('/auth/send-verify-email', token, { email: first })).status, 503);
  await waitFor('the first row to be pushed', allPushed(user.id, 'verify-email', 1));
  await loseRedis();
  t.is((await post('/auth/send-verify-email', token, { email: second })).status, 503);
  await waitFor('the second row to be pushed', allPushed(user.id, 'verify-email', 2));
  await loseRedis();

  await withWorkers(async () => {
    const mail = await smtp.waitFor((m) => m.to.includes(second), MAIL_WAIT_MS);
    await waitFor('the newest code mail to be marked done', () => doneAt(user.id, 'verify-email'));
    await sleep(SWEEPS_MS);
    t.is(codeOf(mail.body), (await User.findByPk(user.id))?.emailVerifyCode as string);
    t.is(mailsTo(second).length, 1);
    t.is(mailsTo(first).length, 0, 'the superseded address gets nothing');
  });
});

test.serial('codes sent twice while no worker runs: the older job is dropped as superseded, one mail with the newest code', async (t) => {
  const { user, token } = await readyPlayer({ balance: '50' });
  await user.update({ locale: 'en-US', withdrawalVerifyCode: null });
  t.is((await post('/withdrawal/send-code', token)).body.code, 200);
  t.is((await post('/withdrawal/send-code', token)).body.code, 200);
  await waitFor('both rows to be pushed', allPushed(user.id, 'withdrawal-code', 2));

  await withWorkers(async () => {
    const mail = await smtp.waitFor((m) => m.to.includes(user.email as string), MAIL_WAIT_MS);
    await waitFor('the newest code mail to be marked done', () => doneAt(user.id, 'withdrawal-code'));
    await sleep(SWEEPS_MS);
    await user.reload();
    t.is(codeOf(mail.body), user.withdrawalVerifyCode as string);
    t.is(mailsTo(user.email as string).length, 1);
  });
});
