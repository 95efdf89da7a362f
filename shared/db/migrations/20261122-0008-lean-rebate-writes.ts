import type { MigrationContext } from '../migrator';

/** Game type codes of the rebate log as they were when the log stored typeKeys. */
const TYPE_CODES: Array<[string, number]> = [
  ['sports', 1],
  ['slot', 2],
  ['live', 3],
  ['lottery', 4],
  ['chess', 5],
  ['esports', 8],
  ['crypto', 9],
  ['fish', 10],
];

function caseOf(column: string, pairs: Array<[string | number, string | number]>): string {
  const quote = (v: string | number) => (typeof v === 'number' ? String(v) : `'${v}'`);
  return `CASE ${column} ${pairs.map(([from, to]) => `WHEN ${quote(from)} THEN ${quote(to)}`).join(' ')} END`;
}

/**
 * Leaner writes for the settlements that credit many players at once (docs/decisions/vip.md, "Daily rebate
 * write costs"):
 * - vip_rebate_logs is keyed by ("userId", day, "gameType") itself, with the numeric game type (the code
 *   bet orders carry) instead of its typeKey: no serial id and no varchar unique index to maintain per row.
 * - game_transactions loses its foreign key on "userId": the wallet writes each ledger row from the user
 *   row it has just updated (UPDATE ... RETURNING), so the per-row check only repeated what the same
 *   statement had proven, and it was almost half the cost of a bulk credit. What the key also guarded,
 *   a user deleted under their ledger, is kept by a trigger that refuses deleting a user with ledger rows
 *   (shared/db/functions/users/keep-ledger.sql).
 */
export async function up({ sequelize }: MigrationContext): Promise<void> {
  await sequelize.query(`
    ALTER TABLE vip_rebate_logs DROP CONSTRAINT vip_rebate_logs_pkey;
    ALTER TABLE vip_rebate_logs DROP CONSTRAINT "vip_rebate_logs_userId_day_gameType_key";
    ALTER TABLE vip_rebate_logs DROP COLUMN id;
    ALTER TABLE vip_rebate_logs ALTER COLUMN "gameType" TYPE SMALLINT USING (${caseOf('"gameType"', TYPE_CODES)});
    ALTER TABLE vip_rebate_logs ADD PRIMARY KEY ("userId", day, "gameType");

    ALTER TABLE game_transactions DROP CONSTRAINT IF EXISTS "game_transactions_userId_fkey";
  `);
}

export async function down({ sequelize }: MigrationContext): Promise<void> {
  const back = TYPE_CODES.map(([key, code]): [number, string] => [code, key]);
  await sequelize.query(`
    ALTER TABLE game_transactions ADD CONSTRAINT "game_transactions_userId_fkey" FOREIGN KEY ("userId") REFERENCES users(id);

    ALTER TABLE vip_rebate_logs DROP CONSTRAINT vip_rebate_logs_pkey;
    ALTER TABLE vip_rebate_logs ALTER COLUMN "gameType" TYPE VARCHAR(20) USING (${caseOf('"gameType"', back)});
    ALTER TABLE vip_rebate_logs ADD COLUMN id BIGSERIAL PRIMARY KEY;
    ALTER TABLE vip_rebate_logs ADD CONSTRAINT "vip_rebate_logs_userId_day_gameType_key" UNIQUE ("userId", day, "gameType");
  `);
}
