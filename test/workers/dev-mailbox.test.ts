import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import { simpleParser } from 'mailparser';
import { mailReport } from '../../scripts/mail';
import { ConfigError, loadConfig, resetConfig } from '../../shared/config';
import { projectDataDir } from '../../shared/dev-secrets';
import { MailNotConfiguredError, mailSettings } from '../../shared/integrations/mail';
import { writeDevMail } from '../../shared/integrations/mail-dev-box';
import { addAndWait, closeJobWaiters } from '../../shared/queues/wait-for-job';
import { cache } from '../../shared/redis';
import { startWorkers, type RunningWorkers } from '../../workers/main';
import { createSite, createUser } from '../helpers/factories';
import { startTestStack, type TestStack } from '../helpers/stack';

/**
 * The development mailbox: without SMTP settings, outside production, the `mail` worker writes each
 * mail as an .eml file in MAIL_DIR (here a temporary folder), and `npm run mail` prints the newest.
 * Production without SMTP still refuses.
 */
let stack: TestStack;
let workers: RunningWorkers | undefined;
let mailDir: string;
let bareSite: string;

test.before(async () => {
  mailDir = await fs.mkdtemp(path.join(os.tmpdir(), 'dev-mailbox-'));
  stack = await startTestStack({ SMTP_URL: '', MAIL_FROM: '', MAIL_DIR: mailDir });
  bareSite = await createSite();
  workers = startWorkers(['mail']);
});
test.after.always(async () => {
  await workers?.stop();
  await closeJobWaiters();
  await stack?.close();
  await fs.rm(mailDir, { recursive: true, force: true });
});

let n = 0;
const address = () => `devbox${++n}-${Date.now()}@example.test`;
const jobOptions = () => ({ jobId: `test-devbox-${++n}-${Date.now()}`, attempts: 1 });

const parsedFile = async (file: string) => simpleParser(await fs.readFile(file));

test.serial('production without SMTP refuses as before: MAIL_DIR is refused and a site without settings is not configured', async (t) => {
  const production = {
    NODE_ENV: 'production',
    JWT_SECRET: 'j'.repeat(40),
    ADMIN_JWT_SECRET: 'a'.repeat(40),
    ADMIN_PASSWORD: 'production-password',
    CARD_FINGERPRINT_SECRET: 'c'.repeat(40),
    AUDIT_SIGNING_KEY: Buffer.alloc(32, 7).toString('base64'),
  };
  const problems = t.throws(() => loadConfig({ ...process.env, ...production }), { instanceOf: ConfigError })?.problems ?? [];
  t.true(
    problems.some((p) => p.startsWith('MAIL_DIR is the development mailbox')),
    problems.join('; '),
  );

  const changed = { ...production, MAIL_DIR: '' };
  const saved = Object.fromEntries(Object.keys(changed).map((key) => [key, process.env[key]]));
  Object.assign(process.env, changed);
  resetConfig();
  try {
    const error = await t.throwsAsync(mailSettings(bareSite), { instanceOf: MailNotConfiguredError });
    t.regex(error?.message ?? '', /^mail is not configured: set SMTP_URL and MAIL_FROM/);
  } finally {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    resetConfig();
  }
});

test('development keeps the mailbox in .data/mail unless MAIL_DIR names another folder; tests only when set', (t) => {
  const base = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/x', REDIS_URL: 'redis://127.0.0.1:6379' };
  t.is(loadConfig({ ...base, NODE_ENV: 'development' }).integrations.smtp.devMailDir, path.join(projectDataDir(), 'mail'));
  t.is(loadConfig({ ...base, NODE_ENV: 'development', MAIL_DIR: mailDir }).integrations.smtp.devMailDir, mailDir);
  t.is(loadConfig({ ...base, NODE_ENV: 'test' }).integrations.smtp.devMailDir, undefined);
});

test('a verification mail without SMTP settings lands as an .eml file holding the code', async (t) => {
  const to = address();
  const { user } = await createUser({ siteCode: bareSite });
  await user.update({ emailVerifyCode: '640251', locale: 'en-US' });
  await cache().set(`cache:verify-email:${user.id}`, to);
  const outcome = await addAndWait('mail', 'verify-email', { kind: 'verify-email', userId: user.id, to }, jobOptions(), 10_000);
  t.true(outcome.ok, JSON.stringify(outcome));
  const sent = (outcome as { value: { messageId: string; accepted: string[]; file: string } }).value;
  t.deepEqual(sent.accepted, [to]);
  t.is(path.dirname(sent.file), mailDir);
  t.regex(path.basename(sent.file), /^\d{4}-\d\d-\d\dT[\d-]+Z-[0-9a-f]{8}\.eml$/);
  const mail = await parsedFile(sent.file);
  t.is(mail.messageId, sent.messageId);
  t.is(mail.from?.text, 'no-reply@localhost');
  t.regex(mail.subject ?? '', /e-mail verification code/);
  t.regex(mail.text ?? '', /Your verification code is: 640251/);
});

test('POST /auth/send-verify-email works on a machine without SMTP: the code is in the mailbox', async (t) => {
  const { user, token } = await createUser({ siteCode: bareSite });
  const to = address();
  const res = await stack.request('POST', '/api/auth/send-verify-email', { token, body: { email: to } });
  t.is(res.status, 200, res.text);
  await user.reload();
  const report = await mailReport(mailDir, 50);
  t.true(report.includes(`To:      ${to}`), report);
  t.true(report.includes(user.emailVerifyCode as string), report);
});

test('a withdrawal code mail lands in the mailbox too', async (t) => {
  const { user } = await createUser({ siteCode: bareSite });
  const email = address();
  await user.update({ email, withdrawalVerifyCode: '318806', locale: 'en-US' });
  const outcome = await addAndWait('mail', 'withdrawal-code', { kind: 'withdrawal-code', userId: user.id }, jobOptions(), 10_000);
  t.true(outcome.ok, JSON.stringify(outcome));
  const mail = await parsedFile((outcome as { value: { file: string } }).value.file);
  t.regex(mail.text ?? '', /withdrawal verification code is: 318806/);
});

test('the welcome mail lands in the mailbox', async (t) => {
  const { user } = await createUser({ siteCode: bareSite });
  await user.update({ email: address(), locale: 'en-US' });
  const outcome = await addAndWait('mail', 'welcome', { kind: 'welcome', userId: user.id }, jobOptions(), 10_000);
  t.true(outcome.ok, JSON.stringify(outcome));
  const mail = await parsedFile((outcome as { value: { file: string } }).value.file);
  t.is(mail.to && !Array.isArray(mail.to) ? mail.to.text : '', user.email as string);
  t.true((mail.text ?? '').includes(user.account), mail.text);
});

test('npm run mail prints the newest mails first, as many as asked, with from, to, subject, date and body', async (t) => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dev-mailbox-report-'));
  try {
    t.regex(await mailReport(dir), /^No mails in /);
    for (const i of [1, 2, 3]) {
      await writeDevMail(dir, { from: 'Site <from@example.test>', to: `to${i}@example.test`, subject: `subject ${i}`, text: `body ${i} 驗證碼 12345${i}\n` });
      await new Promise((r) => setTimeout(r, 5));
    }
    const report = await mailReport(dir, 2);
    t.true(report.indexOf('subject 3') < report.indexOf('subject 2'), report);
    t.false(report.includes('subject 1'), report);
    t.regex(report, /From: +"Site" <from@example\.test>\nTo: +to3@example\.test\nSubject: subject 3\nDate: +\d{4}-\d\d-\d\dT/);
    t.true(report.includes('body 3 驗證碼 123453'), report);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
});
