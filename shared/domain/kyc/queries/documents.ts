import { QueryTypes, type Transaction } from 'sequelize';
import { db } from '../../../db/sequelize';
import type { DocumentKind, DocumentRow } from '../documents';

/**
 * The statements over kyc_documents: the player's uploads, their files, the review's decision and the
 * decision mail's mark. The review queue's reads are in review-queue.ts.
 */
export const DOCUMENT_COLUMNS = `d.id, d."siteCode", d."userId", d.kind, d."storageKey", d.status, d.reason, d."expiresAt", d."reviewedBy", d."reviewedAt", d."createdAt"`;

/** The player's documents, newest first. */
export async function documentRowsOf(userId: number): Promise<DocumentRow[]> {
  return db().query<DocumentRow>(`SELECT ${DOCUMENT_COLUMNS} FROM kyc_documents d WHERE d."userId" = :userId ORDER BY d.id DESC`, {
    replacements: { userId },
    type: QueryTypes.SELECT,
  });
}

/** Whether the player has a document of `kind` waiting for review. */
export async function hasPendingDocument(userId: number, kind: DocumentKind): Promise<boolean> {
  const [waiting] = await db().query(`SELECT 1 FROM kyc_documents WHERE "userId" = :userId AND kind = :kind AND status = 'pending'`, {
    replacements: { userId, kind },
    type: QueryTypes.SELECT,
  });
  return Boolean(waiting);
}

/** Adds a pending document (the partial unique index refuses a second pending one of the kind). */
export async function insertDocument(
  transaction: Transaction,
  row: { siteCode: string; userId: number; kind: DocumentKind; storageKey: string },
): Promise<DocumentRow[]> {
  return db().query<DocumentRow>(
    `INSERT INTO kyc_documents AS d ("siteCode", "userId", kind, "storageKey") VALUES (:siteCode, :userId, :kind, :storageKey) RETURNING ${DOCUMENT_COLUMNS}`,
    { replacements: row, type: QueryTypes.SELECT, transaction },
  );
}

/** The storage key and image format of the site's document `id` (of `userId` only, when given). */
export async function documentFileRow(siteCode: string, id: number, userId: number | null): Promise<{ storageKey: string; format: string | null } | undefined> {
  const owner = userId !== null ? ` AND d."userId" = :userId` : '';
  const [row] = await db().query<{ storageKey: string; format: string | null }>(
    `SELECT d."storageKey", i.format FROM kyc_documents d LEFT JOIN uploaded_images i ON i."storageKey" = d."storageKey"
      WHERE d.id = :id AND d."siteCode" = :siteCode${owner}`,
    { replacements: { id, siteCode, userId }, type: QueryTypes.SELECT },
  );
  return row;
}

/** The count of the player's pending or approved unexpired documents while the player has a profile. */
export async function heldDocumentCount(transaction: Transaction, userId: number): Promise<number> {
  const [held] = await db().query<{ n: number }>(
    `SELECT count(*)::int AS n FROM kyc_documents d
        WHERE d."userId" = :userId AND (d.status = 'pending' OR (d.status = 'approved' AND d."expiresAt" > now()))
          AND EXISTS (SELECT 1 FROM kyc_profiles p WHERE p."userId" = d."userId")`,
    { replacements: { userId }, type: QueryTypes.SELECT, transaction },
  );
  return held.n;
}

export interface DecisionWrite {
  id: number;
  siteCode: string;
  status: 'approved' | 'rejected';
  reason: string | null;
  adminId: number | null;
  approve: boolean;
  expiresAt: string | null;
  days: number;
}

/**
 * Decides the site's pending document `id` (one conditional UPDATE: of two decisions at once one wins);
 * an approval expires after `expiresAt` (UTC), else after `days`. Undefined when it is not pending.
 */
export async function decideDocument(transaction: Transaction, decision: DecisionWrite): Promise<DocumentRow | undefined> {
  const [row] = await db().query<DocumentRow>(
    `UPDATE kyc_documents d
          SET status = :status, reason = :reason, "reviewedBy" = :adminId, "reviewedAt" = now(), "updatedAt" = now(),
              "expiresAt" = CASE WHEN :approve THEN COALESCE((CAST(:expiresAt AS DATE) + 1)::timestamp AT TIME ZONE 'UTC', now() + make_interval(days => :days)) END
        WHERE d.id = :id AND d."siteCode" = :siteCode AND d.status = 'pending'
        RETURNING ${DOCUMENT_COLUMNS}`,
    { replacements: { ...decision }, type: QueryTypes.SELECT, transaction },
  );
  return row;
}

/** Whether the site has a document `id`. */
export async function documentExists(transaction: Transaction, siteCode: string, id: number): Promise<boolean> {
  const [exists] = await db().query(`SELECT 1 FROM kyc_documents WHERE id = :id AND "siteCode" = :siteCode`, {
    replacements: { id, siteCode },
    type: QueryTypes.SELECT,
    transaction,
  });
  return Boolean(exists);
}

/** The decision a mail tells of: the player's document `documentId`, and when its mail went. */
export async function decisionMailRow(userId: number, documentId: number) {
  const [doc] = await db().query<{ kind: DocumentKind; status: string; reason: string | null; mailedAt: Date | null }>(
    `SELECT kind, status, reason, "mailedAt" FROM kyc_documents WHERE id = :documentId AND "userId" = :userId`,
    { replacements: { documentId, userId }, type: QueryTypes.SELECT },
  );
  return doc;
}

/** Marks the document's decision mail sent (or given up for good). */
export const markMailed = (documentId: number) =>
  db().query(`UPDATE kyc_documents SET "mailedAt" = now() WHERE id = :documentId AND "mailedAt" IS NULL`, { replacements: { documentId } });

/** Of the documents `ids`, those decided whose mail has not gone yet, by id. */
export async function decidedUnmailed(transaction: Transaction, ids: number[]): Promise<Array<{ id: number; userId: number }>> {
  return db().query<{ id: number; userId: number }>(
    `SELECT id, "userId" FROM kyc_documents WHERE id IN (:ids) AND status <> 'pending' AND "mailedAt" IS NULL ORDER BY id`,
    { replacements: { ids }, type: QueryTypes.SELECT, transaction },
  );
}
