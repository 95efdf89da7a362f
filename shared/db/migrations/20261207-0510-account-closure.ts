import type { MigrationContext } from '../migrator';

/**
 * Account closure by the player (docs/decisions/auth.md, "Closing an account"): users."closedAt", set once;
 * a closed account logs in no more.
 */
export async function up({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`ALTER TABLE users ADD COLUMN "closedAt" TIMESTAMPTZ`);
}

export async function down({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`ALTER TABLE users DROP COLUMN IF EXISTS "closedAt"`);
}
