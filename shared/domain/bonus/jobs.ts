import { logger } from '../../logger';
import { dueGrantIds, expireGrantRow } from './queries';

/**
 * The bonus expiry job (queue `bonus-expiry`, every minute): each active grant past its expiry expires in
 * its own statement (bonus_expire, under the player's row lock): its balance leaves as a bonus-expire row.
 * A bet that takes the lock first expires the grant itself and this finds it ended; so each grant
 * expires exactly once. Answers how many expired.
 */
export async function expireBonusesJob(): Promise<{ expired: number }> {
  let expired = 0;
  for (;;) {
    const ids = await dueGrantIds(200);
    for (const id of ids) if ((await expireGrantRow(id)) !== null) expired += 1;
    if (ids.length < 200) break;
  }
  if (expired) logger().info({ expired }, 'bonus grants expired');
  return { expired };
}
