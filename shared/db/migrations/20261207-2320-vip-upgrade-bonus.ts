import type { MigrationContext } from '../migrator';

/**
 * The VIP upgrade bonus (docs/decisions/vip.md, "The VIP upgrade bonus: cash or bonus money, once per level"):
 * - vip_levels: what reaching the level pays ("upgradeBonus", 0 none), as cash or as bonus money
 *   ("upgradeBonusKind"), and a bonus grant's terms (wagering = amount x "upgradeBonusWageringMultiplier",
 *   max bet, max conversion, days of validity);
 * - vip_upgrade_bonuses: one row per player and level reached (the primary key: paid once), with the
 *   cash ledger row or the grant it made, or why it was withheld (an exclusion, an active grant).
 */
export async function up({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`
    ALTER TABLE vip_levels
      ADD COLUMN "upgradeBonus" NUMERIC(18, 6) NOT NULL DEFAULT 0 CHECK ("upgradeBonus" >= 0),
      ADD COLUMN "upgradeBonusKind" VARCHAR(5) NOT NULL DEFAULT 'cash' CHECK ("upgradeBonusKind" IN ('cash', 'bonus')),
      ADD COLUMN "upgradeBonusWageringMultiplier" NUMERIC(7, 2) NOT NULL DEFAULT 0
        CHECK ("upgradeBonusWageringMultiplier" BETWEEN 0 AND 1000),
      ADD COLUMN "upgradeBonusMaxBet" NUMERIC(18, 6) CHECK ("upgradeBonusMaxBet" > 0),
      ADD COLUMN "upgradeBonusMaxConversion" NUMERIC(18, 6) CHECK ("upgradeBonusMaxConversion" >= 0),
      ADD COLUMN "upgradeBonusValidDays" INTEGER NOT NULL DEFAULT 30 CHECK ("upgradeBonusValidDays" BETWEEN 1 AND 365);
    CREATE TABLE vip_upgrade_bonuses (
      "userId" INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      level INTEGER NOT NULL,
      "siteCode" VARCHAR(30) NOT NULL,
      kind VARCHAR(5) NOT NULL CHECK (kind IN ('cash', 'bonus')),
      amount NUMERIC(18, 6) NOT NULL CHECK (amount > 0),
      "ledgerId" BIGINT,
      "grantId" BIGINT,
      withheld VARCHAR(20),
      "createdAt" TIMESTAMPTZ NOT NULL DEFAULT now(),
      PRIMARY KEY ("userId", level)
    );
  `);
}

export async function down({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`
    DROP TABLE IF EXISTS vip_upgrade_bonuses;
    ALTER TABLE vip_levels DROP COLUMN IF EXISTS "upgradeBonus", DROP COLUMN IF EXISTS "upgradeBonusKind",
      DROP COLUMN IF EXISTS "upgradeBonusWageringMultiplier", DROP COLUMN IF EXISTS "upgradeBonusMaxBet",
      DROP COLUMN IF EXISTS "upgradeBonusMaxConversion", DROP COLUMN IF EXISTS "upgradeBonusValidDays";
  `);
}
