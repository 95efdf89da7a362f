import type { MigrationContext } from '../migrator';

/**
 * The function files applied to this database and the sha256 of each as applied (shared/db/function-files.ts;
 * docs/decisions/platform.md, "Database functions as source files"): the migrator applies a file again when its
 * text changes.
 */
export async function up({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`
    CREATE TABLE db_function_files (
      file TEXT PRIMARY KEY,
      checksum TEXT NOT NULL,
      "appliedAt" TIMESTAMPTZ NOT NULL DEFAULT now()
    );
  `);
}

export async function down({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`DROP TABLE db_function_files;`);
}
