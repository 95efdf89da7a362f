import type { Transaction } from 'sequelize';
import type { QueuePayloads } from '../../queues/definitions';
import { addToOutbox } from '../../queues/outbox';
import { nextCodeMailVersion } from './queries';

/**
 * The marks of the code mails (e-mail verification, withdrawal code) in `code_mail_outcomes` (migration
 * 0044; docs/decisions/auth.md, "Code mails survive Redis"). Each new code raises its (user, kind) version in
 * the transaction that stores the code, and its `mail` outbox row carries that version. The mail job
 * drops a job whose version is no longer the latest (a newer code has its own mail), reads the code from
 * the user row when it sends, and marks the version done once the mail was sent or given up for good.
 * The reconcile sweep (code-mail-reconcile.ts) writes again the latest version's mail while it is not done.
 */
/** How long a withdrawal code lives after it was sent; a code mail owed longer than that is not sent again. */
export const CODE_TTL_MINUTES = 10;

export type CodeMailKind = 'verify-email' | 'withdrawal-code';

export const CODE_MAIL_KINDS: readonly CodeMailKind[] = ['verify-email', 'withdrawal-code'];

type MailPayload = QueuePayloads['mail'];

/**
 * A new code's mail, in the transaction that stored the code: the next version of the user's `kind`
 * mail (not done), and its `mail` outbox row carrying it. Returns the row (the job id is `outbox-<incarnation>-<id>`).
 */
export async function queueCodeMail(
  transaction: Transaction,
  kind: CodeMailKind,
  payload: Omit<MailPayload, 'kind' | 'version'>,
): Promise<{ id: string; name: CodeMailKind; payload: MailPayload }> {
  const version = await nextCodeMailVersion(transaction, payload.userId, kind);
  const full: MailPayload = { ...payload, kind, version };
  const row = await addToOutbox(transaction, 'mail', kind, full);
  return { id: row.id, name: kind, payload: full };
}
