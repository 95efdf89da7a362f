import type { MigrationContext } from '../migrator';

/**
 * VIP rebate rules, the rebate log (one row per user, game type and day: a day pays once),
 * and the runs of the daily rebate and the monthly relegation (one per site and period, with a cursor so
 * a crashed run resumes where it stopped).
 */
export async function up({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`
    CREATE TABLE vip_rebates (
      id SERIAL PRIMARY KEY,
      "siteCode" VARCHAR(30) NOT NULL,
      level INTEGER NOT NULL,
      "gameType" VARCHAR(20) NOT NULL,
      "rebateRate" NUMERIC(5,2) NOT NULL CHECK ("rebateRate" >= 0),
      "createdAt" TIMESTAMPTZ NOT NULL DEFAULT now(),
      "updatedAt" TIMESTAMPTZ NOT NULL DEFAULT now(),
      UNIQUE ("siteCode", level, "gameType")
    );

    CREATE TABLE vip_rebate_logs (
      id BIGSERIAL PRIMARY KEY,
      "siteCode" VARCHAR(30) NOT NULL,
      "userId" INTEGER NOT NULL REFERENCES users(id),
      day DATE NOT NULL,
      "gameType" VARCHAR(20) NOT NULL,
      "vipLevel" INTEGER NOT NULL,
      "effectiveBet" NUMERIC(18,6) NOT NULL,
      "rebateRate" NUMERIC(5,2) NOT NULL,
      amount NUMERIC(18,6) NOT NULL,
      "ledgerId" BIGINT,
      "createdAt" TIMESTAMPTZ NOT NULL DEFAULT now(),
      UNIQUE ("userId", day, "gameType")
    );
    CREATE INDEX vip_rebate_logs_site_day ON vip_rebate_logs ("siteCode", day);

    CREATE TABLE vip_settlement_runs (
      id SERIAL PRIMARY KEY,
      "siteCode" VARCHAR(30) NOT NULL,
      kind VARCHAR(20) NOT NULL CHECK (kind IN ('daily-rebate', 'monthly-relegation')),
      period VARCHAR(10) NOT NULL,
      status VARCHAR(12) NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'done')),
      "lastUserId" INTEGER NOT NULL DEFAULT 0,
      "usersProcessed" INTEGER NOT NULL DEFAULT 0,
      total NUMERIC(18,6) NOT NULL DEFAULT 0,
      checked INTEGER NOT NULL DEFAULT 0,
      warned INTEGER NOT NULL DEFAULT 0,
      demoted INTEGER NOT NULL DEFAULT 0,
      "startedAt" TIMESTAMPTZ NOT NULL DEFAULT now(),
      "finishedAt" TIMESTAMPTZ,
      UNIQUE ("siteCode", kind, period)
    );
  `);
}

export async function down({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query('DROP TABLE IF EXISTS vip_settlement_runs, vip_rebate_logs, vip_rebates');
}
