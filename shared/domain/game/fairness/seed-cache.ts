import type { RoundSeeds } from './seeds';

/**
 * The seeds and next nonce this process last saw for each player (docs/decisions/game.md, "A round takes
 * its nonce in its own statement"), so a round draws without reading them first. Never trusted: the
 * round's statement takes the nonce only if these are still the player's current ones, and answers the
 * current ones when not (another round, a rotation, a new client seed, another API process). Losing an
 * entry costs one read. Bounded: the least recently used players are dropped past SEED_CACHE_SIZE.
 */
const SEED_CACHE_SIZE = 50_000;
const seeds = new Map<number, RoundSeeds>();

/** The seeds to draw the player's next round with, if this process has seen them. */
export function cachedSeeds(userId: number): RoundSeeds | undefined {
  const found = seeds.get(userId);
  if (found) {
    seeds.delete(userId);
    seeds.set(userId, found);
  }
  return found;
}

/** The player's seeds and next nonce, as a statement just answered them. */
export function rememberSeeds(userId: number, next: RoundSeeds): void {
  seeds.delete(userId);
  seeds.set(userId, next);
  if (seeds.size > SEED_CACHE_SIZE) seeds.delete(seeds.keys().next().value as number);
}

/** Forgets the player's seeds: the next round reads them. */
export function forgetSeeds(userId: number): void {
  seeds.delete(userId);
}
