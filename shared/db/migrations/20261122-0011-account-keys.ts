import { QueryTypes } from 'sequelize';
import { accountKey, isReservedAccount } from '../../domain/auth/account-names';
import type { MigrationContext } from '../migrator';

/**
 * Account names that look alike are one account (docs/decisions.md, "Account names"): users get
 * "accountKey", the name as shared/domain/auth/account-names.ts reads it (the same function, so the keys
 * written here are the ones registration and login compute), unique per site where set.
 *
 * Existing rows: every account except those third-party logins create gets its key; when older accounts
 * already share a key, the oldest keeps it and the others none (they still log in by their exact name,
 * and nobody can register another look-alike of them).
 */
const BATCH = 5000;

export async function up({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query('ALTER TABLE users ADD COLUMN "accountKey" TEXT');
  for (let after = 0; ; ) {
    const rows = await sequelize.query<{ id: number; account: string }>('SELECT id, account FROM users WHERE id > :after ORDER BY id LIMIT :limit', {
      replacements: { after, limit: BATCH },
      type: QueryTypes.SELECT,
    });
    if (!rows.length) break;
    after = rows[rows.length - 1].id;
    const keys = rows.filter((r) => !isReservedAccount(r.account)).map((r) => ({ id: r.id, key: accountKey(r.account) }));
    if (keys.length) {
      await sequelize.query(
        `UPDATE users u SET "accountKey" = k.key FROM json_to_recordset(CAST(:keys AS JSON)) AS k(id INTEGER, key TEXT) WHERE u.id = k.id`,
        { replacements: { keys: JSON.stringify(keys) } },
      );
    }
  }
  await sequelize.query(`
    UPDATE users SET "accountKey" = NULL
     WHERE id IN (SELECT id FROM (SELECT id, row_number() OVER (PARTITION BY "siteCode", "accountKey" ORDER BY id) AS n
                                    FROM users WHERE "accountKey" IS NOT NULL) ranked WHERE n > 1);
    CREATE UNIQUE INDEX users_site_account_key ON users ("siteCode", "accountKey") WHERE "accountKey" IS NOT NULL;
  `);
}

export async function down({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`
    DROP INDEX IF EXISTS users_site_account_key;
    ALTER TABLE users DROP COLUMN IF EXISTS "accountKey";
  `);
}
