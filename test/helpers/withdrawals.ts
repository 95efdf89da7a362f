import { randomBytes } from 'node:crypto';
import { QueryTypes } from 'sequelize';
import { CryptoAddress, PromotionClaim, User } from '../../shared/db/models';
import { db } from '../../shared/db/sequelize';
import { createUser } from './factories';
import { giveIdentity } from './kyc';

/** Withdrawal test setup: players meeting every precondition, codes on record, deposits and claims as rows, ledger sums. */

export const CODE = '482916';

/** An approved (status 1 unless told) crypto address of the player. */
export async function approvedAddress(user: User, status = 1): Promise<CryptoAddress> {
  return CryptoAddress.create({
    siteCode: user.siteCode,
    userId: user.id,
    walletName: 'Cold wallet',
    currency: 'USDT',
    network: 'TRC-20',
    address: `T${randomBytes(16).toString('hex')}`,
    status,
  });
}

/** A live withdrawal code on record, sent `minutesAgo` minutes ago. */
export async function giveCode(user: User, code = CODE, minutesAgo = 0): Promise<void> {
  await User.update(
    { withdrawalVerifyCode: code, withdrawalCodeSentAt: new Date(Date.now() - minutesAgo * 60_000), withdrawalCodeTries: 0 },
    { where: { id: user.id } },
  );
}

/**
 * A player with verified e-mail and mobile, `balance`, an approved address, a live code and KYC level 2
 * (a withdrawal needs it from the first one unless the site says otherwise: docs/kyc.md).
 */
export async function readyPlayer(options: { balance?: string; siteCode?: string } = {}) {
  const made = await createUser({ balance: options.balance ?? '100', siteCode: options.siteCode });
  const suffix = randomBytes(4).toString('hex');
  await made.user.update({ email: `w${suffix}@example.test`, mobile: `+88691${parseInt(suffix, 16) % 10_000_000}` });
  const address = await approvedAddress(made.user);
  await giveIdentity(made.user);
  await giveCode(made.user);
  return { ...made, address };
}

/** A claimed promotion with its turnover (completed when `completed` reaches `required`). */
export async function claim(user: User, required: string, completed = '0', promoId = Math.floor(Math.random() * 1e9)): Promise<PromotionClaim> {
  return PromotionClaim.create({
    siteCode: user.siteCode,
    userId: user.id,
    promoId,
    promoTitle: { 'zh-TW': '首存禮', 'en-US': 'First deposit gift' },
    rewardAmount: '10',
    requiredTurnover: required,
    completedTurnover: completed,
    turnoverCompleted: Number(completed) >= Number(required) ? 1 : 0,
  });
}

/** The player's balances and the sums of the ledger's columns, as 6-decimal strings. */
export async function balancesAndLedger(userId: number) {
  const [row] = await db().query<{ balance: string; frozen: string; ledger: string; ledgerFrozen: string }>(
    `SELECT u.balance::text AS balance, u."frozenBalance"::text AS frozen,
            COALESCE(SUM(g.amount), 0)::numeric(18,6)::text AS ledger, COALESCE(SUM(g."frozenAmount"), 0)::numeric(18,6)::text AS "ledgerFrozen"
       FROM users u LEFT JOIN game_transactions g ON g."userId" = u.id WHERE u.id = :userId GROUP BY u.id`,
    { replacements: { userId }, type: QueryTypes.SELECT },
  );
  return row;
}
