import type { MigrationContext } from '../migrator';

/**
 * An incremental totalEffectiveBet (docs/decisions/vip.md, "VIP totals by delta"): each bet order records the
 * betEffective it has added to its user's total ("countedEffective"), so the post-bet chain adds only the
 * difference instead of summing the user's whole history on every bet.
 *
 * Existing rows: post-processed valid settled orders are counted; every user's total becomes the sum of
 * what its orders count (orders settled but not yet post-processed are added when their job runs).
 */
export async function up({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`
    ALTER TABLE bet_orders ADD COLUMN "countedEffective" NUMERIC(18,6) NOT NULL DEFAULT 0;
    UPDATE bet_orders SET "countedEffective" = "betEffective"
     WHERE "postProcessedAt" IS NOT NULL AND status = 'valid' AND settled AND "betEffective" <> 0;
    UPDATE users u SET "totalEffectiveBet" = COALESCE(s.total, 0)
      FROM (SELECT u2.id, (SELECT SUM(b."countedEffective") FROM bet_orders b WHERE b."userId" = u2.id) AS total FROM users u2) s
     WHERE s.id = u.id AND u."totalEffectiveBet" IS DISTINCT FROM COALESCE(s.total, 0);
  `);
}

export async function down({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query('ALTER TABLE bet_orders DROP COLUMN IF EXISTS "countedEffective"');
}
