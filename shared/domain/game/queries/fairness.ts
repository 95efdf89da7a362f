import { QueryTypes, type Transaction } from 'sequelize';
import { preparedRows } from '../../../db/prepared';
import { db } from '../../../db/sequelize';
import type { RoundSeeds } from '../fairness/seeds';

/**
 * The statements over the provably fair tables (docs/provably-fair.md): fairness_seeds (a player's
 * current seeds and next nonce), fairness_revealed_seeds (the seeds rotated out), fairness_rounds (a
 * simulate round's proof, written with the round) and fairness_burnt_nonces (nonces taken and not used).
 * The rules that use them are in shared/domain/game/fairness/ and simulate.ts.
 */

export interface SeedRow {
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: string;
}

/** Adds the player's seeds (values: userId, serverSeed, serverSeedHash, clientSeed, nonce) unless the player has some. */
export async function insertPlayerSeeds(values: unknown[], transaction?: Transaction): Promise<void> {
  await db().query(
    `INSERT INTO fairness_seeds ("userId", "serverSeed", "serverSeedHash", "clientSeed", nonce) VALUES ($1, $2, $3, $4, $5) ON CONFLICT ("userId") DO NOTHING`,
    { bind: values, transaction },
  );
}

/**
 * The player's seeds, made from `values` (as insertPlayerSeeds) when the player has none; no row when
 * another request made them at the same moment (not in this statement's snapshot).
 */
export async function seedRowMade(values: unknown[]): Promise<SeedRow[]> {
  return db().query<SeedRow>(
    `WITH made AS (
       INSERT INTO fairness_seeds ("userId", "serverSeed", "serverSeedHash", "clientSeed", nonce) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT ("userId") DO NOTHING RETURNING "serverSeed", "serverSeedHash", "clientSeed", nonce)
     SELECT * FROM made UNION ALL SELECT "serverSeed", "serverSeedHash", "clientSeed", nonce FROM fairness_seeds WHERE "userId" = $1 LIMIT 1`,
    { bind: values, type: QueryTypes.SELECT },
  );
}

/** Sets the player's client seed; answers the seeds' hash, the client seed and the nonce. */
export async function updateClientSeed(userId: number, clientSeed: string): Promise<SeedRow> {
  const [row] = await db().query<SeedRow>(
    `UPDATE fairness_seeds SET "clientSeed" = $2, "updatedAt" = now() WHERE "userId" = $1 RETURNING "serverSeedHash", "clientSeed", nonce`,
    { bind: [userId, clientSeed], type: QueryTypes.SELECT },
  );
  return row;
}

/**
 * In one statement: the current server seed is kept in fairness_revealed_seeds with the nonces it gave
 * out, and replaced by `serverSeed` (hash `serverSeedHash`) from nonce 0; answers the previous seed and
 * the new state.
 */
export async function rotateSeedRow(userId: number, serverSeed: string, serverSeedHash: string) {
  const [row] = await db().query<SeedRow & { previousServerSeed: string; previousServerSeedHash: string }>(
    `WITH old AS (SELECT "serverSeed", "serverSeedHash", nonce FROM fairness_seeds WHERE "userId" = $1 FOR UPDATE),
     rotated AS (
       UPDATE fairness_seeds s SET "serverSeed" = $2, "serverSeedHash" = $3, nonce = 0, "updatedAt" = now()
         FROM old WHERE s."userId" = $1
       RETURNING old."serverSeed" AS "previousServerSeed", old."serverSeedHash" AS "previousServerSeedHash", old.nonce AS "previousNonce",
                 s."serverSeedHash", s."clientSeed", s.nonce),
     revealed AS (
       INSERT INTO fairness_revealed_seeds ("serverSeedHash", "userId", "serverSeed", "nonceCount")
       SELECT "previousServerSeedHash", $1, "previousServerSeed", "previousNonce" FROM rotated)
     SELECT * FROM rotated`,
    { bind: [userId, serverSeed, serverSeedHash], type: QueryTypes.SELECT },
  );
  return row;
}

/** The player's seeds and next nonce, as a round draws with them (prepared statement `fairness_seeds_of`); none without a row. */
export async function currentSeedRow(userId: number): Promise<SeedRow[]> {
  return preparedRows<SeedRow>(
    'fairness_seeds_of',
    `SELECT "serverSeed", "serverSeedHash", "clientSeed", nonce FROM fairness_seeds WHERE "userId" = $1::INTEGER`,
    [userId],
  );
}

/**
 * Burns nonce `seeds.nonce` of a refused round in one statement: takes it, if it is still the player's
 * next one with these seeds, and records it in fairness_burnt_nonces with `reason`. Answers whether it
 * was taken (not: another round of the player took it meanwhile).
 */
export async function burnNonceRow(userId: number, seeds: RoundSeeds, reason: string): Promise<boolean> {
  const rows = await preparedRows<{ nonce: string }>(
    'fairness_burn_nonce',
    `WITH took AS (
       UPDATE fairness_seeds SET nonce = nonce + 1
        WHERE "userId" = $1::INTEGER AND nonce = $3::BIGINT AND "serverSeedHash" = $2::TEXT AND "clientSeed" = $4::TEXT
       RETURNING nonce - 1 AS nonce)
     INSERT INTO fairness_burnt_nonces ("userId", "serverSeedHash", nonce, "clientSeed", reason)
     SELECT $1::INTEGER, $2::TEXT, took.nonce, $4::TEXT, $5::TEXT FROM took
     ON CONFLICT DO NOTHING RETURNING nonce`,
    [userId, seeds.serverSeedHash, seeds.nonce, seeds.clientSeed, reason],
  );
  return rows.length > 0;
}

/** What simulate_fair_round answers (shared/db/functions/game/simulate-fair-round.sql). */
export interface FairRoundRow {
  played: boolean;
  order_id: string | null;
  balance_before: string | null;
  balance_after: string | null;
  /** Only when not played: the player's current server seed (null: the player has no seeds). */
  server_seed: string | null;
  server_seed_hash: string | null;
  client_seed: string | null;
  /** The next round's nonce. */
  next_nonce: string | null;
  rc_started_at: Date | null;
  rc_elapsed_seconds: string | null;
  rc_net: string | null;
  rc_due_at: Date | null;
  rc_acknowledge_by: Date | null;
}

const FAIR_ROUND = `SELECT * FROM simulate_fair_round($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)`;

/**
 * The simulate round's one statement (prepared statement `simulate_fair_round`): simulate_fair_round with
 * `roundValues` ($1 to $15, simulate_round's) and the seeds the round was drawn with ($16 to $18).
 */
export async function playFairRound(roundValues: readonly unknown[], seeds: RoundSeeds): Promise<FairRoundRow> {
  const [row] = await preparedRows<FairRoundRow>('simulate_fair_round', FAIR_ROUND, [...roundValues, seeds.serverSeedHash, seeds.clientSeed, seeds.nonce]);
  return row;
}

/** The same statement in `transaction`, which holds the player's seeds row (lockedSeedRow). */
export async function playFairRoundIn(transaction: Transaction, roundValues: readonly unknown[], seeds: RoundSeeds): Promise<FairRoundRow> {
  const [row] = await db().query<FairRoundRow>(FAIR_ROUND, {
    bind: [...roundValues, seeds.serverSeedHash, seeds.clientSeed, seeds.nonce],
    type: QueryTypes.SELECT,
    transaction,
  });
  return row;
}

/** The player's seeds and next nonce, locked (FOR UPDATE) until `transaction` ends; none without a row. */
export async function lockedSeedRow(userId: number, transaction: Transaction): Promise<SeedRow | undefined> {
  const [row] = await db().query<SeedRow>(
    `SELECT "serverSeed", "serverSeedHash", "clientSeed", nonce FROM fairness_seeds WHERE "userId" = :userId FOR UPDATE`,
    { replacements: { userId }, type: QueryTypes.SELECT, transaction },
  );
  return row;
}

export interface ProofRow {
  orderId: string;
  roundId: string;
  multiplier: string;
  serverSeedHash: string;
  serverSeed: string | null;
  clientSeed: string;
  nonce: string;
}

/** The player's round of bet order `orderId` with its proof and, once revealed, its server seed. */
export async function proofRow(userId: number, orderId: number): Promise<ProofRow | undefined> {
  const [row] = await db().query<ProofRow>(
    `SELECT r."betOrderId" AS "orderId", o."gameNumber" AS "roundId", o.multiplier, r."serverSeedHash", v."serverSeed", r."clientSeed", r.nonce
       FROM fairness_rounds r
       JOIN bet_orders o ON o.id = r."betOrderId"
       LEFT JOIN fairness_revealed_seeds v ON v."serverSeedHash" = r."serverSeedHash" AND v."userId" = r."userId"
      WHERE r."betOrderId" = $1 AND r."userId" = $2`,
    { bind: [orderId, userId], type: QueryTypes.SELECT },
  );
  return row;
}

export interface SeedSummaryRow {
  serverSeedHash: string;
  serverSeed: string | null;
  current: boolean;
  nonces: string;
  revealedAt: Date | null;
}

/** The player's seeds (the current one, then the rotated ones from the last rotated), or only `serverSeedHash`. */
export async function seedSummaryRows(userId: number, serverSeedHash?: string): Promise<SeedSummaryRow[]> {
  return db().query<SeedSummaryRow>(
    `SELECT * FROM (
       SELECT "serverSeedHash", NULL::TEXT AS "serverSeed", TRUE AS current, nonce::TEXT AS nonces, NULL::TIMESTAMPTZ AS "revealedAt"
         FROM fairness_seeds WHERE "userId" = $1
       UNION ALL
       SELECT "serverSeedHash", "serverSeed", FALSE, "nonceCount"::TEXT, "revealedAt" FROM fairness_revealed_seeds WHERE "userId" = $1) s
      WHERE $2::TEXT IS NULL OR "serverSeedHash" = $2
      ORDER BY current DESC, "revealedAt" DESC, "serverSeedHash"`,
    { bind: [userId, serverSeedHash ?? null], type: QueryTypes.SELECT },
  );
}

export interface NonceUseRow {
  serverSeedHash: string;
  nonce: string;
  clientSeed: string;
  orderId: string | null;
  roundId: string | null;
  multiplier: string | null;
  reason: string | null;
}

/** The player's rounds and burnt records of the nonces low to high of each seed hash (three arrays of one length). */
export async function nonceUseRows(userId: number, hashes: string[], lows: number[], highs: number[]): Promise<NonceUseRow[]> {
  return db().query<NonceUseRow>(
    `WITH q AS (SELECT * FROM unnest($2::TEXT[], $3::BIGINT[], $4::BIGINT[]) AS q(h, low, high))
     SELECT r."serverSeedHash", r.nonce::TEXT AS nonce, r."clientSeed", r."betOrderId"::TEXT AS "orderId", o."gameNumber" AS "roundId",
            o.multiplier::TEXT AS multiplier, NULL::TEXT AS reason
       FROM q JOIN fairness_rounds r ON r."serverSeedHash" = q.h AND r.nonce BETWEEN q.low AND q.high
       LEFT JOIN bet_orders o ON o.id = r."betOrderId"
      WHERE r."userId" = $1
     UNION ALL
     SELECT b."serverSeedHash", b.nonce::TEXT, b."clientSeed", NULL, NULL, NULL, b.reason
       FROM q JOIN fairness_burnt_nonces b ON b."userId" = $1 AND b."serverSeedHash" = q.h AND b.nonce BETWEEN q.low AND q.high`,
    {
      bind: [userId, hashes, lows, highs],
      type: QueryTypes.SELECT,
    },
  );
}
