import type { MigrationContext } from '../migrator';

/**
 * Foundation tables: sites, players, administrators, the game catalogue, VIP levels, payment channel
 * groups and the transactional outbox. Columns keep the spec's camelCase field names; every tenant
 * table carries "siteCode" and its unique keys lead with it. Money is NUMERIC(18,6).
 */
export async function up({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`
    CREATE TABLE site_configs (
      id SERIAL PRIMARY KEY,
      "siteCode" VARCHAR(30) NOT NULL UNIQUE,
      "siteName" JSONB NOT NULL DEFAULT '{}',
      "siteDescription" JSONB NOT NULL DEFAULT '{}',
      "supportedLocales" JSONB NOT NULL DEFAULT '[]',
      "activeThemeId" INTEGER,
      enabled SMALLINT NOT NULL DEFAULT 1,
      mascots JSONB NOT NULL DEFAULT '[]',
      settings JSONB NOT NULL DEFAULT '{}',
      "createdAt" TIMESTAMPTZ NOT NULL DEFAULT now(),
      "updatedAt" TIMESTAMPTZ NOT NULL DEFAULT now()
    );

    CREATE TABLE users (
      id SERIAL PRIMARY KEY,
      "siteCode" VARCHAR(30) NOT NULL,
      account VARCHAR(50) NOT NULL,
      password VARCHAR(255) NOT NULL DEFAULT '',
      name VARCHAR(50) NOT NULL,
      email VARCHAR(50),
      "emailVerifyCode" VARCHAR(6),
      mobile VARCHAR(30),
      "mobileVerifyCode" VARCHAR(40),
      widget VARCHAR(50),
      oauth VARCHAR(50),
      "vipLevel" VARCHAR(4) NOT NULL DEFAULT '1',
      "vipProgress" VARCHAR(3) DEFAULT '0',
      "totalEffectiveBet" NUMERIC(18,6) NOT NULL DEFAULT 0,
      "relegationMissCount" SMALLINT NOT NULL DEFAULT 0,
      "vipHold" SMALLINT NOT NULL DEFAULT 0,
      "totpAuthSecret" VARCHAR(32),
      "totpAuthEnabled" SMALLINT NOT NULL DEFAULT 0,
      "tokenVersion" INTEGER NOT NULL DEFAULT 0,
      balance NUMERIC(18,6) NOT NULL DEFAULT 0 CHECK (balance >= 0),
      "frozenBalance" NUMERIC(18,6) NOT NULL DEFAULT 0 CHECK ("frozenBalance" >= 0),
      "withdrawalVerifyCode" VARCHAR(6),
      locale VARCHAR(10) NOT NULL DEFAULT 'zh-TW',
      avatar VARCHAR(255),
      "vendorGroupId" INTEGER,
      "agentCode" VARCHAR(20),
      "level1AgentId" INTEGER,
      "level2AgentId" INTEGER,
      "level3AgentId" INTEGER,
      "agentTourCompletedAt" TIMESTAMPTZ,
      "agentTourDismissedAt" TIMESTAMPTZ,
      "lastActivityAt" TIMESTAMPTZ,
      "createdAt" TIMESTAMPTZ NOT NULL DEFAULT now(),
      "updatedAt" TIMESTAMPTZ NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX users_site_account ON users ("siteCode", account);
    CREATE UNIQUE INDEX users_site_email ON users ("siteCode", email) WHERE email IS NOT NULL;
    CREATE UNIQUE INDEX users_site_mobile ON users ("siteCode", mobile) WHERE mobile IS NOT NULL;
    CREATE UNIQUE INDEX users_site_widget ON users ("siteCode", widget) WHERE widget IS NOT NULL;
    CREATE UNIQUE INDEX users_site_oauth ON users ("siteCode", oauth) WHERE oauth IS NOT NULL;
    CREATE UNIQUE INDEX users_site_agent_code ON users ("siteCode", "agentCode") WHERE "agentCode" IS NOT NULL;
    CREATE INDEX users_level1_agent ON users ("level1AgentId") WHERE "level1AgentId" IS NOT NULL;

    CREATE TABLE admin_groups (
      id SERIAL PRIMARY KEY,
      name VARCHAR(50) NOT NULL UNIQUE,
      permissions JSONB NOT NULL DEFAULT '[]',
      description VARCHAR(255) NOT NULL DEFAULT '',
      status SMALLINT NOT NULL DEFAULT 1,
      "createdAt" TIMESTAMPTZ NOT NULL DEFAULT now(),
      "updatedAt" TIMESTAMPTZ NOT NULL DEFAULT now()
    );

    CREATE TABLE admins (
      id SERIAL PRIMARY KEY,
      account VARCHAR(50) NOT NULL UNIQUE,
      password VARCHAR(255) NOT NULL,
      name VARCHAR(50) NOT NULL,
      "groupId" INTEGER NOT NULL REFERENCES admin_groups(id),
      status SMALLINT NOT NULL DEFAULT 1,
      "tokenVersion" INTEGER NOT NULL DEFAULT 0,
      "lastLoginIp" VARCHAR(64),
      "lastLoginAt" TIMESTAMPTZ,
      "createdAt" TIMESTAMPTZ NOT NULL DEFAULT now(),
      "updatedAt" TIMESTAMPTZ NOT NULL DEFAULT now()
    );

    CREATE TABLE admin_operation_logs (
      id BIGSERIAL PRIMARY KEY,
      "adminId" INTEGER,
      "siteCode" VARCHAR(30),
      module VARCHAR(40) NOT NULL,
      action VARCHAR(40) NOT NULL,
      "targetId" VARCHAR(64),
      ip VARCHAR(64),
      "userAgent" VARCHAR(255),
      method VARCHAR(10),
      path VARCHAR(255),
      detail JSONB,
      summary VARCHAR(255),
      "createdAt" TIMESTAMPTZ NOT NULL DEFAULT now()
    );
    CREATE INDEX admin_operation_logs_admin_time ON admin_operation_logs ("adminId", "createdAt");
    CREATE INDEX admin_operation_logs_time ON admin_operation_logs ("createdAt");

    CREATE TABLE game_type_configs (
      id SERIAL PRIMARY KEY,
      "siteCode" VARCHAR(30) NOT NULL,
      "gameType" INTEGER NOT NULL,
      "typeKey" VARCHAR(20) NOT NULL,
      label JSONB NOT NULL DEFAULT '{}',
      icon VARCHAR(64) NOT NULL DEFAULT '',
      "sortOrder" INTEGER NOT NULL DEFAULT 0,
      enabled BOOLEAN NOT NULL DEFAULT TRUE,
      "createdAt" TIMESTAMPTZ NOT NULL DEFAULT now(),
      "updatedAt" TIMESTAMPTZ NOT NULL DEFAULT now(),
      UNIQUE ("siteCode", "gameType")
    );

    CREATE TABLE game_providers (
      id SERIAL PRIMARY KEY,
      "siteCode" VARCHAR(30) NOT NULL,
      "gameCode" VARCHAR(64) NOT NULL,
      "providerCode" VARCHAR(16) NOT NULL,
      "gameType" INTEGER NOT NULL,
      name JSONB NOT NULL DEFAULT '{}',
      "areaBlock" BOOLEAN NOT NULL DEFAULT FALSE,
      maintain BOOLEAN NOT NULL DEFAULT FALSE,
      enable BOOLEAN NOT NULL DEFAULT TRUE,
      "sortOrder" INTEGER NOT NULL DEFAULT 0,
      "createdAt" TIMESTAMPTZ NOT NULL DEFAULT now(),
      "updatedAt" TIMESTAMPTZ NOT NULL DEFAULT now(),
      UNIQUE ("siteCode", "gameCode")
    );
    CREATE INDEX game_providers_site_type ON game_providers ("siteCode", "gameType", "sortOrder");

    CREATE TABLE vip_levels (
      id SERIAL PRIMARY KEY,
      "siteCode" VARCHAR(30) NOT NULL,
      level INTEGER NOT NULL,
      name JSONB NOT NULL DEFAULT '{}',
      tier VARCHAR(16) NOT NULL CHECK (tier IN ('bronze', 'gold', 'platinum', 'diamond')),
      "minChip" NUMERIC(18,6) NOT NULL DEFAULT 0,
      "relegationChip" NUMERIC(18,6) NOT NULL DEFAULT 0,
      "sortOrder" INTEGER NOT NULL DEFAULT 0,
      enabled SMALLINT NOT NULL DEFAULT 1,
      "createdAt" TIMESTAMPTZ NOT NULL DEFAULT now(),
      "updatedAt" TIMESTAMPTZ NOT NULL DEFAULT now(),
      UNIQUE ("siteCode", level)
    );

    CREATE TABLE payment_channels (
      id SERIAL PRIMARY KEY,
      "siteCode" VARCHAR(30) NOT NULL,
      key VARCHAR(40) NOT NULL,
      code VARCHAR(20) NOT NULL,
      name JSONB NOT NULL DEFAULT '{}',
      currency VARCHAR(10) NOT NULL,
      "paymentMethods" JSONB NOT NULL DEFAULT '[]',
      "paymentAddress" VARCHAR(255),
      network VARCHAR(20),
      enabled SMALLINT NOT NULL DEFAULT 1,
      "createdAt" TIMESTAMPTZ NOT NULL DEFAULT now(),
      "updatedAt" TIMESTAMPTZ NOT NULL DEFAULT now(),
      UNIQUE ("siteCode", key)
    );

    CREATE TABLE payment_channel_groups (
      id SERIAL PRIMARY KEY,
      "siteCode" VARCHAR(30) NOT NULL,
      "groupName" JSONB NOT NULL DEFAULT '{}',
      currency VARCHAR(10) NOT NULL,
      "channelIds" JSONB NOT NULL DEFAULT '[]',
      enabled SMALLINT NOT NULL DEFAULT 1,
      "createdAt" TIMESTAMPTZ NOT NULL DEFAULT now(),
      "updatedAt" TIMESTAMPTZ NOT NULL DEFAULT now()
    );
    CREATE INDEX payment_channel_groups_pick ON payment_channel_groups ("siteCode", currency, enabled, id);

    CREATE TABLE outbox (
      id BIGSERIAL PRIMARY KEY,
      queue VARCHAR(40) NOT NULL,
      name VARCHAR(60) NOT NULL,
      payload JSONB NOT NULL,
      "createdAt" TIMESTAMPTZ NOT NULL DEFAULT now(),
      "sentAt" TIMESTAMPTZ,
      attempts INTEGER NOT NULL DEFAULT 0,
      "lastError" TEXT
    );
    CREATE INDEX outbox_unsent ON outbox (id) WHERE "sentAt" IS NULL;
  `);
}

export async function down({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`
    DROP TABLE IF EXISTS outbox, payment_channel_groups, payment_channels, vip_levels, game_providers,
      game_type_configs, admin_operation_logs, admins, admin_groups, users, site_configs;
  `);
}
