import type { MigrationContext } from '../migrator';

/**
 * The affiliate program (docs/affiliates.md).
 * - users: an agent is a player with an agentCode; "agentTierCode" (null = the site's lowest tier) and
 *   "agentTierLocked" (set by set-agent-tier: no automatic moves); "agentSince"; the referral code a
 *   player registered through and the registration's ip and device (risk rules).
 * - agent_tiers, affiliate_commission_rates, affiliate_vip_milestones: per-site program settings.
 * - referral_codes (globally unique codes, at most 10 per agent), affiliate_clicks, affiliate_bind_logs.
 * - affiliate_accounts + affiliate_ledger: the agent's commission balance, an account of the wallet
 *   module (shared/domain/wallet/affiliate-account.ts): every change is one ledger row with a unique
 *   idempotency key; each column equals the sum of its ledger column.
 * - affiliate_settlements (one per agent, period type and period start), affiliate_commissions (its
 *   member rows), affiliate_risk_logs, affiliate_milestone_awards (one per member and VIP level),
 *   affiliate_withdrawals (a hold on the affiliate account resolved exactly once).
 */
export async function up({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`
    ALTER TABLE users
      ADD COLUMN "agentTierCode" VARCHAR(20),
      ADD COLUMN "agentTierLocked" SMALLINT NOT NULL DEFAULT 0,
      ADD COLUMN "agentSince" TIMESTAMPTZ,
      ADD COLUMN "referralCodeId" INTEGER,
      ADD COLUMN "registerIp" VARCHAR(64),
      ADD COLUMN "registerDevice" VARCHAR(255);
    CREATE INDEX users_level2_agent ON users ("level2AgentId") WHERE "level2AgentId" IS NOT NULL;
    CREATE INDEX users_level3_agent ON users ("level3AgentId") WHERE "level3AgentId" IS NOT NULL;
    CREATE INDEX users_site_agents ON users ("siteCode", id) WHERE "agentCode" IS NOT NULL;

    CREATE TABLE agent_tiers (
      id SERIAL PRIMARY KEY,
      "siteCode" VARCHAR(30) NOT NULL,
      "tierCode" VARCHAR(20) NOT NULL,
      "tierName" VARCHAR(50) NOT NULL,
      "minTotalEarned" NUMERIC(18,6) NOT NULL DEFAULT 0 CHECK ("minTotalEarned" >= 0),
      "minActiveMembers" INTEGER NOT NULL DEFAULT 0 CHECK ("minActiveMembers" >= 0),
      "sortOrder" INTEGER NOT NULL DEFAULT 0,
      "createdAt" TIMESTAMPTZ NOT NULL DEFAULT now(),
      "updatedAt" TIMESTAMPTZ NOT NULL DEFAULT now(),
      UNIQUE ("siteCode", "tierCode")
    );

    CREATE TABLE affiliate_commission_rates (
      id SERIAL PRIMARY KEY,
      "siteCode" VARCHAR(30) NOT NULL,
      "agentTier" VARCHAR(20) NOT NULL,
      "agentLevel" SMALLINT NOT NULL CHECK ("agentLevel" BETWEEN 1 AND 3),
      "gameType" VARCHAR(20),
      "commissionRate" NUMERIC(5,2) NOT NULL CHECK ("commissionRate" >= 0 AND "commissionRate" <= 100),
      enabled SMALLINT NOT NULL DEFAULT 1,
      "createdAt" TIMESTAMPTZ NOT NULL DEFAULT now(),
      "updatedAt" TIMESTAMPTZ NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX affiliate_commission_rates_key
      ON affiliate_commission_rates ("siteCode", "agentTier", "agentLevel", "gameType") NULLS NOT DISTINCT;

    CREATE TABLE affiliate_vip_milestones (
      id SERIAL PRIMARY KEY,
      "siteCode" VARCHAR(30) NOT NULL,
      "vipLevel" SMALLINT NOT NULL CHECK ("vipLevel" BETWEEN 2 AND 15),
      "bonusAmount" NUMERIC(18,6) NOT NULL CHECK ("bonusAmount" >= 0),
      description VARCHAR(255) NOT NULL DEFAULT '',
      enabled SMALLINT NOT NULL DEFAULT 1,
      "createdAt" TIMESTAMPTZ NOT NULL DEFAULT now(),
      "updatedAt" TIMESTAMPTZ NOT NULL DEFAULT now(),
      UNIQUE ("siteCode", "vipLevel")
    );

    CREATE TABLE referral_codes (
      id SERIAL PRIMARY KEY,
      "siteCode" VARCHAR(30) NOT NULL,
      "agentId" INTEGER NOT NULL REFERENCES users(id),
      code VARCHAR(30) NOT NULL,
      label VARCHAR(50) NOT NULL DEFAULT '',
      enabled SMALLINT NOT NULL DEFAULT 1,
      "convertCount" INTEGER NOT NULL DEFAULT 0,
      "createdAt" TIMESTAMPTZ NOT NULL DEFAULT now(),
      "updatedAt" TIMESTAMPTZ NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX referral_codes_code ON referral_codes (lower(code));
    CREATE INDEX referral_codes_agent ON referral_codes ("agentId");

    CREATE TABLE affiliate_clicks (
      id BIGSERIAL PRIMARY KEY,
      "siteCode" VARCHAR(30) NOT NULL,
      "agentId" INTEGER NOT NULL REFERENCES users(id),
      "refCode" VARCHAR(30) NOT NULL,
      "referralCodeId" INTEGER,
      ip VARCHAR(64) NOT NULL DEFAULT '',
      device VARCHAR(255) NOT NULL DEFAULT '',
      "createdAt" TIMESTAMPTZ NOT NULL DEFAULT now()
    );
    CREATE INDEX affiliate_clicks_agent_created ON affiliate_clicks ("agentId", "createdAt");

    CREATE TABLE affiliate_bind_logs (
      id BIGSERIAL PRIMARY KEY,
      "siteCode" VARCHAR(30) NOT NULL,
      "memberId" INTEGER NOT NULL REFERENCES users(id),
      "oldAgentId" INTEGER,
      "newAgentId" INTEGER,
      action VARCHAR(10) NOT NULL CHECK (action IN ('bind', 'unbind', 'transfer')),
      source VARCHAR(20) NOT NULL,
      "operatorAccount" VARCHAR(50),
      "createdAt" TIMESTAMPTZ NOT NULL DEFAULT now()
    );
    CREATE INDEX affiliate_bind_logs_site_created ON affiliate_bind_logs ("siteCode", id DESC);
    CREATE INDEX affiliate_bind_logs_member ON affiliate_bind_logs ("memberId", id DESC);

    CREATE TABLE affiliate_accounts (
      "userId" INTEGER PRIMARY KEY REFERENCES users(id),
      "siteCode" VARCHAR(30) NOT NULL,
      available NUMERIC(18,6) NOT NULL DEFAULT 0 CHECK (available >= 0),
      frozen NUMERIC(18,6) NOT NULL DEFAULT 0 CHECK (frozen >= 0),
      "totalEarned" NUMERIC(18,6) NOT NULL DEFAULT 0 CHECK ("totalEarned" >= 0),
      "totalWithdrawn" NUMERIC(18,6) NOT NULL DEFAULT 0 CHECK ("totalWithdrawn" >= 0),
      "updatedAt" TIMESTAMPTZ NOT NULL DEFAULT now()
    );

    CREATE TABLE affiliate_ledger (
      id BIGSERIAL PRIMARY KEY,
      "siteCode" VARCHAR(30) NOT NULL,
      "userId" INTEGER NOT NULL REFERENCES users(id),
      kind VARCHAR(30) NOT NULL,
      "availableAmount" NUMERIC(18,6) NOT NULL DEFAULT 0,
      "frozenAmount" NUMERIC(18,6) NOT NULL DEFAULT 0,
      "earnedAmount" NUMERIC(18,6) NOT NULL DEFAULT 0,
      "withdrawnAmount" NUMERIC(18,6) NOT NULL DEFAULT 0,
      "availableAfter" NUMERIC(18,6) NOT NULL,
      "frozenAfter" NUMERIC(18,6) NOT NULL,
      "idempotencyKey" VARCHAR(160) NOT NULL UNIQUE,
      "refType" VARCHAR(30),
      "refId" VARCHAR(64),
      "createdAt" TIMESTAMPTZ NOT NULL DEFAULT now()
    );
    CREATE INDEX affiliate_ledger_user ON affiliate_ledger ("userId", id);

    CREATE TABLE affiliate_settlements (
      id SERIAL PRIMARY KEY,
      "siteCode" VARCHAR(30) NOT NULL,
      "agentId" INTEGER NOT NULL REFERENCES users(id),
      "periodType" VARCHAR(10) NOT NULL CHECK ("periodType" IN ('weekly', 'daily')),
      "weekStart" DATE NOT NULL,
      "weekEnd" DATE NOT NULL,
      "agentTier" VARCHAR(20),
      "activeMemberCount" INTEGER NOT NULL DEFAULT 0,
      "totalNetLoss" NUMERIC(18,6) NOT NULL DEFAULT 0,
      "level1Commission" NUMERIC(18,6) NOT NULL DEFAULT 0,
      "level2Commission" NUMERIC(18,6) NOT NULL DEFAULT 0,
      "level3Commission" NUMERIC(18,6) NOT NULL DEFAULT 0,
      "totalCommission" NUMERIC(18,6) NOT NULL DEFAULT 0 CHECK ("totalCommission" >= 0),
      "carriedIn" NUMERIC(18,6) NOT NULL DEFAULT 0,
      "carryOut" NUMERIC(18,6) NOT NULL DEFAULT 0,
      status VARCHAR(15) NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'pendingReview', 'approved', 'rejected')),
      "riskFlagged" SMALLINT NOT NULL DEFAULT 0,
      remark VARCHAR(255),
      "reviewedBy" INTEGER,
      "reviewedAt" TIMESTAMPTZ,
      "createdAt" TIMESTAMPTZ NOT NULL DEFAULT now(),
      "updatedAt" TIMESTAMPTZ NOT NULL DEFAULT now(),
      UNIQUE ("agentId", "periodType", "weekStart")
    );
    CREATE INDEX affiliate_settlements_site_status ON affiliate_settlements ("siteCode", status, id DESC);
    CREATE INDEX affiliate_settlements_site_period ON affiliate_settlements ("siteCode", "periodType", "weekStart");

    CREATE TABLE affiliate_commissions (
      id BIGSERIAL PRIMARY KEY,
      "settlementId" INTEGER NOT NULL REFERENCES affiliate_settlements(id),
      "siteCode" VARCHAR(30) NOT NULL,
      "agentId" INTEGER NOT NULL,
      "memberId" INTEGER NOT NULL,
      "memberAccount" VARCHAR(50) NOT NULL,
      "agentLevel" SMALLINT NOT NULL CHECK ("agentLevel" BETWEEN 1 AND 3),
      "gameType" VARCHAR(20),
      "netLoss" NUMERIC(18,6) NOT NULL,
      "commissionRate" NUMERIC(5,2) NOT NULL,
      "commissionAmount" NUMERIC(18,6) NOT NULL,
      "weekStart" DATE NOT NULL,
      "weekEnd" DATE NOT NULL
    );
    CREATE UNIQUE INDEX affiliate_commissions_key
      ON affiliate_commissions ("settlementId", "memberId", "gameType") NULLS NOT DISTINCT;
    CREATE INDEX affiliate_commissions_agent_week ON affiliate_commissions ("agentId", "weekStart", id);

    CREATE TABLE affiliate_risk_logs (
      id BIGSERIAL PRIMARY KEY,
      "settlementId" INTEGER NOT NULL REFERENCES affiliate_settlements(id),
      "siteCode" VARCHAR(30) NOT NULL,
      "ruleType" VARCHAR(30) NOT NULL CHECK ("ruleType" IN ('same_ip', 'same_device', 'agent_member_ip', 'agent_member_device')),
      detail JSONB NOT NULL DEFAULT '{}',
      "createdAt" TIMESTAMPTZ NOT NULL DEFAULT now()
    );
    CREATE INDEX affiliate_risk_logs_settlement ON affiliate_risk_logs ("settlementId", id);

    CREATE TABLE affiliate_milestone_awards (
      id SERIAL PRIMARY KEY,
      "siteCode" VARCHAR(30) NOT NULL,
      "agentId" INTEGER NOT NULL REFERENCES users(id),
      "memberId" INTEGER NOT NULL REFERENCES users(id),
      "vipLevel" SMALLINT NOT NULL,
      "bonusAmount" NUMERIC(18,6) NOT NULL,
      "createdAt" TIMESTAMPTZ NOT NULL DEFAULT now(),
      UNIQUE ("memberId", "vipLevel")
    );
    CREATE INDEX affiliate_milestone_awards_agent ON affiliate_milestone_awards ("agentId", id DESC);

    CREATE TABLE affiliate_withdrawals (
      id SERIAL PRIMARY KEY,
      "siteCode" VARCHAR(30) NOT NULL,
      "agentId" INTEGER NOT NULL REFERENCES users(id),
      amount NUMERIC(18,6) NOT NULL CHECK (amount > 0),
      method VARCHAR(10) NOT NULL CHECK (method IN ('bank_card', 'crypto')),
      "targetId" INTEGER NOT NULL,
      status VARCHAR(10) NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected', 'completed')),
      remark VARCHAR(255),
      "reviewedBy" INTEGER,
      "reviewedAt" TIMESTAMPTZ,
      "completedBy" INTEGER,
      "completedAt" TIMESTAMPTZ,
      "createdAt" TIMESTAMPTZ NOT NULL DEFAULT now(),
      "updatedAt" TIMESTAMPTZ NOT NULL DEFAULT now()
    );
    CREATE INDEX affiliate_withdrawals_agent_created ON affiliate_withdrawals ("agentId", "createdAt" DESC);
    CREATE INDEX affiliate_withdrawals_site_status ON affiliate_withdrawals ("siteCode", status, id DESC);
  `);
}

export async function down({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`
    DROP TABLE IF EXISTS affiliate_withdrawals, affiliate_milestone_awards, affiliate_risk_logs, affiliate_commissions,
      affiliate_settlements, affiliate_ledger, affiliate_accounts, affiliate_bind_logs, affiliate_clicks, referral_codes,
      affiliate_vip_milestones, affiliate_commission_rates, agent_tiers;
    DROP INDEX IF EXISTS users_level2_agent, users_level3_agent, users_site_agents;
    ALTER TABLE users DROP COLUMN IF EXISTS "agentTierCode", DROP COLUMN IF EXISTS "agentTierLocked", DROP COLUMN IF EXISTS "agentSince",
      DROP COLUMN IF EXISTS "referralCodeId", DROP COLUMN IF EXISTS "registerIp", DROP COLUMN IF EXISTS "registerDevice";
  `);
}
