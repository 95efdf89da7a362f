import type { MigrationContext } from '../migrator';

/**
 * The code mails' marks in Postgres (docs/decisions/auth.md, "Code mails survive Redis"): one row per user and
 * kind (`verify-email`, `withdrawal-code`). Every new code raises "version" (in the transaction that
 * stores the code and writes the `mail` outbox row, whose payload carries the version) and clears
 * "doneAt"; the mail job sets "doneAt" and "outcome" once the mail of that version was sent or given up
 * for good. The reconcile sweep writes a code mail again only while its version is the latest and not
 * done. Outbox rows written before this migration carry no version and are not reconciled.
 */
export async function up({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`
    CREATE TABLE code_mail_outcomes (
      "userId" INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      kind VARCHAR(20) NOT NULL CHECK (kind IN ('verify-email', 'withdrawal-code')),
      version INTEGER NOT NULL CHECK (version > 0),
      "doneAt" TIMESTAMPTZ,
      outcome VARCHAR(200),
      "updatedAt" TIMESTAMPTZ NOT NULL DEFAULT now(),
      PRIMARY KEY ("userId", kind)
    );
  `);
}

export async function down({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query('DROP TABLE IF EXISTS code_mail_outcomes');
}
