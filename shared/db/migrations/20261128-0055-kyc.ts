import type { MigrationContext } from '../migrator';

/**
 * Know your customer (docs/kyc.md): the player's profile (one row per player), the identity documents
 * (one row per upload; at most one pending per player and kind) and the flags operators look at (an
 * under-age date of birth). Document images are uploaded images of kind `kyc-document` (private).
 * "mailedAt" is the decision mail's mark (sent, or skipped for good), which its reconciler reads.
 */
export async function up({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`
    ALTER TABLE uploaded_images DROP CONSTRAINT IF EXISTS uploaded_images_kind_check;
    ALTER TABLE uploaded_images ADD CONSTRAINT uploaded_images_kind_check CHECK (kind IN ('bank-card-photo', 'promo-image', 'kyc-document'));

    CREATE TABLE kyc_profiles (
      "userId" INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
      "siteCode" VARCHAR(30) NOT NULL,
      "legalName" VARCHAR(100) NOT NULL,
      "dateOfBirth" DATE NOT NULL,
      country CHAR(2) NOT NULL,
      address VARCHAR(300) NOT NULL,
      "createdAt" TIMESTAMPTZ NOT NULL DEFAULT now(),
      "updatedAt" TIMESTAMPTZ NOT NULL DEFAULT now()
    );

    CREATE TABLE kyc_documents (
      id SERIAL PRIMARY KEY,
      "siteCode" VARCHAR(30) NOT NULL,
      "userId" INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      kind VARCHAR(20) NOT NULL CHECK (kind IN ('id-front', 'id-back', 'selfie', 'address-proof')),
      "storageKey" VARCHAR(120) NOT NULL UNIQUE,
      status VARCHAR(10) NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
      reason VARCHAR(300),
      "expiresAt" TIMESTAMPTZ,
      "reviewedBy" INTEGER,
      "reviewedAt" TIMESTAMPTZ,
      "mailedAt" TIMESTAMPTZ,
      "createdAt" TIMESTAMPTZ NOT NULL DEFAULT now(),
      "updatedAt" TIMESTAMPTZ NOT NULL DEFAULT now(),
      CHECK (status <> 'approved' OR "expiresAt" IS NOT NULL)
    );
    CREATE UNIQUE INDEX kyc_documents_one_pending ON kyc_documents ("userId", kind) WHERE status = 'pending';
    CREATE INDEX kyc_documents_queue ON kyc_documents ("siteCode", status, id);
    CREATE INDEX kyc_documents_user ON kyc_documents ("userId", kind, status);

    CREATE TABLE kyc_flags (
      id SERIAL PRIMARY KEY,
      "siteCode" VARCHAR(30) NOT NULL,
      "userId" INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      reason VARCHAR(30) NOT NULL,
      detail JSONB,
      "createdAt" TIMESTAMPTZ NOT NULL DEFAULT now()
    );
    CREATE INDEX kyc_flags_user ON kyc_flags ("userId");
  `);
}

export async function down({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`
    DROP TABLE IF EXISTS kyc_flags;
    DROP TABLE IF EXISTS kyc_documents;
    DROP TABLE IF EXISTS kyc_profiles;
    DELETE FROM uploaded_images WHERE kind = 'kyc-document';
    ALTER TABLE uploaded_images DROP CONSTRAINT IF EXISTS uploaded_images_kind_check;
    ALTER TABLE uploaded_images ADD CONSTRAINT uploaded_images_kind_check CHECK (kind IN ('bank-card-photo', 'promo-image'));
  `);
}
