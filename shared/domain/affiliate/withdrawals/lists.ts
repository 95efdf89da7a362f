import type { AffiliateWithdrawalStatus } from '../../../db/models';
import { pagedRows, type Paging, whereEquals } from '../../common';
import { requireAgent } from '../agent';
import { adminContextOf, adminView, agentView, type AffiliateWithdrawalRow } from './views';

export interface AffiliateWithdrawalFilter extends Paging {
  status?: AffiliateWithdrawalStatus;
  /** The agent's own list. */
  agentId?: number;
}

/** One page of the site's commission withdrawals matching the filter, newest first. */
async function pagedWithdrawals(siteCode: string, filter: AffiliateWithdrawalFilter) {
  const { clauses, replacements } = whereEquals(
    { clauses: ['"siteCode" = :siteCode'], replacements: { siteCode } },
    ['"agentId"', 'agentId', filter.agentId],
    ['status', 'status', filter.status],
  );
  const { rows, pagination } = await pagedRows<AffiliateWithdrawalRow>(
    { select: '*', from: 'affiliate_withdrawals', where: clauses, orderBy: '"createdAt" DESC, id DESC' },
    replacements,
    filter,
  );
  return { rows, page: pagination };
}

/** GET /affiliate/withdrawals: the agent's commission withdrawals, {items, pagination}; `notAgent` for a player who is not an agent. */
export async function listAgentWithdrawals(siteCode: string, userId: number, paging: { page: number; pageSize: number }) {
  const agent = await requireAgent(userId);
  const { rows, page } = await pagedWithdrawals(siteCode, { ...paging, agentId: agent.id });
  return { items: rows.map(agentView), pagination: page };
}

/** GET /affiliate/admin/withdrawals: the site's commission withdrawals, with the agent's account and the payout target. */
export async function listSiteAffiliateWithdrawals(siteCode: string, filter: Omit<AffiliateWithdrawalFilter, 'agentId'>) {
  const { rows, page } = await pagedWithdrawals(siteCode, filter);
  const context = await adminContextOf(rows);
  return { items: rows.map((row) => adminView(row, context)), pagination: page };
}
