import type { MigrationContext } from '../migrator';

/**
 * The post-bet chain once per settlement, not once per call that touches a settled order (Part A 6: its
 * sources are simulate, provy `bet` and provx `BetResult`). `provider_settle` wrote the post-bet outbox
 * row on every call, so each provy `win` added a second job for an order its `bet` had settled. The
 * chain counts the order's betEffective and status; a win changes neither, and a call that does change
 * them on a processed order already writes the row (`provider_totals`). Now the row is written when the
 * order becomes settled.
 */
export async function up({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`
    CREATE OR REPLACE FUNCTION provider_settle(p_order BIGINT) RETURNS VOID LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE bet_orders x SET settled = TRUE, "settledAt" = now(), "updatedAt" = now() WHERE x.id = p_order AND NOT x.settled;
      IF FOUND THEN PERFORM post_bet_enqueue(p_order); END IF;
    END $$;
  `);
}

export async function down({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`
    CREATE OR REPLACE FUNCTION provider_settle(p_order BIGINT) RETURNS VOID LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE bet_orders x SET settled = TRUE, "settledAt" = now(), "updatedAt" = now() WHERE x.id = p_order AND NOT x.settled;
      PERFORM post_bet_enqueue(p_order);
    END $$;
  `);
}
