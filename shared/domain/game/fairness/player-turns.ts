/**
 * One round at a time per player in this process (docs/decisions/game.md, "A round takes its nonce in
 * its own statement"): a player's rounds that arrive together are played one after the other, each
 * drawing with the nonce the previous one left, instead of racing for the same nonce and drawing again.
 * The database serialises them anyway (the player's rows); this only saves the lost draws. Rounds of the
 * same player in other API processes are still caught by the round's statement.
 */
const turns = new Map<number, Promise<unknown>>();

/** Runs `play` after the player's rounds already waiting in this process. */
export async function inPlayerTurn<T>(userId: number, play: () => Promise<T>): Promise<T> {
  const before = turns.get(userId);
  const mine = (before ?? Promise.resolve()).then(play, play);
  const settled = mine.then(
    () => undefined,
    () => undefined,
  );
  turns.set(userId, settled);
  try {
    return await mine;
  } finally {
    if (turns.get(userId) === settled) turns.delete(userId);
  }
}
