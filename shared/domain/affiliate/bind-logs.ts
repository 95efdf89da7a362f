import { Op, type WhereOptions } from 'sequelize';
import { AffiliateBindLog } from '../../db/models';
import { pageOffset, pagination } from '../common';

/**
 * GET /affiliate/admin/bind-logs: the site's bind logs, newest first; `memberId` filters
 * on the member, `agentId` on either side of the change (old or new agent).
 */
export async function listBindLogs(siteCode: string, filter: { page: number; pageSize: number; memberId?: number; agentId?: number }) {
  const where: WhereOptions[] = [{ siteCode }];
  if (filter.memberId !== undefined) where.push({ memberId: filter.memberId });
  if (filter.agentId !== undefined) where.push({ [Op.or]: [{ oldAgentId: filter.agentId }, { newAgentId: filter.agentId }] });
  const { rows, count } = await AffiliateBindLog.findAndCountAll({
    where: { [Op.and]: where },
    order: [['id', 'DESC']],
    limit: filter.pageSize,
    offset: pageOffset(filter.page, filter.pageSize),
  });
  return {
    items: rows.map((r) => ({
      id: Number(r.id),
      memberId: r.memberId,
      oldAgentId: r.oldAgentId,
      newAgentId: r.newAgentId,
      action: r.action,
      source: r.source,
      operatorAccount: r.operatorAccount,
      createdAt: r.createdAt,
    })),
    pagination: pagination(filter.page, filter.pageSize, count),
  };
}
