import { archivedMonths } from '../shared/domain/history';
import { addDays, describeDifference, isDay, verifyReports } from '../shared/domain/reports';
import { exitWith, withServices } from './lib/boot';

/**
 * `npm run reports:verify [-- --from YYYY-MM-DD --to YYYY-MM-DD] [--site CODE]` (docs/reports.md,
 * "Verification"): folds the pending deltas, recomputes every rollup cell of the range (default: the
 * last 7 days, today included) from the raw tables and names each that differs; exit 1 when any does.
 */
function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function check(): Promise<number> {
  const today = new Date().toISOString().slice(0, 10);
  const to = arg('to') ?? today;
  const from = arg('from') ?? (isDay(to) ? addDays(to, -6) : to);
  const differences = await verifyReports({ from, to, siteCode: arg('site') ?? null });
  const archived = (await archivedMonths()).filter((m) => m >= from.slice(0, 7) && m <= to.slice(0, 7));
  if (archived.length) console.log(`not compared: the days of the archived months ${archived.join(', ')} (npm run archive:restore -- <month> to verify one)`);
  for (const d of differences) console.log(describeDifference(d));
  console.log(differences.length ? `${differences.length} cells differ (${from} to ${to})` : `the rollup matches the raw tables (${from} to ${to})`);
  return differences.length ? 1 : 0;
}

exitWith(() => withServices(check), 2);
