import { QueryTypes, type Transaction } from 'sequelize';
import { AgentTier } from '../../db/models';
import { db } from '../../db/sequelize';
import { affiliateBalanceOf, money } from '../wallet';
import { requireAgent } from './agent';
import { currentWeekPreview } from './settlement/preview';

/**
 * Agent tiers (docs/affiliates.md): the site's agent_tiers rows ordered by sortOrder
 * ascending, the first the lowest. An agent's tier is its agentTierCode, null meaning the lowest tier.
 */

/** The site's tiers, lowest first (ties by id). */
export function tiersOf(siteCode: string, transaction?: Transaction): Promise<AgentTier[]> {
  return AgentTier.findAll({
    where: { siteCode },
    order: [
      ['sortOrder', 'ASC'],
      ['id', 'ASC'],
    ],
    transaction,
  });
}

/**
 * Locks the site's tier of that code FOR SHARE, so deleting it at the same time waits and then sees what
 * refers to it; false when the site has no such tier.
 */
export async function lockTier(siteCode: string, tierCode: string, transaction: Transaction): Promise<boolean> {
  const rows = await db().query(`SELECT id FROM agent_tiers WHERE "siteCode" = :siteCode AND "tierCode" = :tierCode FOR SHARE`, {
    replacements: { siteCode, tierCode },
    type: QueryTypes.SELECT,
    transaction,
  });
  return rows.length > 0;
}

/**
 * GET /affiliate/tier-info: the agent's current tier, the next one by sortOrder (null at the top) with
 * its minimums, and the progress toward it (totalEarned of the affiliate balance, active members this
 * week). `notAgent` for a player who is not an agent.
 */
export async function tierInfo(userId: number) {
  const agent = await requireAgent(userId);
  const [tiers, balance, week] = await Promise.all([tiersOf(agent.siteCode), affiliateBalanceOf(agent.id), currentWeekPreview(agent.id)]);
  const code = agent.agentTierCode ?? tiers[0]?.tierCode ?? null;
  const index = tiers.findIndex((t) => t.tierCode === code);
  const current = index >= 0 ? tiers[index] : null;
  const next = index >= 0 ? (tiers[index + 1] ?? null) : null;
  return {
    currentTier: current ? { tierCode: current.tierCode, tierName: current.tierName } : null,
    nextTier: next
      ? { tierCode: next.tierCode, tierName: next.tierName, minTotalEarned: money(next.minTotalEarned), minActiveMembers: next.minActiveMembers }
      : null,
    progress: { totalEarned: money(balance.totalEarned), activeMembers: week.activeMemberCount },
  };
}
