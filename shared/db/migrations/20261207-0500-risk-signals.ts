import type { MigrationContext } from '../migrator';

/**
 * Linked players (docs/decisions/risk.md): the identity signals of each account as they arrive
 * (risk_signals, one row per account, kind and value, first and last seen; its primary key starts with
 * (kind, value), the index links are read by) and the operators' decisions on a pair of accounts
 * (risk_link_decisions, one per pair, the lower id first).
 */
export async function up({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`
    CREATE TABLE risk_signals (
      kind VARCHAR(12) NOT NULL CHECK (kind IN ('ip', 'device', 'email', 'mobile', 'identity', 'instrument', 'address')),
      value VARCHAR(200) NOT NULL,
      "userId" INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      "siteCode" VARCHAR(30) NOT NULL,
      "firstAt" TIMESTAMPTZ NOT NULL DEFAULT now(),
      "lastAt" TIMESTAMPTZ NOT NULL DEFAULT now(),
      PRIMARY KEY (kind, value, "userId")
    );
    CREATE INDEX risk_signals_user ON risk_signals ("userId");
    CREATE TABLE risk_link_decisions (
      id BIGSERIAL PRIMARY KEY,
      "userId" INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      "otherUserId" INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      decision VARCHAR(10) NOT NULL CHECK (decision IN ('linked', 'unrelated')),
      reason VARCHAR(500) NOT NULL,
      "adminId" INTEGER NOT NULL,
      "decidedAt" TIMESTAMPTZ NOT NULL DEFAULT now(),
      CONSTRAINT risk_link_decisions_order CHECK ("userId" < "otherUserId"),
      UNIQUE ("userId", "otherUserId")
    );
    CREATE INDEX risk_link_decisions_other ON risk_link_decisions ("otherUserId");
  `);
}

export async function down({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`
    DROP TABLE IF EXISTS risk_link_decisions;
    DROP TABLE IF EXISTS risk_signals;
  `);
}
