import { config } from '../config';
import { logger } from '../logger';
import { repeatEvery } from './repeat';
import { cache } from '../redis';
import { claimNewIncarnationSweep } from './incarnation';

/**
 * When the workers sweep the outbox reconcilers at once, without the grace (docs/decisions/platform.md,
 * "Restores and empty Redis are swept at once"): when no job of a sent row can still be coming, waiting
 * OUTBOX_RECONCILE_AFTER_MS only delays effects.
 * - Redis came back empty: a marker key the workers write at start, in the queues' slot (named after the
 *   queue prefix, as incarnation.ts's key), is gone. The process that writes it back first (SET NX, so
 *   one of many) sweeps.
 * - The database is a new incarnation (restored, cloned: shared/queues/incarnation.ts): its rows marked
 *   sent were sent from another database, whose jobs ran against that one. The process that claims the
 *   incarnation's sweep sweeps.
 */
export const SWEEP_TRIGGERS_EVERY_MS = 1000;

export type SweepTrigger = 'redis-emptied' | 'new-incarnation';

function markerKey(): string {
  return `outbox:${config().queuePrefix}:redis-marker`;
}

function markerValue(): string {
  return JSON.stringify({ writtenAt: new Date().toISOString(), pid: process.pid });
}

/** Writes the marker, then checks both triggers every `everyMs` until the returned stop function is called. */
export function watchSweepTriggers(sweepNow: (why: SweepTrigger) => Promise<void>, everyMs = SWEEP_TRIGGERS_EVERY_MS): () => Promise<void> {
  let written = false;
  const checkMarker = async () => {
    const client = cache();
    if (!written) {
      // At start: written now, or by another process already; either way this Redis has it from here on.
      await client.set(markerKey(), markerValue(), 'NX');
      written = true;
      return;
    }
    if (await client.exists(markerKey())) return;
    if ((await client.set(markerKey(), markerValue(), 'NX')) !== 'OK') return; // another process writes it back and sweeps
    logger().warn('the Redis marker is gone: Redis lost its keys');
    await sweepNow('redis-emptied');
  };
  const checkIncarnation = async () => {
    if (await claimNewIncarnationSweep()) await sweepNow('new-incarnation');
  };
  return repeatEvery(
    everyMs,
    () =>
      Promise.all([
        checkMarker().catch((err) => logger().debug({ err }, 'Redis marker check failed (Redis unavailable?)')),
        checkIncarnation().catch((err) => logger().debug({ err }, 'database incarnation check failed')),
      ]),
    0,
  );
}
