import type { MigrationContext } from '../migrator';

/**
 * A site's jurisdiction profile (docs/decisions/site-config.md, "Jurisdiction profiles: compliance floors a site
 * administrator cannot lower"): the name of the profile whose floors its settings may not go below,
 * defined in shared/db/functions/site-config/jurisdictions.sql. Every existing site gets `default`.
 */
export async function up({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`ALTER TABLE site_configs ADD COLUMN IF NOT EXISTS jurisdiction VARCHAR(20) NOT NULL DEFAULT 'default'`);
}

export async function down({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query('ALTER TABLE site_configs DROP COLUMN IF EXISTS jurisdiction');
}
