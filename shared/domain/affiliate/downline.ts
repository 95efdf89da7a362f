import { pagedRows } from '../common';
import { requireAgent } from './agent';

/**
 * GET /affiliate/downline: the agent's members of levels 1 to 3 (or one level), newest
 * registration first: items {userId, account, level, registeredAt}, pagination. `notAgent` for a player who is not an agent.
 */
export async function listDownline(userId: number, filter: { page: number; pageSize: number; level?: number }) {
  const agent = await requireAgent(userId);
  const levels = filter.level ? [filter.level] : [1, 2, 3];
  const { rows, pagination } = await pagedRows<{ userId: number; account: string; level: number; registeredAt: Date }>(
    {
      select: `id AS "userId", account,
               CASE WHEN "level1AgentId" = :agentId THEN 1 WHEN "level2AgentId" = :agentId THEN 2 ELSE 3 END AS level,
               "createdAt" AS "registeredAt"`,
      from: 'users',
      where: ['"siteCode" = :siteCode', `(${levels.map((l) => `"level${l}AgentId" = :agentId`).join(' OR ')})`],
      orderBy: '"createdAt" DESC, id DESC',
    },
    { siteCode: agent.siteCode, agentId: agent.id },
    filter,
  );
  return { items: rows, pagination };
}
