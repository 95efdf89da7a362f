import { QueryTypes } from 'sequelize';
import { db } from '../../db/sequelize';
import { pageOffset, pagination } from '../common/paging';
import { requireAgent } from './agent';

/**
 * GET /affiliate/downline (Part B 4.6): the agent's members of levels 1 to 3 (or one level), newest
 * registration first: items {userId, account, level, registeredAt}, pagination. 2001 not an agent.
 */
export async function listDownline(userId: number, filter: { page: number; pageSize: number; level?: number }) {
  const agent = await requireAgent(userId);
  const levels = filter.level ? [filter.level] : [1, 2, 3];
  const where = `"siteCode" = :siteCode AND (${levels.map((l) => `"level${l}AgentId" = :agentId`).join(' OR ')})`;
  const replacements = { siteCode: agent.siteCode, agentId: agent.id };
  const [rows, [count]] = await Promise.all([
    db().query<{ userId: number; account: string; level: number; registeredAt: Date }>(
      `SELECT id AS "userId", account,
              CASE WHEN "level1AgentId" = :agentId THEN 1 WHEN "level2AgentId" = :agentId THEN 2 ELSE 3 END AS level,
              "createdAt" AS "registeredAt"
         FROM users WHERE ${where} ORDER BY "createdAt" DESC, id DESC LIMIT :limit OFFSET :offset`,
      { replacements: { ...replacements, limit: filter.pageSize, offset: pageOffset(filter.page, filter.pageSize) }, type: QueryTypes.SELECT },
    ),
    db().query<{ total: string }>(`SELECT COUNT(*)::text AS total FROM users WHERE ${where}`, { replacements, type: QueryTypes.SELECT }),
  ]);
  return { items: rows, pagination: pagination(filter.page, filter.pageSize, Number(count.total)) };
}
