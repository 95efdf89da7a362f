import type { MigrationContext } from '../migrator';

/**
 * users."vendorGroupLocked": 1 once an operator chose the player's payment channel group
 * (PUT /vendor/admin/users/:id/group); a logout then keeps the group instead of matching it to the
 * locale's currency again (docs/decisions/deposit.md, "An operator's choice of channel group sticks"). A player
 * an operator moved before this column, and who is still in the group the last move put them in, is
 * marked as moved (the move-player rows of the operation log say who).
 */
export async function up({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`
    ALTER TABLE users ADD COLUMN "vendorGroupLocked" SMALLINT NOT NULL DEFAULT 0;
    ALTER TABLE users ADD CONSTRAINT users_vendor_group_locked_flag CHECK ("vendorGroupLocked" IN (0, 1));
    WITH last_move AS (
      SELECT DISTINCT ON (l."siteCode", l."targetId") l."siteCode", l."targetId", l.detail #>> '{vendorGroupId,to}' AS "to"
        FROM admin_operation_logs l
       WHERE l.module = 'payment-channel' AND l.action = 'move-player' AND l."targetId" ~ '^[0-9]{1,9}$'
       ORDER BY l."siteCode", l."targetId", l.id DESC
    )
    UPDATE users u SET "vendorGroupLocked" = 1
      FROM last_move m
     WHERE u.id = m."targetId"::int AND u."siteCode" = m."siteCode" AND u."vendorGroupId"::text = m."to";
  `);
}

export async function down({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`ALTER TABLE users DROP COLUMN "vendorGroupLocked";`);
}
