import { User, type AffiliateWithdrawal } from '../../../db/models';
import { money } from '../../wallet/wallet';

/** Commission withdrawals as the agent (Part B 2.8) and the operators see them. */
export type AffiliateWithdrawalRow = Pick<
  AffiliateWithdrawal,
  'id' | 'siteCode' | 'agentId' | 'amount' | 'method' | 'targetId' | 'status' | 'remark' | 'reviewedBy' | 'reviewedAt' | 'completedBy' | 'completedAt' | 'createdAt' | 'updatedAt'
>;

export const AFFILIATE_WITHDRAWAL_STATUSES = ['pending', 'approved', 'rejected', 'completed'] as const;
export const AFFILIATE_WITHDRAWAL_METHODS = ['bank_card', 'crypto'] as const;
export type AffiliateWithdrawalMethod = (typeof AFFILIATE_WITHDRAWAL_METHODS)[number];

/** The agent's view: the fields of Part B 2.8. */
export function agentView(row: AffiliateWithdrawalRow) {
  return {
    id: Number(row.id),
    amount: money(row.amount),
    method: row.method,
    targetId: row.targetId,
    status: row.status,
    remark: row.remark,
    createdAt: row.createdAt,
    reviewedAt: row.reviewedAt,
    completedAt: row.completedAt,
  };
}

/** The operators' view: the agent's, and who asked and who acted. */
export function adminView(row: AffiliateWithdrawalRow, accounts: Map<number, string>) {
  return {
    ...agentView(row),
    siteCode: row.siteCode,
    agentId: row.agentId,
    agentAccount: accounts.get(row.agentId) ?? null,
    reviewedBy: row.reviewedBy,
    completedBy: row.completedBy,
    updatedAt: row.updatedAt,
  };
}

/** The agents' accounts the rows name, by id. */
export async function agentAccountsOf(rows: ReadonlyArray<{ agentId: number }>): Promise<Map<number, string>> {
  const ids = [...new Set(rows.map((r) => r.agentId))];
  const users = ids.length ? await User.findAll({ where: { id: ids }, attributes: ['id', 'account'] }) : [];
  return new Map(users.map((u) => [u.id, u.account]));
}
