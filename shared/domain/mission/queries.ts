import { QueryTypes, type Transaction } from 'sequelize';
import { db } from '../../db/sequelize';

/** The statements over mission_progress_sources, the sources (deposit orders) mission progress has counted. */

/** Records the deposit order `sourceId` as counted; false when it was counted before. */
export async function insertDepositSource(transaction: Transaction, userId: number, sourceId: string, amount: string): Promise<boolean> {
  const inserted = await db().query<{ id: string }>(
    `INSERT INTO mission_progress_sources ("userId", kind, "sourceId", amount)
     VALUES (:userId, 'deposit', :sourceId, CAST(:amount AS NUMERIC))
     ON CONFLICT (kind, "sourceId") DO NOTHING RETURNING id`,
    { replacements: { userId, sourceId, amount }, type: QueryTypes.SELECT, transaction },
  );
  return inserted.length > 0;
}
