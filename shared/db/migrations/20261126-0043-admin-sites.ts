import type { MigrationContext } from '../migrator';

/**
 * Administrators bound to sites (docs/decisions/admin.md, "Administrators bound to sites"): "sites" NULL is a
 * platform administrator, which acts on every site as every administrator did before; otherwise the
 * site codes the administrator acts on, never an empty list (an empty list would read as "no site",
 * never as "every site").
 */
export async function up({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`
    ALTER TABLE admins ADD COLUMN sites VARCHAR(30)[];
    ALTER TABLE admins ADD CONSTRAINT admins_sites_not_empty CHECK (sites IS NULL OR cardinality(sites) > 0);
  `);
}

export async function down({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`
    ALTER TABLE admins DROP CONSTRAINT admins_sites_not_empty;
    ALTER TABLE admins DROP COLUMN sites;
  `);
}
