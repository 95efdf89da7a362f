import { apartFromCommitMark } from '../../db/commit-outcome';
import { db } from '../../db/sequelize';
import { logger } from '../../logger';
import { cache, redisClosed } from '../../redis';

/**
 * users.lastActivityAt: the time of a player's latest authenticated request, written at most once per
 * window per player (docs/decisions/auth.md, "lastActivityAt"). The window is a Redis key set with NX and
 * an expiry: the request that sets it writes the time, the others within the window write nothing.
 * Redis unreachable means no write (the time is approximate by design); the request never fails for it.
 */
export const LAST_ACTIVITY_WINDOW_S = 300;

export const lastActivityKey = (userId: number) => `cache:last-activity:${userId}`;

/** Writes lastActivityAt = now() when this is the player's first request of the window; true when it wrote. */
export async function recordActivity(userId: number): Promise<boolean> {
  if (redisClosed()) return false;
  const first = await cache().set(lastActivityKey(userId), '1', 'EX', LAST_ACTIVITY_WINDOW_S, 'NX');
  if (first !== 'OK') return false;
  // Not the request's effect: an outage met later still answers `none` when nothing else was sent (shared/db/commit-outcome.ts).
  await apartFromCommitMark(() => db().query('UPDATE users SET "lastActivityAt" = now() WHERE id = :id', { replacements: { id: userId } }));
  return true;
}

/** recordActivity without waiting for it: failures are logged, never thrown at the request. */
export function noteActivity(userId: number): void {
  recordActivity(userId).catch((err: unknown) => logger().debug({ err, userId }, 'lastActivityAt not written'));
}
