import type { MigrationContext } from '../migrator';

/**
 * Cheaper balance updates and rebate log rows (docs/decisions/vip.md, "Daily rebate write costs"):
 * - users gets fillfactor 50: free room on each page so a balance update (every bet, every credit) can be
 *   a HOT update that writes none of the table's eight indexes, even when one transaction updates every
 *   row of a page (the rebate batch). Applies to pages written from now on (VACUUM FULL to rewrite).
 * - vip_rebate_logs loses its foreign key on "userId": each log row carries the ledgerId of its credit,
 *   a game_transactions row that already references the user, and the per-row FK check was most of the
 *   cost of writing the day's log rows.
 */
export async function up({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`
    ALTER TABLE users SET (fillfactor = 50);
    ALTER TABLE vip_rebate_logs DROP CONSTRAINT IF EXISTS "vip_rebate_logs_userId_fkey";
  `);
}

export async function down({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`
    ALTER TABLE vip_rebate_logs ADD CONSTRAINT "vip_rebate_logs_userId_fkey" FOREIGN KEY ("userId") REFERENCES users(id);
    ALTER TABLE users RESET (fillfactor);
  `);
}
