import { deliverMail } from '../../shared/domain/auth/code-mails';
import type { Processor } from './types';

/**
 * Code mails (verify-email, withdrawal-code) through nodemailer; returns {messageId, accepted}. Other
 * kinds (welcome) fail at once with UnrecoverableError until they are built.
 */
export const processMail: Processor<'mail'> = async (job) => deliverMail(job.data);
