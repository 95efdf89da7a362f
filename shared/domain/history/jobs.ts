import type { JobHandler } from '../../queues/job-handler';
import { archiveOldMonths } from './archive';
import { pruneKeys } from './keys';
import { createMonthsAhead } from './partitions';

/**
 * The history tables' daily upkeep, in this order so a storage failure never keeps the next months from
 * being created: the months ahead (and any month whose rows wait in a default partition), the keys older
 * than the reconciliation window, then the months old enough to archive.
 */
export const historyJob: JobHandler<'history'> = async () => {
  const created = await createMonthsAhead();
  const keysRemoved = await pruneKeys();
  const archived = await archiveOldMonths();
  return { created, keysRemoved, archived };
};
