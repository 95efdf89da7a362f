import { QueryTypes } from 'sequelize';
import { db } from '../../../db/sequelize';
import type { DocumentKind, DocumentRow, DocumentState } from '../documents';
import { DOCUMENT_COLUMNS } from './documents';

/**
 * The review queue's reads: the site's documents (kyc_documents) with the player's account and level
 * (kyc_level), the profile (kyc_profiles) and whether the player is flagged (kyc_flags).
 */
export interface QueueRow extends DocumentRow {
  account: string;
  level: number;
  legalName: string | null;
  dateOfBirth: string | null;
  country: string | null;
  address: string | null;
  flagged: boolean;
}

export interface QueueRowsFilter {
  state: DocumentState;
  level?: number;
  userId?: number;
  kind?: DocumentKind;
  limit: number;
  offset: number;
}

const STATE_SQL: Record<DocumentState, string> = {
  pending: `d.status = 'pending'`,
  approved: `d.status = 'approved' AND d."expiresAt" > now()`,
  rejected: `d.status = 'rejected'`,
  expired: `d.status = 'approved' AND d."expiresAt" <= now()`,
};

/** A queue row: the document, its player's account and level, the profile and whether the player is flagged. */
const QUEUE_SELECT = `SELECT ${DOCUMENT_COLUMNS}, u.account, kyc_level(d."userId") AS level, p."legalName", to_char(p."dateOfBirth", 'YYYY-MM-DD') AS "dateOfBirth",
            p.country, p.address, EXISTS (SELECT 1 FROM kyc_flags f WHERE f."userId" = d."userId") AS flagged`;
const QUEUE_FROM = `FROM kyc_documents d
  JOIN users u ON u.id = d."userId"
  LEFT JOIN kyc_profiles p ON p."userId" = d."userId"`;

/** The site's documents in the state, oldest first, one page, and how many there are. */
export async function queueRows(siteCode: string, filter: QueueRowsFilter): Promise<{ total: number; rows: QueueRow[] }> {
  const conditions = [`d."siteCode" = :siteCode`, STATE_SQL[filter.state]];
  if (filter.userId !== undefined) conditions.push(`d."userId" = :userId`);
  if (filter.kind !== undefined) conditions.push(`d.kind = :kind`);
  if (filter.level !== undefined) conditions.push(`kyc_level(d."userId") = :level`);
  const where = `WHERE ${conditions.join(' AND ')}`;
  const replacements = {
    siteCode,
    userId: filter.userId ?? null,
    kind: filter.kind ?? null,
    level: filter.level ?? null,
    limit: filter.limit,
    offset: filter.offset,
  };
  const [{ total }] = await db().query<{ total: number }>(`SELECT count(*)::int AS total ${QUEUE_FROM} ${where}`, { replacements, type: QueryTypes.SELECT });
  const rows = await db().query<QueueRow>(`${QUEUE_SELECT} ${QUEUE_FROM} ${where} ORDER BY d.id ASC LIMIT :limit OFFSET :offset`, {
    replacements,
    type: QueryTypes.SELECT,
  });
  return { total, rows };
}

/** The queue row of document `id`. */
export async function queueRowOf(id: number): Promise<QueueRow> {
  const [view] = await db().query<QueueRow>(`${QUEUE_SELECT} ${QUEUE_FROM} WHERE d.id = :id`, { replacements: { id }, type: QueryTypes.SELECT });
  return view;
}
