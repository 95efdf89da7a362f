import { timingSafeEqual } from 'node:crypto';
import { QueryTypes, type Transaction } from 'sequelize';
import { User } from '../../db/models';
import { db } from '../../db/sequelize';
import { Refusal } from '../../errors';
import { CODE_TTL_MINUTES, generateVerificationCode, playerById, queueCodeMail } from '../auth';

/**
 * The withdrawal code (send-code): a 6-digit code made like the e-mail verification codes
 * (never a guessable one), kept in users."withdrawalVerifyCode" as those are (the `mail` worker reads it
 * from the row) and mailed to the verified e-mail by the `mail` worker through the outbox. It expires
 * CODE_TTL_MINUTES after it was sent, a wrong try counts, and after MAX_WRONG_TRIES wrong tries the code
 * is spent; a successful withdrawal consumes it. A new send replaces the code and resets its tries.
 */
export const MAX_WRONG_TRIES = 5;

/**
 * Sending a code: refused without a verified e-mail or mobile number. Stores a new code with
 * its time and the code mail's `mail` outbox row in one transaction; the mail goes out after commit,
 * with the code on record when it is sent (a superseded one is dropped; a lost one is written again by
 * the reconcile sweep: ../auth/code-mail-outcomes.ts).
 */
export async function sendWithdrawalCode(userId: number): Promise<{ sent: true; expiresAt: Date }> {
  const user = await playerById(userId);
  if (!user.email) throw new Refusal('withdrawal.emailUnverified');
  if (!user.mobile) throw new Refusal('withdrawal.mobileUnverified');
  const sentAt = new Date();
  await db().transaction(async (transaction) => {
    await User.update(
      { withdrawalVerifyCode: generateVerificationCode(), withdrawalCodeSentAt: sentAt, withdrawalCodeTries: 0 },
      { where: { id: user.id }, transaction },
    );
    await queueCodeMail(transaction, 'withdrawal-code', { userId: user.id, to: user.email as string });
  });
  return { sent: true, expiresAt: new Date(sentAt.getTime() + CODE_TTL_MINUTES * 60_000) };
}

function sameCode(stored: string, given: string): boolean {
  const a = Buffer.from(stored);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** True while the code sent at `sentAt` is still within its time. */
const isLive = (sentAt: Date | null, now = Date.now()) => sentAt !== null && now - sentAt.getTime() < CODE_TTL_MINUTES * 60_000;

/**
 * The request's first two checks: `codeNotLive` when no live code is on record (never sent, expired,
 * spent or consumed), `codeWrong` when `code` is not it. A wrong try is counted at once (its own statement, kept whatever
 * the request does next); the try that reaches MAX_WRONG_TRIES clears the code.
 */
export async function checkWithdrawalCode(user: User, code: string): Promise<void> {
  const stored = user.withdrawalVerifyCode;
  if (!stored || !isLive(user.withdrawalCodeSentAt)) throw new Refusal('withdrawal.codeNotLive');
  if (sameCode(stored, code)) return;
  await db().query(
    `UPDATE users SET "withdrawalCodeTries" = "withdrawalCodeTries" + 1,
            "withdrawalVerifyCode" = CASE WHEN "withdrawalCodeTries" + 1 >= :max THEN NULL ELSE "withdrawalVerifyCode" END
      WHERE id = :id AND "withdrawalVerifyCode" = :stored`,
    { replacements: { id: user.id, stored, max: MAX_WRONG_TRIES } },
  );
  throw new Refusal('withdrawal.codeWrong');
}

/**
 * Consumes the code in the withdrawal's transaction (the caller holds the user's row through its hold):
 * `codeNotLive` when it is no longer there (a concurrent request consumed it, a new send replaced it, or it
 * expired meanwhile), which rolls the withdrawal back.
 */
export async function consumeWithdrawalCode(transaction: Transaction, userId: number, code: string): Promise<void> {
  const rows = await db().query<{ id: number }>(
    `UPDATE users SET "withdrawalVerifyCode" = NULL, "withdrawalCodeSentAt" = NULL, "withdrawalCodeTries" = 0
      WHERE id = :userId AND "withdrawalVerifyCode" = :code AND "withdrawalCodeSentAt" > now() - make_interval(mins => :ttl)
      RETURNING id`,
    { replacements: { userId, code, ttl: CODE_TTL_MINUTES }, type: QueryTypes.SELECT, transaction },
  );
  if (rows.length === 0) throw new Refusal('withdrawal.codeNotLive', 'consumed meanwhile');
}
