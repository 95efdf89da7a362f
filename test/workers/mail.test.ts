import test from 'ava';
import { Op } from 'sequelize';
import { resetConfig } from '../../shared/config';
import { OutboxMessage, SiteConfig, User } from '../../shared/db/models';
import { welcomeMail } from '../../shared/domain/auth/welcome-mail';
import { LOCALES } from '../../shared/i18n/locales';
import { queue } from '../../shared/queues/queues';
import { currentOutboxJobId } from '../../shared/queues/incarnation';
import { addAndWait, closeJobWaiters } from '../../shared/queues/wait-for-job';
import { cache } from '../../shared/redis';
import { startWorkers, type RunningWorkers } from '../../workers/main';
import { createSite, createUser } from '../helpers/factories';
import { startSmtpServer, type TestSmtpServer } from '../helpers/smtp';
import { startTestStack, type TestStack } from '../helpers/stack';
import { waitFor } from '../helpers/wait';

/**
 * The `mail` worker without SMTP_URL: settings from the site's serviceProviders.email, the environment
 * taking precedence when set, "not configured" as a clear unrecoverable failure for the code mails and
 * a skip for the welcome mail, and the mails themselves.
 */
let stack: TestStack;
let siteSmtp: TestSmtpServer;
let envSmtp: TestSmtpServer;
let workers: RunningWorkers | undefined;
let configuredSite: string;
let bareSite: string;

test.before(async () => {
  siteSmtp = await startSmtpServer({ rejectRecipient: (a) => a.startsWith('bounce') });
  envSmtp = await startSmtpServer();
  stack = await startTestStack({ SMTP_URL: '', MAIL_FROM: '' });
  configuredSite = await createSite();
  bareSite = await createSite();
  const site = await SiteConfig.findOne({ where: { siteCode: configuredSite } });
  await site?.update({ settings: { ...site.settings, serviceProviders: { email: { smtpUrl: siteSmtp.url, from: 'Site Mail <mail@configured.test>' } } } });
  workers = startWorkers(['mail']);
});
test.after.always(async () => {
  await workers?.stop();
  await closeJobWaiters();
  await stack?.close();
  await siteSmtp?.close();
  await envSmtp?.close();
});

let n = 0;
const address = () => `user${++n}-${Date.now()}@example.test`;
const jobOptions = () => ({ jobId: `test-mail-${++n}-${Date.now()}`, attempts: 1 });

async function userWithCode(siteCode: string, to: string): Promise<User> {
  const { user } = await createUser({ siteCode });
  await user.update({ emailVerifyCode: '502938', locale: 'en-US' });
  await cache().set(`cache:verify-email:${user.id}`, to);
  return user;
}

test.serial('SMTP_URL and MAIL_FROM take precedence over the site setting', async (t) => {
  Object.assign(process.env, { SMTP_URL: envSmtp.url, MAIL_FROM: 'env@env.test' });
  resetConfig();
  try {
    const to = address();
    const user = await userWithCode(configuredSite, to);
    const outcome = await addAndWait('mail', 'verify-email', { kind: 'verify-email', userId: user.id, to }, jobOptions(), 10_000);
    t.true(outcome.ok, JSON.stringify(outcome));
    const mail = await envSmtp.waitFor((m) => m.to.includes(to));
    t.is(mail.from, 'env@env.test');
    t.false(siteSmtp.messages.some((m) => m.to.includes(to)));
  } finally {
    Object.assign(process.env, { SMTP_URL: '', MAIL_FROM: '' });
    resetConfig();
  }
});

test('without SMTP_URL the site setting serviceProviders.email is used; the job answers the Message-ID', async (t) => {
  const to = address();
  const user = await userWithCode(configuredSite, to);
  const outcome = await addAndWait('mail', 'verify-email', { kind: 'verify-email', userId: user.id, to }, jobOptions(), 10_000);
  t.true(outcome.ok, JSON.stringify(outcome));
  const value = (outcome as { value: { messageId: string; accepted: string[] } }).value;
  const mail = await siteSmtp.waitFor((m) => m.to.includes(to));
  t.is(value.messageId, mail.messageId);
  t.deepEqual(value.accepted, [to]);
  t.is(mail.from, 'mail@configured.test');
  t.regex(mail.body, /Your verification code is: 502938/);
  t.regex(mail.subject, /e-mail verification code/);
});

test('a site with no mail settings fails the job at once, as not configured, without retries', async (t) => {
  const to = address();
  const user = await userWithCode(bareSite, to);
  const job = await queue('mail').add('verify-email', { kind: 'verify-email', userId: user.id, to }, { jobId: `test-bare-${user.id}`, attempts: 3 });
  const outcome = await addAndWait('mail', 'verify-email', { kind: 'verify-email', userId: user.id, to }, jobOptions(), 10_000);
  t.false(outcome.ok);
  t.regex((outcome as { message: string }).message, /^mail is not configured: set SMTP_URL and MAIL_FROM/);
  // UnrecoverableError: one attempt although three were allowed.
  for (let i = 0; i < 100 && (await job.getState()) !== 'failed'; i += 1) await new Promise((r) => setTimeout(r, 50));
  const failed = await queue('mail').getJob(job.id as string);
  t.is(failed?.attemptsMade, 1);
  t.regex(failed?.failedReason ?? '', /mail is not configured/);
});

test('POST /auth/send-verify-email for a site without mail settings is a 503 saying so', async (t) => {
  const { token } = await createUser({ siteCode: bareSite });
  const res = await stack.request('POST', '/api/auth/send-verify-email', { token, body: { email: address() } });
  t.is(res.status, 503, res.text);
  t.is(res.body.code, 503);
  t.is(res.body.message, 'E-mail delivery is not configured for this site');
});

test('a verify-email job for an address no longer pending is dropped as superseded', async (t) => {
  const user = await userWithCode(configuredSite, address());
  const outcome = await addAndWait('mail', 'verify-email', { kind: 'verify-email', userId: user.id, to: 'old@example.test' }, jobOptions(), 10_000);
  t.false(outcome.ok);
  t.regex((outcome as { message: string }).message, /superseded/);
  t.false(siteSmtp.messages.some((m) => m.to.includes('old@example.test')));
});

test('a job for a missing user or a user without a code fails without sending', async (t) => {
  const missing = await addAndWait('mail', 'verify-email', { kind: 'verify-email', userId: 987654321, to: address() }, jobOptions(), 10_000);
  t.false(missing.ok);
  t.regex((missing as { message: string }).message, /user 987654321 not found/);
  const { user } = await createUser({ siteCode: configuredSite });
  const noCode = await addAndWait('mail', 'verify-email', { kind: 'verify-email', userId: user.id, to: address() }, jobOptions(), 10_000);
  t.regex((noCode as { message: string }).message, /no e-mail code/);
});

test('withdrawal-code mails go to the verified e-mail with the withdrawal code', async (t) => {
  const { user } = await createUser({ siteCode: configuredSite });
  const email = address();
  await user.update({ email, withdrawalVerifyCode: '771204', locale: 'en-US' });
  const outcome = await addAndWait('mail', 'withdrawal-code', { kind: 'withdrawal-code', userId: user.id }, jobOptions(), 10_000);
  t.true(outcome.ok, JSON.stringify(outcome));
  const mail = await siteSmtp.waitFor((m) => m.to.includes(email));
  t.regex(mail.body, /withdrawal verification code is: 771204/);
});

test('a mailbox the SMTP server refuses (5xx) fails the job without retries', async (t) => {
  const to = `bounce-${address()}`;
  const user = await userWithCode(configuredSite, to);
  const job = await queue('mail').add('verify-email', { kind: 'verify-email', userId: user.id, to }, { jobId: `test-bounce-${user.id}`, attempts: 3 });
  for (let i = 0; i < 100 && (await job.getState()) !== 'failed'; i += 1) await new Promise((r) => setTimeout(r, 50));
  const failed = await queue('mail').getJob(job.id as string);
  t.is(failed?.attemptsMade, 1);
  t.regex(failed?.failedReason ?? '', /SMTP server refused the mail \(550\)/);
});

test("the welcome mail goes to the player's e-mail in the player's locale", async (t) => {
  const { user } = await createUser({ siteCode: configuredSite });
  const email = address();
  await user.update({ email, locale: 'vi-VN', name: 'Lan' });
  const outcome = await addAndWait('mail', 'welcome', { kind: 'welcome', userId: user.id }, jobOptions(), 10_000);
  t.true(outcome.ok, JSON.stringify(outcome));
  const mail = await siteSmtp.waitFor((m) => m.to.includes(email));
  t.is((outcome as { value: { messageId: string } }).value.messageId, mail.messageId);
  t.regex(mail.subject, /^Chào mừng bạn đến với /);
  t.regex(mail.body, /Xin chào Lan,/);
  t.true(mail.body.includes(`Tài khoản ${user.account}`));
});

test('a welcome for a player without an e-mail completes as skipped, sending nothing', async (t) => {
  const { user } = await createUser({ siteCode: configuredSite });
  const before = siteSmtp.messages.length;
  const outcome = await addAndWait('mail', 'welcome', { kind: 'welcome', userId: user.id }, jobOptions(), 10_000);
  t.true(outcome.ok, JSON.stringify(outcome));
  t.deepEqual((outcome as { value: unknown }).value, { skipped: 'no e-mail' });
  t.is(siteSmtp.messages.length, before);
});

test('a welcome on a site without mail settings completes as skipped, not failed', async (t) => {
  const { user } = await createUser({ siteCode: bareSite });
  await user.update({ email: address() });
  const job = await queue('mail').add('welcome', { kind: 'welcome', userId: user.id }, { jobId: `test-welcome-bare-${user.id}`, attempts: 3 });
  for (let i = 0; i < 100 && (await job.getState()) !== 'completed'; i += 1) await new Promise((r) => setTimeout(r, 50));
  const done = await queue('mail').getJob(job.id as string);
  t.is(await done?.getState(), 'completed');
  t.is(done?.attemptsMade, 1);
  t.like(done?.returnvalue, { skipped: 'mail not configured' });
  t.regex((done?.returnvalue as { detail: string }).detail, /^mail is not configured/);
});

test('a registration leaves a completed welcome job, not a failed one', async (t) => {
  const account = `welcome${Date.now() % 1_000_000}`;
  const res = await stack.request('POST', '/api/auth/register', {
    body: { account, password: 'secret123', name: 'New Player' },
    headers: { 'site-name': configuredSite },
  });
  t.is(res.status, 200, res.text);
  const userId = res.body.result.user.id as number;
  const row = await waitFor('the welcome outbox row to be sent', async () => {
    const sent = await OutboxMessage.findAll({ where: { queue: 'mail', name: 'welcome', sentAt: { [Op.ne]: null } } });
    return sent.find((r) => (r.payload as { userId?: number }).userId === userId);
  });
  const job = await waitFor('the welcome job to finish', async () => {
    const state = await (await queue('mail').getJob(await currentOutboxJobId(row.id)))?.getState();
    // Read again once finished: a job read before it finished has no return value.
    return state === 'completed' || state === 'failed' ? queue('mail').getJob(await currentOutboxJobId(row.id)) : undefined;
  });
  t.is(await job.getState(), 'completed', job.failedReason);
  t.deepEqual(job.returnvalue, { skipped: 'no e-mail' });
});

test('the welcome mail has a text in each of the five locales', (t) => {
  const subjects = new Set<string>();
  for (const locale of LOCALES) {
    const mail = welcomeMail('p@example.test', locale, 'Lucky <Site>', { name: 'Ana', account: 'ana01' });
    subjects.add(mail.subject);
    t.true(mail.subject.includes('Lucky <Site>'), locale);
    t.true(mail.text.includes('Ana') && mail.text.includes('ana01'), locale);
    t.true(mail.html?.includes('Lucky &#60;Site&#62;'), locale);
  }
  t.is(subjects.size, LOCALES.length);
});

test('addAndWait gives up after its time limit and removes the job that never started', async (t) => {
  // No worker serves `sms` in this file: the job waits until the limit.
  const options = { jobId: `test-timeout-${Date.now()}`, attempts: 1 };
  const started = Date.now();
  const outcome = await addAndWait('sms', 'verify-mobile', { kind: 'verify-mobile', userId: 1, to: '+886900000000' }, options, 300);
  t.false(outcome.ok);
  t.is((outcome as { reason: string }).reason, 'timeout');
  t.true(Date.now() - started < 3000);
  t.is(await queue('sms').getJob(options.jobId), undefined);
});
