import type { MigrationContext } from '../migrator';

/**
 * Row updates that every round makes, made HOT (heap-only: the new row version stays on its page and no
 * index gets a new entry, so page pruning clears the old versions without waiting for VACUUM;
 * docs/decisions/game.md, "HOT round updates"):
 * - game_play_logs: each round moves "lastPlayedAt", which game_play_logs_recent indexed, so every
 *   upsert wrote three index entries and left a dead row version behind that only VACUUM removes. The
 *   recent-games read finds a player's rows through the ("userId", "gameCode", "productId") key and
 *   sorts that handful in memory. Half-empty pages leave room for the new versions.
 * - bet_orders: the post-bet chain sets "postProcessedAt", which the partial index bet_orders_pending_post
 *   (read by no code) had in its predicate, so each mark wrote a new entry into every index of the
 *   table. Pages filled to 80 % leave room for the marked versions of their orders.
 */
export async function up({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`
    DROP INDEX IF EXISTS game_play_logs_recent;
    ALTER TABLE game_play_logs SET (fillfactor = 50);
    DROP INDEX IF EXISTS bet_orders_pending_post;
    ALTER TABLE bet_orders SET (fillfactor = 80);
  `);
}

export async function down({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`
    ALTER TABLE bet_orders RESET (fillfactor);
    CREATE INDEX IF NOT EXISTS bet_orders_pending_post ON bet_orders (id) WHERE settled AND "postProcessedAt" IS NULL;
    ALTER TABLE game_play_logs RESET (fillfactor);
    CREATE INDEX IF NOT EXISTS game_play_logs_recent ON game_play_logs ("userId", "lastPlayedAt" DESC);
  `);
}
