import type { MigrationContext } from '../migrator';

/**
 * Player withdrawals:
 * - withdrawals: one row per request, pending -> approved -> completed, or pending -> rejected. The
 *   amount is held (balance to frozenBalance) by the wallet movement `withdrawal:hold:<id>` written in
 *   the row's transaction; rejecting releases it (`withdrawal:release:<id>`), completing pays it out
 *   (`withdrawal:payout:<id>`). The crypto address is named by id (its row is never deleted, only hidden).
 * - users: when the withdrawal code in "withdrawalVerifyCode" was sent and how many wrong tries it has
 *   had (it expires after 10 minutes and is spent after a bounded number of wrong tries).
 */
export async function up({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`
    ALTER TABLE users ADD COLUMN "withdrawalCodeSentAt" TIMESTAMPTZ, ADD COLUMN "withdrawalCodeTries" SMALLINT NOT NULL DEFAULT 0;

    CREATE TABLE withdrawals (
      id SERIAL PRIMARY KEY,
      "siteCode" VARCHAR(30) NOT NULL,
      "userId" INTEGER NOT NULL REFERENCES users(id),
      amount NUMERIC(18,6) NOT NULL CHECK (amount > 0),
      "cryptoAddressId" INTEGER NOT NULL REFERENCES crypto_addresses(id),
      status VARCHAR(10) NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected', 'completed')),
      "rejectReason" VARCHAR(255),
      "reviewedBy" INTEGER,
      "reviewedAt" TIMESTAMPTZ,
      "completedBy" INTEGER,
      "completedAt" TIMESTAMPTZ,
      "createdAt" TIMESTAMPTZ NOT NULL DEFAULT now(),
      "updatedAt" TIMESTAMPTZ NOT NULL DEFAULT now()
    );
    CREATE INDEX withdrawals_site_user_created ON withdrawals ("siteCode", "userId", "createdAt" DESC);
    CREATE INDEX withdrawals_site_status_created ON withdrawals ("siteCode", status, "createdAt" DESC);
    CREATE INDEX withdrawals_site_created ON withdrawals ("siteCode", "createdAt" DESC);
  `);
}

export async function down({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`
    DROP TABLE IF EXISTS withdrawals;
    ALTER TABLE users DROP COLUMN IF EXISTS "withdrawalCodeTries", DROP COLUMN IF EXISTS "withdrawalCodeSentAt";
  `);
}
