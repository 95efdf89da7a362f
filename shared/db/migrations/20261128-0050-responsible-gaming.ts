import type { MigrationContext } from '../migrator';

/**
 * Player protection (docs/decisions/responsible-gaming.md, "Player protection: calendar periods, running totals, checked
 * where the money moves"):
 * - rg_accounts: one row per player who has played, deposited or set anything: the session limit (with
 *   a pending increase), the reality-check interval, cooling-off and self-exclusion ends, and the running
 *   totals of stakes and wins of the current day, week and month (calendar periods in the site's time
 *   zone; each period's end is kept so a bet compares one timestamp) and of the current session. The
 *   row is also the player's protection lock: deposits and setting changes lock it, bets update it.
 * - rg_limits: deposit, loss and wager limits per period: the player's amount in force, a pending change
 *   (an increase or a removal, from `pendingFrom`) and the operator's amount (the player cannot raise it).
 * - rg_history: every change, by the player or an administrator (with its reason).
 * Totals are NUMERIC without scale: a sum of money-column amounts never overflows them.
 */
export async function up({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`
    CREATE TABLE rg_accounts (
      "userId" INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
      "siteCode" VARCHAR(30) NOT NULL,
      "sessionLimitMinutes" INTEGER CHECK ("sessionLimitMinutes" > 0),
      "pendingSessionLimitMinutes" INTEGER CHECK ("pendingSessionLimitMinutes" > 0),
      "sessionLimitPendingFrom" TIMESTAMPTZ,
      "realityCheckMinutes" INTEGER CHECK ("realityCheckMinutes" > 0),
      "realityCheckAt" TIMESTAMPTZ,
      "coolingOffUntil" TIMESTAMPTZ,
      "selfExcludedUntil" TIMESTAMPTZ,
      "dayEnd" TIMESTAMPTZ NOT NULL DEFAULT '-infinity',
      "dayStake" NUMERIC NOT NULL DEFAULT 0,
      "dayWin" NUMERIC NOT NULL DEFAULT 0,
      "weekEnd" TIMESTAMPTZ NOT NULL DEFAULT '-infinity',
      "weekStake" NUMERIC NOT NULL DEFAULT 0,
      "weekWin" NUMERIC NOT NULL DEFAULT 0,
      "monthEnd" TIMESTAMPTZ NOT NULL DEFAULT '-infinity',
      "monthStake" NUMERIC NOT NULL DEFAULT 0,
      "monthWin" NUMERIC NOT NULL DEFAULT 0,
      "sessionStartedAt" TIMESTAMPTZ,
      "sessionLastAt" TIMESTAMPTZ,
      "sessionStake" NUMERIC NOT NULL DEFAULT 0,
      "sessionWin" NUMERIC NOT NULL DEFAULT 0,
      "updatedAt" TIMESTAMPTZ NOT NULL DEFAULT now()
    );

    CREATE TABLE rg_limits (
      "userId" INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      "siteCode" VARCHAR(30) NOT NULL,
      type VARCHAR(10) NOT NULL CHECK (type IN ('deposit', 'loss', 'wager')),
      period VARCHAR(10) NOT NULL CHECK (period IN ('day', 'week', 'month')),
      amount NUMERIC(18, 6) CHECK (amount >= 0),
      "pendingAmount" NUMERIC(18, 6) CHECK ("pendingAmount" >= 0),
      "pendingFrom" TIMESTAMPTZ,
      "operatorAmount" NUMERIC(18, 6) CHECK ("operatorAmount" >= 0),
      "updatedAt" TIMESTAMPTZ NOT NULL DEFAULT now(),
      PRIMARY KEY ("userId", type, period)
    );

    CREATE TABLE rg_history (
      id BIGSERIAL PRIMARY KEY,
      "userId" INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      "siteCode" VARCHAR(30) NOT NULL,
      "adminId" INTEGER,
      action VARCHAR(40) NOT NULL,
      detail JSONB NOT NULL DEFAULT '{}'::jsonb,
      reason VARCHAR(255),
      "createdAt" TIMESTAMPTZ NOT NULL DEFAULT now()
    );
    CREATE INDEX rg_history_user ON rg_history ("userId", id DESC);
  `);
}

export async function down({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query('DROP TABLE rg_history; DROP TABLE rg_limits; DROP TABLE rg_accounts;');
}
