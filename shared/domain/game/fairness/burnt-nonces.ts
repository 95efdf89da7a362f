import { Refusal } from '../../../errors';
import { burnNonceRow } from '../queries/fairness';
import { forgetSeeds } from './seed-cache';
import type { RoundSeeds } from './seeds';

/**
 * A nonce a round drew with and was then refused on, kept with why (docs/provably-fair.md, "History"): the
 * refusal's name (`game.balanceTooLow`, `game.playerBlocked`, a player protection refusal such as
 * `responsible-gaming.lossLimit`), or `error` when the round failed otherwise. Written only on that
 * path, after the round's statement failed (which took nothing), so an accepted round pays nothing for it.
 */
export const BURNT_BY_ERROR = 'error';

/** The reason recorded for what a round's failure became (a refusal's name, else `error`). */
export function burntReason(refusal: unknown): string {
  return refusal instanceof Refusal ? refusal.refusal : BURNT_BY_ERROR;
}

/**
 * Takes and records the refused round's nonce, so the next round draws with the next one (a refusal that
 * depends on the drawn outcome, `game.winTooLarge`, must never be replayed against the same outcome). The
 * caller answers the refusal only after this committed: when it fails, its error is the answer (a 503 for
 * an unavailable database), never the refusal. A nonce another round took meanwhile is left to that round.
 */
export async function burnNonce(userId: number, seeds: RoundSeeds, reason: string): Promise<void> {
  forgetSeeds(userId);
  await burnNonceRow(userId, seeds, reason.slice(0, 64));
}
