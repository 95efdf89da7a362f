import { sweepOrphanUploads } from '../../shared/domain/uploads/orphans';
import type { Processor } from './types';

/** The daily sweep of stored files that no uploaded image owns (shared/domain/uploads/orphans.ts). */
export const processUploadSweep: Processor<'upload-sweep'> = async () => sweepOrphanUploads();
