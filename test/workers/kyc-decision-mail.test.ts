import test from 'ava';
import { QueryTypes } from 'sequelize';
import { db } from '../../shared/db/sequelize';
import { deliverDecisionMail } from '../../shared/domain/kyc';
import { startWorkers, type RunningWorkers } from '../../workers/main';
import { createUser } from '../helpers/factories';
import { approvedDocument } from '../helpers/kyc';
import { closeMailStack, RECONCILE_AFTER_MS, RECONCILE_EVERY_MS, startMailStack, SWEEPS_MS } from '../helpers/mail-stack';
import type { TestSmtpServer } from '../helpers/smtp';
import type { TestStack } from '../helpers/stack';
import { waitFor } from '../helpers/wait';

/**
 * The KYC decision mail survives the loss of Redis state (docs/kyc.md, "Operators"): a decision whose
 * `mail` outbox row is marked sent but whose job Redis no longer has is written again by the workers'
 * reconcile sweep while the document's "mailedAt" is null, and the player receives it once; a mail sent
 * or refused for good is marked and not sent again.
 */
let stack: TestStack;
let smtp: TestSmtpServer;
let workers: RunningWorkers | undefined;
test.before(async () => {
  ({ stack, smtp } = await startMailStack('kyc@site.test', { rejectRecipient: (a) => a.startsWith('bounce') }));
});
test.after.always(() => closeMailStack({ stack, smtp }, workers));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let n = 0;
const mailsTo = (email: string) => smtp.messages.filter((m) => m.to.includes(email)).length;
const runWorkers = () => (workers ??= startWorkers(['mail', 'outbox-relay']));

/** A player with an e-mail and a decided (approved) document; its id. */
async function decided(prefix = 'kyc') {
  const email = `${prefix}${++n}-${Date.now()}@example.test`;
  const { user } = await createUser();
  await user.update({ email, locale: 'en-US' });
  const documentId = await approvedDocument(user, 'id-front');
  return { userId: user.id, email, documentId };
}

/** A `kyc-decision` mail row pushed an hour ago whose job Redis no longer has. */
async function lostRow(userId: number, documentId: number): Promise<void> {
  await db().query(
    `INSERT INTO outbox (queue, name, payload, "createdAt", "sentAt", attempts) VALUES ('mail', 'kyc-decision', CAST(:payload AS JSONB), now(), now() - interval '1 hour', 1)`,
    {
      replacements: { payload: JSON.stringify({ kind: 'kyc-decision', userId, documentId }) },
    },
  );
}

const mailedAt = async (documentId: number) =>
  (
    await db().query<{ mailedAt: Date | null }>(`SELECT "mailedAt" FROM kyc_documents WHERE id = :documentId`, {
      replacements: { documentId },
      type: QueryTypes.SELECT,
    })
  )[0].mailedAt;

test.serial('a decision whose mail job Redis lost is mailed by the sweep, once, and marked', async (t) => {
  const owed = await decided();
  const done = await decided();
  await db().query(`UPDATE kyc_documents SET "mailedAt" = now() WHERE id = :id`, { replacements: { id: done.documentId } });
  await lostRow(owed.userId, owed.documentId);
  await lostRow(done.userId, done.documentId);
  runWorkers();
  const mail = await smtp.waitFor((m) => m.to.includes(owed.email), 4 * (RECONCILE_EVERY_MS + RECONCILE_AFTER_MS) + 3000);
  t.regex(mail.subject, /Verification document approved/);
  t.regex(mail.body, /identity document \(front\) has been approved/);
  await waitFor('the decision to be marked mailed', () => mailedAt(owed.documentId));
  await sleep(SWEEPS_MS);
  t.is(mailsTo(owed.email), 1, 'mailed once');
  t.is(mailsTo(done.email), 0, 'a decision already mailed is not mailed again');
});

test.serial('the job run again sends nothing more; a pending document is not mailed; a 5xx refusal is marked', async (t) => {
  const owed = await decided();
  t.like(await deliverDecisionMail(owed.userId, owed.documentId), { accepted: [owed.email] });
  t.deepEqual(await deliverDecisionMail(owed.userId, owed.documentId), { skipped: 'already sent' });
  t.is(mailsTo(owed.email), 1);

  await db().query(`UPDATE kyc_documents SET status = 'pending', "expiresAt" = NULL, "mailedAt" = NULL WHERE id = :id`, {
    replacements: { id: owed.documentId },
  });
  t.deepEqual(await deliverDecisionMail(owed.userId, owed.documentId), { skipped: 'not decided' });

  const bounce = await decided('bounce');
  await t.throwsAsync(deliverDecisionMail(bounce.userId, bounce.documentId), { message: /mail refused/ });
  t.truthy(await mailedAt(bounce.documentId), 'refused for good: marked, so the sweep does not write it again');
});
