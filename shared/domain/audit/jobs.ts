import type { JobHandler } from '../../queues/job-handler';
import { writeDailyDigest } from './digest';

/** The daily digest of the hash chains' heads, signed with AUDIT_SIGNING_KEY (digest.ts); the day's second run writes nothing. */
export const auditDigestJob: JobHandler<'audit-digest'> = async () => writeDailyDigest();
