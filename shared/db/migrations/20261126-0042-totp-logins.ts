import type { MigrationContext } from '../migrator';

/**
 * Authenticator codes at login (docs/decisions/auth.md, "Authenticator codes at every login"):
 * - players and administrators keep the time step of their last accepted code ("totpLastStep"), so a
 *   code is accepted once, and count wrong codes ("totpFailures", the last one at "totpFailedAt") for
 *   the lock-out;
 * - administrators get their own secret and switch, as players have;
 * - an administrator group can require its members to use an authenticator ("requireTotp").
 */
const COUNTERS = `
  ADD COLUMN "totpLastStep" BIGINT,
  ADD COLUMN "totpFailures" SMALLINT NOT NULL DEFAULT 0,
  ADD COLUMN "totpFailedAt" TIMESTAMPTZ`;

export async function up({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`
    ALTER TABLE users ${COUNTERS};
    ALTER TABLE admins
      ADD COLUMN "totpAuthSecret" VARCHAR(32),
      ADD COLUMN "totpAuthEnabled" SMALLINT NOT NULL DEFAULT 0 CHECK ("totpAuthEnabled" IN (0, 1)),
      ${COUNTERS};
    ALTER TABLE admin_groups ADD COLUMN "requireTotp" SMALLINT NOT NULL DEFAULT 0 CHECK ("requireTotp" IN (0, 1));
  `);
}

export async function down({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`
    ALTER TABLE admin_groups DROP COLUMN "requireTotp";
    ALTER TABLE admins DROP COLUMN "totpAuthSecret", DROP COLUMN "totpAuthEnabled", DROP COLUMN "totpLastStep", DROP COLUMN "totpFailures", DROP COLUMN "totpFailedAt";
    ALTER TABLE users DROP COLUMN "totpLastStep", DROP COLUMN "totpFailures", DROP COLUMN "totpFailedAt";
  `);
}
