import type { MigrationContext } from '../migrator';

/**
 * Where each outbox reconciler has got to (shared/queues/reconcile.ts; docs/decisions/platform.md, "Outbox effects
 * survive Redis"): the queue's outbox rows up to "throughId" have had their effects checked in Postgres.
 * One row per reconciled queue, updated once per sweep batch. It starts at 0, so the first sweep also
 * checks the rows written before it existed.
 */
export async function up({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`
    CREATE TABLE outbox_reconcile_cursors (
      queue VARCHAR(40) PRIMARY KEY,
      "throughId" BIGINT NOT NULL DEFAULT 0,
      "updatedAt" TIMESTAMPTZ NOT NULL DEFAULT now()
    );
  `);
}

export async function down({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query('DROP TABLE IF EXISTS outbox_reconcile_cursors');
}
