import type { MigrationContext } from '../migrator';

/**
 * GET /affiliate/click-stats counts an agent's registrations per day from its bind logs of source
 * `register` (docs/affiliates.md): an index on (newAgentId, createdAt) of those rows.
 */
export async function up({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`
    CREATE INDEX affiliate_bind_logs_register_agent ON affiliate_bind_logs ("newAgentId", "createdAt") WHERE source = 'register';
  `);
}

export async function down({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`DROP INDEX IF EXISTS affiliate_bind_logs_register_agent;`);
}
