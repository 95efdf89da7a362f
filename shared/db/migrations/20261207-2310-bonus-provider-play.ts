import type { MigrationContext } from '../migrator';

/**
 * Provider callbacks play bonus money (docs/decisions/bonus.md, "Provider callbacks play cash plus bonus"):
 * - bonus_ledger kind bonus-cancel: a provider's refund of a bet returns the bet's bonus share;
 * - bonus_ledger_bet_order: a provider win finds the bonus stakes of its round (the bet order) by index.
 */
export async function up({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`
    ALTER TABLE bonus_ledger DROP CONSTRAINT IF EXISTS bonus_ledger_kind_check;
    ALTER TABLE bonus_ledger ADD CONSTRAINT bonus_ledger_kind_check
      CHECK (kind IN ('bonus-grant', 'bonus-bet', 'bonus-win', 'bonus-cancel', 'bonus-convert', 'bonus-forfeit', 'bonus-expire'));
    CREATE INDEX bonus_ledger_bet_order ON bonus_ledger ("betOrderId") WHERE "betOrderId" IS NOT NULL;
  `);
}

export async function down({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`
    DROP INDEX IF EXISTS bonus_ledger_bet_order;
    ALTER TABLE bonus_ledger DROP CONSTRAINT IF EXISTS bonus_ledger_kind_check;
    ALTER TABLE bonus_ledger ADD CONSTRAINT bonus_ledger_kind_check
      CHECK (kind IN ('bonus-grant', 'bonus-bet', 'bonus-win', 'bonus-convert', 'bonus-forfeit', 'bonus-expire'));
  `);
}
