import type { MigrationContext } from '../migrator';

/**
 * The way back after a VIP demotion (docs/decisions/vip.md, "A VIP demotion sticks until the level is earned
 * again"): "vipForfeitedBet" is the part of totalEffectiveBet that no longer counts towards levels. It
 * is 0 until a demotion, which raises it so that the player stands at the start of the level demoted to;
 * upgrades count totalEffectiveBet minus it.
 */
export async function up({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`
    ALTER TABLE users ADD COLUMN "vipForfeitedBet" NUMERIC(18,6) NOT NULL DEFAULT 0;
    ALTER TABLE users ADD CONSTRAINT users_vip_forfeited_bet_not_negative CHECK ("vipForfeitedBet" >= 0);
  `);
}

export async function down({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`
    ALTER TABLE users DROP CONSTRAINT users_vip_forfeited_bet_not_negative;
    ALTER TABLE users DROP COLUMN "vipForfeitedBet";
  `);
}
