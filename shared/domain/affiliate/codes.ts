import { QueryTypes, type Transaction } from 'sequelize';
import { db } from '../../db/sequelize';

/**
 * The codes a player registers or clicks through (docs/affiliates.md): an agent's agentCode (unique in
 * its site, matched exactly) or one of its enabled referral codes (globally unique, matched without
 * regard to case). The two never collide: creating either refuses a text equal (ignoring case) to a
 * referral code anywhere or to an agentCode of the site, under one advisory lock per lower-cased text.
 */

/** What a code resolves to: the agent, its own upline (the new member's levels 2 and 3), and the referral code if one. */
export interface ResolvedCode {
  agentId: number;
  agentLevel1: number | null;
  agentLevel2: number | null;
  referralCodeId: number | null;
}

/** Serializes the creation of codes with this text (any case) until the transaction ends. */
export async function lockCodeText(code: string, transaction: Transaction): Promise<void> {
  await db().query(`SELECT pg_advisory_xact_lock(hashtext('affiliate-code:' || lower(:code)))`, { replacements: { code }, transaction });
}

/** True when the text (ignoring case) is a referral code anywhere or an agentCode of the site. */
export async function codeTaken(siteCode: string, code: string, transaction: Transaction): Promise<boolean> {
  const [row] = await db().query<{ taken: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM referral_codes WHERE lower(code) = lower(:code))
         OR EXISTS (SELECT 1 FROM users WHERE "siteCode" = :siteCode AND lower("agentCode") = lower(:code)) AS taken`,
    { replacements: { siteCode, code }, type: QueryTypes.SELECT, transaction },
  );
  return row.taken;
}

interface Row {
  agentId: number;
  level1AgentId: number | null;
  level2AgentId: number | null;
  referralCodeId: number | null;
}

const toResolved = (row: Row | undefined): ResolvedCode | null =>
  row ? { agentId: row.agentId, agentLevel1: row.level1AgentId, agentLevel2: row.level2AgentId, referralCodeId: row.referralCodeId } : null;

/**
 * The agent a code of the site names: the agentCode first (exact), else an enabled referral code
 * (ignoring case) of an agent of the same site; null when neither. With `lock` (inside a registration's
 * transaction) the agent row is locked FOR SHARE, so a concurrent re-binding of the agent waits and
 * then rewires the new member too, and the referral code FOR UPDATE, so it is not deleted meanwhile.
 */
export async function resolveCode(siteCode: string, code: string, options: { transaction?: Transaction; lock?: boolean } = {}): Promise<ResolvedCode | null> {
  const { transaction, lock = false } = options;
  const [byAgentCode] = await db().query<Row>(
    `SELECT id AS "agentId", "level1AgentId", "level2AgentId", NULL::int AS "referralCodeId"
       FROM users WHERE "siteCode" = :siteCode AND "agentCode" = :code ${lock ? 'FOR SHARE' : ''}`,
    { replacements: { siteCode, code }, type: QueryTypes.SELECT, transaction },
  );
  if (byAgentCode) return toResolved(byAgentCode);
  const [byReferral] = await db().query<Row>(
    `SELECT u.id AS "agentId", u."level1AgentId", u."level2AgentId", rc.id AS "referralCodeId"
       FROM referral_codes rc JOIN users u ON u.id = rc."agentId" AND u."siteCode" = rc."siteCode" AND u."agentCode" IS NOT NULL
      WHERE lower(rc.code) = lower(:code) AND rc."siteCode" = :siteCode AND rc.enabled = 1
      ${lock ? 'FOR UPDATE OF rc FOR SHARE OF u' : ''}`,
    { replacements: { siteCode, code }, type: QueryTypes.SELECT, transaction },
  );
  return toResolved(byReferral);
}
