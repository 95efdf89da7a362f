import { randomBytes } from 'node:crypto';
import Decimal from 'decimal.js';
import { ForeignKeyConstraintError } from 'sequelize';
import { config } from '../../config';
import type { GameProvider } from '../../db/models';
import { Refusal } from '../../errors';
import { pickText } from '../../i18n/locales';
import { countWalletMovement } from '../../metrics';
import { raisedProtectionRefusal } from '../responsible-gaming';
import { money, WalletError, type WalletErrorReason } from '../wallet';
import { cachedProvider } from './cache';
import { fairRound, outcomeOfFloat, type Outcome, type SimulateResultName } from './fairness/draw';
import { burntReason, recordBurntNonce } from './fairness/burnt-nonces';
import { takeRoundSeeds, type RoundSeeds } from './fairness/seeds';
import { playSimulateRound } from './queries/fairness';
import { EFFECTIVE_BET_WEIGHTS } from './types';

/**
 * POST /game/simulate: a local round with real money. The round takes the player's next nonce
 * (fairness/seeds.ts) and draws its outcome from the seeds (fairness/draw.ts, docs/provably-fair.md).
 * Then one statement (one database transaction) writes the bet order with its bet detail, the round's
 * proof, the post-bet outbox row (VIP, promotion turnover, mission progress run in the post-bet worker),
 * debits the bet, credits the win and writes the play log; either all of it happens or none.
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
 * Writes the round in ONE statement, its own transaction (database function simulate_round,
 * shared/db/functions/game/simulate-round.sql): the settled bet order with its bet detail
 * (bet_order_write, the providers' writer too; its effective bet by provider_effective, from the weights
 * the provider calls pass), the post-bet outbox row, the debit and the win through the wallet's
 * wallet_move (the function moveBalance runs; the round id was drawn just now, so its keys are new: no
 * replay lookup), and the play log; the same statement keeps the round's proof (fairness_rounds: the
 * server seed's hash, the client seed and the nonce; docs/provably-fair.md). A game block of the player
 * (GB000, checked under the player's row lock the debit took) or a wallet refusal (WL000) writes nothing.
 */
async function playRound(input: SimulateInput, game: GameProvider, round: Round): Promise<SimulateResult> {
  const [played] = await playSimulateRound(
    [
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
    ],
    round.seeds,
  );
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
 * A round whose statement fails after it took its nonce records the nonce as burnt, with the refusal's
 * name (fairness/burnt-nonces.ts), before the refusal is answered; an accepted round writes nothing more.
 */
export async function simulateRound(input: SimulateInput): Promise<SimulateResult> {
  const game = await playableGame(input.siteCode, input.gameCode);
  const bet = validBet(input.betAmount);
  let seeds: RoundSeeds;
  try {
    seeds = await takeRoundSeeds(input.userId);
  } catch (err) {
    throw roundRefusal(err);
  }
  try {
    return await playRound(input, game, drawRound(bet, seeds));
  } catch (err) {
    const refusal = roundRefusal(err);
    await recordBurntNonce(input.userId, seeds, burntReason(refusal));
    throw refusal;
  }
}
