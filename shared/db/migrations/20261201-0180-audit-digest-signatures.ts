import type { MigrationContext } from '../migrator';

/**
 * Signed daily digests (docs/audit-chains.md, "Signed digests"): each audit_digests row keeps the
 * Ed25519 signature of its signed text (base64, 64 bytes) and the id of the key that made it (the first
 * 16 hex digits of SHA-256 of the public key's SPKI DER). Digests written before this migration keep both
 * null; adding columns is no UPDATE, so the append-only trigger lets it pass.
 */
export async function up({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`ALTER TABLE audit_digests ADD COLUMN signature TEXT, ADD COLUMN "keyId" CHAR(16)`);
}

export async function down({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`ALTER TABLE audit_digests DROP COLUMN signature, DROP COLUMN "keyId"`);
}
