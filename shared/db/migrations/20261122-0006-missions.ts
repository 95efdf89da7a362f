import type { MigrationContext } from '../migrator';

/**
 * Missions: the mission table of each site (category x period type x tier), the
 * players' progress per category and period (shared by the five tiers of that category and period), the
 * deposits already counted into progress (so a deposit counts once), and the claims (one per user,
 * mission and period) with their turnover requirement.
 */
export async function up({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`
    CREATE TABLE missions (
      id SERIAL PRIMARY KEY,
      "siteCode" VARCHAR(30) NOT NULL,
      category VARCHAR(10) NOT NULL CHECK (category IN ('deposit', 'bet')),
      "periodType" VARCHAR(10) NOT NULL CHECK ("periodType" IN ('daily', 'weekly', 'monthly')),
      tier SMALLINT NOT NULL CHECK (tier BETWEEN 1 AND 5),
      threshold NUMERIC(18,6) NOT NULL CHECK (threshold > 0),
      "rewardAmount" NUMERIC(18,6) NOT NULL CHECK ("rewardAmount" > 0),
      "vipRequired" INTEGER NOT NULL DEFAULT 0,
      "turnoverMultiplier" NUMERIC(10,2) NOT NULL DEFAULT 1 CHECK ("turnoverMultiplier" >= 0),
      enabled SMALLINT NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1)),
      "sortOrder" INTEGER NOT NULL DEFAULT 0,
      "createdAt" TIMESTAMPTZ NOT NULL DEFAULT now(),
      "updatedAt" TIMESTAMPTZ NOT NULL DEFAULT now(),
      UNIQUE ("siteCode", category, "periodType", tier)
    );

    CREATE TABLE mission_progress (
      id BIGSERIAL PRIMARY KEY,
      "siteCode" VARCHAR(30) NOT NULL,
      "userId" INTEGER NOT NULL REFERENCES users(id),
      category VARCHAR(10) NOT NULL CHECK (category IN ('deposit', 'bet')),
      "periodType" VARCHAR(10) NOT NULL CHECK ("periodType" IN ('daily', 'weekly', 'monthly')),
      "periodKey" VARCHAR(10) NOT NULL,
      progress NUMERIC(18,6) NOT NULL DEFAULT 0,
      "createdAt" TIMESTAMPTZ NOT NULL DEFAULT now(),
      "updatedAt" TIMESTAMPTZ NOT NULL DEFAULT now(),
      UNIQUE ("userId", category, "periodType", "periodKey")
    );

    CREATE TABLE mission_progress_sources (
      id BIGSERIAL PRIMARY KEY,
      "userId" INTEGER NOT NULL REFERENCES users(id),
      kind VARCHAR(10) NOT NULL,
      "sourceId" VARCHAR(64) NOT NULL,
      amount NUMERIC(18,6) NOT NULL,
      "createdAt" TIMESTAMPTZ NOT NULL DEFAULT now(),
      UNIQUE (kind, "sourceId")
    );

    CREATE TABLE mission_claims (
      id BIGSERIAL PRIMARY KEY,
      "siteCode" VARCHAR(30) NOT NULL,
      "userId" INTEGER NOT NULL REFERENCES users(id),
      "missionId" INTEGER NOT NULL,
      category VARCHAR(10) NOT NULL,
      "periodType" VARCHAR(10) NOT NULL,
      tier SMALLINT NOT NULL,
      "periodKey" VARCHAR(10) NOT NULL,
      "rewardAmount" NUMERIC(18,6) NOT NULL,
      "requiredTurnover" NUMERIC(18,6) NOT NULL,
      "completedTurnover" NUMERIC(18,6) NOT NULL DEFAULT 0,
      "turnoverCompleted" SMALLINT NOT NULL DEFAULT 0 CHECK ("turnoverCompleted" IN (0, 1)),
      "ledgerId" BIGINT,
      "claimedAt" TIMESTAMPTZ NOT NULL DEFAULT now(),
      "updatedAt" TIMESTAMPTZ NOT NULL DEFAULT now(),
      UNIQUE ("userId", "missionId", "periodKey")
    );
    CREATE INDEX mission_claims_user_claimed ON mission_claims ("userId", "claimedAt" DESC);
    CREATE INDEX mission_claims_open ON mission_claims ("userId") WHERE "turnoverCompleted" = 0;
    CREATE INDEX mission_claims_site_claimed ON mission_claims ("siteCode", "claimedAt" DESC);
  `);
}

export async function down({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query('DROP TABLE IF EXISTS mission_claims, mission_progress_sources, mission_progress, missions');
}
