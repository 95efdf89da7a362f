import type { MigrationContext } from '../migrator';

/**
 * The database's incarnation (shared/queues/incarnation.ts; docs/decisions/platform.md, "Outbox job ids
 * carry the database incarnation"): one row, a random id that every outbox job id carries, and the
 * identity of the database it was minted for (the cluster's system identifier, the database's oid, the
 * timeline). A copy of the row in another database (a restored dump, a clone) no longer matches its
 * identity, so the first process to use it mints a new id. No row yet: the first use mints one.
 * "sweptAt": when the workers swept the outbox reconcilers without the grace for this incarnation (null:
 * owed; shared/queues/sweep-triggers.ts).
 */
export async function up({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`
    CREATE TABLE database_incarnation (
      singleton BOOLEAN PRIMARY KEY DEFAULT true CHECK (singleton),
      id VARCHAR(16) NOT NULL,
      "systemIdentifier" TEXT,
      "databaseOid" BIGINT NOT NULL,
      timeline INTEGER,
      "previousId" VARCHAR(16),
      reason VARCHAR(40) NOT NULL,
      "createdAt" TIMESTAMPTZ NOT NULL DEFAULT now(),
      "sweptAt" TIMESTAMPTZ
    );
  `);
}

export async function down({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query('DROP TABLE IF EXISTS database_incarnation');
}
