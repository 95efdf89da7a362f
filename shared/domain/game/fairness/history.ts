import { pagination, pageOffset, type Pagination, type Paging } from '../../common';
import { nonceUseRows, seedSummaryRows, type NonceUseRow as UseRow } from '../queries/fairness';
import { resultOf } from './proof';
import { ensurePlayerSeeds } from './seeds';

/**
 * GET /game/fairness/history (docs/provably-fair.md, "History"): every nonce each of the player's server
 * seeds gave out, the current seed's (0 up to the one before the next round's) and every rotated
 * seed's (0 up to its "nonceCount" - 1), each listed once with what became of it:
 * - `round`: the simulate round that used it (order id, round id, outcome, client seed);
 * - `burnt`: a round took it and was refused (the refusal's name, burnt-nonces.ts) or failed (`error`);
 * - `unrecorded`: neither, because the process or database stopped between the nonce's commit and the
 *   round's (or the burnt record's), or the round is still being played at this moment. Listed all the
 *   same, so a nonce can never drop out of the list unseen.
 * Newest first: the current seed, then the rotated seeds from the last rotated, each by nonce from the
 * highest. `seeds` lists those seeds with their nonce counts (what `npm run verify-round -- --history`
 * checks against). The pages are cut from the seeds' counts, so a page reads only its own nonces.
 */

export type NonceStatus = 'round' | 'burnt' | 'unrecorded';

export interface NonceEntry {
  serverSeedHash: string;
  /** The revealed server seed; null while the seed is current. */
  serverSeed: string | null;
  nonce: number;
  status: NonceStatus;
  /** The client seed the round or the refused round drew with; null when unrecorded. */
  clientSeed: string | null;
  orderId: number | null;
  roundId: string | null;
  result: string | null;
  multiplier: number | null;
  /** Why the nonce was burnt (a refusal's name, or `error`); null otherwise. */
  reason: string | null;
}

export interface SeedSummary {
  serverSeedHash: string;
  serverSeed: string | null;
  current: boolean;
  /** How many nonces the seed gave out: its nonces are 0 to nonces - 1. */
  nonces: number;
  revealedAt: Date | null;
}

export interface FairnessHistory {
  items: NonceEntry[];
  seeds: SeedSummary[];
  pagination: Pagination;
}

/** The player's seeds, the current one first, then the rotated ones from the last rotated; one seed when asked. */
async function playerSeeds(userId: number, serverSeedHash?: string): Promise<SeedSummary[]> {
  const rows = await seedSummaryRows(userId, serverSeedHash);
  return rows.map((row) => ({ ...row, nonces: Number(row.nonces) }));
}

interface Slice {
  seed: SeedSummary;
  /** Lowest and highest nonce of the seed on the page. */
  low: number;
  high: number;
}

/** The page's nonces as one range per seed (each seed lists its nonces from nonces - 1 down to 0). */
function pageSlices(seeds: SeedSummary[], paging: Paging): Slice[] {
  const first = pageOffset(paging.page, paging.pageSize);
  const end = first + paging.pageSize;
  const slices: Slice[] = [];
  let start = 0;
  for (const seed of seeds) {
    const from = Math.max(first, start);
    const to = Math.min(end, start + seed.nonces);
    if (from < to) slices.push({ seed, high: seed.nonces - 1 - (from - start), low: seed.nonces - 1 - (to - 1 - start) });
    start += seed.nonces;
  }
  return slices;
}

/** The rounds and burnt records of the slices' nonces. */
async function usesOf(userId: number, slices: Slice[]): Promise<Map<string, UseRow>> {
  if (slices.length === 0) return new Map();
  const rows = await nonceUseRows(
    userId,
    slices.map((s) => s.seed.serverSeedHash),
    slices.map((s) => s.low),
    slices.map((s) => s.high),
  );
  // A nonce is a round's or a burnt one's, never both (a burnt record follows a round that wrote nothing); a round wins if it were.
  const uses = new Map<string, UseRow>();
  for (const row of rows) {
    const key = `${row.serverSeedHash}:${row.nonce}`;
    if (!uses.has(key) || row.orderId !== null) uses.set(key, row);
  }
  return uses;
}

function entryOf(seed: SeedSummary, nonce: number, use: UseRow | undefined): NonceEntry {
  const base = { serverSeedHash: seed.serverSeedHash, serverSeed: seed.serverSeed, nonce };
  if (!use) return { ...base, status: 'unrecorded', clientSeed: null, orderId: null, roundId: null, result: null, multiplier: null, reason: null };
  if (use.orderId === null)
    return { ...base, status: 'burnt', clientSeed: use.clientSeed, orderId: null, roundId: null, result: null, multiplier: null, reason: use.reason };
  return {
    ...base,
    status: 'round',
    clientSeed: use.clientSeed,
    orderId: Number(use.orderId),
    roundId: use.roundId,
    result: use.multiplier === null ? null : resultOf(use.multiplier),
    multiplier: use.multiplier === null ? null : Number(use.multiplier),
    reason: null,
  };
}

/** One page of the player's nonces (one seed's when `serverSeedHash` is given), with the seeds they belong to. */
export async function fairnessHistory(userId: number, paging: Paging, serverSeedHash?: string): Promise<FairnessHistory> {
  await ensurePlayerSeeds(userId);
  const seeds = await playerSeeds(userId, serverSeedHash);
  const slices = pageSlices(seeds, paging);
  const uses = await usesOf(userId, slices);
  const items: NonceEntry[] = [];
  for (const slice of slices) {
    for (let nonce = slice.high; nonce >= slice.low; nonce -= 1) items.push(entryOf(slice.seed, nonce, uses.get(`${slice.seed.serverSeedHash}:${nonce}`)));
  }
  const total = seeds.reduce((sum, seed) => sum + seed.nonces, 0);
  return { items, seeds, pagination: pagination(paging.page, paging.pageSize, total) };
}
