import type { MigrationContext } from '../migrator';

/**
 * Deposit offers (docs/decisions/bonus.md, "Deposit offers"): a site's offer matches `percent` of a
 * qualifying deposit (the first, the Nth, or any, of at least minDeposit USD) up to maxBonus, opted into
 * with its code when the deposit is created ("bonusOfferId" on the order) and granted when the deposit is
 * credited. A player gets one grant of an offer (bonus_grants_offer_once).
 */
export async function up({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`
    CREATE TABLE bonus_offers (
      id BIGSERIAL PRIMARY KEY,
      "siteCode" VARCHAR(30) NOT NULL,
      code VARCHAR(30) NOT NULL,
      name VARCHAR(100) NOT NULL,
      percent NUMERIC(6, 2) NOT NULL CHECK (percent > 0 AND percent <= 1000),
      "maxBonus" NUMERIC(18, 6) NOT NULL CHECK ("maxBonus" > 0),
      "minDeposit" NUMERIC(18, 6) NOT NULL DEFAULT 0 CHECK ("minDeposit" >= 0),
      qualifying VARCHAR(5) NOT NULL CHECK (qualifying IN ('first', 'nth', 'any')),
      "depositNumber" INTEGER CHECK ("depositNumber" BETWEEN 1 AND 1000),
      "wageringMultiplier" NUMERIC(10, 2) NOT NULL CHECK ("wageringMultiplier" >= 0 AND "wageringMultiplier" <= 1000),
      "maxBet" NUMERIC(18, 6) CHECK ("maxBet" > 0),
      "maxConversion" NUMERIC(18, 6) CHECK ("maxConversion" >= 0),
      "validDays" INTEGER NOT NULL DEFAULT 30 CHECK ("validDays" BETWEEN 1 AND 365),
      "startsAt" TIMESTAMPTZ NOT NULL,
      "endsAt" TIMESTAMPTZ NOT NULL,
      enabled BOOLEAN NOT NULL DEFAULT TRUE,
      "createdAt" TIMESTAMPTZ NOT NULL DEFAULT now(),
      "updatedAt" TIMESTAMPTZ NOT NULL DEFAULT now(),
      CONSTRAINT bonus_offers_dates CHECK ("endsAt" > "startsAt"),
      CONSTRAINT bonus_offers_nth CHECK ((qualifying = 'nth') = ("depositNumber" IS NOT NULL)),
      UNIQUE ("siteCode", code)
    );
    ALTER TABLE deposit_orders ADD COLUMN "bonusOfferId" BIGINT;
    ALTER TABLE bonus_grants ADD COLUMN "offerId" BIGINT;
    CREATE UNIQUE INDEX bonus_grants_offer_once ON bonus_grants ("offerId", "userId") WHERE "offerId" IS NOT NULL;
  `);
}

export async function down({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`
    DROP INDEX IF EXISTS bonus_grants_offer_once;
    ALTER TABLE bonus_grants DROP COLUMN IF EXISTS "offerId";
    ALTER TABLE deposit_orders DROP COLUMN IF EXISTS "bonusOfferId";
    DROP TABLE IF EXISTS bonus_offers;
  `);
}
