import { Op, UniqueConstraintError, col, fn, where } from 'sequelize';
import { User } from '../../db/models';
import { db } from '../../db/sequelize';
import { Refusal, UnavailableError } from '../../errors';
import { MAIL_NOT_CONFIGURED, type SentMail } from '../../integrations/mail';
import { logger } from '../../logger';
import { waitForOutboxJob, type JobOutcome } from '../../queues/wait-for-job';
import { cache } from '../../redis';
import { claimIdentity, emailSignal } from '../risk';
import { playerById } from './accounts';
import { queueCodeMail } from './code-mail-outcomes';
import { generateVerificationCode } from './verification-codes';
import { verifyJobWaitMs } from './verification-jobs';

/**
 * E-mail verification (send-verify-email, check-verify-email). A 6-digit code (never
 * expiring) is stored in emailVerifyCode and the address it was sent to in Redis
 * (`cache:verify-email:<userId>`, no expiry); the `mail` worker sends it (./code-mails.ts), reading code
 * and user from Postgres, through the outbox (./code-mail-outcomes.ts), so a job Redis lost is written
 * again by the reconcile sweep; the request waits for that job (VERIFY_JOB_WAIT_MS) and answers the
 * mail's Message-ID.
 */

export const pendingEmailKey = (userId: number) => `cache:verify-email:${userId}`;

/** Addresses are compared and stored in lower case: one mailbox, one account per site. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

const unavailable = () => new UnavailableError('E-mail verification is temporarily unavailable, please try again later');
const notSent = () => new UnavailableError('The verification e-mail could not be sent, please try again later');
/** Another account took the address after the code was sent. */
const takenMeanwhile = () => new Refusal('auth.emailTaken', 'taken meanwhile');

async function emailTakenByOther(user: User, email: string): Promise<boolean> {
  const other = await User.findOne({
    where: { siteCode: user.siteCode, id: { [Op.ne]: user.id }, [Op.and]: [where(fn('lower', col('email')), email)] },
    attributes: ['id'],
  });
  return other !== null;
}

/**
 * In one transaction: a new code, the address it goes to remembered as pending (503 when Redis cannot
 * keep it, and nothing is stored), and the code mail's outbox row. Returns the row.
 */
async function storePendingCode(user: User, email: string, subject?: string) {
  return db().transaction(async (transaction) => {
    await User.update({ emailVerifyCode: generateVerificationCode() }, { where: { id: user.id }, transaction });
    try {
      await cache().set(pendingEmailKey(user.id), email);
    } catch (err) {
      logger().warn({ err, userId: user.id }, 'could not store the pending e-mail address');
      throw unavailable();
    }
    return queueCodeMail(transaction, 'verify-email', { userId: user.id, to: email, ...(subject ? { subject } : {}) });
  });
}

/** The sent mail's Message-ID, or the 503 saying why the mail did not go out. */
function messageIdOf(userId: number, outcome: JobOutcome): string {
  if (outcome.ok) {
    const sent = outcome.value as SentMail | null;
    if (sent?.messageId) return sent.messageId;
    logger().error({ userId, value: outcome.value }, 'verification mail job answered without a message id');
    throw notSent();
  }
  logger().warn({ userId, reason: outcome.reason, message: outcome.message }, 'verification e-mail not sent');
  if (outcome.reason === 'failed' && outcome.message.startsWith(MAIL_NOT_CONFIGURED)) {
    throw new UnavailableError('E-mail delivery is not configured for this site');
  }
  throw notSent();
}

/**
 * POST /auth/send-verify-email: refused (`emailTaken`) when another account of the site uses the
 * address; otherwise a new code is stored, the address remembered as pending, and the mail sent by the
 * `mail` worker. Answers {id: Message-ID}. A failed or late send is HTTP 503 (the spec has no code for it);
 * a late one is still sent, and a new request supersedes it.
 */
export async function sendEmailVerification(userId: number, rawEmail: string, subject?: string): Promise<{ id: string }> {
  const email = normalizeEmail(rawEmail);
  const user = await playerById(userId);
  if (await emailTakenByOther(user, email)) throw new Refusal('auth.emailTaken');
  const row = await storePendingCode(user, email, subject);
  const outcome = await waitForOutboxJob('mail', row, verifyJobWaitMs());
  return { id: messageIdOf(user.id, outcome) };
}

/** The address the code was sent to, or null; 503 when Redis does not answer. */
async function pendingEmail(userId: number): Promise<string | null> {
  try {
    return await cache().get(pendingEmailKey(userId));
  } catch (err) {
    logger().warn({ err, userId }, 'could not read the pending e-mail address');
    throw unavailable();
  }
}

/**
 * POST /auth/check-verify-email: refused with `emailCodeMissing` when no code is on record (never sent,
 * code empty, or the pending address is gone), `emailNotPending` when the address differs from the one
 * the code was sent to, `emailCodeWrong` when the code is wrong, `emailTaken` when another account took
 * the address meanwhile. Sets the e-mail; the code is kept, so the same code verifies again.
 */
export async function checkEmailVerification(userId: number, rawEmail: string, code: string): Promise<null> {
  const email = normalizeEmail(rawEmail);
  const user = await playerById(userId);
  if (!user.emailVerifyCode) throw new Refusal('auth.emailCodeMissing');
  const pending = await pendingEmail(user.id);
  if (!pending) throw new Refusal('auth.emailCodeMissing');
  if (pending !== email) throw new Refusal('auth.emailNotPending');
  if (user.emailVerifyCode !== code) throw new Refusal('auth.emailCodeWrong');
  if (await emailTakenByOther(user, email)) throw takenMeanwhile();
  try {
    // The verified address is an identity: refused when it is an excluded person's (docs/decisions/risk.md).
    await db().transaction(async (transaction) => {
      await claimIdentity(transaction, user, emailSignal(email));
      await User.update({ email }, { where: { id: user.id }, transaction });
    });
  } catch (err) {
    if (err instanceof UniqueConstraintError) throw takenMeanwhile();
    throw err;
  }
  return null;
}
