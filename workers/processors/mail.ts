import { deliverMail } from '../../shared/domain/auth/code-mails';
import { deliverWelcomeMail } from '../../shared/domain/auth/welcome-mail';
import type { Processor } from './types';

/**
 * The `mail` queue through nodemailer: code mails (verify-email, withdrawal-code) answer
 * {messageId, accepted}; the welcome mail answers the same, or {skipped} when the player has no e-mail,
 * the site has no mail settings or the player's welcome was already sent (completed, not failed).
 */
export const processMail: Processor<'mail'> = async (job) =>
  job.data.kind === 'welcome' ? deliverWelcomeMail(job.data.userId) : deliverMail(job.data);
