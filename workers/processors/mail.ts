import { deliverMail } from '../../shared/domain/auth/code-mails';
import { deliverWelcomeMail } from '../../shared/domain/auth/welcome-mail';
import { writeWelcomeMessage } from '../../shared/domain/inbox/welcome-message';
import { deliverDecisionMail } from '../../shared/domain/kyc/notices';
import type { Processor } from './types';

/**
 * The `mail` queue through nodemailer: code mails (verify-email, withdrawal-code) answer
 * {messageId, accepted}, or {skipped} when their version was already sent (a superseded version fails
 * unrecoverably); the welcome mail answers the same, or {skipped} when the player has no e-mail,
 * the site has no mail settings or the player's welcome was already sent (completed, not failed).
 * A welcome job first writes the welcome inbox message (once per player, keyed by its source), so a
 * retried mail never loses it and a repeated job never doubles it. A KYC decision mail tells the
 * document's decision as it stands (shared/domain/kyc/notices.ts; its inbox message was written with it).
 */
export const processMail: Processor<'mail'> = async (job) => {
  if (job.data.kind === 'kyc-decision') return deliverDecisionMail(job.data.userId, Number(job.data.documentId));
  if (job.data.kind !== 'welcome') return deliverMail(job.data);
  await writeWelcomeMessage(job.data.userId);
  return deliverWelcomeMail(job.data.userId);
};
