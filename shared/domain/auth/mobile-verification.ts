import { UnrecoverableError } from 'bullmq';
import { Op, UniqueConstraintError } from 'sequelize';
import { User } from '../../db/models';
import { db } from '../../db/sequelize';
import { Refusal, UnavailableError } from '../../errors';
import { SmsError, checkSmsVerification, smsMode, startSmsVerification } from '../../integrations/sms';
import { logger } from '../../logger';
import type { QueuePayloads } from '../../queues/definitions';
import { claimIdentity, mobileSignal } from '../risk';
import { playerById } from './accounts';
import { e164Of, samePendingNumber, type CountryInput } from './phone-numbers';
import { generateVerificationCode } from './verification-codes';
import { runVerificationJob } from './verification-jobs';

/**
 * Mobile verification (send-verify-mobile, check-verify-mobile). twilio Verify owns the code
 * (the `sms` worker starts the verification, mobileVerifyCode holds the E.164 number), or in
 * development mode a logged code is stored as `<e164>|<code>`.
 */

/** Another account took the number after the code was sent. */
const takenMeanwhile = () => new Refusal('auth.mobileTaken', 'taken meanwhile');

async function mobileTakenByOther(user: User, e164: string): Promise<boolean> {
  return (await User.count({ where: { siteCode: user.siteCode, mobile: e164, id: { [Op.ne]: user.id } } })) > 0;
}

/** Development mode: a code stored with the number and logged, nothing sent. */
async function storeDevelopmentCode(user: User, e164: string): Promise<void> {
  const code = generateVerificationCode();
  await User.update({ mobileVerifyCode: `${e164}|${code}` }, { where: { id: user.id } });
  logger().info({ userId: user.id, mobile: e164, code }, 'development mode: SMS verification code (not sent)');
}

/** twilio mode: the number kept as pending and the `sms` worker's verification waited for; `smsNotSent` when it fails. */
async function startTwilioVerification(user: User, e164: string): Promise<void> {
  await User.update({ mobileVerifyCode: e164 }, { where: { id: user.id } });
  const outcome = await runVerificationJob('sms', 'verify-mobile', user.id, { kind: 'verify-mobile', userId: user.id, to: e164 });
  if (!outcome.ok) {
    logger().warn({ userId: user.id, reason: outcome.reason, message: outcome.message }, 'SMS verification not started');
    throw new Refusal('auth.smsNotSent');
  }
}

/**
 * POST /auth/send-verify-mobile: refused with `mobileTaken` (number used by another account),
 * `smsNotConfigured` or `smsNotSent` (sending failed). twilio mode:
 * mobileVerifyCode = E.164 and the `sms` worker starts the verification (the request waits for it);
 * development mode: a logged code stored as `<e164>|<code>`, nothing sent.
 */
export async function sendMobileVerification(userId: number, mobile: string, country?: CountryInput): Promise<{ sent: true }> {
  const user = await playerById(userId);
  const e164 = e164Of(mobile, country, user.locale);
  if (await mobileTakenByOther(user, e164)) throw new Refusal('auth.mobileTaken');
  const mode = smsMode();
  if (mode === 'development') {
    await storeDevelopmentCode(user, e164);
  } else if (mode === 'not-configured') {
    logger().error({ userId: user.id }, 'SMS verification is not configured: set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_VERIFY_SERVICE_SID');
    throw new Refusal('auth.smsNotConfigured');
  } else {
    await startTwilioVerification(user, e164);
  }
  return { sent: true };
}

/** The `sms` worker's work: starts the twilio verification for the user's pending number. */
export async function deliverSms(payload: QueuePayloads['sms']): Promise<{ sid: string; status: string }> {
  const user = await User.findByPk(payload.userId);
  if (!user) throw new UnrecoverableError(`user ${payload.userId} not found`);
  const pending = user.mobileVerifyCode?.split('|')[0];
  if (!pending) throw new UnrecoverableError(`user ${user.id} has no pending mobile number`);
  if (payload.to && payload.to !== pending) throw new UnrecoverableError('superseded by a newer verification request');
  try {
    return await startSmsVerification(pending);
  } catch (err) {
    if (err instanceof SmsError && err.permanent) throw new UnrecoverableError(err.message);
    throw err;
  }
}

/** `mobileCodeWrong` unless `code` is right for the pending number (twilio's check, or the stored development code). */
async function checkCode(userId: number, pending: string, devCode: string | undefined, code: string): Promise<void> {
  const mode = smsMode();
  if (mode === 'twilio') {
    let result: 'approved' | 'rejected';
    try {
      result = await checkSmsVerification(pending, code);
    } catch (err) {
      logger().warn({ err, userId }, 'SMS verification check failed');
      throw new UnavailableError('SMS verification is temporarily unavailable, please try again later');
    }
    if (result !== 'approved') throw new Refusal('auth.mobileCodeWrong');
  } else if (mode === 'development') {
    if (!devCode || devCode !== code) throw new Refusal('auth.mobileCodeWrong');
  } else {
    logger().error({ userId }, 'SMS verification is not configured: a code cannot be checked');
    throw new Refusal('auth.smsNotConfigured');
  }
}

/**
 * POST /auth/check-verify-mobile: refused with `mobileCodeMissing` (nothing on record), `mobileNotPending`
 * (another number than the pending one), `mobileCodeWrong` (a wrong or expired code), `smsNotConfigured`,
 * or `mobileTaken` (another account took the number meanwhile). On success mobile = the E.164 number and
 * mobileVerifyCode is cleared.
 */
export async function checkMobileVerification(userId: number, mobile: string, code: string): Promise<null> {
  const user = await playerById(userId);
  const stored = user.mobileVerifyCode;
  if (!stored) throw new Refusal('auth.mobileCodeMissing');
  const [pending, devCode] = stored.split('|');
  if (!samePendingNumber(mobile, pending)) throw new Refusal('auth.mobileNotPending');
  await checkCode(userId, pending, devCode, code);
  if (await mobileTakenByOther(user, pending)) throw takenMeanwhile();
  try {
    // The verified number is an identity: refused when it is an excluded person's (docs/decisions/risk.md).
    await db().transaction(async (transaction) => {
      await claimIdentity(transaction, user, mobileSignal(pending));
      const [affected] = await User.update({ mobile: pending, mobileVerifyCode: null }, { where: { id: user.id, mobileVerifyCode: stored }, transaction });
      if (affected === 0) throw new Refusal('auth.mobileCodeMissing'); // a concurrent check or a new send replaced the record
    });
  } catch (err) {
    if (err instanceof UniqueConstraintError) throw takenMeanwhile();
    throw err;
  }
  return null;
}
