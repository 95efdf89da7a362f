import type { JobHandler } from '../../queues/job-handler';
import { deliverDecisionMail } from '../kyc';
import { writeWelcomeMessage } from './welcome-message';
import { deliverMail } from './code-mails';
import { deliverSms } from './mobile-verification';
import { deliverWelcomeMail } from './welcome-mail';

/**
 * The `mail` queue through nodemailer: code mails (verify-email, withdrawal-code) answer
 * {messageId, accepted}, or {skipped} when their version was already sent (a superseded version fails
 * unrecoverably); the welcome mail answers the same, or {skipped} when the player has no e-mail,
 * the site has no mail settings or the player's welcome was already sent (completed, not failed).
 * A welcome job first writes the welcome inbox message (once per player, keyed by its source), so a
 * retried mail never loses it and a repeated job never doubles it. A KYC decision mail tells the
 * document's decision as it stands (shared/domain/kyc/notices.ts; its inbox message was written with it).
 * The queue is here because the accounts' mails are (code-mails.ts, welcome-mail.ts); the transport is
 * shared/integrations/mail.ts.
 */
export const mailJob: JobHandler<'mail'> = async (job) => {
  if (job.data.kind === 'kyc-decision') return deliverDecisionMail(job.data.userId, Number(job.data.documentId));
  if (job.data.kind !== 'welcome') return deliverMail(job.data);
  await writeWelcomeMessage(job.data.userId);
  return deliverWelcomeMail(job.data.userId);
};

/** The `sms` queue: starts the twilio Verify SMS for the user's pending number (mobile-verification.ts); returns {sid, status}. */
export const smsJob: JobHandler<'sms'> = async (job) => deliverSms(job.data);
