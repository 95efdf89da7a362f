import { randomBytes } from 'node:crypto';
import { config } from '../../config';
import { jobId, type QueuePayloads } from '../../queues/definitions';
import { addAndWait, type JobOutcome } from '../../queues/wait-for-job';

/** How long a request waits for its mail or SMS job (VERIFY_JOB_WAIT_MS, default 10 s). */
export function verifyJobWaitMs(): number {
  return config().timeouts.verifyJobWaitMs;
}

/**
 * Hands a verification's mail or SMS to its worker (one attempt, a fresh job id) and waits for the
 * outcome at most verifyJobWaitMs().
 */
export function runVerificationJob<Q extends 'mail' | 'sms'>(
  queue: Q,
  name: 'verify-email' | 'verify-mobile',
  userId: number,
  payload: QueuePayloads[Q],
): Promise<JobOutcome> {
  const id = jobId(name, `${userId}-${Date.now()}-${randomBytes(3).toString('hex')}`);
  return addAndWait(queue, name, payload, { jobId: id, attempts: 1 }, verifyJobWaitMs());
}
