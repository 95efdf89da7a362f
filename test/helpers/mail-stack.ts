import { closeJobWaiters } from '../../shared/queues/wait-for-job';
import type { RunningWorkers } from '../../workers/main';
import { startSmtpServer, type TestSmtpServer } from './smtp';
import { startTestStack, type TestStack } from './stack';

/**
 * A stack whose mails go to a local SMTP server, with the outbox relay and its reconcile sweep fast, for
 * the files that prove a mail survives Redis losing its job (welcome, code mails, KYC decisions).
 */
export const RECONCILE_EVERY_MS = 200;
export const RECONCILE_AFTER_MS = 500;
/** Three reconcile sweeps: time enough for a sweep to have sent a mail it should not. */
export const SWEEPS_MS = 3 * (RECONCILE_EVERY_MS + RECONCILE_AFTER_MS);

export interface MailStack {
  stack: TestStack;
  smtp: TestSmtpServer;
}

export async function startMailStack(
  from: string,
  options: { env?: Record<string, string>; rejectRecipient?: (address: string) => boolean } = {},
): Promise<MailStack> {
  const smtp = await startSmtpServer(options.rejectRecipient ? { rejectRecipient: options.rejectRecipient } : undefined);
  const stack = await startTestStack({
    SMTP_URL: smtp.url,
    MAIL_FROM: from,
    OUTBOX_RELAY_EVERY_MS: '200',
    OUTBOX_RECONCILE_EVERY_MS: String(RECONCILE_EVERY_MS),
    OUTBOX_RECONCILE_AFTER_MS: String(RECONCILE_AFTER_MS),
    ...options.env,
  });
  return { stack, smtp };
}

/** Stops the file's workers, then what startMailStack started (each may be missing after a failed start). */
export async function closeMailStack(mail: Partial<MailStack>, workers?: RunningWorkers): Promise<void> {
  await workers?.stop();
  await closeJobWaiters();
  await mail.stack?.close();
  await mail.smtp?.close();
}
