import { processImage } from '../../shared/domain/uploads/processing';
import type { Processor } from './types';

/** The `image` queue: a stored upload's resized copy and thumbnail (shared/domain/uploads/processing.ts). */
export const processImageJob: Processor<'image'> = async (job) => processImage(job.data.storageKey);
