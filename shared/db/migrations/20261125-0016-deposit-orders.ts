import type { MigrationContext } from '../migrator';

/**
 * Deposits (docs/payments.md):
 * - deposit_orders: one row per order, written (pending) before the vendor is called. subOrder is unique
 *   per site and, because vendor callbacks name only the order number, across sites too; a txHash pays
 *   one order only. `flag` marks an order an operator must resolve (amount mismatch, late payment);
 *   `creditedAt` is the credit's mark in Postgres (the deposit-credit worker, reconciled from here).
 * - deposit_callbacks: every signed vendor callback, with what it did (`outcome`). At most one `applied`
 *   callback per (vendor, kind, order) and per txHash.
 * - exchange_rate_snapshots: the last good rates per bank, kept when Redis forgets its cache.
 */
export async function up({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`
    CREATE TABLE deposit_orders (
      id BIGSERIAL PRIMARY KEY,
      "siteCode" VARCHAR(30) NOT NULL,
      "userId" INTEGER NOT NULL REFERENCES users (id),
      "channelId" INTEGER NOT NULL,
      "channelCode" VARCHAR(20) NOT NULL,
      currency VARCHAR(10) NOT NULL,
      "subOrder" VARCHAR(64) NOT NULL,
      "orderAmount" NUMERIC(18,6) NOT NULL,
      "paymentMethod" VARCHAR(10) NOT NULL,
      status VARCHAR(10) NOT NULL DEFAULT 'pending',
      "exchangeRate" NUMERIC(18,10) NOT NULL,
      "payAmount" NUMERIC(18,6),
      "payTime" VARCHAR(40),
      "usdAmount" NUMERIC(18,6),
      "txHash" VARCHAR(128),
      "paymentAddress" VARCHAR(255),
      network VARCHAR(20),
      request JSONB NOT NULL DEFAULT '{}',
      "vendorReply" JSONB,
      "callbackData" JSONB,
      "failReason" VARCHAR(40),
      flag VARCHAR(20),
      "flaggedAt" TIMESTAMPTZ,
      resolution VARCHAR(10),
      "resolutionReason" VARCHAR(255),
      "resolvedBy" INTEGER,
      "resolvedAt" TIMESTAMPTZ,
      "paidAt" TIMESTAMPTZ,
      "creditedAt" TIMESTAMPTZ,
      "createdAt" TIMESTAMPTZ NOT NULL DEFAULT now(),
      "updatedAt" TIMESTAMPTZ NOT NULL DEFAULT now(),
      CONSTRAINT deposit_orders_site_sub_order UNIQUE ("siteCode", "subOrder"),
      CONSTRAINT deposit_orders_status CHECK (status IN ('pending', 'created', 'paid', 'failed'))
    );
    CREATE UNIQUE INDEX deposit_orders_sub_order ON deposit_orders ("subOrder");
    CREATE UNIQUE INDEX deposit_orders_tx_hash ON deposit_orders ("txHash") WHERE "txHash" IS NOT NULL;
    CREATE INDEX deposit_orders_player ON deposit_orders ("siteCode", "userId", "createdAt" DESC);
    CREATE INDEX deposit_orders_site_created ON deposit_orders ("siteCode", "createdAt" DESC);
    CREATE INDEX deposit_orders_open ON deposit_orders ("createdAt") WHERE status IN ('pending', 'created');
    CREATE INDEX deposit_orders_paid ON deposit_orders ("userId", "paidAt") WHERE status = 'paid';

    CREATE TABLE deposit_callbacks (
      id BIGSERIAL PRIMARY KEY,
      "siteCode" VARCHAR(30),
      vendor VARCHAR(20) NOT NULL,
      kind VARCHAR(10) NOT NULL,
      "subOrder" VARCHAR(128),
      "txHash" VARCHAR(128),
      "depositOrderId" BIGINT REFERENCES deposit_orders (id),
      outcome VARCHAR(30) NOT NULL,
      body JSONB NOT NULL,
      "createdAt" TIMESTAMPTZ NOT NULL DEFAULT now()
    );
    CREATE INDEX deposit_callbacks_order ON deposit_callbacks ("depositOrderId", id);
    CREATE UNIQUE INDEX deposit_callbacks_applied ON deposit_callbacks (vendor, kind, "depositOrderId") WHERE outcome = 'applied';
    CREATE UNIQUE INDEX deposit_callbacks_applied_tx ON deposit_callbacks ("txHash") WHERE outcome = 'applied' AND "txHash" IS NOT NULL;

    CREATE TABLE exchange_rate_snapshots (
      "bankCode" VARCHAR(20) PRIMARY KEY,
      "rateTime" VARCHAR(40) NOT NULL,
      rates JSONB NOT NULL,
      "fetchedAt" TIMESTAMPTZ NOT NULL DEFAULT now()
    );
  `);
}

export async function down({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`DROP TABLE IF EXISTS deposit_callbacks, deposit_orders, exchange_rate_snapshots;`);
}
