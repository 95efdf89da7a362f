import { QueryTypes, type Transaction } from 'sequelize';
import { db } from '../../db/sequelize';

/**
 * The bonus area's tables (bonus_grants, bonus_ledger; no Sequelize model: docs/architecture.md, "Areas")
 * and its database functions (shared/db/functions/bonus/grants.sql), reached only through this module.
 */

export const GRANT_STATUSES = ['active', 'converted', 'forfeited', 'expired'] as const;
export type GrantStatus = (typeof GRANT_STATUSES)[number];
export const GRANT_SOURCES = ['promotion', 'deposit-offer', 'operator', 'vip'] as const;
export type GrantSource = (typeof GRANT_SOURCES)[number];

export interface GrantRow {
  id: string;
  siteCode: string;
  userId: number;
  source: GrantSource;
  amount: string;
  balance: string;
  wageringRequired: string;
  wagered: string;
  maxBet: string | null;
  maxConversion: string | null;
  expiresAt: Date;
  status: GrantStatus;
  reason: string;
  grantedBy: number | null;
  convertedAmount: string | null;
  forfeitedAmount: string | null;
  endReason: string | null;
  endedBy: number | null;
  endedAt: Date | null;
  createdAt: Date;
}

export interface NewGrant {
  site: string;
  userId: number;
  source: GrantSource;
  amount: string;
  wageringRequired: string;
  maxBet: string | null;
  maxConversion: string | null;
  expiresAt: Date;
  reason: string;
  grantedBy: number | null;
  /** The deposit offer the grant is of (one grant per player and offer). */
  offerId?: string | null;
}

/** bonus_grant: answers the new grant's id, or its refusal (playerNotFound, grantActive). */
export async function insertGrant(t: Transaction, g: NewGrant): Promise<{ refusal: string | null; grantId: string | null }> {
  const [row] = await db().query<{ refusal: string | null; grant_id: string | null }>(
    'SELECT refusal, grant_id FROM bonus_grant($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)',
    {
      bind: [g.site, g.userId, g.source, g.amount, g.wageringRequired, g.maxBet, g.maxConversion, g.expiresAt, g.reason, g.grantedBy, g.offerId ?? null],
      type: QueryTypes.SELECT,
      transaction: t,
    },
  );
  return { refusal: row.refusal, grantId: row.grant_id };
}

/** bonus_forfeit: the amount forfeited, or the refusal (grantNotFound, grantEnded). */
export async function forfeitGrantRow(
  t: Transaction,
  f: { site: string; grantId: number; userId: number | null; reason: string; by: number | null },
): Promise<{ refusal: string | null; forfeited: string | null }> {
  const [row] = await db().query<{ refusal: string | null; forfeited: string | null }>('SELECT refusal, forfeited FROM bonus_forfeit($1, $2, $3, $4, $5)', {
    bind: [f.site, f.grantId, f.userId, f.reason, f.by],
    type: QueryTypes.SELECT,
    transaction: t,
  });
  return row;
}

/** bonus_forfeit_all: every active grant of the player forfeited; the total. */
export async function forfeitAllRows(t: Transaction, userId: number, reason: string): Promise<string> {
  const [row] = await db().query<{ total: string }>('SELECT bonus_forfeit_all($1, $2)::TEXT AS total', {
    bind: [userId, reason],
    type: QueryTypes.SELECT,
    transaction: t,
  });
  return row.total;
}

/** The player's active grants, locked (after the player's row: the caller holds it). */
export async function lockActiveGrants(t: Transaction, userId: number): Promise<GrantRow[]> {
  return db().query<GrantRow>(`SELECT * FROM bonus_grants WHERE "userId" = $1 AND status = 'active' ORDER BY id FOR NO KEY UPDATE`, {
    bind: [userId],
    type: QueryTypes.SELECT,
    transaction: t,
  });
}

export async function grantById(site: string, id: number, transaction?: Transaction): Promise<GrantRow | undefined> {
  const [row] = await db().query<GrantRow>('SELECT * FROM bonus_grants WHERE id = $1 AND "siteCode" = $2', {
    bind: [id, site],
    type: QueryTypes.SELECT,
    transaction,
  });
  return row;
}

/** The site's grants, newest first, by player and status; with their count. */
export async function grantRows(
  site: string,
  filter: { userId?: number; status?: GrantStatus; limit: number; offset: number },
): Promise<{ total: number; rows: GrantRow[] }> {
  const where = ['"siteCode" = $1', '($2::INTEGER IS NULL OR "userId" = $2)', '($3::TEXT IS NULL OR status = $3)'].join(' AND ');
  const bind = [site, filter.userId ?? null, filter.status ?? null];
  const [count] = await db().query<{ total: string }>(`SELECT count(*) AS total FROM bonus_grants WHERE ${where}`, { bind, type: QueryTypes.SELECT });
  const rows = await db().query<GrantRow>(`SELECT * FROM bonus_grants WHERE ${where} ORDER BY id DESC LIMIT $4 OFFSET $5`, {
    bind: [...bind, filter.limit, filter.offset],
    type: QueryTypes.SELECT,
  });
  return { total: Number(count.total), rows };
}

/** The player's grants (of the site), newest first, at most `limit`. */
export async function playerGrantRows(site: string, userId: number, limit: number): Promise<GrantRow[]> {
  return db().query<GrantRow>('SELECT * FROM bonus_grants WHERE "siteCode" = $1 AND "userId" = $2 ORDER BY id DESC LIMIT $3', {
    bind: [site, userId, limit],
    type: QueryTypes.SELECT,
  });
}

export async function bonusBalanceOf(userId: number): Promise<string | null> {
  const [row] = await db().query<{ bonusBalance: string }>('SELECT "bonusBalance" FROM users WHERE id = $1', { bind: [userId], type: QueryTypes.SELECT });
  return row?.bonusBalance ?? null;
}

/** Active grants past their expiry, oldest first, at most `limit` (the expiry job). */
export async function dueGrantIds(limit: number): Promise<string[]> {
  const rows = await db().query<{ id: string }>(
    `SELECT id FROM bonus_grants WHERE status = 'active' AND "expiresAt" <= now() ORDER BY "expiresAt", id LIMIT $1`,
    {
      bind: [limit],
      type: QueryTypes.SELECT,
    },
  );
  return rows.map((r) => r.id);
}

/** bonus_expire in its own transaction: the amount expired, or null (ended first, or not due). */
export async function expireGrantRow(id: string): Promise<string | null> {
  const [row] = await db().query<{ expired: string | null }>('SELECT bonus_expire($1)::TEXT AS expired', { bind: [id], type: QueryTypes.SELECT });
  return row.expired;
}
