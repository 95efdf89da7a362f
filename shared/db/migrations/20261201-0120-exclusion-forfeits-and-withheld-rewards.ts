import type { MigrationContext } from '../migrator';

/**
 * What an excluded player may and may not get (docs/decisions/responsible-gaming.md, "An excluded player's money: the
 * cash is withdrawable, rewards are forfeited or withheld"):
 * - promotion_claims: a claim whose turnover was still open when a cooling-off or self-exclusion started
 *   is forfeited: when, how much was taken back (at most the balance then) and the ledger row that took it;
 * - vip_rebate_logs, affiliate_milestone_awards: a rebate or a milestone bonus the run did not pay because
 *   the player was excluded keeps its row with the exclusion that withheld it (and no ledger row), so it
 *   is visible and never paid later.
 */
export async function up({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`
    ALTER TABLE promotion_claims ADD COLUMN "forfeitedAt" TIMESTAMPTZ, ADD COLUMN "forfeitedAmount" NUMERIC(18,6), ADD COLUMN "forfeitLedgerId" BIGINT;
    ALTER TABLE vip_rebate_logs ADD COLUMN withheld VARCHAR(20);
    ALTER TABLE affiliate_milestone_awards ADD COLUMN withheld VARCHAR(20);
  `);
}

export async function down({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`
    ALTER TABLE affiliate_milestone_awards DROP COLUMN IF EXISTS withheld;
    ALTER TABLE vip_rebate_logs DROP COLUMN IF EXISTS withheld;
    ALTER TABLE promotion_claims DROP COLUMN IF EXISTS "forfeitedAt", DROP COLUMN IF EXISTS "forfeitedAmount", DROP COLUMN IF EXISTS "forfeitLedgerId";
  `);
}
