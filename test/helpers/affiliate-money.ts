import { randomBytes } from 'node:crypto';
import { QueryTypes } from 'sequelize';
import { BankCard, type User } from '../../shared/db/models';
import { db } from '../../shared/db/sequelize';
import { moveAffiliateBalance } from '../../shared/domain/wallet';
import { createAgent } from './affiliates';
import { giveLevel } from './kyc';
import { approvedAddress } from './withdrawals';

/** Commission money test setup: agents with commission, approved payout instruments, affiliate ledger sums. */

/** A bank card of the user, approved (status 1) unless told. */
export async function approvedBankCard(user: User, status = 1): Promise<BankCard> {
  return BankCard.create({
    siteCode: user.siteCode,
    userId: user.id,
    bankCode: '012',
    bankAccount: `${100_000_000 + (randomBytes(3).readUIntBE(0, 3) % 900_000_000)}`,
    branch: 'Main',
    holderName: 'Agent Holder',
    idCardFront: 'f.png',
    idCardBack: 'b.png',
    passbookCover: 'p.png',
    status,
  });
}

/** Commission credited to the agent's affiliate account (kind commission: available and totalEarned). */
export async function creditCommission(agent: User, amount: string, key = `test:commission:${agent.id}:${randomBytes(4).toString('hex')}`) {
  return db().transaction((transaction) =>
    moveAffiliateBalance(transaction, {
      userId: agent.id,
      siteCode: agent.siteCode,
      kind: 'commission',
      available: amount,
      earned: amount,
      idempotencyKey: key,
    }),
  );
}

/**
 * An agent with `commission` available, an approved bank card and an approved crypto address, at KYC
 * level 2 unless told (a commission withdrawal passes the KYC withdrawal gate, docs/kyc.md).
 */
export async function agentWithCommission(commission = '100', options: { siteCode?: string; kycLevel?: 0 | 1 | 2 | 3 } = {}) {
  const made = await createAgent({ siteCode: options.siteCode });
  await giveLevel(made.user, options.kycLevel ?? 2);
  if (commission !== '0') await creditCommission(made.user, commission);
  const [card, address] = await Promise.all([approvedBankCard(made.user), approvedAddress(made.user)]);
  return { ...made, card, address };
}

export interface AffiliateSums {
  available: string;
  frozen: string;
  totalEarned: string;
  totalWithdrawn: string;
  ledgerAvailable: string;
  ledgerFrozen: string;
  ledgerEarned: string;
  ledgerWithdrawn: string;
}

/** The agent's affiliate account and the sums of its ledger columns, as 6-decimal strings (zeros without an account). */
export async function affiliateSums(userId: number): Promise<AffiliateSums> {
  const [row] = await db().query<AffiliateSums>(
    `SELECT COALESCE(a.available, 0)::numeric(18,6)::text AS available, COALESCE(a.frozen, 0)::numeric(18,6)::text AS frozen,
            COALESCE(a."totalEarned", 0)::numeric(18,6)::text AS "totalEarned", COALESCE(a."totalWithdrawn", 0)::numeric(18,6)::text AS "totalWithdrawn",
            l.available::numeric(18,6)::text AS "ledgerAvailable", l.frozen::numeric(18,6)::text AS "ledgerFrozen",
            l.earned::numeric(18,6)::text AS "ledgerEarned", l.withdrawn::numeric(18,6)::text AS "ledgerWithdrawn"
       FROM (SELECT COALESCE(SUM("availableAmount"), 0) AS available, COALESCE(SUM("frozenAmount"), 0) AS frozen,
                    COALESCE(SUM("earnedAmount"), 0) AS earned, COALESCE(SUM("withdrawnAmount"), 0) AS withdrawn
               FROM affiliate_ledger WHERE "userId" = :userId) l
       LEFT JOIN affiliate_accounts a ON a."userId" = :userId`,
    { replacements: { userId }, type: QueryTypes.SELECT },
  );
  return row;
}

/** The four balances, each as its ledger sum must be: `{available, frozen, totalEarned, totalWithdrawn}` when the ledger agrees, else the whole row. */
export async function balanceMatchingLedger(userId: number) {
  const s = await affiliateSums(userId);
  const agrees = s.available === s.ledgerAvailable && s.frozen === s.ledgerFrozen && s.totalEarned === s.ledgerEarned && s.totalWithdrawn === s.ledgerWithdrawn;
  return agrees ? { available: s.available, frozen: s.frozen, totalEarned: s.totalEarned, totalWithdrawn: s.totalWithdrawn } : s;
}
