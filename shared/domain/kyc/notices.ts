import { UnrecoverableError } from 'bullmq';
import type { Transaction } from 'sequelize';
import { User } from '../../db/models';
import { db } from '../../db/sequelize';
import { KYC_DECISION_TEXTS } from '../../i18n/kyc-decision';
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale, type LocaleText } from '../../i18n/locales';
import { escapeHtml, MailNotConfiguredError, permanentRefusalCode, sendMail, type SentMail } from '../../integrations/mail';
import { addToOutbox } from '../../queues/outbox';
import type { OutboxReconciler, OutboxRow } from '../../queues/reconcile';
import { forgetUnreadCount } from '../inbox';
import { siteNameIn } from '../site-config';
import type { DocumentKind } from './documents';
import { decidedUnmailed, decisionMailRow, markMailed } from './queries/documents';

/**
 * The player's notices of a decision on a KYC document (docs/kyc.md, "Notices"): an inbox message
 * (personal, category `system`, keyed `kyc:<documentId>` so it exists once) written in the decision's
 * own transaction, and a `mail` outbox row (kind `kyc-decision`) in the same transaction, sent by the
 * mail worker in the player's locale to the player's verified e-mail.
 */
interface Decision {
  documentId: number;
  siteCode: string;
  userId: number;
  kind: DocumentKind;
  approved: boolean;
  reason: string | null;
}

function noticeText(locale: Locale, decision: Pick<Decision, 'kind' | 'approved' | 'reason'>): { title: string; body: string } {
  const texts = KYC_DECISION_TEXTS[locale];
  const kind = texts.kinds[decision.kind];
  return decision.approved
    ? { title: texts.approvedTitle, body: texts.approved(kind) }
    : { title: texts.rejectedTitle, body: texts.rejected(kind, decision.reason ?? '') };
}

/** In the decision's transaction: the inbox message and the mail's outbox row. */
export async function queueDecisionNotices(transaction: Transaction, decision: Decision): Promise<void> {
  const title: Partial<LocaleText> = {};
  const content: Partial<LocaleText> = {};
  for (const locale of LOCALES) {
    const text = noticeText(locale, decision);
    title[locale] = text.title;
    content[locale] = `<p>${escapeHtml(text.body)}</p>`;
  }
  await db().query(
    `INSERT INTO inbox_messages ("siteCode", "userId", title, content, category, "sourceKey", "createdAt", "updatedAt")
     VALUES (:siteCode, :userId, CAST(:title AS JSONB), CAST(:content AS JSONB), 'system', :sourceKey, now(), now())
     ON CONFLICT ("siteCode", "sourceKey") WHERE "sourceKey" IS NOT NULL DO NOTHING`,
    {
      replacements: {
        siteCode: decision.siteCode,
        userId: decision.userId,
        title: JSON.stringify(title),
        content: JSON.stringify(content),
        sourceKey: `kyc:${decision.documentId}`,
      },
      transaction,
    },
  );
  transaction.afterCommit(() => void forgetUnreadCount(decision.userId).catch(() => undefined));
  await addToOutbox(transaction, 'mail', 'kyc-decision', { kind: 'kyc-decision', userId: decision.userId, documentId: decision.documentId });
}

export type DecisionMailOutcome = SentMail | { skipped: 'no e-mail' | 'mail not configured' | 'not decided' | 'already sent' };

/**
 * The `mail` job of a decision: the decision as it stands in Postgres, to the player's verified e-mail.
 * Once sent, or skipped for good (no e-mail, no mail settings, a 5xx refusal), the document's "mailedAt"
 * is set: the mark the reconciler below reads, and a later job for it sends nothing. At least once, as
 * the welcome mail: a crash between the send and the mark sends it again.
 */
export async function deliverDecisionMail(userId: number, documentId: number): Promise<DecisionMailOutcome> {
  const doc = await decisionMailRow(userId, documentId);
  if (!doc) throw new UnrecoverableError(`no KYC document ${documentId} of user ${userId}`);
  if (doc.status === 'pending') return { skipped: 'not decided' };
  if (doc.mailedAt) return { skipped: 'already sent' };
  const outcome = await sendDecisionMail(userId, documentId, doc);
  await markMailed(documentId);
  return outcome;
}

async function sendDecisionMail(
  userId: number,
  documentId: number,
  doc: { kind: DocumentKind; status: string; reason: string | null },
): Promise<DecisionMailOutcome> {
  const user = await User.findByPk(userId, { attributes: ['id', 'siteCode', 'email', 'locale'] });
  if (!user) throw new UnrecoverableError(`user ${userId} not found`);
  const to = user.email?.trim();
  if (!to) return { skipped: 'no e-mail' };
  const locale: Locale = isLocale(user.locale) ? user.locale : DEFAULT_LOCALE;
  const siteName = await siteNameIn(user.siteCode, locale);
  const text = noticeText(locale, { kind: doc.kind, approved: doc.status === 'approved', reason: doc.reason });
  try {
    return await sendMail(user.siteCode, {
      to,
      subject: `${siteName}: ${text.title}`,
      text: `${text.body}\n`,
      html: `<!doctype html><html><body><p>${escapeHtml(text.body)}</p></body></html>`,
    });
  } catch (err) {
    if (err instanceof MailNotConfiguredError) return { skipped: 'mail not configured' };
    if (permanentRefusalCode(err) !== null) {
      await markMailed(documentId);
      throw new UnrecoverableError(`mail refused: ${String((err as Error).message).slice(0, 200)}`);
    }
    throw err;
  }
}

/**
 * The decision mail's effect, looked up in Postgres for `mail` outbox rows of kind `kyc-decision` sent a
 * while ago (shared/queues/reconcile.ts): a decided document whose "mailedAt" is still null gets its row
 * again, in the sweep's transaction.
 */
export const kycDecisionMailReconciler: OutboxReconciler = {
  queue: 'mail',
  async redeliver(transaction: Transaction, rows: readonly OutboxRow[]): Promise<number> {
    const ids = [
      ...new Set(
        rows
          .filter((row) => row.payload.kind === 'kyc-decision')
          .map((row) => Number(row.payload.documentId))
          .filter((id) => Number.isSafeInteger(id) && id > 0),
      ),
    ];
    if (!ids.length) return 0;
    const owing = await decidedUnmailed(transaction, ids);
    for (const doc of owing) await addToOutbox(transaction, 'mail', 'kyc-decision', { kind: 'kyc-decision', userId: doc.userId, documentId: doc.id });
    return owing.length;
  },
};
