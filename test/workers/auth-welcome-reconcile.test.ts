import test from 'ava';
import { QueryTypes } from 'sequelize';
import { migrator } from '../../shared/db/migrator';
import { User } from '../../shared/db/models';
import { db } from '../../shared/db/sequelize';
import { welcomeMailReconciler } from '../../shared/domain/auth';
import { queue } from '../../shared/queues/queues';
import { reconcileOutbox } from '../../shared/queues/reconcile';
import { addAndWait } from '../../shared/queues/wait-for-job';
import { startWorkers, type RunningWorkers } from '../../workers/main';
import { createSite, createUser } from '../helpers/factories';
import { closeMailStack, RECONCILE_AFTER_MS, RECONCILE_EVERY_MS, startMailStack, SWEEPS_MS } from '../helpers/mail-stack';
import type { TestSmtpServer } from '../helpers/smtp';
import type { TestStack } from '../helpers/stack';
import { waitFor } from '../helpers/wait';

/**
 * The welcome mail survives the loss of Redis state: a welcome whose outbox row is marked sent but whose
 * job Redis no longer has is written again by the workers' reconcile sweep while the player's
 * "welcomeMailAt" is null, and the player receives it once.
 */
let stack: TestStack;
let smtp: TestSmtpServer;
let workers: RunningWorkers | undefined;
test.before(async () => {
  ({ stack, smtp } = await startMailStack('welcome@site.test', { rejectRecipient: (a) => a.startsWith('bounce') }));
});
test.after.always(() => closeMailStack({ stack, smtp }, workers));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let n = 0;
const address = () => `welcome${++n}-${Date.now()}@example.test`;
const jobOptions = () => ({ jobId: `test-welcome-${++n}-${Date.now()}`, attempts: 1 });
const mailsTo = (email: string) => smtp.messages.filter((m) => m.to.includes(email)).length;
const runWorkers = () => (workers ??= startWorkers(['mail', 'outbox-relay']));

/** The user's `mail` outbox rows, of every kind. */
async function mailRows(userId: number): Promise<Array<{ id: string; name: string; sent: boolean }>> {
  return db().query(`SELECT id, name, "sentAt" IS NOT NULL AS sent FROM outbox WHERE queue = 'mail' AND (payload->>'userId')::bigint = :userId ORDER BY id`, {
    replacements: { userId },
    type: QueryTypes.SELECT,
  });
}

async function welcomeMailAt(userId: number): Promise<Date | null> {
  return (await User.findByPk(userId))!.welcomeMailAt;
}

/** A `mail` row pushed an hour ago whose job Redis no longer has. */
async function lostRow(name: string, payload: Record<string, unknown>): Promise<void> {
  await db().query(
    `INSERT INTO outbox (queue, name, payload, "createdAt", "sentAt", attempts) VALUES ('mail', :name, CAST(:payload AS JSONB), now(), now() - interval '1 hour', 1)`,
    {
      replacements: { name, payload: JSON.stringify(payload) },
    },
  );
}

async function playerWithEmail(email = address()): Promise<{ id: number; email: string }> {
  const { user } = await createUser();
  await user.update({ email, locale: 'en-US' });
  return { id: user.id, email };
}

test.serial('migration 0013 starts the sweep past the mail rows written before it: earlier players get no second welcome', async (t) => {
  const umzug = migrator(db());
  await umzug.down({ to: '20261125-0013-welcome-mail-outcome' });
  const [earlier] = await db().query<{ id: number }>(
    `INSERT INTO users ("siteCode", account, name, email) VALUES ('welcome-site', :account, 'Earlier', :email) RETURNING id`,
    { replacements: { account: `earlier${Date.now() % 1_000_000}`, email: address() }, type: QueryTypes.SELECT },
  );
  await lostRow('welcome', { kind: 'welcome', userId: earlier.id });
  await umzug.up();
  t.deepEqual(await reconcileOutbox(welcomeMailReconciler, { afterMs: RECONCILE_AFTER_MS }), { examined: 0, redelivered: 0 });
  t.is((await mailRows(earlier.id)).length, 1);
  t.is(await welcomeMailAt(earlier.id), null);
});

test.serial('a registration whose welcome job Redis lost after the row was marked sent gets its welcome mail within the sweep interval, once', async (t) => {
  const siteCode = await createSite();
  const res = await stack.request('POST', '/api/auth/register', {
    body: { account: `lost${Date.now() % 1_000_000}`, password: 'secret123', name: 'Lost Welcome' },
    headers: { 'site-name': siteCode },
  });
  t.is(res.status, 200, res.text);
  const userId = res.body.result.user.id as number;
  // No worker yet: the after-commit push marks the row sent, then Redis loses every job of the queue.
  await waitFor('the welcome row to be pushed', async () => (await mailRows(userId)).some((row) => row.sent));
  await queue('mail').obliterate({ force: true });
  t.is(await queue('mail').count(), 0);
  // The player has an e-mail by the time the welcome is delivered.
  const email = address();
  await User.update({ email, locale: 'en-US' }, { where: { id: userId } });

  const started = Date.now();
  runWorkers();
  const mail = await smtp.waitFor((m) => m.to.includes(email), 4 * (RECONCILE_EVERY_MS + RECONCILE_AFTER_MS) + 3000);
  t.true(Date.now() - started < RECONCILE_EVERY_MS + RECONCILE_AFTER_MS + 3000, 'within the sweep interval and the grace time');
  t.regex(mail.subject, /^Welcome to /);
  t.regex(mail.body, /Hello Lost Welcome,/);
  await waitFor('the welcome to be marked', () => welcomeMailAt(userId));

  // Marked now: later sweeps write nothing more, and the player gets no second mail.
  await sleep(SWEEPS_MS);
  t.is(mailsTo(email), 1);
  t.deepEqual(
    (await mailRows(userId)).map((row) => [row.name, row.sent]),
    [
      ['welcome', true],
      ['welcome', true],
    ],
    'the row written again by the sweep, and no other',
  );
});

test.serial('the sweep passes over a welcome already delivered and over code mails', async (t) => {
  runWorkers();
  // Delivered and marked; its row's job is gone from Redis afterwards.
  const delivered = await playerWithEmail();
  const outcome = await addAndWait('mail', 'welcome', { kind: 'welcome', userId: delivered.id }, jobOptions(), 10_000);
  t.true(outcome.ok, JSON.stringify(outcome));
  t.truthy(await welcomeMailAt(delivered.id));
  await lostRow('welcome', { kind: 'welcome', userId: delivered.id });
  // Code mails lost for a player who never had a welcome (welcomeMailAt null): asked for again, not re-sent.
  const coded = await playerWithEmail();
  await lostRow('verify-email', { kind: 'verify-email', userId: coded.id, to: coded.email });
  await lostRow('withdrawal-code', { kind: 'withdrawal-code', userId: coded.id });
  // A lost welcome after them: its mail shows the sweep went past the rows above.
  const owed = await playerWithEmail();
  await lostRow('welcome', { kind: 'welcome', userId: owed.id });

  await smtp.waitFor((m) => m.to.includes(owed.email), 4 * (RECONCILE_EVERY_MS + RECONCILE_AFTER_MS) + 3000);
  await sleep(SWEEPS_MS);
  t.is(mailsTo(owed.email), 1);
  t.is(mailsTo(delivered.email), 1, 'the delivered welcome is not sent again');
  t.is((await mailRows(delivered.id)).length, 1, 'and not written again');
  t.is(mailsTo(coded.email), 0, 'no mail for lost code mails');
  t.deepEqual(
    (await mailRows(coded.id)).map((row) => row.name),
    ['verify-email', 'withdrawal-code'],
    'no row written for them',
  );
  t.is(await welcomeMailAt(coded.id), null);
});

test.serial('a welcome delivered twice for the same player sends one mail', async (t) => {
  runWorkers();
  const player = await playerWithEmail();
  const first = await addAndWait('mail', 'welcome', { kind: 'welcome', userId: player.id }, jobOptions(), 10_000);
  t.true(first.ok, JSON.stringify(first));
  const markedAt = await welcomeMailAt(player.id);
  t.truthy(markedAt);
  const second = await addAndWait('mail', 'welcome', { kind: 'welcome', userId: player.id }, jobOptions(), 10_000);
  t.true(second.ok, JSON.stringify(second));
  t.deepEqual((second as { value: unknown }).value, { skipped: 'already sent' });
  await sleep(300);
  t.is(mailsTo(player.email), 1);
  t.deepEqual(await welcomeMailAt(player.id), markedAt, 'the first mark stays');
});

test.serial('a welcome the SMTP server refuses (5xx) is marked: the sweep does not write it again', async (t) => {
  runWorkers();
  const refused = await playerWithEmail(`bounce-${address()}`);
  const outcome = await addAndWait('mail', 'welcome', { kind: 'welcome', userId: refused.id }, jobOptions(), 10_000);
  t.false(outcome.ok);
  t.regex((outcome as { message: string }).message, /SMTP server refused the mail \(550\)/);
  t.truthy(await welcomeMailAt(refused.id));
  await lostRow('welcome', { kind: 'welcome', userId: refused.id });
  const owed = await playerWithEmail();
  await lostRow('welcome', { kind: 'welcome', userId: owed.id });
  await smtp.waitFor((m) => m.to.includes(owed.email), 4 * (RECONCILE_EVERY_MS + RECONCILE_AFTER_MS) + 3000);
  await sleep(SWEEPS_MS);
  t.is((await mailRows(refused.id)).length, 1);
});
