import type { MigrationContext } from '../migrator';

/**
 * Provider callbacks (provx, provy): one row per accepted money call, keyed by the provider's own
 * transaction id, holding the answer sent the first time (replays get it back unchanged). Cancels of
 * unknown bets leave a tombstone row so a late bet with that id is refused. See docs/providers.md.
 * The answer is JSON, not JSONB: JSON keeps the text as written, so a replay is byte-identical.
 *
 * The key leads with the provider, not the site: a provider's transaction ids are one space per
 * integration secret, whichever site the player belongs to.
 */
export async function up({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`
    CREATE TABLE provider_transactions (
      id BIGSERIAL PRIMARY KEY,
      provider VARCHAR(16) NOT NULL,
      kind VARCHAR(16) NOT NULL CHECK (kind IN ('bet', 'result', 'win', 'cancel', 'jackpot')),
      "transactionId" VARCHAR(120) NOT NULL,
      "betTransactionId" VARCHAR(120),
      "siteCode" VARCHAR(30) NOT NULL,
      "userId" INTEGER NOT NULL REFERENCES users(id),
      "roundId" VARCHAR(120),
      "gameCode" VARCHAR(64),
      "debitAmount" NUMERIC(18,6),
      "creditAmount" NUMERIC(18,6),
      status VARCHAR(12) NOT NULL CHECK (status IN ('open', 'settled', 'cancelled', 'done', 'tombstone')),
      "betOrderId" BIGINT REFERENCES bet_orders(id),
      response JSON NOT NULL,
      "createdAt" TIMESTAMPTZ NOT NULL DEFAULT now(),
      "updatedAt" TIMESTAMPTZ NOT NULL DEFAULT now(),
      UNIQUE (provider, kind, "transactionId")
    );
    CREATE INDEX provider_transactions_bet_ref ON provider_transactions (provider, "betTransactionId") WHERE "betTransactionId" IS NOT NULL;
    CREATE INDEX provider_transactions_round ON provider_transactions (provider, "userId", "roundId");
    CREATE INDEX provider_transactions_site_time ON provider_transactions ("siteCode", "createdAt");
  `);
}

export async function down({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query('DROP TABLE IF EXISTS provider_transactions');
}
