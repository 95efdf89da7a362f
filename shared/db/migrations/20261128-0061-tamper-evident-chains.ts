import type { MigrationContext } from '../migrator';

/**
 * Tamper-evident ledgers and operation log (docs/audit-chains.md):
 * - game_transactions and affiliate_ledger (one chain per account), admin_operation_logs (one chain per
 *   site) get "chainSeq" (the row's place in its chain, from 1) and "chainHash" (64 hex digits). The
 *   triggers that fill them are function files (shared/db/functions/audit/). Rows written before this
 *   migration keep both null: each chain starts at its first row written after it (no backfill).
 * - audit_chain_heads: each chain's last seq, hash and row id, the row the triggers lock and move.
 * - audit_digests: once a day, the Merkle root of every chain head and the heads it covers; append-only
 *   (a trigger refuses UPDATE and DELETE; shared/db/functions/audit/append-only.sql).
 */
export async function up({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`
    ALTER TABLE game_transactions ADD COLUMN "chainSeq" BIGINT, ADD COLUMN "chainHash" CHAR(64);
    ALTER TABLE affiliate_ledger ADD COLUMN "chainSeq" BIGINT, ADD COLUMN "chainHash" CHAR(64);
    ALTER TABLE admin_operation_logs ADD COLUMN "chainSeq" BIGINT, ADD COLUMN "chainHash" CHAR(64);
    CREATE TABLE audit_chain_heads (
      chain VARCHAR(40) NOT NULL,
      account VARCHAR(40) NOT NULL,
      seq BIGINT NOT NULL,
      hash CHAR(64) NOT NULL,
      "rowId" BIGINT NOT NULL,
      PRIMARY KEY (chain, account)
    );
    CREATE TABLE audit_digests (
      id BIGSERIAL PRIMARY KEY,
      day DATE NOT NULL UNIQUE,
      "merkleRoot" CHAR(64) NOT NULL,
      "chainCount" INTEGER NOT NULL,
      heads JSONB NOT NULL,
      "createdAt" TIMESTAMPTZ NOT NULL DEFAULT now()
    );
  `);
}

export async function down({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`
    DROP TABLE audit_digests, audit_chain_heads;
    ALTER TABLE admin_operation_logs DROP COLUMN "chainSeq", DROP COLUMN "chainHash";
    ALTER TABLE affiliate_ledger DROP COLUMN "chainSeq", DROP COLUMN "chainHash";
    ALTER TABLE game_transactions DROP COLUMN "chainSeq", DROP COLUMN "chainHash";
  `);
}
