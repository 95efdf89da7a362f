import { createHash, randomBytes } from 'node:crypto';
import { QueryTypes } from 'sequelize';
import type { MigrationContext } from '../migrator';

/**
 * Every nonce of a server seed accounted for (docs/provably-fair.md, "History"):
 * - fairness_burnt_nonces: a nonce a refused round took, with the refusal's name, by player, server
 *   seed hash and nonce.
 * - fairness_revealed_seeds."nonceCount": how many nonces the seed gave out before it was rotated.
 *   Seeds rotated before this migration get one more than their last recorded round's nonce (nonces
 *   burnt after it were never counted anywhere).
 * - fairness_revealed_seeds is read by player (the history lists a player's seeds).
 * - fairness_rounds is unique on (server seed hash, nonce): a seed's nonce belongs to one round
 *   whatever the client seed, and the history reads a seed's rounds by nonce range. It replaces the
 *   index on (hash, client seed, nonce), so a round writes no more than before.
 * - every existing player gets seeds now (new players get them at registration). Frozen copy of the
 *   rule of shared/domain/game/fairness/seeds.ts: 32 random bytes as 64 hex digits, SHA-256 of that
 *   text, a client seed of 16 random bytes as hex, nonce 0.
 */
const BATCH = 1000;

export async function up({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`
    CREATE TABLE fairness_burnt_nonces (
      "userId" INTEGER NOT NULL,
      "serverSeedHash" CHAR(64) NOT NULL,
      nonce BIGINT NOT NULL,
      "clientSeed" VARCHAR(64) NOT NULL,
      reason VARCHAR(64) NOT NULL,
      "createdAt" TIMESTAMPTZ NOT NULL DEFAULT now(),
      PRIMARY KEY ("userId", "serverSeedHash", nonce)
    );
    ALTER TABLE fairness_revealed_seeds ADD COLUMN "nonceCount" BIGINT NOT NULL DEFAULT 0 CHECK ("nonceCount" >= 0);
    UPDATE fairness_revealed_seeds v SET "nonceCount" = r.last + 1
      FROM (SELECT "serverSeedHash", MAX(nonce) AS last FROM fairness_rounds GROUP BY "serverSeedHash") r
     WHERE r."serverSeedHash" = v."serverSeedHash";
    CREATE INDEX fairness_revealed_seeds_user ON fairness_revealed_seeds ("userId", "revealedAt");
    CREATE UNIQUE INDEX fairness_rounds_seed_nonce ON fairness_rounds ("serverSeedHash", nonce);
    DROP INDEX fairness_rounds_draw;
  `);
  for (;;) {
    const users = await sequelize.query<{ id: number }>(
      `SELECT u.id FROM users u WHERE NOT EXISTS (SELECT 1 FROM fairness_seeds s WHERE s."userId" = u.id) ORDER BY u.id LIMIT ${BATCH}`,
      { type: QueryTypes.SELECT },
    );
    if (users.length === 0) break;
    const seeds = users.map(() => randomBytes(32).toString('hex'));
    await sequelize.query(
      `INSERT INTO fairness_seeds ("userId", "serverSeed", "serverSeedHash", "clientSeed", nonce)
       SELECT * FROM unnest($1::INTEGER[], $2::TEXT[], $3::TEXT[], $4::TEXT[]), LATERAL (SELECT 0::BIGINT) n
       ON CONFLICT ("userId") DO NOTHING`,
      {
        bind: [
          users.map((user) => user.id),
          seeds,
          seeds.map((seed) => createHash('sha256').update(seed, 'utf8').digest('hex')),
          users.map(() => randomBytes(16).toString('hex')),
        ],
      },
    );
  }
}

export async function down({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`
    CREATE UNIQUE INDEX fairness_rounds_draw ON fairness_rounds ("serverSeedHash", "clientSeed", nonce);
    DROP INDEX fairness_rounds_seed_nonce;
    DROP INDEX fairness_revealed_seeds_user;
    ALTER TABLE fairness_revealed_seeds DROP COLUMN "nonceCount";
    DROP TABLE fairness_burnt_nonces;
  `);
}
