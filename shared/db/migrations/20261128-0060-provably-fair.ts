import type { MigrationContext } from '../migrator';

/**
 * Provably fair simulate rounds (docs/provably-fair.md):
 * - fairness_seeds: each player's current server seed (64 hex digits, shown only as its SHA-256 until
 *   rotated), client seed and the nonce of the next round; made on first use.
 * - fairness_rounds: each round's proof, written in the round's own statement: the bet order, the
 *   server seed's hash, the client seed and the nonce. No foreign keys, like the ledger: the round's
 *   statement wrote both rows.
 * - fairness_revealed_seeds: the server seeds rotated out, by their hash, so any round of one can be
 *   recomputed later.
 */
export async function up({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`
    CREATE TABLE fairness_seeds (
      "userId" INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      "serverSeed" CHAR(64) NOT NULL,
      "serverSeedHash" CHAR(64) NOT NULL,
      "clientSeed" VARCHAR(64) NOT NULL,
      nonce BIGINT NOT NULL DEFAULT 0 CHECK (nonce >= 0),
      "createdAt" TIMESTAMPTZ NOT NULL DEFAULT now(),
      "updatedAt" TIMESTAMPTZ NOT NULL DEFAULT now()
    );
    CREATE TABLE fairness_rounds (
      "betOrderId" BIGINT PRIMARY KEY,
      "userId" INTEGER NOT NULL,
      "serverSeedHash" CHAR(64) NOT NULL,
      "clientSeed" VARCHAR(64) NOT NULL,
      nonce BIGINT NOT NULL,
      "createdAt" TIMESTAMPTZ NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX fairness_rounds_draw ON fairness_rounds ("serverSeedHash", "clientSeed", nonce);
    CREATE TABLE fairness_revealed_seeds (
      "serverSeedHash" CHAR(64) PRIMARY KEY,
      "userId" INTEGER NOT NULL,
      "serverSeed" CHAR(64) NOT NULL,
      "revealedAt" TIMESTAMPTZ NOT NULL DEFAULT now()
    );
  `);
}

export async function down({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query('DROP TABLE fairness_revealed_seeds, fairness_rounds, fairness_seeds');
}
