import { QueryTypes } from 'sequelize';
import { db } from '../../db/sequelize';
import { Refusal } from '../../errors';
import { type Actor, recordActorAction } from '../audit';
import { pageOffset, pagination } from '../common';
import { DOCUMENT_COLUMNS, documentFileUrl, stateOf, type DocumentKind, type DocumentRow, type DocumentState } from './documents';
import { queueDecisionNotices } from './notices';
import { siteKyc } from '../site-config';

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

interface QueueRow extends DocumentRow {
  account: string;
  level: number;
  legalName: string | null;
  dateOfBirth: string | null;
  country: string | null;
  address: string | null;
  flagged: boolean;
}

const STATE_SQL: Record<DocumentState, string> = {
  pending: `d.status = 'pending'`,
  approved: `d.status = 'approved' AND d."expiresAt" > now()`,
  rejected: `d.status = 'rejected'`,
  expired: `d.status = 'approved' AND d."expiresAt" <= now()`,
};

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

/** A queue row: the document, its player's account and level, the profile and whether the player is flagged. */
const QUEUE_SELECT = `SELECT ${DOCUMENT_COLUMNS}, u.account, kyc_level(d."userId") AS level, p."legalName", to_char(p."dateOfBirth", 'YYYY-MM-DD') AS "dateOfBirth",
            p.country, p.address, EXISTS (SELECT 1 FROM kyc_flags f WHERE f."userId" = d."userId") AS flagged`;
const QUEUE_FROM = `FROM kyc_documents d
  JOIN users u ON u.id = d."userId"
  LEFT JOIN kyc_profiles p ON p."userId" = d."userId"`;

/** GET /kyc/admin/queue: the site's documents, oldest first, paged. */
export async function reviewQueue(siteCode: string, filter: QueueFilter) {
  const conditions = [`d."siteCode" = :siteCode`, STATE_SQL[filter.state ?? 'pending']];
  if (filter.userId !== undefined) conditions.push(`d."userId" = :userId`);
  if (filter.kind !== undefined) conditions.push(`d.kind = :kind`);
  if (filter.level !== undefined) conditions.push(`kyc_level(d."userId") = :level`);
  const where = `WHERE ${conditions.join(' AND ')}`;
  const replacements = { siteCode, userId: filter.userId ?? null, kind: filter.kind ?? null, level: filter.level ?? null, limit: filter.pageSize, offset: pageOffset(filter.page, filter.pageSize) };
  const [{ total }] = await db().query<{ total: number }>(`SELECT count(*)::int AS total ${QUEUE_FROM} ${where}`, { replacements, type: QueryTypes.SELECT });
  const rows = await db().query<QueueRow>(`${QUEUE_SELECT} ${QUEUE_FROM} ${where} ORDER BY d.id ASC LIMIT :limit OFFSET :offset`, { replacements, type: QueryTypes.SELECT });
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
    const [row] = await db().query<DocumentRow>(
      `UPDATE kyc_documents d
          SET status = :status, reason = :reason, "reviewedBy" = :adminId, "reviewedAt" = now(), "updatedAt" = now(),
              "expiresAt" = CASE WHEN :approve THEN COALESCE((CAST(:expiresAt AS DATE) + 1)::timestamp AT TIME ZONE 'UTC', now() + make_interval(days => :days)) END
        WHERE d.id = :id AND d."siteCode" = :siteCode AND d.status = 'pending'
        RETURNING ${DOCUMENT_COLUMNS}`,
      {
        replacements: {
          id,
          siteCode,
          status: approve ? 'approved' : 'rejected',
          reason: input.reason ?? null,
          adminId: actor.adminId,
          approve,
          expiresAt: approve ? (input.expiresAt ?? null) : null,
          days: documentValidityDays,
        },
        type: QueryTypes.SELECT,
        transaction,
      },
    );
    if (!row) {
      const [exists] = await db().query(`SELECT 1 FROM kyc_documents WHERE id = :id AND "siteCode" = :siteCode`, { replacements: { id, siteCode }, type: QueryTypes.SELECT, transaction });
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
  const [view] = await db().query<QueueRow>(`${QUEUE_SELECT} ${QUEUE_FROM} WHERE d.id = :id`, { replacements: { id: reviewed.id }, type: QueryTypes.SELECT });
  return adminView(view);
}
