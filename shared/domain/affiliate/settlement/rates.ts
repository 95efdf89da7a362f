/**
 * The commission rate of a line (docs/affiliates.md, "Settlement"): the site's enabled rate for (agent's
 * tier, level, game type), else (tier, level, no game type), else (the site's lowest tier, level, no game
 * type), else 0. An agent without a tier ("agentTierCode" null) is on the lowest tier: the tier of the
 * smallest sortOrder in agent_tiers of the site.
 */

/** CTEs `lowest` (the site's lowest tier code, one row or none) and `rates` (the site's enabled rates). Needs :siteCode. */
export const RATE_CTES = `
  lowest AS (SELECT "tierCode" FROM agent_tiers WHERE "siteCode" = :siteCode ORDER BY "sortOrder", id LIMIT 1),
  rates AS MATERIALIZED (
    SELECT "agentTier", "agentLevel", "gameType", "commissionRate" FROM affiliate_commission_rates
     WHERE "siteCode" = :siteCode AND enabled = 1)`;

/** The tier an agent is on, from a users row aliased `alias`. */
export const agentTierSql = (alias: string) => `COALESCE(${alias}."agentTierCode", (SELECT "tierCode" FROM lowest))`;

/**
 * LEFT JOINs r1..r3 for a row with the agent's tier `tier`, the level `level` and the game type `gameType`
 * (SQL expressions), and the resolved rate expression (NUMERIC(5,2), 0 when none applies).
 */
export function rateLookup(tier: string, level: string, gameType: string): { joins: string; rate: string } {
  return {
    joins: `
      LEFT JOIN rates r1 ON r1."agentTier" = ${tier} AND r1."agentLevel" = ${level} AND r1."gameType" = ${gameType}
      LEFT JOIN rates r2 ON r2."agentTier" = ${tier} AND r2."agentLevel" = ${level} AND r2."gameType" IS NULL
      LEFT JOIN rates r3 ON r3."agentTier" = (SELECT "tierCode" FROM lowest) AND r3."agentLevel" = ${level} AND r3."gameType" IS NULL`,
    rate: `COALESCE(r1."commissionRate", r2."commissionRate", r3."commissionRate", 0)::numeric(5,2)`,
  };
}
