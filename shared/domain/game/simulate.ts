import { randomBytes } from 'node:crypto';
import Decimal from 'decimal.js';
import { ForeignKeyConstraintError } from 'sequelize';
import { config } from '../../config';
import { db } from '../../db/sequelize';
import type { GameProvider } from '../../db/models';
import { Refusal, UnavailableError } from '../../errors';
import { pickText } from '../../i18n/locales';
import { countWalletMovement } from '../../metrics';
import { raisedProtectionRefusal, realityCheckOf, type RealityCheck } from '../responsible-gaming';
import { money, WalletError, type WalletErrorReason } from '../wallet';
import { cachedProvider } from './cache';
import { fairRound, outcomeOfFloat, type Outcome, type SimulateResultName } from './fairness/draw';
import { burnNonce, burntReason } from './fairness/burnt-nonces';
import { inPlayerTurn } from './fairness/player-turns';
import { rememberSeeds } from './fairness/seed-cache';
import { roundSeeds, seedsFromRow, type RoundSeeds } from './fairness/seeds';
import { lockedSeedRow, playFairRound, playFairRoundIn, type FairRoundRow, type SeedRow } from './queries/fairness';
import { EFFECTIVE_BET_WEIGHTS } from './types';

/**
 * POST /game/simulate: a local round with real money. The round draws its outcome from the player's
 * seeds and next nonce (fairness/seeds.ts, fairness/draw.ts, docs/provably-fair.md). Then one statement
 * (one database transaction) takes that nonce if the seeds are still current, writes the bet order with
 * its bet detail, the round's proof, the post-bet outbox row (VIP, promotion turnover, mission progress
 * run in the post-bet worker), debits the bet, credits the win, writes the play log and reads the reality
 * check due after it; either all of it happens or none.
 */

export const SIMULATE_MIN_BET = new Decimal('0.01');
export const SIMULATE_MAX_BET = new Decimal('10000');
/** betAmount may carry at most this many decimals (the money scale); more is a 400. */
export const SIMULATE_BET_DECIMALS = 6;

export { DRAW_SCALE, DRAW_TABLE, type SimulateResultName } from './fairness/draw';

/**
 * The draw of an HTTP round: the provably fair rule (fairness/draw.ts, docs/provably-fair.md) from the
 * player's seeds and the round's nonce. A test may fix r in [0, 1) instead (the seeds and the nonce are
 * still taken and answered); only in NODE_ENV=test, so a deployed process never has its draws fixed.
 */
export type FixedDraw = () => number;
let fixedDraw: FixedDraw | null = null;

/** Fixes the r of the next HTTP rounds (null restores the seeds' draw). Only in NODE_ENV=test. */
export function setSimulateRandomSourceForTests(source: FixedDraw | null): void {
  if (config().nodeEnv !== 'test') throw new Error('the simulate random source can only be replaced in tests');
  fixedDraw = source;
}

function drawOf(seeds: RoundSeeds): Outcome {
  return fixedDraw ? outcomeOfFloat(fixedDraw()) : fairRound(seeds.serverSeed, seeds.clientSeed, seeds.nonce);
}

/** `SIM_<epoch ms>_<12 hex>`. */
export function newRoundId(): string {
  return `SIM_${Date.now()}_${randomBytes(6).toString('hex')}`;
}

export interface SimulateInput {
  siteCode: string;
  userId: number;
  gameCode: string;
  productId: number;
  /** The JSON number as sent (validated upstream: finite, at most 6 decimals). */
  betAmount: number;
}

export interface SimulateResult {
  roundId: string;
  orderId: number;
  betAmount: number;
  multiplier: number;
  winAmount: number;
  profit: number;
  result: SimulateResultName;
  balanceBefore: number;
  balanceAfter: number;
  /** The commitment to the server seed that drew the round, the client seed and the round's nonce. */
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  /**
   * The reality check due after this round, read by the round's own statement (null: none); the
   * pipeline carries it in the header and the result without reading it again (api/http/reality-check.ts).
   */
  realityCheck: RealityCheck | null;
}

/** True when the amount is a finite number with at most 6 decimals (what the wallet can hold). */
export function isMoneyNumber(value: number): boolean {
  if (typeof value !== 'number' || !Number.isFinite(value)) return false;
  return new Decimal(String(value)).decimalPlaces() <= SIMULATE_BET_DECIMALS;
}

/** A drawn round: the bet, its outcome and the win, before anything is written. */
interface Round {
  roundId: string;
  bet: Decimal;
  multiplier: Decimal;
  win: Decimal;
  winLose: Decimal;
  result: SimulateResultName;
  at: Date;
  seeds: RoundSeeds;
}

/** The site's enabled game of that code (refused `notFound` or `disabled` otherwise). */
async function playableGame(siteCode: string, gameCode: string): Promise<GameProvider> {
  const game = await cachedProvider(siteCode, gameCode);
  if (!game || !game.enable) throw new Refusal(game ? 'game.disabled' : 'game.notFound');
  return game;
}

/** betAmount with at most 6 decimals, from 0.01 to 10000 (`betInvalid` otherwise). */
function validBet(betAmount: number): Decimal {
  if (!isMoneyNumber(betAmount)) throw new Refusal('game.betInvalid', 'betAmount must be a number with at most 6 decimals');
  const bet = new Decimal(String(betAmount));
  if (bet.lt(SIMULATE_MIN_BET) || bet.gt(SIMULATE_MAX_BET)) throw new Refusal('game.betInvalid');
  return bet;
}

/** Draws the outcome from the round's seeds; the win is bet x multiplier rounded half-up to 6 decimals. */
function drawRound(bet: Decimal, seeds: RoundSeeds): Round {
  const outcome = drawOf(seeds);
  const multiplier = new Decimal(outcome.multiplier);
  const win = new Decimal(money(bet.times(multiplier)));
  return { roundId: newRoundId(), bet, multiplier, win, winLose: win.minus(bet), result: outcome.result, at: new Date(), seeds };
}

/**
 * Writes the round in ONE statement, its own transaction (database function simulate_fair_round,
 * shared/db/functions/game/simulate-fair-round.sql): the nonce the round was drawn with, taken only if
 * the seeds are still the player's current ones; the round (simulate_round, simulate-round.sql): the
 * settled bet order with its bet detail (bet_order_write, the providers' writer too; its effective bet by
 * provider_effective, from the weights the provider calls pass), the post-bet outbox row, the debit and
 * the win through the wallet's wallet_move (the function moveBalance runs; the round id was drawn just
 * now, so its keys are new: no replay lookup), and the play log; the round's proof (fairness_rounds: the
 * server seed's hash, the client seed and the nonce; docs/provably-fair.md); and the reality check due
 * after it. A game block of the player (GB000, checked under the player's row lock the debit took) or a
 * wallet refusal (WL000) raises and writes nothing.
 */
function roundValues(input: SimulateInput, game: GameProvider, round: Round): unknown[] {
  return [
    input.siteCode,
    input.userId,
    game.providerCode,
    game.gameCode,
    pickText(game.name, 'en-US').slice(0, 120),
    String(game.gameType),
    round.roundId,
    String(input.productId),
    round.bet.toFixed(6),
    round.win.toFixed(6),
    round.multiplier.toFixed(2),
    round.at,
    `simulate ${game.gameCode}`,
    `simulate ${game.gameCode} x${round.multiplier.toFixed(2)}`,
    EFFECTIVE_BET_WEIGHTS,
  ];
}

/** The answer of a round its statement played. */
function resultOf(round: Round, played: FairRoundRow): SimulateResult {
  countWalletMovement('bet');
  if (round.win.gt(0)) countWalletMovement('win');
  return {
    roundId: round.roundId,
    orderId: Number(played.order_id),
    betAmount: round.bet.toNumber(),
    multiplier: round.multiplier.toNumber(),
    winAmount: round.win.toNumber(),
    profit: round.winLose.toNumber(),
    result: round.result,
    balanceBefore: Number(played.balance_before),
    balanceAfter: Number(played.balance_after),
    serverSeedHash: round.seeds.serverSeedHash,
    clientSeed: round.seeds.clientSeed,
    nonce: round.seeds.nonce,
    realityCheck: realityCheckOf(
      played.rc_due_at
        ? {
            startedAt: played.rc_started_at as Date,
            elapsedSeconds: played.rc_elapsed_seconds as string,
            net: played.rc_net as string,
            dueAt: played.rc_due_at,
            acknowledgeBy: played.rc_acknowledge_by as Date,
          }
        : undefined,
    ),
  };
}

/**
 * The round's refusals as the game's: `playerBlocked` a game block covers the game (GB000, the launch's
 * risk check inside the round's statement); `bonus.maxBetExceeded` (BN000, a stake above the active bonus
 * grant's max bet); player protection's (RG000: exclusions, session, loss and
 * wager limits, responsible-gaming/money-checks.ts); the wallet's: `balanceTooLow`; `winTooLarge` a balance the
 * column cannot hold; `playerNotFound` user gone.
 */
function roundRefusal(caught: unknown): unknown {
  const original = (caught as { original?: { code?: string; message?: string } } | null)?.original;
  if (original?.code === 'GB000') return new Refusal('game.playerBlocked');
  // A stake above the active bonus grant's max bet (BN000, bonus_round; docs/decisions/bonus.md).
  if (original?.code === 'BN000') return new Refusal('bonus.maxBetExceeded');
  const protection = raisedProtectionRefusal(caught);
  if (protection) return protection;
  const err = original?.code === 'WL000' ? new WalletError(original.message as WalletErrorReason) : caught;
  if (err instanceof WalletError && err.reason === 'INSUFFICIENT_FUNDS') return new Refusal('game.balanceTooLow');
  if (err instanceof WalletError && err.reason === 'USER_NOT_FOUND') return new Refusal('game.playerNotFound');
  // A win the balance column cannot hold: the round cannot be played at this amount.
  if (err instanceof WalletError && err.reason === 'BALANCE_OVERFLOW') return new Refusal('game.winTooLarge');
  if (err instanceof ForeignKeyConstraintError) return new Refusal('game.playerNotFound');
  return err;
}

/**
 * Plays one round. Refused: `notFound` or `disabled`; `betInvalid` betAmount outside 0.01..10000;
 * `playerBlocked` (a game block, as on launch); `balanceTooLow`; `winTooLarge`; `playerNotFound`.
 * A round whose statement is refused burns the nonce it drew with, recorded with the refusal's name
 * (fairness/burnt-nonces.ts), before the refusal is answered; an accepted round writes nothing more.
 * A player's rounds in this process take turns (fairness/player-turns.ts).
 */
export async function simulateRound(input: SimulateInput): Promise<SimulateResult> {
  const game = await playableGame(input.siteCode, input.gameCode);
  const bet = validBet(input.betAmount);
  return inPlayerTurn(input.userId, () => playTurn(input, game, bet));
}

async function playTurn(input: SimulateInput, game: GameProvider, bet: Decimal): Promise<SimulateResult> {
  if (config().simulateOptimisticDraws === 0) return playLocked(input, game, bet);
  let seeds = await refusedAs(roundSeeds(input.userId));
  // Drawn again with the seeds the statement answered when they were no longer current (rounds of this
  // player in another API process, a rotation), up to SIMULATE_OPTIMISTIC_DRAWS times; then under the lock.
  for (let draw = 1; draw <= config().simulateOptimisticDraws; draw++) {
    const round = drawRound(bet, seeds);
    const played = await playedOrBurnt(input.userId, round, () => playFairRound(roundValues(input, game, round), round.seeds));
    if (played.played) return settled(input.userId, round, played);
    seeds = await refusedAs(seedsFromRow(input.userId, currentSeedsOf(played)));
  }
  return playLocked(input, game, bet);
}

/** The round drawn under the lock of the player's seeds row, so its statement finds them current. */
async function playLocked(input: SimulateInput, game: GameProvider, bet: Decimal): Promise<SimulateResult> {
  let round: Round | undefined;
  const played = await db()
    .transaction(async (transaction) => {
      const seeds = await seedsFromRow(input.userId, await lockedSeedRow(input.userId, transaction));
      round = drawRound(bet, seeds);
      return playFairRoundIn(transaction, roundValues(input, game, round), seeds);
    })
    .catch(async (err) => {
      const refusal = roundRefusal(err);
      if (round) await burnNonce(input.userId, round.seeds, burntReason(refusal));
      throw refusal;
    });
  if (!round || !played.played) throw new UnavailableError('the round could not take a nonce');
  return settled(input.userId, round, played);
}

/** The round's statement's answer; refused, the nonce is burnt first and the refusal raised. */
async function playedOrBurnt(userId: number, round: Round, play: () => Promise<FairRoundRow>): Promise<FairRoundRow> {
  try {
    return await play();
  } catch (err) {
    const refusal = roundRefusal(err);
    await burnNonce(userId, round.seeds, burntReason(refusal));
    throw refusal;
  }
}

/** A failure before anything was drawn (reading or making the seeds), as the round's refusal. */
function refusedAs<T>(work: Promise<T>): Promise<T> {
  return work.catch((err) => {
    throw roundRefusal(err);
  });
}

/** The player's current seeds as a statement that did not play answered them. */
function currentSeedsOf(played: FairRoundRow): SeedRow | undefined {
  if (!played.server_seed) return undefined;
  return {
    serverSeed: played.server_seed,
    serverSeedHash: played.server_seed_hash as string,
    clientSeed: played.client_seed as string,
    nonce: played.next_nonce as string,
  };
}

/** A played round: its seeds with the next nonce are remembered for the player's next round. */
function settled(userId: number, round: Round, played: FairRoundRow): SimulateResult {
  rememberSeeds(userId, { ...round.seeds, nonce: Number(played.next_nonce) });
  return resultOf(round, played);
}
