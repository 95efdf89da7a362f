import type { JobHandler } from '../../queues/job-handler';
import { refreshLiveSports } from './refresh';

/**
 * Refreshes the live-sports cache (every 30 minutes, or by hand). Not configured completes with
 * {configured: false}; a feed failure is recorded, keeps the last good list and fails the job so that
 * BullMQ retries it and Bull Board shows it.
 */
export const liveSportsJob: JobHandler<'live-sports'> = async () => {
  const result = await refreshLiveSports();
  if (result.configured && !result.ok) throw new Error(result.error);
  return result;
};
