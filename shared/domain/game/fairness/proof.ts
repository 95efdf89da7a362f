import Decimal from 'decimal.js';
import { NotFoundError } from '../../../errors';
import { proofRow } from '../queries/fairness';
import { DRAW_TABLE } from './draw';

/**
 * GET /game/fairness/round/:orderId: what a player needs to recompute one of their simulate rounds
 * (docs/provably-fair.md). The server seed is given once it was rotated out (revealed); before that it
 * is null, and only its hash is known. Another player's round, or a round without a proof, is a 404.
 */
export interface RoundProof {
  orderId: number;
  roundId: string;
  result: string | null;
  multiplier: number;
  serverSeedHash: string;
  /** Null until the seed is rotated (POST /game/fairness/rotate). */
  serverSeed: string | null;
  clientSeed: string;
  nonce: number;
}

/** The table's result of a multiplier (each multiplier is one row's); also the history's (history.ts). */
export const resultOf = (multiplier: string) => DRAW_TABLE.find((row) => new Decimal(row.multiplier).eq(multiplier))?.result ?? null;

export async function roundProof(userId: number, orderId: number): Promise<RoundProof> {
  const row = await proofRow(userId, orderId);
  if (!row) throw new NotFoundError('round not found');
  return {
    orderId: Number(row.orderId),
    roundId: row.roundId,
    result: resultOf(row.multiplier),
    multiplier: Number(row.multiplier),
    serverSeedHash: row.serverSeedHash,
    serverSeed: row.serverSeed,
    clientSeed: row.clientSeed,
    nonce: Number(row.nonce),
  };
}
