import type { MigrationContext } from '../migrator';

/**
 * Players' wallet instruments and the uploaded images behind them:
 * - bank_cards, credit_cards, crypto_addresses: status 0 pending, 1 approved, 2 rejected, with the
 *   reviewing administrator and remark. A deleted instrument keeps its row ("deletedAt" set, hidden from
 *   the player's lists), so a later withdrawal can still name it; "already exists / bound" looks at the
 *   player's live rows only (partial unique indexes), so a re-add after delete is a new row.
 * - credit_cards keep no card number and never a CVV: the last four digits and a keyed fingerprint
 *   (HMAC-SHA256 with CARD_FINGERPRINT_SECRET, shared/domain/wallet/instruments/card-data.ts).
 * - uploaded_images: one row per stored image (random storage key, private or public), the owner it is
 *   served to, and "processedAt" once the image worker made its resized copy and thumbnail (the effect
 *   the `image` outbox reconciler looks for).
 */

/** The columns every instrument starts with: its site and player. */
const OWNER = `"siteCode" VARCHAR(30) NOT NULL, "userId" INTEGER NOT NULL REFERENCES users(id)`;

/** The review, the soft delete and the timestamps every instrument ends with. */
const REVIEW_AND_TIMES = `status SMALLINT NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 2)), remark VARCHAR(255), "reviewedBy" INTEGER,
      "reviewedAt" TIMESTAMPTZ, "deletedAt" TIMESTAMPTZ,
      "createdAt" TIMESTAMPTZ NOT NULL DEFAULT now(), "updatedAt" TIMESTAMPTZ NOT NULL DEFAULT now()`;

export async function up({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`
    CREATE TABLE uploaded_images (
      id BIGSERIAL PRIMARY KEY,
      "storageKey" VARCHAR(120) NOT NULL UNIQUE,
      kind VARCHAR(20) NOT NULL CHECK (kind IN ('bank-card-photo', 'promo-image')),
      visibility VARCHAR(10) NOT NULL CHECK (visibility IN ('private', 'public')),
      "siteCode" VARCHAR(30) NOT NULL,
      "ownerUserId" INTEGER REFERENCES users(id),
      format VARCHAR(10) NOT NULL,
      width INTEGER NOT NULL,
      height INTEGER NOT NULL,
      bytes INTEGER NOT NULL,
      "resizedKey" VARCHAR(120),
      "thumbnailKey" VARCHAR(120),
      "processedAt" TIMESTAMPTZ,
      "createdAt" TIMESTAMPTZ NOT NULL DEFAULT now()
    );

    CREATE TABLE bank_cards (
      id SERIAL PRIMARY KEY,
      ${OWNER},
      "bankCode" VARCHAR(20) NOT NULL,
      "bankAccount" VARCHAR(30) NOT NULL CHECK ("bankAccount" ~ '^[0-9]{8,30}$'),
      branch VARCHAR(100) NOT NULL DEFAULT '',
      "holderName" VARCHAR(100) NOT NULL,
      "idCardFront" VARCHAR(120) NOT NULL,
      "idCardBack" VARCHAR(120) NOT NULL,
      "passbookCover" VARCHAR(120) NOT NULL,
      ${REVIEW_AND_TIMES}
    );
    CREATE UNIQUE INDEX bank_cards_live_unique ON bank_cards ("siteCode", "userId", "bankCode", "bankAccount") WHERE "deletedAt" IS NULL;
    CREATE INDEX bank_cards_site_status ON bank_cards ("siteCode", status, id);

    CREATE TABLE credit_cards (
      id SERIAL PRIMARY KEY,
      ${OWNER},
      "cardLast4" CHAR(4) NOT NULL CHECK ("cardLast4" ~ '^[0-9]{4}$'),
      "cardFingerprint" CHAR(64) NOT NULL,
      "holderName" VARCHAR(100) NOT NULL,
      "expiryDate" CHAR(5) NOT NULL CHECK ("expiryDate" ~ '^(0[1-9]|1[0-2])/[0-9]{2}$'),
      ${REVIEW_AND_TIMES}
    );
    CREATE UNIQUE INDEX credit_cards_live_unique ON credit_cards ("siteCode", "userId", "cardFingerprint") WHERE "deletedAt" IS NULL;
    CREATE INDEX credit_cards_site_status ON credit_cards ("siteCode", status, id);

    CREATE TABLE crypto_addresses (
      id SERIAL PRIMARY KEY,
      ${OWNER},
      "walletName" VARCHAR(50) NOT NULL,
      currency VARCHAR(10) NOT NULL,
      network VARCHAR(20) NOT NULL,
      address VARCHAR(128) NOT NULL,
      ${REVIEW_AND_TIMES}
    );
    CREATE UNIQUE INDEX crypto_addresses_live_unique ON crypto_addresses ("siteCode", "userId", currency, network, address) WHERE "deletedAt" IS NULL;
    CREATE INDEX crypto_addresses_site_status ON crypto_addresses ("siteCode", status, id);
  `);
}

export async function down({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`
    DROP TABLE IF EXISTS crypto_addresses;
    DROP TABLE IF EXISTS credit_cards;
    DROP TABLE IF EXISTS bank_cards;
    DROP TABLE IF EXISTS uploaded_images;
  `);
}
