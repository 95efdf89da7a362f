import type { MigrationContext } from '../migrator';

/**
 * A promotion may reward bonus money instead of cash (docs/decisions/bonus.md, "A promotion that rewards
 * bonus money"): "rewardKind" cash (as before) or bonus, with the grant's terms (max bet, max conversion,
 * days of validity; the wagering is rewardAmount x turnoverMultiplier). A claim of a bonus promotion names
 * its grant ("bonusGrantId").
 */
export async function up({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`
    ALTER TABLE promotions
      ADD COLUMN "rewardKind" VARCHAR(5) NOT NULL DEFAULT 'cash' CHECK ("rewardKind" IN ('cash', 'bonus')),
      ADD COLUMN "bonusMaxBet" NUMERIC(18, 6) CHECK ("bonusMaxBet" > 0),
      ADD COLUMN "bonusMaxConversion" NUMERIC(18, 6) CHECK ("bonusMaxConversion" >= 0),
      ADD COLUMN "bonusValidDays" INTEGER NOT NULL DEFAULT 30 CHECK ("bonusValidDays" BETWEEN 1 AND 365);
    ALTER TABLE promotion_claims ADD COLUMN "bonusGrantId" BIGINT;
  `);
}

export async function down({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`
    ALTER TABLE promotion_claims DROP COLUMN IF EXISTS "bonusGrantId";
    ALTER TABLE promotions DROP COLUMN IF EXISTS "rewardKind", DROP COLUMN IF EXISTS "bonusMaxBet", DROP COLUMN IF EXISTS "bonusMaxConversion",
      DROP COLUMN IF EXISTS "bonusValidDays";
  `);
}
