import type { MigrationContext } from '../migrator';

/**
 * The affiliate settlement reads a site's valid settled orders by COALESCE("settledAt", "betDatetime")
 * in its period (shared/domain/affiliate/settlement/net-loss.ts). No index served that expression, so
 * the run read the site's whole history and slowed as it grew. This partial index on exactly that
 * expression makes it read only the period (docs/scaling.md, "Bounded history").
 */
export async function up({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(
    `CREATE INDEX IF NOT EXISTS bet_orders_site_settled_period ON bet_orders ("siteCode", (COALESCE("settledAt", "betDatetime")))
      WHERE status = 'valid' AND settled`,
  );
}

export async function down({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query('DROP INDEX IF EXISTS bet_orders_site_settled_period');
}
