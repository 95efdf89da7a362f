import type { MigrationContext } from '../migrator';

/**
 * The welcome mail's mark in Postgres (shared/domain/auth/welcome-mail.ts; docs/decisions/platform.md, "Outbox
 * effects survive Redis"): users get "welcomeMailAt", set once the welcome mail was sent or skipped for
 * good (no e-mail, mail not configured). The reconcile sweep writes the welcome again for users named by
 * a `mail` outbox row who still have it null (shared/domain/auth/welcome-reconcile.ts).
 *
 * Existing users have no mark, and whether their welcome went out is not recorded anywhere, so the
 * `mail` queue's cursor starts past the outbox rows written before this migration: without it the first
 * sweep would send every earlier player the welcome again. Those earlier rows are not reconciled. (The
 * highest id of the whole outbox: its primary key answers that at once, and the sweep reads `mail` rows only.)
 */
export async function up({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`
    ALTER TABLE users ADD COLUMN "welcomeMailAt" TIMESTAMPTZ;
    INSERT INTO outbox_reconcile_cursors (queue, "throughId")
      SELECT 'mail', COALESCE(max(id), 0) FROM outbox
    ON CONFLICT (queue) DO UPDATE SET "throughId" = GREATEST(outbox_reconcile_cursors."throughId", EXCLUDED."throughId"), "updatedAt" = now();
  `);
}

export async function down({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`
    DELETE FROM outbox_reconcile_cursors WHERE queue = 'mail';
    ALTER TABLE users DROP COLUMN IF EXISTS "welcomeMailAt";
  `);
}
