import type { MigrationContext } from '../migrator';

/**
 * Inbox. A message is stored once: personal ("userId" set) or site-wide ("userId"
 * null, never copied per player). Read state (docs/decisions/inbox.md, "Inbox read state"):
 * - inbox_read_marks: per player, "readUpTo", the createdAt of the newest message read-all covered; every
 *   message of the player created at or before it is read;
 * - inbox_reads: one row per message read one by one after that mark (read-all deletes the rows it covers).
 * "sourceKey" makes a message written by a job (the welcome message) exactly once per source.
 * The two partial indexes serve the unread count and the list: site-wide messages of a site by
 * createdAt, a player's personal messages by createdAt.
 */
export async function up({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`
    CREATE TABLE inbox_messages (
      id BIGSERIAL PRIMARY KEY,
      "siteCode" VARCHAR(30) NOT NULL,
      "userId" INTEGER REFERENCES users(id) ON DELETE CASCADE,
      title JSONB NOT NULL,
      content JSONB NOT NULL,
      category VARCHAR(10) NOT NULL CHECK (category IN ('system', 'promo')),
      "sourceKey" VARCHAR(100),
      "createdAt" TIMESTAMPTZ NOT NULL DEFAULT now(),
      "updatedAt" TIMESTAMPTZ NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX inbox_messages_source ON inbox_messages ("siteCode", "sourceKey") WHERE "sourceKey" IS NOT NULL;
    CREATE INDEX inbox_messages_site_wide ON inbox_messages ("siteCode", "createdAt", id) INCLUDE (category) WHERE "userId" IS NULL;
    CREATE INDEX inbox_messages_personal ON inbox_messages ("siteCode", "userId", "createdAt", id) INCLUDE (category) WHERE "userId" IS NOT NULL;
    CREATE INDEX inbox_messages_site_list ON inbox_messages ("siteCode", id);

    CREATE TABLE inbox_reads (
      "siteCode" VARCHAR(30) NOT NULL,
      "userId" INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      "messageId" BIGINT NOT NULL REFERENCES inbox_messages(id) ON DELETE CASCADE,
      "readAt" TIMESTAMPTZ NOT NULL DEFAULT now(),
      PRIMARY KEY ("siteCode", "userId", "messageId")
    );
    CREATE INDEX inbox_reads_message ON inbox_reads ("messageId");

    CREATE TABLE inbox_read_marks (
      "siteCode" VARCHAR(30) NOT NULL,
      "userId" INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      "readUpTo" TIMESTAMPTZ NOT NULL,
      "updatedAt" TIMESTAMPTZ NOT NULL DEFAULT now(),
      PRIMARY KEY ("siteCode", "userId")
    );
  `);
}

export async function down({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`
    DROP TABLE IF EXISTS inbox_read_marks;
    DROP TABLE IF EXISTS inbox_reads;
    DROP TABLE IF EXISTS inbox_messages;
  `);
}
