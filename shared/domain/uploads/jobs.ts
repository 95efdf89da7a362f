import type { JobHandler } from '../../queues/job-handler';
import { sweepOrphanUploads } from './orphans';
import { processImage } from './processing';

/** The `image` queue: a stored upload's resized copy and thumbnail (processing.ts). */
export const imageJob: JobHandler<'image'> = async (job) => processImage(job.data.storageKey);

/** The daily sweep of stored files that no uploaded image owns (orphans.ts). */
export const uploadSweepJob: JobHandler<'upload-sweep'> = async () => sweepOrphanUploads();
