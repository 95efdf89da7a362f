import { QueryTypes, type Transaction } from 'sequelize';
import { db } from '../../../db/sequelize';
import type { FlagStatus } from '../flags';

/** The statements over kyc_flags: the under-age flag, the freeze it shows, the operators' list and decision. */

/** Adds the player's open under-age flag unless one freezes the player already (kyc_freeze_refusal). */
export async function insertUnderAgeFlag(
  transaction: Transaction,
  siteCode: string,
  userId: number,
  detail: { dateOfBirth: string; minimumAge: number },
): Promise<void> {
  await db().query(
    `INSERT INTO kyc_flags ("siteCode", "userId", reason, detail)
       SELECT :siteCode, :userId, 'under-age', CAST(:detail AS JSONB)
        WHERE kyc_freeze_refusal(:userId) IS NULL`,
    { replacements: { siteCode, userId, detail: JSON.stringify(detail) }, transaction },
  );
}

/** The player's first open or confirmed under-age flag: its status and since when. */
export async function freezingFlag(userId: number): Promise<{ status: 'open' | 'confirmed'; since: Date } | undefined> {
  const [row] = await db().query<{ status: 'open' | 'confirmed'; since: Date }>(
    `SELECT status, "createdAt" AS since FROM kyc_flags
      WHERE "userId" = :userId AND reason = 'under-age' AND status IN ('open', 'confirmed') ORDER BY id LIMIT 1`,
    { replacements: { userId }, type: QueryTypes.SELECT },
  );
  return row;
}

export interface FlagRow {
  id: number;
  userId: number;
  account: string;
  reason: string;
  detail: unknown;
  status: FlagStatus;
  createdAt: Date;
  decidedBy: number | null;
  decidedAt: Date | null;
  decisionReason: string | null;
}

const FLAG_SELECT = `SELECT f.id, f."userId", u.account, f.reason, f.detail, f.status, f."createdAt", f."decidedBy", f."decidedAt", f."decisionReason"
  FROM kyc_flags f JOIN users u ON u.id = f."userId"`;

/** The site's flags of a status (of one player, when given), oldest first, one page, and how many there are. */
export async function flagRows(
  siteCode: string,
  filter: { status: FlagStatus; userId?: number; limit: number; offset: number },
): Promise<{ total: number; items: FlagRow[] }> {
  const where = `WHERE f."siteCode" = :siteCode AND f.status = :status${filter.userId !== undefined ? ` AND f."userId" = :userId` : ''}`;
  const replacements = { siteCode, status: filter.status, userId: filter.userId ?? null, limit: filter.limit, offset: filter.offset };
  const [{ total }] = await db().query<{ total: number }>(`SELECT count(*)::int AS total FROM kyc_flags f ${where}`, { replacements, type: QueryTypes.SELECT });
  const items = await db().query<FlagRow>(`${FLAG_SELECT} ${where} ORDER BY f.id ASC LIMIT :limit OFFSET :offset`, { replacements, type: QueryTypes.SELECT });
  return { total, items };
}

/** The player of the site's flag `id`. */
export async function flagOwner(siteCode: string, id: number): Promise<{ userId: number } | undefined> {
  const [found] = await db().query<{ userId: number }>(`SELECT "userId" FROM kyc_flags WHERE id = :id AND "siteCode" = :siteCode`, {
    replacements: { id, siteCode },
    type: QueryTypes.SELECT,
  });
  return found;
}

/**
 * Decides the player's open flag `id`, and with it the player's other open under-age flags when `id` is
 * one; answers the flags decided (none when `id` was not open).
 */
export async function decideOpenFlags(
  transaction: Transaction,
  decision: { id: number; userId: number; status: FlagStatus; adminId: number | null; reason: string },
): Promise<Array<{ id: number }>> {
  return db().query<{ id: number }>(
    `UPDATE kyc_flags SET status = :status, "decidedBy" = :adminId, "decidedAt" = now(), "decisionReason" = :reason
        WHERE "userId" = :userId AND status = 'open'
          AND (id = :id OR (reason = 'under-age' AND EXISTS (SELECT 1 FROM kyc_flags o WHERE o.id = :id AND o.status = 'open' AND o.reason = 'under-age')))
        RETURNING id`,
    { replacements: { ...decision }, type: QueryTypes.SELECT, transaction },
  );
}

/** The flag `id` with its player's account. */
export async function flagRowOf(id: number): Promise<FlagRow> {
  const [row] = await db().query<FlagRow>(`${FLAG_SELECT} WHERE f.id = :id`, { replacements: { id }, type: QueryTypes.SELECT });
  return row;
}
