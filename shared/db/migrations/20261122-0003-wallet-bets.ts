import type { MigrationContext } from '../migrator';

/**
 * The wallet ledger (game_transactions: every balance change, with balance before/after and a unique
 * idempotency key), bet orders and their details, the game play log and game user blocks.
 */
export async function up({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`
    CREATE TABLE game_transactions (
      id BIGSERIAL PRIMARY KEY,
      "siteCode" VARCHAR(30) NOT NULL,
      "userId" INTEGER NOT NULL REFERENCES users(id),
      kind VARCHAR(30) NOT NULL,
      amount NUMERIC(18,6) NOT NULL,
      "balanceBefore" NUMERIC(18,6) NOT NULL,
      "balanceAfter" NUMERIC(18,6) NOT NULL CHECK ("balanceAfter" >= 0),
      "frozenAmount" NUMERIC(18,6) NOT NULL DEFAULT 0,
      "frozenBefore" NUMERIC(18,6) NOT NULL DEFAULT 0,
      "frozenAfter" NUMERIC(18,6) NOT NULL DEFAULT 0 CHECK ("frozenAfter" >= 0),
      "idempotencyKey" VARCHAR(160) NOT NULL UNIQUE,
      "refType" VARCHAR(30),
      "refId" VARCHAR(64),
      "betOrderId" BIGINT,
      remark VARCHAR(255),
      "createdAt" TIMESTAMPTZ NOT NULL DEFAULT now()
    );
    CREATE INDEX game_transactions_user ON game_transactions ("userId", id DESC);
    CREATE INDEX game_transactions_site_time ON game_transactions ("siteCode", "createdAt");

    CREATE TABLE bet_orders (
      id BIGSERIAL PRIMARY KEY,
      "siteCode" VARCHAR(30) NOT NULL,
      "userId" INTEGER NOT NULL REFERENCES users(id),
      "providerCode" VARCHAR(16) NOT NULL,
      "gameCode" VARCHAR(64) NOT NULL,
      "gameName" VARCHAR(120) NOT NULL DEFAULT '',
      "gameType" VARCHAR(4) NOT NULL,
      "gamePlatform" VARCHAR(32) NOT NULL,
      "gameNumber" VARCHAR(120) NOT NULL,
      "productId" VARCHAR(32),
      "totalBetCount" INTEGER NOT NULL DEFAULT 1,
      "betAmount" NUMERIC(18,6) NOT NULL DEFAULT 0,
      "betEffective" NUMERIC(18,6) NOT NULL DEFAULT 0,
      "winAmount" NUMERIC(18,6) NOT NULL DEFAULT 0,
      "winLose" NUMERIC(18,6) NOT NULL DEFAULT 0,
      multiplier NUMERIC(10,2),
      odds NUMERIC(10,2),
      status VARCHAR(12) NOT NULL DEFAULT 'valid' CHECK (status IN ('valid', 'invalid', 'cancelled')),
      "invalidReason" VARCHAR(20) CHECK ("invalidReason" IN ('draw', 'cancelled', 'low_odds', 'arbitrage')),
      settled BOOLEAN NOT NULL DEFAULT FALSE,
      "betDatetime" TIMESTAMPTZ NOT NULL DEFAULT now(),
      "settledAt" TIMESTAMPTZ,
      "postProcessedAt" TIMESTAMPTZ,
      "createdAt" TIMESTAMPTZ NOT NULL DEFAULT now(),
      "updatedAt" TIMESTAMPTZ NOT NULL DEFAULT now(),
      UNIQUE ("siteCode", "providerCode", "gameNumber", "userId")
    );
    CREATE INDEX bet_orders_user_time ON bet_orders ("userId", "betDatetime" DESC);
    CREATE INDEX bet_orders_site_time ON bet_orders ("siteCode", "betDatetime" DESC);
    CREATE INDEX bet_orders_pending_post ON bet_orders (id) WHERE settled AND "postProcessedAt" IS NULL;

    CREATE TABLE bet_details (
      id BIGSERIAL PRIMARY KEY,
      "betOrderId" BIGINT NOT NULL REFERENCES bet_orders(id) ON DELETE CASCADE,
      "roundNo" INTEGER NOT NULL DEFAULT 1,
      "betAmount" NUMERIC(18,6) NOT NULL DEFAULT 0,
      "winLose" NUMERIC(18,6) NOT NULL DEFAULT 0,
      "providerTxId" VARCHAR(120),
      "createdAt" TIMESTAMPTZ NOT NULL DEFAULT now()
    );
    CREATE INDEX bet_details_order ON bet_details ("betOrderId", "roundNo");

    CREATE TABLE game_play_logs (
      id BIGSERIAL PRIMARY KEY,
      "siteCode" VARCHAR(30) NOT NULL,
      "userId" INTEGER NOT NULL REFERENCES users(id),
      "gameCode" VARCHAR(64) NOT NULL,
      "productId" VARCHAR(32) NOT NULL,
      "lastPlayedAt" TIMESTAMPTZ NOT NULL DEFAULT now(),
      UNIQUE ("userId", "gameCode", "productId")
    );
    CREATE INDEX game_play_logs_recent ON game_play_logs ("userId", "lastPlayedAt" DESC);

    CREATE TABLE game_user_blocks (
      id SERIAL PRIMARY KEY,
      "siteCode" VARCHAR(30) NOT NULL,
      "userId" INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      "gameType" INTEGER,
      "gameCode" VARCHAR(64),
      "productId" VARCHAR(32),
      reason VARCHAR(255),
      "createdBy" INTEGER,
      "createdAt" TIMESTAMPTZ NOT NULL DEFAULT now()
    );
    CREATE INDEX game_user_blocks_user ON game_user_blocks ("userId");
  `);
}

export async function down({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query('DROP TABLE IF EXISTS game_user_blocks, game_play_logs, bet_details, bet_orders, game_transactions');
}
