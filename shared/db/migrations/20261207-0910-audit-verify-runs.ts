import type { MigrationContext } from '../migrator';

/**
 * The verifier's runs (`npm run audit:verify`, shared/domain/audit/verify-runs.ts): when each finished
 * and what it found, so that monitoring reads the last one (the `audit_verify_*` gauges of
 * shared/metrics.ts, the alerts of deploy/prometheus/alerts.yml) from any process. Append-only.
 */
export async function up({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`
    CREATE TABLE audit_verify_runs (
      id BIGSERIAL PRIMARY KEY,
      "finishedAt" TIMESTAMPTZ NOT NULL DEFAULT now(),
      ok BOOLEAN NOT NULL,
      rows BIGINT NOT NULL,
      chains INTEGER NOT NULL,
      digests INTEGER NOT NULL,
      problems INTEGER NOT NULL
    );
  `);
}

export async function down({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query('DROP TABLE IF EXISTS audit_verify_runs;');
}
