import type { MigrationContext } from '../migrator';

/**
 * Bonus money (docs/decisions/bonus.md):
 * - users."bonusBalance": the bonus balance beside the cash balance, never below zero; the sum of the
 *   player's active grants' balances (one active grant at a time: bonus_grants_one_active);
 * - bonus_grants: one grant each (its source, amount, balance, wagering required and done, max bet, max
 *   conversion, expiry, status and how it ended);
 * - bonus_ledger: every movement of bonus money (bonus-grant, bonus-bet, bonus-win, bonus-convert,
 *   bonus-forfeit, bonus-expire) with the bonus balance before and after, chained per player like the cash
 *   ledger (shared/db/functions/audit/ledger-chain.sql); no foreign key on "userId", as game_transactions.
 */
export async function up({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`
    ALTER TABLE users ADD COLUMN "bonusBalance" NUMERIC(18, 6) NOT NULL DEFAULT 0 CONSTRAINT users_bonus_balance_not_negative CHECK ("bonusBalance" >= 0);
    CREATE TABLE bonus_grants (
      id BIGSERIAL PRIMARY KEY,
      "siteCode" VARCHAR(30) NOT NULL,
      "userId" INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      source VARCHAR(16) NOT NULL CHECK (source IN ('promotion', 'deposit-offer', 'operator', 'vip')),
      amount NUMERIC(18, 6) NOT NULL CHECK (amount > 0),
      balance NUMERIC(18, 6) NOT NULL CHECK (balance >= 0),
      "wageringRequired" NUMERIC(18, 6) NOT NULL CHECK ("wageringRequired" >= 0),
      wagered NUMERIC(18, 6) NOT NULL DEFAULT 0 CHECK (wagered >= 0),
      "maxBet" NUMERIC(18, 6) CHECK ("maxBet" > 0),
      "maxConversion" NUMERIC(18, 6) CHECK ("maxConversion" >= 0),
      "expiresAt" TIMESTAMPTZ NOT NULL,
      status VARCHAR(10) NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'converted', 'forfeited', 'expired')),
      reason VARCHAR(300) NOT NULL,
      "grantedBy" INTEGER,
      "convertedAmount" NUMERIC(18, 6),
      "forfeitedAmount" NUMERIC(18, 6),
      "endReason" VARCHAR(300),
      "endedBy" INTEGER,
      "endedAt" TIMESTAMPTZ,
      "createdAt" TIMESTAMPTZ NOT NULL DEFAULT now(),
      "updatedAt" TIMESTAMPTZ NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX bonus_grants_one_active ON bonus_grants ("userId") WHERE status = 'active';
    CREATE INDEX bonus_grants_user ON bonus_grants ("userId", id);
    CREATE INDEX bonus_grants_site_status ON bonus_grants ("siteCode", status, id);
    CREATE INDEX bonus_grants_expiry ON bonus_grants ("expiresAt") WHERE status = 'active';
    CREATE TABLE bonus_ledger (
      id BIGSERIAL PRIMARY KEY,
      "siteCode" VARCHAR(30) NOT NULL,
      "userId" INTEGER NOT NULL,
      "grantId" BIGINT NOT NULL REFERENCES bonus_grants (id) ON DELETE CASCADE,
      kind VARCHAR(16) NOT NULL CHECK (kind IN ('bonus-grant', 'bonus-bet', 'bonus-win', 'bonus-convert', 'bonus-forfeit', 'bonus-expire')),
      amount NUMERIC(18, 6) NOT NULL,
      "bonusBefore" NUMERIC(18, 6) NOT NULL,
      "bonusAfter" NUMERIC(18, 6) NOT NULL,
      "idempotencyKey" VARCHAR(160) NOT NULL UNIQUE,
      "betOrderId" BIGINT,
      remark VARCHAR(255),
      "createdAt" TIMESTAMPTZ NOT NULL DEFAULT now(),
      "chainSeq" BIGINT,
      "chainHash" CHAR(64)
    );
    CREATE INDEX bonus_ledger_user ON bonus_ledger ("userId", id);
    CREATE INDEX bonus_ledger_grant ON bonus_ledger ("grantId", id);
  `);
}

export async function down({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`
    DROP TABLE IF EXISTS bonus_ledger;
    DROP TABLE IF EXISTS bonus_grants;
    ALTER TABLE users DROP COLUMN IF EXISTS "bonusBalance";
  `);
}
