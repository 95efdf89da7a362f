import type { MigrationContext } from '../migrator';

/**
 * The under-age freeze (docs/kyc.md, "Under age: the freeze"): a KYC flag now waits for an operator's
 * decision (`open`, then `confirmed` or `dismissed`, with who, when and why). An open or confirmed
 * under-age flag freezes the player's money in and play. Flags written before stay open, so the players
 * they name are frozen from now on until an operator decides. A paid deposit of a frozen player is not
 * credited: "creditHeldAt" marks it held (the credit reconciler leaves it alone) until a dismissal
 * credits it or an operator settles it.
 */
export async function up({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`
    ALTER TABLE kyc_flags
      ADD COLUMN status VARCHAR(10) NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'confirmed', 'dismissed')),
      ADD COLUMN "decidedBy" INTEGER,
      ADD COLUMN "decidedAt" TIMESTAMPTZ,
      ADD COLUMN "decisionReason" VARCHAR(300);
    CREATE INDEX kyc_flags_site_status ON kyc_flags ("siteCode", status, id);
    DROP INDEX IF EXISTS kyc_flags_user;
    CREATE INDEX kyc_flags_user ON kyc_flags ("userId", reason, status);
    ALTER TABLE deposit_orders ADD COLUMN "creditHeldAt" TIMESTAMPTZ;
    CREATE INDEX withdrawals_user_created ON withdrawals ("userId", "createdAt");
  `);
}

export async function down({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`
    DROP INDEX IF EXISTS withdrawals_user_created;
    ALTER TABLE deposit_orders DROP COLUMN IF EXISTS "creditHeldAt";
    DROP INDEX IF EXISTS kyc_flags_site_status;
    DROP INDEX IF EXISTS kyc_flags_user;
    CREATE INDEX kyc_flags_user ON kyc_flags ("userId");
    ALTER TABLE kyc_flags DROP COLUMN IF EXISTS status, DROP COLUMN IF EXISTS "decidedBy", DROP COLUMN IF EXISTS "decidedAt", DROP COLUMN IF EXISTS "decisionReason";
  `);
}
