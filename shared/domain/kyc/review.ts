import { db } from '../../db/sequelize';
import { Refusal } from '../../errors';
import { type Actor, recordActorAction } from '../audit';
import { pageOffset, pagination } from '../common';
import { documentFileUrl, stateOf, type DocumentKind, type DocumentState } from './documents';
import { queueDecisionNotices } from './notices';
import { siteKyc } from '../site-config';
import { decideDocument, documentExists } from './queries/documents';
import { queueRowOf, queueRows, type QueueRow } from './queries/review-queue';

/**
 * Operators' KYC review (permission module `kyc`; docs/kyc.md, "Review"). The queue lists the site's
 * documents oldest first, filtered by state (pending unless asked), the player's level and the player.
 * A review decides a pending document once: one conditional UPDATE ... WHERE status = 'pending', so of
 * two operators deciding at once one wins and the other is `kyc.documentReviewed`. The decision, its
 * operation-log row, the player's inbox message and the mail's outbox row commit together.
 * An approval sets the expiry the operator gives (a future date), else today + the site's
 * documentValidityDays; a rejection needs a reason (the schema's).
 */
export type ReviewAction = 'approve' | 'reject';

export interface QueueFilter {
  state?: DocumentState;
  level?: number;
  userId?: number;
  kind?: DocumentKind;
  page: number;
  pageSize: number;
}

function adminView(row: QueueRow) {
  return {
    id: row.id,
    userId: row.userId,
    account: row.account,
    level: row.level,
    kind: row.kind,
    status: stateOf(row),
    reason: row.reason,
    expiresAt: row.expiresAt,
    createdAt: row.createdAt,
    reviewedBy: row.reviewedBy,
    reviewedAt: row.reviewedAt,
    profile: row.legalName === null ? null : { legalName: row.legalName, dateOfBirth: row.dateOfBirth, country: row.country, address: row.address },
    flagged: row.flagged,
    fileUrl: documentFileUrl('admin', row.id),
  };
}

/** GET /kyc/admin/queue: the site's documents, oldest first, paged. */
export async function reviewQueue(siteCode: string, filter: QueueFilter) {
  const { total, rows } = await queueRows(siteCode, {
    state: filter.state ?? 'pending',
    userId: filter.userId,
    kind: filter.kind,
    level: filter.level,
    limit: filter.pageSize,
    offset: pageOffset(filter.page, filter.pageSize),
  });
  return { items: rows.map(adminView), pagination: pagination(filter.page, filter.pageSize, total) };
}

export interface ReviewInput {
  action: ReviewAction;
  reason?: string | null;
  /** YYYY-MM-DD, after today (the schema checks it): the document counts through that day (UTC); approvals only. */
  expiresAt?: string | null;
}

/** POST /kyc/admin/documents/:id/review: `kyc.documentNotFound` (or another site's), `kyc.documentReviewed`. */
export async function reviewDocument(actor: Actor, siteCode: string, id: number, input: ReviewInput) {
  const approve = input.action === 'approve';
  const { documentValidityDays } = await siteKyc(siteCode);
  const reviewed = await db().transaction(async (transaction) => {
    const row = await decideDocument(transaction, {
      id,
      siteCode,
      status: approve ? 'approved' : 'rejected',
      reason: input.reason ?? null,
      adminId: actor.adminId,
      approve,
      expiresAt: approve ? (input.expiresAt ?? null) : null,
      days: documentValidityDays,
    });
    if (!row) {
      const exists = await documentExists(transaction, siteCode, id);
      throw new Refusal(exists ? 'kyc.documentReviewed' : 'kyc.documentNotFound');
    }
    await recordActorAction(actor, transaction, {
      module: 'kyc',
      action: `document-${input.action}`,
      targetId: id,
      summary: `${approve ? 'approved' : 'rejected'} ${row.kind} ${id} of user ${row.userId}`,
      detail: { kind: row.kind, userId: row.userId, status: row.status, reason: row.reason, expiresAt: row.expiresAt },
    });
    await queueDecisionNotices(transaction, { documentId: row.id, siteCode, userId: row.userId, kind: row.kind, approved: approve, reason: row.reason });
    return row;
  });
  return adminView(await queueRowOf(reviewed.id));
}
