import test from 'ava';
import { InboxMessage, OutboxMessage } from '../../shared/db/models';
import { writeWelcomeMessage } from '../../shared/domain/auth/welcome-message';
import { addAndWait, closeJobWaiters } from '../../shared/queues/wait-for-job';
import { startWorkers, type RunningWorkers } from '../../workers/main';
import { startTestStack, type TestStack } from '../helpers/stack';
import { waitFor } from '../helpers/wait';

/**
 * The welcome message of a registration: a personal inbox message in the player's
 * locale, written by the registration's outbox job, exactly once even when the job runs again.
 */
let stack: TestStack;
let workers: RunningWorkers | undefined;

test.before(async () => {
  stack = await startTestStack({ SMTP_URL: '', MAIL_FROM: '' });
  workers = startWorkers(['mail']);
});
test.after.always(async () => {
  await workers?.stop();
  await closeJobWaiters();
  await stack?.close();
});

let n = 0;
async function register(locale: string) {
  const account = `welcome${++n}${Date.now() % 100_000}`;
  const res = await stack.request('POST', '/api/auth/register', { body: { account, password: 'secret123', name: 'Lan' }, headers: { locales: locale } });
  if (res.body?.code !== 200) throw new Error(res.text);
  return { account, userId: res.body.result.user.id as number, token: res.body.result.token as string };
}

const welcomeOf = (userId: number) =>
  waitFor('the welcome message', async () => (await InboxMessage.findAll({ where: { userId } })).find((m) => m.sourceKey === `welcome:${userId}`));

test("a registration leaves one unread welcome message in the player's locale", async (t) => {
  const { account, userId, token } = await register('vi-VN');
  const row = await welcomeOf(userId);
  t.is(row.category, 'system');
  const res = await stack.request('GET', '/api/inbox', { token, headers: { locales: 'vi-VN' } });
  t.is(res.body.code, 200, res.text);
  t.is(res.body.result.items.length, 1);
  const [item] = res.body.result.items;
  t.regex(item.title, /^Chào mừng bạn đến với /);
  t.regex(item.content, /^<p>Xin chào Lan,<\/p>/);
  t.true(item.content.includes(`Tài khoản ${account}`));
  t.false(item.isRead);
  t.is((await stack.request('GET', '/api/inbox/unread-count', { token })).body.result.unreadCount, 1);
  // The same message reads in English when the page switches to en-US.
  const en = await stack.request('GET', '/api/inbox', { token, headers: { locales: 'en-US' } });
  t.regex(en.body.result.items[0].title, /^Welcome to /);
});

test('the welcome job run again (by hand, by the reconcile sweep, or at once) writes no second message', async (t) => {
  const { userId, token } = await register('en-US');
  const first = await welcomeOf(userId);
  const outcome = await addAndWait('mail', 'welcome', { kind: 'welcome', userId }, { jobId: `test-welcome-again-${userId}`, attempts: 1 }, 10_000);
  t.true(outcome.ok, JSON.stringify(outcome));
  const together = await Promise.all(Array.from({ length: 5 }, () => writeWelcomeMessage(userId)));
  t.true(together.every((r) => !r.created && r.messageId === null));
  const rows = await InboxMessage.findAll({ where: { userId } });
  t.deepEqual(
    rows.map((r) => r.id),
    [first.id],
  );
  t.is((await stack.request('GET', '/api/inbox/unread-count', { token })).body.result.unreadCount, 1);
  // One outbox row carried it.
  const outbox = (await OutboxMessage.findAll({ where: { queue: 'mail', name: 'welcome' } })).filter(
    (r) => (r.payload as { userId?: number }).userId === userId,
  );
  t.is(outbox.length, 1);
});

test('a job for a player that no longer exists fails for good, writing nothing', async (t) => {
  const outcome = await addAndWait('mail', 'welcome', { kind: 'welcome', userId: 2_000_000_000 }, { jobId: 'test-welcome-missing', attempts: 3 }, 10_000);
  t.false(outcome.ok);
  t.is(await InboxMessage.count({ where: { userId: 2_000_000_000 } }), 0);
});
