import { randomBytes } from 'node:crypto';
import type { Transaction } from 'sequelize';
import { Refusal } from '../../../errors';
import { currentSeedRow, insertPlayerSeeds, rotateSeedRow, seedRowMade, updateClientSeed, type SeedRow } from '../queries/fairness';
import { serverSeedHashOf } from './draw';
import { cachedSeeds, forgetSeeds, rememberSeeds } from './seed-cache';

/**
 * A player's seeds for provably fair rounds (docs/provably-fair.md), one fairness_seeds row per player,
 * made at registration (createPlayerSeeds, from createPlayer: every way an account is made) and for
 * older players by migration 20261201-0100: a server seed (32 random bytes as 64 hex digits) of which
 * only the SHA-256 is shown until it is rotated, a client seed the player may set (16 random bytes as
 * hex by default) and the nonce of the next round. A round takes its nonce in its own statement, only if
 * the seeds it drew with are still the current ones (simulate.ts, simulate_fair_round), so two rounds
 * never share one; a refused round burns its nonce and leaves a record of it (burnt-nonces.ts): never
 * reused, and never unaccounted for.
 */

export interface FairnessState {
  serverSeedHash: string;
  clientSeed: string;
  /** The nonce the next round uses. */
  nonce: number;
}

export interface RoundSeeds {
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  /** This round's nonce. */
  nonce: number;
}

export interface Rotation extends FairnessState {
  previousServerSeed: string;
  previousServerSeedHash: string;
}

const newServerSeed = () => randomBytes(32).toString('hex');
export const newClientSeed = () => randomBytes(16).toString('hex');

/** The row's values for a new player: fresh seeds, nonce `nonce`. */
function freshValues(userId: number, nonce: number): unknown[] {
  const serverSeed = newServerSeed();
  return [userId, serverSeed, serverSeedHashOf(serverSeed), newClientSeed(), nonce];
}

/**
 * A new player's seeds, in the registration's transaction (shared/domain/auth/accounts.ts createPlayer),
 * so the commitment exists, and GET /game/fairness shows it, before any round. Does nothing when the
 * player has seeds already.
 */
export async function createPlayerSeeds(userId: number, transaction?: Transaction): Promise<void> {
  await insertPlayerSeeds(freshValues(userId, 0), transaction);
}

/**
 * The player's row. A player without one (an account made outside createPlayer, such as by an API
 * process of the previous release while migration 20261201-0100 ran) gets fresh seeds here, from a
 * fairness call or from a round that is then refused (takeRoundSeeds): never the way seeds are made,
 * and never drawn with in the call that made them (docs/decisions/game.md, "Every player has a server seed
 * from registration").
 */
async function seedRow(userId: number): Promise<SeedRow> {
  const values = freshValues(userId, 0);
  const rows = await seedRowMade(values);
  // A row another request made at the same moment is not in this statement's snapshot: read it again.
  return rows[0] ?? (await seedRow(userId));
}

const stateOf = (row: Pick<SeedRow, 'serverSeedHash' | 'clientSeed' | 'nonce'>): FairnessState => ({
  serverSeedHash: row.serverSeedHash,
  clientSeed: row.clientSeed,
  nonce: Number(row.nonce),
});

/** The player's seeds exist (the fallback of seedRow for GET /game/fairness/history, history.ts). */
export async function ensurePlayerSeeds(userId: number): Promise<void> {
  await seedRow(userId);
}

/** GET /game/fairness: the hash of the current server seed, the client seed and the next nonce. */
export async function fairnessState(userId: number): Promise<FairnessState> {
  return stateOf(await seedRow(userId));
}

/** PUT /game/fairness/client-seed: the next rounds use `clientSeed`; the server seed and the nonce stay. */
export async function setClientSeed(userId: number, clientSeed: string): Promise<FairnessState> {
  await seedRow(userId);
  forgetSeeds(userId);
  return stateOf(await updateClientSeed(userId, clientSeed));
}

/**
 * POST /game/fairness/rotate: reveals the current server seed (kept in fairness_revealed_seeds, so a
 * round of it can be checked later too) and commits to a new one; the nonce starts again at 0 and the
 * client seed stays. One statement: a round that took its nonce before the rotation used the old seed,
 * one after it the new one; the revealed seed keeps how many nonces it gave out (its "nonceCount"), so
 * the history lists each of them (history.ts).
 */
export async function rotateServerSeed(userId: number): Promise<Rotation> {
  await seedRow(userId);
  forgetSeeds(userId);
  const serverSeed = newServerSeed();
  const row = await rotateSeedRow(userId, serverSeed, serverSeedHashOf(serverSeed));
  return { previousServerSeed: row.previousServerSeed, previousServerSeedHash: row.previousServerSeedHash, ...stateOf(row) };
}

/**
 * The seeds to draw the player's next round with: those this process last saw (seed-cache.ts), else the
 * player's row (made at registration; a player who has none gets one from seedRow and the round is
 * refused `seedsNotCommitted`, so no round is ever drawn with a seed nobody was shown). Nothing is taken
 * here: the round's statement takes the nonce if these are still current, and answers the current seeds
 * when they are not (seedsFromRow).
 */
export async function roundSeeds(userId: number): Promise<RoundSeeds> {
  const cached = cachedSeeds(userId);
  if (cached) return cached;
  const [row] = await currentSeedRow(userId);
  return seedsFromRow(userId, row);
}

/** The player's current seeds from a row a statement answered, remembered for the next round; no row: see roundSeeds. */
export async function seedsFromRow(userId: number, row: SeedRow | undefined): Promise<RoundSeeds> {
  if (!row?.serverSeed) {
    // Never made inside a round: the seed is made and committed now, and this round is refused, so its
    // hash can be read before the next round draws with it (docs/decisions/game.md, "Every player has a
    // server seed from registration").
    await seedRow(userId);
    throw new Refusal('game.seedsNotCommitted');
  }
  const seeds = { serverSeed: row.serverSeed, serverSeedHash: row.serverSeedHash, clientSeed: row.clientSeed, nonce: Number(row.nonce) };
  rememberSeeds(userId, seeds);
  return seeds;
}
