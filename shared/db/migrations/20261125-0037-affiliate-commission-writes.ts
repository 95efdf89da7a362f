import type { MigrationContext } from '../migrator';

/**
 * Cheaper commission lines (docs/history/performance-log.md, "Affiliate settlement (2026-11-25)"):
 * affiliate_commissions loses its foreign key on "settlementId". Its rows are written only by the
 * settlement run, in the statement after their settlements' INSERT in the same transaction, from the ids
 * that INSERT returned (and settlements are never deleted); the per-row check was more than half of the
 * cost of writing the lines (87 500 lines: 1.5 s with it, 0.66 s without).
 */
export async function up({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`ALTER TABLE affiliate_commissions DROP CONSTRAINT IF EXISTS "affiliate_commissions_settlementId_fkey"`);
}

export async function down({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(
    `ALTER TABLE affiliate_commissions ADD CONSTRAINT "affiliate_commissions_settlementId_fkey" FOREIGN KEY ("settlementId") REFERENCES affiliate_settlements(id)`,
  );
}
