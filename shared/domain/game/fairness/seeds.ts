import { randomBytes } from 'node:crypto';
import { QueryTypes } from 'sequelize';
import { preparedRows } from '../../../db/prepared';
import { db } from '../../../db/sequelize';
import { serverSeedHashOf } from './draw';

/**
 * A player's seeds for provably fair rounds (docs/provably-fair.md), one fairness_seeds row per player,
 * made on first use: a server seed (32 random bytes as 64 hex digits) of which only the SHA-256 is shown
 * until it is rotated, a client seed the player may set (16 random bytes as hex by default) and the
 * nonce of the next round. A round takes its nonce with one UPDATE ... RETURNING, so two rounds never
 * share one; a refused round burns its nonce (never reused is the promise, not gap-free).
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

interface SeedRow {
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: string;
}

/** The row's values for a new player: fresh seeds, nonce `nonce`. */
function freshValues(userId: number, nonce: number): unknown[] {
  const serverSeed = newServerSeed();
  return [userId, serverSeed, serverSeedHashOf(serverSeed), newClientSeed(), nonce];
}

/** The player's row, made with fresh seeds (nonce 0) when there is none. */
async function seedRow(userId: number): Promise<SeedRow> {
  const values = freshValues(userId, 0);
  const rows = await db().query<SeedRow>(
    `WITH made AS (
       INSERT INTO fairness_seeds ("userId", "serverSeed", "serverSeedHash", "clientSeed", nonce) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT ("userId") DO NOTHING RETURNING "serverSeed", "serverSeedHash", "clientSeed", nonce)
     SELECT * FROM made UNION ALL SELECT "serverSeed", "serverSeedHash", "clientSeed", nonce FROM fairness_seeds WHERE "userId" = $1 LIMIT 1`,
    { bind: values, type: QueryTypes.SELECT },
  );
  // A row another request made at the same moment is not in this statement's snapshot: read it again.
  return rows[0] ?? (await seedRow(userId));
}

const stateOf = (row: Pick<SeedRow, 'serverSeedHash' | 'clientSeed' | 'nonce'>): FairnessState => ({
  serverSeedHash: row.serverSeedHash,
  clientSeed: row.clientSeed,
  nonce: Number(row.nonce),
});

/** GET /game/fairness: the hash of the current server seed, the client seed and the next nonce. */
export async function fairnessState(userId: number): Promise<FairnessState> {
  return stateOf(await seedRow(userId));
}

/** PUT /game/fairness/client-seed: the next rounds use `clientSeed`; the server seed and the nonce stay. */
export async function setClientSeed(userId: number, clientSeed: string): Promise<FairnessState> {
  await seedRow(userId);
  const [row] = await db().query<SeedRow>(
    `UPDATE fairness_seeds SET "clientSeed" = $2, "updatedAt" = now() WHERE "userId" = $1 RETURNING "serverSeedHash", "clientSeed", nonce`,
    { bind: [userId, clientSeed], type: QueryTypes.SELECT },
  );
  return stateOf(row);
}

/**
 * POST /game/fairness/rotate: reveals the current server seed (kept in fairness_revealed_seeds, so a
 * round of it can be checked later too) and commits to a new one; the nonce starts again at 0 and the
 * client seed stays. One statement: a round that took its nonce before the rotation used the old seed,
 * one after it the new one.
 */
export async function rotateServerSeed(userId: number): Promise<Rotation> {
  await seedRow(userId);
  const serverSeed = newServerSeed();
  const [row] = await db().query<SeedRow & { previousServerSeed: string; previousServerSeedHash: string }>(
    `WITH old AS (SELECT "serverSeed", "serverSeedHash" FROM fairness_seeds WHERE "userId" = $1 FOR UPDATE),
     rotated AS (
       UPDATE fairness_seeds s SET "serverSeed" = $2, "serverSeedHash" = $3, nonce = 0, "updatedAt" = now()
         FROM old WHERE s."userId" = $1
       RETURNING old."serverSeed" AS "previousServerSeed", old."serverSeedHash" AS "previousServerSeedHash", s."serverSeedHash", s."clientSeed", s.nonce),
     revealed AS (
       INSERT INTO fairness_revealed_seeds ("serverSeedHash", "userId", "serverSeed")
       SELECT "previousServerSeedHash", $1, "previousServerSeed" FROM rotated)
     SELECT * FROM rotated`,
    { bind: [userId, serverSeed, serverSeedHashOf(serverSeed)], type: QueryTypes.SELECT },
  );
  return { previousServerSeed: row.previousServerSeed, previousServerSeedHash: row.previousServerSeedHash, ...stateOf(row) };
}

/**
 * A round's seeds: the server seed, its hash, the client seed and this round's nonce, taken in one
 * statement (made with fresh seeds on the player's first round). The row lock of the UPDATE orders
 * concurrent rounds of one player, each getting the next nonce. Its commit does not wait for the WAL
 * flush (synchronous_commit off for this transaction only): the round's own commit, which does wait,
 * flushes the WAL up to itself and so this update too. A crash in between can only lose a nonce no
 * committed round used and no player was shown (the answer follows the round's commit); the unique
 * index of fairness_rounds keeps two recorded rounds from ever sharing one. docs/decisions.md.
 */
export async function takeRoundSeeds(userId: number): Promise<RoundSeeds> {
  const [row] = await preparedRows<SeedRow>(
    'fairness_take_nonce',
    `INSERT INTO fairness_seeds AS s ("userId", "serverSeed", "serverSeedHash", "clientSeed", nonce)
     SELECT $1::INTEGER, $2::TEXT, $3::TEXT, $4::TEXT, $5::BIGINT FROM (SELECT set_config('synchronous_commit', 'off', true)) AS no_flush_wait
     ON CONFLICT ("userId") DO UPDATE SET nonce = s.nonce + 1
     RETURNING s."serverSeed", s."serverSeedHash", s."clientSeed", s.nonce - 1 AS nonce`,
    freshValues(userId, 1),
  );
  return { serverSeed: row.serverSeed, serverSeedHash: row.serverSeedHash, clientSeed: row.clientSeed, nonce: Number(row.nonce) };
}
