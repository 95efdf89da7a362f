import type { MigrationContext } from '../migrator';

/**
 * One payout per net loss (docs/affiliates.md, "Which period type pays"):
 * - affiliate_paying_weeks: per site and Monday-Sunday week (its Monday, as weekly settlements name it),
 *   the period type whose settlements pay that week; the week's first settlement run writes it, from the
 *   site setting, and it never changes;
 * - affiliate_settlements.status gains `statement`: a settlement of the other period type, its figures
 *   without money, never reviewed.
 * Settlements written before: every week that has some gets its paying type (weekly when a weekly
 * settlement of the site exists for it, else daily, so a week already paid by daily settlements goes on
 * that way), and the settlements of that week of the other type not reviewed yet become statements.
 * Down: statements become `rejected` (never payable, as they were), then the table and status go.
 */
export async function up({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`
    CREATE TABLE affiliate_paying_weeks (
      "siteCode" VARCHAR(30) NOT NULL,
      "weekStart" DATE NOT NULL CHECK (EXTRACT(ISODOW FROM "weekStart") = 1),
      "payingPeriod" VARCHAR(10) NOT NULL CHECK ("payingPeriod" IN ('weekly', 'daily')),
      "createdAt" TIMESTAMPTZ NOT NULL DEFAULT now(),
      PRIMARY KEY ("siteCode", "weekStart")
    );

    ALTER TABLE affiliate_settlements DROP CONSTRAINT IF EXISTS affiliate_settlements_status_check;
    ALTER TABLE affiliate_settlements ADD CONSTRAINT affiliate_settlements_status_check
      CHECK (status IN ('pending', 'pendingReview', 'approved', 'rejected', 'statement'));

    INSERT INTO affiliate_paying_weeks ("siteCode", "weekStart", "payingPeriod")
    SELECT "siteCode", "weekStart" - (EXTRACT(ISODOW FROM "weekStart")::integer - 1),
           CASE WHEN bool_or("periodType" = 'weekly') THEN 'weekly' ELSE 'daily' END
      FROM affiliate_settlements
     GROUP BY 1, 2;

    UPDATE affiliate_settlements s SET status = 'statement', "updatedAt" = now()
      FROM affiliate_paying_weeks p
     WHERE p."siteCode" = s."siteCode" AND p."weekStart" = s."weekStart" - (EXTRACT(ISODOW FROM s."weekStart")::integer - 1)
       AND s."periodType" <> p."payingPeriod" AND s.status IN ('pending', 'pendingReview');
  `);
}

export async function down({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`
    UPDATE affiliate_settlements SET status = 'rejected', "updatedAt" = now() WHERE status = 'statement';
    ALTER TABLE affiliate_settlements DROP CONSTRAINT IF EXISTS affiliate_settlements_status_check;
    ALTER TABLE affiliate_settlements ADD CONSTRAINT affiliate_settlements_status_check
      CHECK (status IN ('pending', 'pendingReview', 'approved', 'rejected'));
    DROP TABLE affiliate_paying_weeks;
  `);
}
