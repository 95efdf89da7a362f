import { QueryTypes } from 'sequelize';
import type { MigrationContext } from '../migrator';

/**
 * Account names that look alike are one account (docs/decisions/auth.md, "Account names"): users get
 * "accountKey", the name as shared/domain/auth/account-names.ts read it when this migration was written,
 * unique per site where set.
 *
 * Existing rows: every account except those third-party logins create gets its key; when older accounts
 * already share a key, the oldest keeps it and the others none (they still log in by their exact name,
 * and nobody can register another look-alike of them).
 */
const BATCH = 5000;

/*
 * Frozen on purpose: a copy of accountKey and isReservedAccount of shared/domain/auth/account-names.ts as
 * they stood when this migration was written. A migration means what it meant then, whatever the domain
 * becomes; a later change of the key is a new migration that rewrites the keys, not an edit here.
 */
const LOOK_ALIKES: Record<string, string> = {
  // Cyrillic
  А: 'A',
  В: 'B',
  Е: 'E',
  К: 'K',
  М: 'M',
  Н: 'H',
  О: 'O',
  Р: 'P',
  С: 'C',
  Т: 'T',
  Х: 'X',
  У: 'Y',
  Ѕ: 'S',
  І: 'I',
  Ј: 'J',
  Ү: 'Y',
  Ԛ: 'Q',
  Ԝ: 'W',
  Ӏ: 'I',
  а: 'a',
  е: 'e',
  о: 'o',
  р: 'p',
  с: 'c',
  у: 'y',
  х: 'x',
  ѕ: 's',
  і: 'i',
  ј: 'j',
  һ: 'h',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  ӏ: 'l',
  ү: 'y',
  // Greek
  Α: 'A',
  Β: 'B',
  Ε: 'E',
  Ζ: 'Z',
  Η: 'H',
  Ι: 'I',
  Κ: 'K',
  Μ: 'M',
  Ν: 'N',
  Ο: 'O',
  Ρ: 'P',
  Τ: 'T',
  Υ: 'Y',
  Χ: 'X',
  α: 'a',
  ι: 'i',
  ο: 'o',
  ν: 'v',
  ρ: 'p',
  υ: 'u',
  γ: 'y',
};
const LOOK_ALIKE = new RegExp(`[${Object.keys(LOOK_ALIKES).join('')}]`, 'gu');

/** NFKC, look-alike Cyrillic and Greek letters read as Latin, then case folded (frozen, see above). */
function accountKey(account: string): string {
  const plain = account.normalize('NFKC').replace(LOOK_ALIKE, (c) => LOOK_ALIKES[c]);
  // Upper then lower case folds what lower case alone keeps apart (ß and SS, final and medial sigma).
  return plain.toUpperCase().toLowerCase().normalize('NFKC');
}

/** Accounts third-party logins create (`oauth_<sub>`, `widget_<id>`), which get no key (frozen, see above). */
const RESERVED = /^(oauth|widget)_/;

function isReservedAccount(account: string): boolean {
  return RESERVED.test(accountKey(account));
}

export async function up({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query('ALTER TABLE users ADD COLUMN "accountKey" TEXT');
  for (let after = 0; ;) {
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
