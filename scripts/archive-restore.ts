import { isMonth, restoreMonth } from '../shared/domain/history';
import { exitWith, withServices } from './lib/boot';

/**
 * `npm run archive:restore -- <YYYY-MM>`: brings an archived month of the history tables back from
 * storage (shared/domain/history/restore.ts; docs/decisions/bet-record.md, "Old months go to compressed
 * archives in storage"): each archive's sha256 and, for the ledger, every chain link of the month are
 * checked against its manifest before the month is attached again. Exit status 0 when restored, 1 when
 * the arguments are wrong or a check fails (nothing is attached then).
 */
async function main(): Promise<number> {
  const month = process.argv[2];
  if (!month || !isMonth(month) || process.argv.length > 3) {
    process.stderr.write('usage: npm run archive:restore -- <YYYY-MM>\n');
    return 1;
  }
  return withServices(async () => {
    for (const r of await restoreMonth(month)) {
      console.log(`${r.table} ${month}: ${r.rows} rows restored${r.table === 'game_transactions' ? `, ${r.chains} chains checked against the manifest` : ''}`);
    }
    return 0;
  });
}

exitWith(main);
