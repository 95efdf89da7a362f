import Decimal from 'decimal.js';
import { QueryTypes } from 'sequelize';
import { db } from '../../../db/sequelize';
import { NotFoundError } from '../../../errors';
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

interface ProofRow {
  orderId: string;
  roundId: string;
  multiplier: string;
  serverSeedHash: string;
  serverSeed: string | null;
  clientSeed: string;
  nonce: string;
}

/** The table's result of a multiplier (each multiplier is one row's); also the history's (history.ts). */
export const resultOf = (multiplier: string) => DRAW_TABLE.find((row) => new Decimal(row.multiplier).eq(multiplier))?.result ?? null;

export async function roundProof(userId: number, orderId: number): Promise<RoundProof> {
  const [row] = await db().query<ProofRow>(
    `SELECT r."betOrderId" AS "orderId", o."gameNumber" AS "roundId", o.multiplier, r."serverSeedHash", v."serverSeed", r."clientSeed", r.nonce
       FROM fairness_rounds r
       JOIN bet_orders o ON o.id = r."betOrderId"
       LEFT JOIN fairness_revealed_seeds v ON v."serverSeedHash" = r."serverSeedHash" AND v."userId" = r."userId"
      WHERE r."betOrderId" = $1 AND r."userId" = $2`,
    { bind: [orderId, userId], type: QueryTypes.SELECT },
  );
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
