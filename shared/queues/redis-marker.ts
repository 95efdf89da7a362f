import { config } from '../config';
import { logger } from '../logger';
import { cache } from '../redis';

/**
 * The marker that tells the workers Redis came back empty (docs/decisions/platform.md, "A Redis that
 * comes back empty is swept at once"): a key the workers write at start, in the queues' slot (named
 * after the queue prefix, as incarnation.ts's key). When a check finds it gone, Redis lost its keys,
 * jobs included, since it was written: the process that writes it back first (SET NX, so one of many)
 * runs `onEmptied`, the reconcilers' sweep without the grace, instead of waiting OUTBOX_RECONCILE_AFTER_MS
 * for effects whose jobs cannot come.
 */
export const REDIS_MARKER_CHECK_EVERY_MS = 1000;

function markerKey(): string {
  return `outbox:${config().queuePrefix}:redis-marker`;
}

function markerValue(): string {
  return JSON.stringify({ writtenAt: new Date().toISOString(), pid: process.pid });
}

/** Writes the marker, then checks it every `everyMs` until the returned stop function is called. */
export function watchRedisMarker(onEmptied: () => Promise<void>, everyMs = REDIS_MARKER_CHECK_EVERY_MS): () => Promise<void> {
  let stopped = false;
  let written = false;
  let running: Promise<unknown> = Promise.resolve();
  const check = async () => {
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
    await onEmptied();
  };
  const tick = () => {
    if (stopped) return;
    running = check()
      .catch((err) => logger().debug({ err }, 'Redis marker check failed (Redis unavailable?)'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, everyMs);
      });
  };
  let timer = setTimeout(tick, 0);
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
