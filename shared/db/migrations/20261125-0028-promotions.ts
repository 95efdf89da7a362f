import type { MigrationContext } from '../migrator';

/**
 * Promotions: a site's promotions and the players' claims. A claim keeps the
 * promotion's title and tag as they were when claimed, and names the promotion without a foreign key,
 * so that deleting a promotion keeps its claims (their turnover still gates withdrawals). One claim per
 * player and promotion; `claimedCount` never passes `maxClaims` (0 = unlimited).
 */
export async function up({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`
    CREATE TABLE promotions (
      id SERIAL PRIMARY KEY,
      "siteCode" VARCHAR(30) NOT NULL,
      title JSONB NOT NULL,
      content JSONB NOT NULL,
      "imgPc" VARCHAR(255),
      "imgMobile" VARCHAR(255),
      "actionHtml" TEXT NOT NULL DEFAULT '',
      "startTime" TIMESTAMPTZ NOT NULL,
      "endTime" TIMESTAMPTZ NOT NULL,
      tag VARCHAR(50) NOT NULL DEFAULT '',
      enabled SMALLINT NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1)),
      "conditionType" VARCHAR(20) NOT NULL CHECK ("conditionType" IN ('deposit_threshold', 'vip_level', 'first_deposit')),
      "conditionValue" VARCHAR(50) NOT NULL DEFAULT '0',
      "rewardAmount" NUMERIC(18,6) NOT NULL CHECK ("rewardAmount" > 0),
      "turnoverMultiplier" NUMERIC(10,2) NOT NULL DEFAULT 0 CHECK ("turnoverMultiplier" >= 0),
      "maxClaims" INTEGER NOT NULL DEFAULT 0 CHECK ("maxClaims" >= 0),
      "claimedCount" INTEGER NOT NULL DEFAULT 0 CHECK ("claimedCount" >= 0),
      "createdAt" TIMESTAMPTZ NOT NULL DEFAULT now(),
      "updatedAt" TIMESTAMPTZ NOT NULL DEFAULT now(),
      CHECK ("endTime" > "startTime"),
      CHECK ("maxClaims" = 0 OR "claimedCount" <= "maxClaims")
    );
    CREATE INDEX promotions_site_start ON promotions ("siteCode", "startTime" DESC);

    CREATE TABLE promotion_claims (
      id BIGSERIAL PRIMARY KEY,
      "siteCode" VARCHAR(30) NOT NULL,
      "userId" INTEGER NOT NULL REFERENCES users(id),
      "promoId" INTEGER NOT NULL,
      "promoTitle" JSONB NOT NULL,
      "promoTag" VARCHAR(50) NOT NULL DEFAULT '',
      "rewardAmount" NUMERIC(18,6) NOT NULL,
      "requiredTurnover" NUMERIC(18,6) NOT NULL,
      "completedTurnover" NUMERIC(18,6) NOT NULL DEFAULT 0,
      "turnoverCompleted" SMALLINT NOT NULL DEFAULT 0 CHECK ("turnoverCompleted" IN (0, 1)),
      "ledgerId" BIGINT,
      "claimedAt" TIMESTAMPTZ NOT NULL DEFAULT now(),
      "updatedAt" TIMESTAMPTZ NOT NULL DEFAULT now(),
      UNIQUE ("promoId", "userId")
    );
    CREATE INDEX promotion_claims_user_claimed ON promotion_claims ("userId", "claimedAt" DESC);
    CREATE INDEX promotion_claims_open ON promotion_claims ("userId") WHERE "turnoverCompleted" = 0;
  `);
}

export async function down({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query('DROP TABLE IF EXISTS promotion_claims, promotions');
}
