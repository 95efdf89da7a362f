import { QueryTypes } from 'sequelize';
import { db } from '../../db/sequelize';
import { affiliateBalanceOf } from '../wallet';
import { requireAgent } from './agent';
import { currentWeekPreview } from './settlement/preview';

/** How many members the agent has on each level. */
async function downlineCounts(agentId: number, siteCode: string): Promise<{ level1: number; level2: number; level3: number }> {
  const [row] = await db().query<{ level1: string; level2: string; level3: string }>(
    `SELECT COUNT(*) FILTER (WHERE "level1AgentId" = :agentId)::text AS level1,
            COUNT(*) FILTER (WHERE "level2AgentId" = :agentId)::text AS level2,
            COUNT(*) FILTER (WHERE "level3AgentId" = :agentId)::text AS level3
       FROM users
      WHERE "siteCode" = :siteCode AND ("level1AgentId" = :agentId OR "level2AgentId" = :agentId OR "level3AgentId" = :agentId)`,
    { replacements: { agentId, siteCode }, type: QueryTypes.SELECT },
  );
  return { level1: Number(row.level1), level2: Number(row.level2), level3: Number(row.level3) };
}

/**
 * GET /affiliate/dashboard: agentCode; members per level; the commission balance; this
 * week's active members, net loss and the commission a weekly run would pay for it so far (the run's own
 * SQL, settlement/preview.ts). `notAgent` for a player who is not an agent.
 */
export async function agentDashboard(userId: number) {
  const agent = await requireAgent(userId);
  const [totalDownline, balance, thisWeek] = await Promise.all([
    downlineCounts(agent.id, agent.siteCode),
    affiliateBalanceOf(agent.id),
    currentWeekPreview(agent.id),
  ]);
  return { agentCode: agent.agentCode, totalDownline, balance, thisWeek };
}
