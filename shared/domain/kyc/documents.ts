import { config } from '../../config';
import { db } from '../../db/sequelize';
import { Refusal } from '../../errors';
import { openObject, type StoredObject } from '../../integrations/storage';
import { uniqueAs } from '../common';
import { IMAGE_FORMATS, storeImages, type ImageFormat, type PreparedImage } from '../uploads';
import { documentFileRow, documentRowsOf, hasPendingDocument, insertDocument } from './queries/documents';
import { hasProfile } from './queries/profiles';

/**
 * KYC documents (docs/kyc.md, "Documents"): one image per upload, through the private upload pipeline
 * (shared/domain/uploads/images.ts: the bytes decide the type, re-encoded, metadata stripped, stored
 * under a random key, never public). A player has at most one pending document per kind (the partial
 * unique index decides between two uploads at once: `kyc.documentPending`); after a rejection or an
 * expiry, or to renew an approved one, the player uploads again. A document is served only to its owner
 * (GET /kyc/documents/:id/file) and to operators with kyc:read on its site
 * (GET /kyc/admin/documents/:id/file); anything else is `kyc.documentNotFound`, whether it exists or not.
 */
export const DOCUMENT_KINDS = ['id-front', 'id-back', 'selfie', 'address-proof'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
/** A document's state as players and operators see it: an approved one past its expiry is `expired`. */
export type DocumentState = 'pending' | 'approved' | 'rejected' | 'expired';
export const DOCUMENT_STATES: readonly DocumentState[] = ['pending', 'approved', 'rejected', 'expired'];

/** The multipart field of the image. */
export const DOCUMENT_FILE_FIELD = 'file';

export interface DocumentRow {
  id: number;
  siteCode: string;
  userId: number;
  kind: DocumentKind;
  storageKey: string;
  status: 'pending' | 'approved' | 'rejected';
  reason: string | null;
  expiresAt: Date | null;
  reviewedBy: number | null;
  reviewedAt: Date | null;
  createdAt: Date;
}

export const stateOf = (row: Pick<DocumentRow, 'status' | 'expiresAt'>, now = new Date()): DocumentState =>
  row.status === 'approved' && row.expiresAt && row.expiresAt.getTime() <= now.getTime() ? 'expired' : row.status;

/** A document as its owner sees it (no storage key: the file is behind the authenticated endpoint). */
export function playerDocumentView(row: DocumentRow) {
  return {
    id: row.id,
    kind: row.kind,
    status: stateOf(row),
    reason: row.reason,
    expiresAt: row.expiresAt,
    createdAt: row.createdAt,
    reviewedAt: row.reviewedAt,
    fileUrl: documentFileUrl('player', row.id),
  };
}

export function documentFileUrl(audience: 'player' | 'admin', id: number): string {
  const base = `${config().publicBaseUrl.replace(/\/+$/, '')}/api/kyc`;
  return audience === 'player' ? `${base}/documents/${id}/file` : `${base}/admin/documents/${id}/file`;
}

/** The player's documents, newest first. */
export async function documentsOf(userId: number): Promise<DocumentRow[]> {
  return documentRowsOf(userId);
}

const pending = () => new Refusal('kyc.documentPending');

/**
 * POST /kyc/documents: the image (field `file`, required by the endpoint's upload declaration) of one
 * kind; `kyc.profileRequired` before the player's profile is stored (documents are reviewed against it,
 * and a profile is never deleted, so this is read once); `kyc.documentPending` when one of that kind
 * waits for review. The image is stored before the row and removed again if the row is refused. Answers
 * the document as the player sees it.
 */
export async function uploadDocument(siteCode: string, userId: number, kind: DocumentKind, image: PreparedImage) {
  if (!(await hasProfile(userId))) throw new Refusal('kyc.profileRequired');
  if (await hasPendingDocument(userId, kind)) throw pending();
  const owner = { kind: 'kyc-document', visibility: 'private', siteCode, ownerUserId: userId } as const;
  const row = await storeImages<DocumentRow>(
    [image],
    owner,
    (work) => db().transaction(work),
    async (transaction, [stored]) => {
      await db().query(`SELECT 1 FROM users WHERE id = :userId FOR NO KEY UPDATE`, { replacements: { userId }, transaction });
      const [inserted] = await uniqueAs(pending, () => insertDocument(transaction, { siteCode, userId, kind, storageKey: stored.storageKey }));
      return inserted;
    },
  );
  return playerDocumentView(row);
}

/** Who may see a document's file: its owner, or an operator of its site. */
export type DocumentViewer = { player: number } | { admin: true };

/** The document's image (a stream from storage) and type, for GET /kyc/documents/:id/file and its operators' twin. */
export async function documentFile(viewer: DocumentViewer, siteCode: string, id: number): Promise<StoredObject & { contentType: string }> {
  const row = await documentFileRow(siteCode, id, 'player' in viewer ? viewer.player : null);
  if (!row) throw new Refusal('kyc.documentNotFound');
  const stored = await openObject(row.storageKey);
  if (!stored) throw new Refusal('kyc.documentNotFound', 'the file is missing from storage');
  return { ...stored, contentType: IMAGE_FORMATS[(row.format ?? 'jpeg') as ImageFormat].contentType };
}
