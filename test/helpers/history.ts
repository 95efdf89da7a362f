import { db } from '../../shared/db/sequelize';

/**
 * Runs an UPDATE that dates history rows back (a test making a row look written on an earlier day) as if
 * the rows had been written then. The history tables are partitioned by month of "createdAt"
 * (docs/decisions/bet-record.md, "History tables are partitioned by month"): a row whose "createdAt"
 * moves to another month is deleted and inserted again, which would run the insert triggers again (a
 * second chain link, a second report delta). With session_replication_role = replica no trigger fires,
 * as none fired for the same UPDATE before the partitions.
 */
export async function backdateHistory(sql: string, replacements: Record<string, unknown>): Promise<void> {
  await db().transaction(async (transaction) => {
    await db().query('SET LOCAL session_replication_role = replica', { transaction });
    await db().query(sql, { replacements, transaction });
  });
}
