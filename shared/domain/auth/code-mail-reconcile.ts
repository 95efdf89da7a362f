import type { Transaction } from 'sequelize';
import type { QueuePayloads } from '../../queues/definitions';
import { addToOutbox } from '../../queues/outbox';
import type { OutboxReconciler, OutboxRow } from '../../queues/reconcile';
import { CODE_TTL_MINUTES } from './code-mail-outcomes';
import { CODE_MAIL_KINDS, type CodeMailKind } from './code-mail-outcomes';
import { owedCodeMails } from './queries';

/**
 * The code mails' effect, looked up in Postgres for `mail` outbox rows whose jobs were sent a while ago
 * (shared/queues/reconcile.ts; docs/decisions/auth.md, "Code mails survive Redis"): a row is owed again while
 * its version is the user's latest of its kind (code_mail_outcomes), not done, queued less than
 * CODE_MAIL_OWED_HOURS ago, and its code is still on record (a withdrawal code also within its
 * CODE_TTL_MINUTES). Those get their row again, same payload and version, in the sweep's transaction.
 * A row of an older version is passed over: the newer code has its own mail, and this one's address may
 * be out of date. Rows without a version (written before migration 0044) are passed over.
 */
export const CODE_MAIL_OWED_HOURS = 24;

type MailPayload = QueuePayloads['mail'];

interface LostMail {
  userId: number;
  kind: CodeMailKind;
  version: number;
  payload: MailPayload;
}

function lostMail(row: OutboxRow): LostMail | null {
  const payload = row.payload as MailPayload;
  const kind = CODE_MAIL_KINDS.find((k) => k === payload.kind);
  const userId = Number(payload.userId);
  const version = Number(payload.version);
  if (!kind || !Number.isSafeInteger(userId) || userId <= 0 || !Number.isSafeInteger(version) || version <= 0) return null;
  return { userId, kind, version, payload };
}

export const codeMailReconciler: OutboxReconciler = {
  queue: 'mail',
  async redeliver(transaction: Transaction, rows: readonly OutboxRow[]): Promise<number> {
    // One per (user, kind, version): a row written again by an earlier sweep names the same mail.
    const lost = new Map<string, LostMail>();
    for (const mail of rows.map(lostMail)) if (mail) lost.set(`${mail.userId}:${mail.kind}:${mail.version}`, mail);
    if (!lost.size) return 0;
    const owed = await owedCodeMails(
      transaction,
      [...lost.values()].map(({ userId, kind, version }) => ({ userId, kind, version })),
      CODE_MAIL_OWED_HOURS,
      CODE_TTL_MINUTES,
    );
    for (const mail of owed) {
      const { payload } = lost.get(`${mail.userId}:${mail.kind}:${mail.version}`)!;
      await addToOutbox(transaction, 'mail', mail.kind, payload);
    }
    return owed.length;
  },
};
