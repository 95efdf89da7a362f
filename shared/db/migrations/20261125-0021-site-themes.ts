import type { MigrationContext } from '../migrator';

/**
 * Colour themes of a site: "themeId" is the operator's string id, unique per site;
 * site_configs."activeThemeId" names a row of this table by its numeric id (deleting that theme clears it).
 */
export async function up({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`
    CREATE TABLE site_themes (
      id SERIAL PRIMARY KEY,
      "siteCode" VARCHAR(30) NOT NULL,
      "siteConfigId" INTEGER NOT NULL REFERENCES site_configs(id) ON DELETE CASCADE,
      "themeId" VARCHAR(40) NOT NULL,
      "themeName" JSONB NOT NULL,
      "primary" JSONB NOT NULL,
      accent JSONB NOT NULL,
      surface JSONB NOT NULL,
      text JSONB NOT NULL,
      border JSONB NOT NULL,
      enabled SMALLINT NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1)),
      "createdAt" TIMESTAMPTZ NOT NULL DEFAULT now(),
      "updatedAt" TIMESTAMPTZ NOT NULL DEFAULT now(),
      UNIQUE ("siteCode", "themeId")
    );
    CREATE INDEX site_themes_config ON site_themes ("siteConfigId", id);
  `);
}

export async function down({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`DROP TABLE IF EXISTS site_themes;`);
}
