import { BankCard, CryptoAddress, User, type AffiliateWithdrawal } from '../../../db/models';
import { money } from '../../wallet';

/** Commission withdrawals as the agent and the operators see them. */
export type AffiliateWithdrawalRow = Pick<
  AffiliateWithdrawal,
  | 'id'
  | 'siteCode'
  | 'agentId'
  | 'amount'
  | 'method'
  | 'targetId'
  | 'status'
  | 'remark'
  | 'reviewedBy'
  | 'reviewedAt'
  | 'completedBy'
  | 'completedAt'
  | 'createdAt'
  | 'updatedAt'
>;

export const AFFILIATE_WITHDRAWAL_STATUSES = ['pending', 'approved', 'rejected', 'completed'] as const;
export const AFFILIATE_WITHDRAWAL_METHODS = ['bank_card', 'crypto'] as const;
export type AffiliateWithdrawalMethod = (typeof AFFILIATE_WITHDRAWAL_METHODS)[number];

/** The agent's view: the fields */
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

/** Where the operator pays: the bank card or crypto address the withdrawal names, whole (null if it is gone). */
export type PayoutTarget =
  { bankCode: string; bankAccount: string; branch: string; holderName: string } | { walletName: string; currency: string; network: string; address: string };

export interface AdminContext {
  accounts: Map<number, string>;
  targets: Map<string, PayoutTarget>;
}

const targetKey = (row: Pick<AffiliateWithdrawalRow, 'method' | 'targetId'>) => `${row.method}:${row.targetId}`;

/** The operators' view: the agent's, who asked, who acted, and the payout target. */
export function adminView(row: AffiliateWithdrawalRow, context: AdminContext) {
  return {
    ...agentView(row),
    siteCode: row.siteCode,
    agentId: row.agentId,
    agentAccount: context.accounts.get(row.agentId) ?? null,
    target: context.targets.get(targetKey(row)) ?? null,
    reviewedBy: row.reviewedBy,
    completedBy: row.completedBy,
    updatedAt: row.updatedAt,
  };
}

/** The agents' accounts and the payout targets the rows name (a deleted instrument still shows: the row stays). */
export async function adminContextOf(rows: readonly AffiliateWithdrawalRow[]): Promise<AdminContext> {
  const agentIds = [...new Set(rows.map((r) => r.agentId))];
  const ids = (method: string) => [...new Set(rows.filter((r) => r.method === method).map((r) => r.targetId))];
  const [users, cards, addresses] = await Promise.all([
    agentIds.length ? User.findAll({ where: { id: agentIds }, attributes: ['id', 'account'] }) : [],
    ids('bank_card').length ? BankCard.findAll({ where: { id: ids('bank_card') }, attributes: ['id', 'bankCode', 'bankAccount', 'branch', 'holderName'] }) : [],
    ids('crypto').length ? CryptoAddress.findAll({ where: { id: ids('crypto') }, attributes: ['id', 'walletName', 'currency', 'network', 'address'] }) : [],
  ]);
  const targets = new Map<string, PayoutTarget>();
  for (const c of cards) targets.set(`bank_card:${c.id}`, { bankCode: c.bankCode, bankAccount: c.bankAccount, branch: c.branch, holderName: c.holderName });
  for (const a of addresses) targets.set(`crypto:${a.id}`, { walletName: a.walletName, currency: a.currency, network: a.network, address: a.address });
  return { accounts: new Map(users.map((u) => [u.id, u.account])), targets };
}
