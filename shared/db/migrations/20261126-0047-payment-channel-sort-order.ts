import type { MigrationContext } from '../migrator';

/**
 * Payment channels set up through the API (docs/payments.md, "Payment channels through the API"):
 * "sortOrder" orders a group's channels for players (ascending; equal values keep the group's order).
 */
export async function up({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`
    ALTER TABLE payment_channels ADD COLUMN "sortOrder" INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE payment_channels ADD CONSTRAINT payment_channels_sort_order_range CHECK ("sortOrder" BETWEEN 0 AND 1000000);
  `);
}

export async function down({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`
    ALTER TABLE payment_channels DROP CONSTRAINT payment_channels_sort_order_range;
    ALTER TABLE payment_channels DROP COLUMN "sortOrder";
  `);
}
