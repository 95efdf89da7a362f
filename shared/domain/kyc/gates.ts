import { QueryTypes, type Transaction } from 'sequelize';
import { db } from '../../db/sequelize';
import { Refusal } from '../../errors';
import { siteKyc } from '../site-config';

/**
 * The KYC gates where the money moves (docs/kyc.md, "Gates"), each called once, inside the transaction
 * that moves or commits the money:
 * - a withdrawal (a player's, or an agent's commission withdrawal) that takes the user's withdrawals of
 *   the last 30 days (both kinds, not refused, this one included) past the site's withdrawalAboveUsd
 *   needs level 2 (`kyc.level2Required`): the rule is the database function kyc_withdrawal_level_needed
 *   (shared/db/functions/kyc/withdrawal-gate.sql), which locks the user's row so requests at once are
 *   counted one after the other;
 * - a new deposit order needs level 2 or 3 when the player's lifetime deposits with it would pass T2 or
 *   T3 (`kyc.level2Required`, `kyc.level3Required`): the rule is the database function
 *   kyc_deposit_level_needed (shared/db/functions/kyc/deposit-gate.sql), which locks the player's row so
 *   two orders at once are counted one after the other.
 */
const REFUSAL_OF_LEVEL = { 2: 'kyc.level2Required', 3: 'kyc.level3Required' } as const;

/**
 * In the withdrawal's transaction, after its row (amounts in USD) is written: refuses it when the user's
 * withdrawals of the last 30 days with it pass the site's amount and the level is below 2. A path that
 * locks the affiliate account (a commission withdrawal) calls lockForWithdrawalGate before it.
 */
export async function requireWithdrawalLevel(transaction: Transaction, siteCode: string, userId: number): Promise<void> {
  const { withdrawalAboveUsd } = await siteKyc(siteCode, transaction);
  const [row] = await db().query<{ needed: number | null }>('SELECT kyc_withdrawal_level_needed(:userId, CAST(:above AS NUMERIC)) AS needed', {
    replacements: { userId, above: withdrawalAboveUsd },
    type: QueryTypes.SELECT,
    transaction,
  });
  if (row?.needed === 2) throw new Refusal('kyc.level2Required', `withdrawals of 30 days above ${withdrawalAboveUsd}`);
}

/**
 * The users row lock the withdrawal gate counts under, taken early by a path whose later locks (the
 * affiliate account) come after the users row in the lock order (docs/architecture.md, "One lock order").
 */
export async function lockForWithdrawalGate(transaction: Transaction, userId: number): Promise<void> {
  await db().query('SELECT 1 FROM users WHERE id = :userId FOR NO KEY UPDATE', { replacements: { userId }, transaction });
}

/**
 * In the transaction that inserts the order: refuses an order of `orderAmount` at `exchangeRate` (units of
 * its currency per USD) that would take the player's lifetime deposits past a threshold the level does
 * not allow (an order already stored under the same subOrder is not counted: a repeated request).
 */
export async function requireDepositLevel(
  transaction: Transaction,
  order: { siteCode: string; userId: number; subOrder: string; orderAmount: string; exchangeRate: string },
): Promise<void> {
  const { siteCode, userId, subOrder, orderAmount, exchangeRate } = order;
  const settings = await siteKyc(siteCode, transaction);
  const [row] = await db().query<{ needed: number | null }>(
    `SELECT kyc_deposit_level_needed(:userId, :subOrder, div(CAST(:orderAmount AS NUMERIC) * 1000000, CAST(:exchangeRate AS NUMERIC)) / 1000000,
                                     CAST(:t2 AS NUMERIC), CAST(:t3 AS NUMERIC)) AS needed`,
    {
      replacements: { userId, subOrder, orderAmount, exchangeRate, t2: settings.depositLevel2AboveUsd, t3: settings.depositLevel3AboveUsd },
      type: QueryTypes.SELECT,
      transaction,
    },
  );
  if (row?.needed === 2 || row?.needed === 3) throw new Refusal(REFUSAL_OF_LEVEL[row.needed], `lifetime deposits would pass the level ${row.needed} threshold`);
}
