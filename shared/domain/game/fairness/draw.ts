import { createHash, createHmac } from 'node:crypto';

/**
 * The provably fair draw (docs/provably-fair.md): the one rule that turns a round's server seed, client
 * seed and nonce into its outcome. POST /game/simulate and `npm run verify-round` both call it, so what
 * the verifier prints is what the round paid. Pure: no configuration, no database.
 */

export type SimulateResultName = 'lose' | 'small' | 'medium' | 'good' | 'big' | 'huge' | 'mega';

/** The draw table, in its order: [weight in units of 1/10000, multiplier, result] (return to player 97%). */
const DRAW_ROWS: ReadonlyArray<readonly [number, string, SimulateResultName]> = [
  [6000, '0', 'lose'],
  [2200, '0.5', 'small'],
  [1000, '2', 'medium'],
  [500, '4', 'good'],
  [200, '8', 'big'],
  [80, '20', 'huge'],
  [20, '70', 'mega'],
];
export const DRAW_TABLE = DRAW_ROWS.map(([weight, multiplier, result]) => ({ weight, multiplier, result }));
export const DRAW_SCALE = 10_000;
if (DRAW_TABLE.reduce((sum, row) => sum + row.weight, 0) !== DRAW_SCALE) throw new Error('simulate draw table must add up to 100%');

/** r = k / 2^52, where k is the first 13 hex digits (52 bits) of the round's HMAC. */
export const FLOAT_BITS = 52;
const TWO_POW_52 = 2n ** 52n;

export interface Outcome {
  multiplier: string;
  result: SimulateResultName;
}

/** SHA-256 of the server seed's text (64 lowercase hex digits): the commitment shown before play. */
export function serverSeedHashOf(serverSeed: string): string {
  return createHash('sha256').update(serverSeed, 'utf8').digest('hex');
}

/** The round's HMAC message: `<clientSeed>:<nonce>` (the nonce in decimal). */
export function roundMessage(clientSeed: string, nonce: number | bigint | string): string {
  return `${clientSeed}:${String(nonce)}`;
}

/** HMAC-SHA256, key = the server seed's text, message = roundMessage, as lowercase hex. */
export function roundHmac(serverSeed: string, clientSeed: string, nonce: number | bigint | string): string {
  return hmacOf(serverSeed, roundMessage(clientSeed, nonce));
}

const hmacOf = (serverSeed: string, message: string) => createHmac('sha256', Buffer.from(serverSeed, 'utf8')).update(message, 'utf8').digest('hex');

/** The first row, in table order, whose cumulative probability exceeds r (r in [0, 1)). */
export function outcomeOfFloat(r: number): Outcome {
  if (typeof r !== 'number' || !(r >= 0 && r < 1)) throw new Error(`draw value ${r} is outside [0, 1)`);
  let cumulative = 0;
  for (const row of DRAW_TABLE) {
    cumulative += row.weight;
    if (cumulative / DRAW_SCALE > r) return { multiplier: row.multiplier, result: row.result };
  }
  throw new Error('unreachable: draw table exhausted');
}

/**
 * The same rule for r = k / 2^52, compared exactly in integers (cumulative weight x 2^52 > k x 10000),
 * so the cumulative probability is weight/10000 exactly and no rounding of a float decides a boundary.
 * It agrees with outcomeOfFloat for every k (test/api/game-simulate.test.ts checks both sides of
 * every boundary).
 */
export function outcomeOfInteger(k: bigint): Outcome {
  if (k < 0n || k >= TWO_POW_52) throw new Error(`draw integer ${k} is outside [0, 2^52)`);
  let cumulative = 0n;
  for (const row of DRAW_TABLE) {
    cumulative += BigInt(row.weight);
    if (cumulative * TWO_POW_52 > k * BigInt(DRAW_SCALE)) return { multiplier: row.multiplier, result: row.result };
  }
  throw new Error('unreachable: draw table exhausted');
}

export interface FairRound extends Outcome {
  /** The message the HMAC was computed over (what the verifier prints). */
  message: string;
  hmac: string;
  /** The first 13 hex digits of the HMAC, as an integer. */
  k: bigint;
  /** k / 2^52, in [0, 1). */
  r: number;
}

/** A round's outcome from its seeds and nonce, with every intermediate value the verifier prints. */
export function fairRound(serverSeed: string, clientSeed: string, nonce: number | bigint | string): FairRound {
  const message = roundMessage(clientSeed, nonce);
  const hmac = hmacOf(serverSeed, message);
  const k = BigInt(`0x${hmac.slice(0, 13)}`);
  return { message, hmac, k, r: Number(k) / 2 ** FLOAT_BITS, ...outcomeOfInteger(k) };
}
