import type { MigrationContext } from '../migrator';

/**
 * Operator reporting (docs/reports.md): the deltas the money and record writes append in their own
 * transaction (report_deltas: which row was written, or an open-bet change; written by the triggers of
 * shared/db/functions/reports/capture.sql), the
 * daily rollup they are folded into (report_daily, one row per site, day, dimension, group and figure),
 * and the two tables that make the distinct counts incremental: the players counted per day and figure
 * (active players, depositors) and each player's first deposit day.
 */
export async function up({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`
    CREATE TABLE report_deltas (
      id BIGSERIAL PRIMARY KEY,
      source VARCHAR(10) NOT NULL CHECK (source IN ('ledger', 'affiliate', 'user', 'round', 'open-bet')),
      "sourceId" BIGINT,
      "siteCode" VARCHAR(30),
      at TIMESTAMPTZ,
      amount NUMERIC(24, 6),
      count INTEGER
    );
    CREATE TABLE report_daily (
      "siteCode" VARCHAR(30) NOT NULL,
      dimension VARCHAR(16) NOT NULL CHECK (dimension IN ('site', 'gameType', 'provider', 'paymentMethod')),
      day DATE NOT NULL,
      "groupCode" VARCHAR(40) NOT NULL,
      figure VARCHAR(40) NOT NULL,
      amount NUMERIC(24, 6) NOT NULL DEFAULT 0,
      count BIGINT NOT NULL DEFAULT 0,
      PRIMARY KEY ("siteCode", dimension, day, "groupCode", figure)
    );
    CREATE TABLE report_day_players (
      "siteCode" VARCHAR(30) NOT NULL,
      day DATE NOT NULL,
      figure VARCHAR(40) NOT NULL,
      "userId" INTEGER NOT NULL,
      PRIMARY KEY ("siteCode", day, figure, "userId")
    );
    CREATE TABLE report_first_deposits (
      "userId" INTEGER PRIMARY KEY,
      "siteCode" VARCHAR(30) NOT NULL,
      day DATE NOT NULL
    );
  `);
  // The history written before the capture triggers exist (they are created with the database functions,
  // after the migrations): one delta per existing row, and each bet order's open-bets change (opened at its
  // betDatetime, closed at its settledAt), so the first folds build the rollup from the beginning.
  await sequelize.query(`
    INSERT INTO report_deltas (source, "sourceId") SELECT 'user', id FROM users ORDER BY id;
    INSERT INTO report_deltas (source, "sourceId") SELECT 'round', id FROM bet_orders ORDER BY id;
    INSERT INTO report_deltas (source, "sourceId") SELECT 'ledger', id FROM game_transactions ORDER BY id;
    INSERT INTO report_deltas (source, "sourceId") SELECT 'affiliate', id FROM affiliate_ledger ORDER BY id;
    INSERT INTO report_deltas (source, "siteCode", at, amount, count)
    SELECT 'open-bet', "siteCode", "betDatetime", "betAmount", 1 FROM bet_orders WHERE NOT settled OR "settledAt" IS DISTINCT FROM "betDatetime"
    UNION ALL
    SELECT 'open-bet', "siteCode", coalesce("settledAt", "betDatetime"), -"betAmount", -1 FROM bet_orders WHERE settled AND "settledAt" IS DISTINCT FROM "betDatetime";
  `);
}

export async function down({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`
    DROP TRIGGER IF EXISTS report_game_transactions ON game_transactions;
    DROP TRIGGER IF EXISTS report_affiliate_ledger ON affiliate_ledger;
    DROP TRIGGER IF EXISTS report_users ON users;
    DROP TRIGGER IF EXISTS report_bet_orders_insert ON bet_orders;
    DROP TRIGGER IF EXISTS report_bet_orders_update ON bet_orders;
    DROP TABLE IF EXISTS report_first_deposits, report_day_players, report_daily, report_deltas;
  `);
}
