import test from 'ava';
import { SiteConfig, User } from '../../shared/db/models';
import { cache } from '../../shared/redis';
import { closeJobWaiters } from '../../shared/queues/wait-for-job';
import { startWorkers, type RunningWorkers } from '../../workers/main';
import { createUser } from '../helpers/factories';
import { startSmtpServer, type TestSmtpServer } from '../helpers/smtp';
import { startTestStack, type ApiResponse, type TestStack } from '../helpers/stack';

/**
 * E-mail verification end to end: the API stores the code and waits for the `mail` worker, which sends
 * through nodemailer to a real local SMTP server (SMTP_URL). The server refuses addresses starting with
 * "bounce", to test a failed delivery.
 */
let stack: TestStack;
let smtp: TestSmtpServer;
let workers: RunningWorkers | undefined;
test.before(async () => {
  smtp = await startSmtpServer({ rejectRecipient: (address) => address.startsWith('bounce') });
  stack = await startTestStack({ SMTP_URL: smtp.url, MAIL_FROM: 'Verify <no-reply@site.test>', TRUST_PROXY: 'true' });
  workers = startWorkers(['mail', 'sms']);
});
test.after.always(async () => {
  await workers?.stop();
  await closeJobWaiters();
  await stack?.close();
  await smtp?.close();
});

let ipCounter = 0;
const post = (path: string, token: string | undefined, body?: unknown): Promise<ApiResponse> =>
  stack.request('POST', `/api/auth/${path}`, { token, body, headers: { 'x-forwarded-for': `10.1.0.${++ipCounter}` } });

let mailboxCounter = 0;
const mailbox = (prefix = 'player') => `${prefix}${++mailboxCounter}-${Date.now()}@example.test`;

test('send-verify-email sends the stored code to the address and answers the Message-ID of that mail', async (t) => {
  const { user, token } = await createUser();
  const to = mailbox();
  const res = await post('send-verify-email', token, { email: to });
  t.is(res.status, 200, res.text);
  t.is(res.body.code, 200, res.text);
  const id: string = res.body.result.id;
  t.regex(id, /^<.+@.+>$/);

  const mail = await smtp.waitFor((m) => m.to.includes(to));
  t.is(mail.messageId, id);
  t.deepEqual(mail.to, [to]);
  t.is(mail.from, 'no-reply@site.test');
  await user.reload();
  t.regex(user.emailVerifyCode ?? '', /^\d{6}$/);
  t.true(mail.body.includes(user.emailVerifyCode as string), mail.body);
  // Default subject: a verification subject naming the site, in the player's locale (zh-TW).
  const site = await SiteConfig.findOne({ where: { siteCode: user.siteCode } });
  t.true(mail.subject.includes(site?.siteName['zh-TW'] as string), mail.subject);
  t.true(mail.subject.includes('驗證碼'), mail.subject);
  // The e-mail itself is only set by check-verify-email.
  t.is(user.email, null);
  t.is(await cache().get(`cache:verify-email:${user.id}`), to);
});

test('send-verify-email uses the subject given and the player locale', async (t) => {
  const { user, token } = await createUser();
  await user.update({ locale: 'en-US' });
  const to = mailbox();
  const res = await post('send-verify-email', token, { email: to, subject: 'Confirm your address' });
  t.is(res.body.code, 200, res.text);
  const mail = await smtp.waitFor((m) => m.to.includes(to));
  t.is(mail.subject, 'Confirm your address');
  t.regex(mail.body, /Your verification code is: \d{6}/);
});

test('check-verify-email: wrong code or another address is 2002; the right pair sets the e-mail and the same code verifies again', async (t) => {
  const { user, token } = await createUser();
  const to = mailbox();
  t.is((await post('send-verify-email', token, { email: to })).body.code, 200);
  const mail = await smtp.waitFor((m) => m.to.includes(to));
  const code = /(\d{6})/.exec(mail.body)?.[1] as string;
  const wrong = code === '193847' ? '502938' : '193847';

  const badCode = await post('check-verify-email', token, { email: to, code: wrong });
  t.is(badCode.body.code, 2002);
  t.is(badCode.body.path, '/api/auth/check-verify-email');
  t.is((await post('check-verify-email', token, { email: mailbox('elsewhere'), code })).body.code, 2002);
  await user.reload();
  t.is(user.email, null);

  const ok = await post('check-verify-email', token, { email: to.toUpperCase(), code });
  t.is(ok.body.code, 200, ok.text);
  t.is(ok.body.result, null);
  await user.reload();
  t.is(user.email, to);
  t.is(user.emailVerifyCode, code, 'the code is not cleared');
  t.is((await post('check-verify-email', token, { email: to, code })).body.code, 200, 'the same code verifies again');
});

test('a new send replaces the code and the pending address', async (t) => {
  const { token } = await createUser();
  const first = mailbox();
  const second = mailbox();
  await post('send-verify-email', token, { email: first });
  const firstCode = /(\d{6})/.exec((await smtp.waitFor((m) => m.to.includes(first))).body)?.[1] as string;
  await post('send-verify-email', token, { email: second });
  const secondCode = /(\d{6})/.exec((await smtp.waitFor((m) => m.to.includes(second))).body)?.[1] as string;
  t.is((await post('check-verify-email', token, { email: first, code: secondCode })).body.code, 2002);
  if (firstCode !== secondCode) t.is((await post('check-verify-email', token, { email: second, code: firstCode })).body.code, 2002);
  t.is((await post('check-verify-email', token, { email: second, code: secondCode })).body.code, 200);
});

test('check-verify-email without a send (or with an empty code) is 2001', async (t) => {
  const { user, token } = await createUser();
  const res = await post('check-verify-email', token, { email: mailbox(), code: '193847' });
  t.is(res.body.code, 2001);
  t.is(res.body.data, null);
  await user.update({ emailVerifyCode: '' });
  t.is((await post('check-verify-email', token, { email: mailbox(), code: '193847' })).body.code, 2001);
});

test('send-verify-email: 2001 when another account of the site uses the address (any case); nothing is sent', async (t) => {
  const taken = mailbox('taken');
  const { user: other } = await createUser();
  await other.update({ email: taken });
  const { user, token } = await createUser();
  const before = smtp.messages.length;
  const res = await post('send-verify-email', token, { email: taken.toUpperCase() });
  t.is(res.status, 200);
  t.is(res.body.code, 2001);
  t.is(res.body.path, '/api/auth/send-verify-email');
  await user.reload();
  t.is(user.emailVerifyCode, null);
  t.false(smtp.messages.slice(before).some((m) => m.to.includes(taken)));

  // The owner may send to its own address again.
  const own = await post('send-verify-email', (await import('../../shared/domain/auth')).signPlayerToken(other), { email: taken });
  t.is(own.body.code, 200, own.text);
});

test('check-verify-email: 2001 when another account verified the address meanwhile', async (t) => {
  const { user, token } = await createUser();
  const to = mailbox();
  await post('send-verify-email', token, { email: to });
  const code = /(\d{6})/.exec((await smtp.waitFor((m) => m.to.includes(to))).body)?.[1] as string;
  const { user: other } = await createUser();
  await other.update({ email: to });
  const res = await post('check-verify-email', token, { email: to, code });
  t.is(res.body.code, 2001);
  t.regex(res.body.message, /其他帳號/);
  await user.reload();
  t.is(user.email, null);
});

test('a refused delivery is a 503 envelope saying the mail was not sent', async (t) => {
  const { token } = await createUser();
  const res = await post('send-verify-email', token, { email: mailbox('bounce') });
  t.is(res.status, 503, res.text);
  t.is(res.body.code, 503);
  t.is(res.body.data, null);
  t.regex(res.body.message, /could not be sent/);
  t.notRegex(res.text, /127\.0\.0\.1|550/);
});

test('send-verify-email: bad input is a 400 naming the field', async (t) => {
  const { token } = await createUser();
  for (const [body, field] of [
    [{ email: 'not-an-email' }, 'email'],
    [{}, 'email'],
    [{ email: 42 }, 'email'],
    [{ email: `${'a'.repeat(45)}@example.test` }, 'email'],
    [{ email: mailbox(), subject: 'two\r\nBcc: victim@example.test' }, 'subject'],
    [{ email: mailbox(), subject: 7 }, 'subject'],
  ] as const) {
    // A fresh player each time: every attempt counts against the per-user send limit (5).
    const res = await post('send-verify-email', (await createUser()).token, body);
    t.is(res.status, 400, JSON.stringify(body));
    t.is(res.body.errors[0].field, field);
  }
  const check = await post('check-verify-email', token, { email: mailbox(), code: '12345' });
  t.is(check.status, 400);
  t.is(check.body.errors[0].field, 'code');
});

test('send-verify-email: 5 per 10 minutes per user, then 429', async (t) => {
  const { token } = await createUser();
  for (let i = 0; i < 5; i += 1) t.is((await post('send-verify-email', token, { email: mailbox() })).body.code, 200);
  const limited = await post('send-verify-email', token, { email: mailbox() });
  t.is(limited.status, 429);
  t.is(limited.body.code, 429);
});

test('send-verify-email: 20 per hour per IP', async (t) => {
  const ip = '10.9.9.9';
  for (let i = 0; i < 20; i += 1) {
    const { token } = await createUser();
    // Invalid bodies count too: the limit applies to attempts, before validation.
    const res = await stack.request('POST', '/api/auth/send-verify-email', { token, body: { email: 'x' }, headers: { 'x-forwarded-for': ip } });
    t.is(res.status, 400);
  }
  const { token } = await createUser();
  const res = await stack.request('POST', '/api/auth/send-verify-email', { token, body: { email: mailbox() }, headers: { 'x-forwarded-for': ip } });
  t.is(res.status, 429);
  t.true(Number(res.headers.get('retry-after')) > 0);
});

test('the code is stored per user: another player cannot verify with it', async (t) => {
  const a = await createUser();
  const b = await createUser();
  const to = mailbox();
  await post('send-verify-email', a.token, { email: to });
  const code = (await User.findByPk(a.user.id))?.emailVerifyCode as string;
  t.is((await post('check-verify-email', b.token, { email: to, code })).body.code, 2001);
});
