import type { MigrationContext } from '../migrator';

/**
 * The live events' feed (docs/decisions/events.md): rows appended in the transaction of the change they
 * tell of (a ledger row by the trigger of shared/db/functions/events/feed.sql), read and deleted in id
 * order by the publisher once committed, which appends them to the players' Redis streams
 * (shared/domain/events/publisher.ts). `userId` null: an event for a site's operators.
 */
export async function up({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`
    CREATE TABLE event_feed (
      id BIGSERIAL PRIMARY KEY,
      "siteCode" VARCHAR(30) NOT NULL,
      "userId" INTEGER,
      type VARCHAR(30) NOT NULL,
      "ledgerId" BIGINT,
      payload JSONB,
      "createdAt" TIMESTAMPTZ NOT NULL DEFAULT now()
    );
  `);
}

export async function down({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`
    DROP TRIGGER IF EXISTS game_transactions_events ON game_transactions;
    DROP FUNCTION IF EXISTS events_from_ledger();
    DROP TABLE IF EXISTS event_feed;
  `);
}
