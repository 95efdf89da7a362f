import { Refusal } from '../../../errors';
import { logger } from '../../../logger';
import { insertBurntNonce } from '../queries/fairness';
import type { RoundSeeds } from './seeds';

/**
 * A nonce a round took and then did not use, kept with why (docs/provably-fair.md, "History"): the
 * refusal's name (`game.balanceTooLow`, `game.playerBlocked`, a player protection refusal such as
 * `responsible-gaming.lossLimit`), or `error` when the round failed otherwise. Written only on that
 * path, after the round's statement failed, so an accepted round pays nothing for it. Its commit waits
 * for the disk, and so flushes the nonce's own commit before it (seeds.ts takeRoundSeeds).
 */
export const BURNT_BY_ERROR = 'error';

/** The reason recorded for what a round's failure became (a refusal's name, else `error`). */
export function burntReason(refusal: unknown): string {
  return refusal instanceof Refusal ? refusal.refusal : BURNT_BY_ERROR;
}

/**
 * Records the burnt nonce; a failure to record is logged, never raised over the round's own refusal
 * (the nonce is then listed as `unrecorded`, as after a crash).
 */
export async function recordBurntNonce(userId: number, seeds: RoundSeeds, reason: string): Promise<void> {
  try {
    await insertBurntNonce(userId, seeds, reason.slice(0, 64));
  } catch (err) {
    logger().warn({ err, userId, nonce: seeds.nonce }, 'could not record a burnt nonce');
  }
}
