import { QueryTypes, type Transaction } from 'sequelize';
import { db } from '../../db/sequelize';
import { money } from '../wallet';

/**
 * What other areas ask of a player's deposits (promotion deposit conditions, withdrawal turnover): only
 * paid orders count, by the time they were paid.
 */

/**
 * The USD sum of the player's paid deposits paid in [from, to) (either bound open when omitted), 6
 * decimals; read in `transaction` when given (a caller holding locks, a withdrawal holding the player's row
 * or a claim holding its promotion's, must not wait for a second connection).
 */
export async function paidDepositUsdSum(userId: number, range: { from?: Date; to?: Date } = {}, transaction?: Transaction): Promise<string> {
  const [row] = await db().query<{ total: string | null }>(
    `SELECT SUM("usdAmount") AS total FROM deposit_orders
      WHERE "userId" = :userId AND status = 'paid'
        AND (CAST(:from AS TIMESTAMPTZ) IS NULL OR "paidAt" >= CAST(:from AS TIMESTAMPTZ))
        AND (CAST(:to AS TIMESTAMPTZ) IS NULL OR "paidAt" < CAST(:to AS TIMESTAMPTZ))`,
    { replacements: { userId, from: range.from?.toISOString() ?? null, to: range.to?.toISOString() ?? null }, type: QueryTypes.SELECT, transaction },
  );
  return money(row?.total ?? 0);
}

/** When the player's first deposit was paid, or null (in `transaction` when given). */
export async function firstPaidDepositAt(userId: number, transaction?: Transaction): Promise<Date | null> {
  const [row] = await db().query<{ at: Date | null }>(`SELECT MIN("paidAt") AS at FROM deposit_orders WHERE "userId" = :userId AND status = 'paid'`, {
    replacements: { userId },
    type: QueryTypes.SELECT,
    transaction,
  });
  return row?.at ? new Date(row.at) : null;
}
