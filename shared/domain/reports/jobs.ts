import type { JobHandler } from '../../queues/job-handler';
import { foldReportDeltas } from './fold';

/** The fold of the report deltas into the daily rollup (scheduled every few seconds; fold.ts). */
export const reportFoldJob: JobHandler<'report-fold'> = async () => ({ folded: await foldReportDeltas() });
