import { writeDailyDigest } from '../../shared/domain/audit/digest';
import type { Processor } from './types';

/** The daily digest of the hash chains' heads, signed with AUDIT_SIGNING_KEY (shared/domain/audit/digest.ts); the day's second run writes nothing. */
export const processAuditDigest: Processor<'audit-digest'> = async () => writeDailyDigest();
