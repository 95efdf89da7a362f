import { QueryTypes, type Transaction } from 'sequelize';
import { db } from '../../../db/sequelize';

/**
 * Automatic tier moves at settlement (docs/affiliates.md, "Settlement"): each agent settled by this run
 * (aff_new, with its figures in aff_totals) whose tier is not locked ("agentTierLocked" = 0) moves to the
 * highest tier of the site (largest sortOrder) whose minTotalEarned <= the agent's affiliate totalEarned
 * and minActiveMembers <= the run's activeMemberCount, when that tier ranks above its current one (no
 * tier or an unknown code ranks as the lowest). Never down. Returns how many agents moved.
 */
export async function upgradeTiers(transaction: Transaction, replacements: Record<string, unknown>): Promise<number> {
  const [moved] = await db().query<{ moved: number }>(
    `WITH tiers AS (SELECT "tierCode", "minTotalEarned", "minActiveMembers", "sortOrder", id FROM agent_tiers WHERE "siteCode" = :siteCode),
     lowest AS (SELECT "sortOrder" FROM tiers ORDER BY "sortOrder", id LIMIT 1),
     targets AS (
       SELECT u.id,
              COALESCE((SELECT "sortOrder" FROM tiers WHERE "tierCode" = u."agentTierCode"), (SELECT "sortOrder" FROM lowest)) AS current,
              best."tierCode", best."sortOrder"
         FROM aff_new n
         JOIN aff_totals t ON t."agentId" = n."agentId"
         JOIN users u ON u.id = n."agentId" AND u."agentTierLocked" = 0
         LEFT JOIN affiliate_accounts acc ON acc."userId" = u.id
         CROSS JOIN LATERAL (
           SELECT "tierCode", "sortOrder" FROM tiers
            WHERE "minTotalEarned" <= COALESCE(acc."totalEarned", 0) AND "minActiveMembers" <= t."activeMemberCount"
            ORDER BY "sortOrder" DESC, id DESC LIMIT 1) best),
     moved AS (
       UPDATE users u SET "agentTierCode" = tg."tierCode", "updatedAt" = now()
         FROM targets tg
        WHERE u.id = tg.id AND tg."sortOrder" > tg.current
       RETURNING u.id)
     SELECT COUNT(*)::integer AS moved FROM moved`,
    { replacements, type: QueryTypes.SELECT, transaction },
  );
  return moved.moved;
}
