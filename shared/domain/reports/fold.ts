import { QueryTypes } from 'sequelize';
import { db } from '../../db/sequelize';

/** How many deltas one fold transaction takes (shared/db/functions/reports/fold.sql). */
export const FOLD_BATCH = 5000;

/**
 * Folds every pending report delta into the daily rollup (docs/decisions/reports.md, "Deltas appended,
 * folded by a job"): batches of FOLD_BATCH, each one statement of report_fold, until a batch is not full.
 * Run by the `report-fold` job every few seconds and by hand (the tests, the verify script). Returns the
 * number of deltas folded.
 */
export async function foldReportDeltas(options: { maxBatches?: number } = {}): Promise<number> {
  let total = 0;
  for (let batch = 0; batch < (options.maxBatches ?? 1000); batch++) {
    const [row] = await db().query<{ n: number }>('SELECT report_fold(:limit) AS n', { replacements: { limit: FOLD_BATCH }, type: QueryTypes.SELECT });
    total += Number(row.n);
    if (Number(row.n) < FOLD_BATCH) break;
  }
  return total;
}
