import { QueryTypes, type Transaction } from 'sequelize';
import { db } from '../../../db/sequelize';
import { PERIOD_END_SQL } from './net-loss';

/**
 * Risk rules of a settlement run (docs/affiliates.md, "Risk review"), over the settlements this run just
 * created (temp table aff_new: id, agentId) and their lines (aff_lines). The people judged: the agent and
 * its ACTIVE members of the period. Their identifiers: the registration ip and device (users.registerIp,
 * registerDevice) and every LOGIN's ip and device (user_login_logs) up to the end of the period, so a
 * run repeated later judges the same evidence. Empty values are ignored.
 * - same_ip / same_device: one value shared by two or more active members of the agent;
 * - agent_member_ip / agent_member_device: one value of the agent's shared by one or more active members.
 * One risk log per (settlement, rule, value), detail {ip | device, memberIds[, agentId]}; a settlement with
 * any log gets riskFlagged 1 and, when pending, becomes pendingReview (a statement stays a statement).
 * Returns how many settlements were flagged.
 */
export async function flagRisks(transaction: Transaction, replacements: Record<string, unknown>): Promise<number> {
  await db().query(
    `CREATE TEMP TABLE aff_idents ON COMMIT DROP AS
     WITH people AS (
       SELECT DISTINCT n.id AS "settlementId", n."agentId", l."memberId" AS "userId", false AS "isAgent"
         FROM aff_new n JOIN aff_lines l ON l."agentId" = n."agentId" AND l.bets > 0
       UNION ALL
       SELECT n.id, n."agentId", n."agentId", true FROM aff_new n)
     SELECT p."settlementId", p."agentId", p."userId", p."isAgent", 'ip' AS kind, u."registerIp" AS value
       FROM people p JOIN users u ON u.id = p."userId" WHERE COALESCE(u."registerIp", '') <> ''
     UNION
     SELECT p."settlementId", p."agentId", p."userId", p."isAgent", 'device', u."registerDevice"
       FROM people p JOIN users u ON u.id = p."userId" WHERE COALESCE(u."registerDevice", '') <> ''
     UNION
     SELECT p."settlementId", p."agentId", p."userId", p."isAgent", 'ip', g.ip
       FROM people p JOIN user_login_logs g ON g."userId" = p."userId"
      WHERE g.action = 'LOGIN' AND g.ip <> '' AND g."createdAt" < ${PERIOD_END_SQL}
     UNION
     SELECT p."settlementId", p."agentId", p."userId", p."isAgent", 'device', g.device
       FROM people p JOIN user_login_logs g ON g."userId" = p."userId"
      WHERE g.action = 'LOGIN' AND g.device <> '' AND g."createdAt" < ${PERIOD_END_SQL}`,
    { replacements, transaction },
  );
  const [flagged] = await db().query<{ flagged: number }>(
    `WITH shared AS (
       SELECT "settlementId", "agentId", kind, value,
              bool_or("isAgent") AS "withAgent",
              array_agg(DISTINCT "userId" ORDER BY "userId") FILTER (WHERE NOT "isAgent") AS members
         FROM aff_idents GROUP BY "settlementId", "agentId", kind, value),
     hits AS (
       SELECT "settlementId", 'same_' || kind AS "ruleType", jsonb_build_object(kind, value, 'memberIds', to_jsonb(members)) AS detail
         FROM shared WHERE cardinality(members) >= 2
       UNION ALL
       SELECT "settlementId", 'agent_member_' || kind, jsonb_build_object(kind, value, 'agentId', "agentId", 'memberIds', to_jsonb(members))
         FROM shared WHERE "withAgent" AND cardinality(members) >= 1),
     logged AS (
       INSERT INTO affiliate_risk_logs ("settlementId", "siteCode", "ruleType", detail)
       SELECT "settlementId", :siteCode, "ruleType", detail FROM hits ORDER BY "settlementId", "ruleType", detail::text
       RETURNING "settlementId"),
     marked AS (
       UPDATE affiliate_settlements SET status = CASE status WHEN 'pending' THEN 'pendingReview' ELSE status END, "riskFlagged" = 1, "updatedAt" = now()
        WHERE id IN (SELECT "settlementId" FROM logged)
       RETURNING id)
     SELECT COUNT(*)::integer AS flagged FROM marked`,
    { replacements, type: QueryTypes.SELECT, transaction },
  );
  return flagged.flagged;
}
