import Decimal from 'decimal.js';
import { QueryTypes, type Transaction } from 'sequelize';
import { db } from '../../db/sequelize';
import { Refusal } from '../../errors';
import { kycLevel } from './levels';
import { siteKyc } from './settings';

/**
 * The KYC gates where the money moves (docs/kyc.md, "Gates"), each called once, inside the transaction
 * that moves or commits the money:
 * - a withdrawal request of more than the site's withdrawalAboveUsd needs level 2 (`kyc.level2Required`);
 * - a new deposit order needs level 2 or 3 when the player's lifetime deposits with it would pass T2 or
 *   T3 (`kyc.level2Required`, `kyc.level3Required`): the rule is the database function
 *   kyc_deposit_level_needed (shared/db/functions/kyc/deposit-gate.sql), which locks the player's row so
 *   two orders at once are counted one after the other.
 */
const REFUSAL_OF_LEVEL = { 2: 'kyc.level2Required', 3: 'kyc.level3Required' } as const;

/** In the withdrawal's transaction: refuses a withdrawal of `amount` (USD) the player's level does not allow. */
export async function requireWithdrawalLevel(transaction: Transaction, siteCode: string, userId: number, amount: Decimal.Value): Promise<void> {
  const { withdrawalAboveUsd } = await siteKyc(siteCode, transaction);
  if (!new Decimal(amount).gt(withdrawalAboveUsd)) return;
  if ((await kycLevel(userId, transaction)) < 2) throw new Refusal('kyc.level2Required', `withdrawal of ${new Decimal(amount).toFixed()} above ${withdrawalAboveUsd}`);
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
