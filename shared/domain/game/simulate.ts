import { randomBytes, randomInt } from 'node:crypto';
import Decimal from 'decimal.js';
import { ForeignKeyConstraintError } from 'sequelize';
import { config } from '../../config';
import type { GameProvider } from '../../db/models';
import { preparedRows } from '../../db/prepared';
import { Refusal } from '../../errors';
import { pickText } from '../../i18n/locales';
import { countWalletMovement } from '../../metrics';
import { raisedProtectionRefusal } from '../responsible-gaming/money-checks';
import { money, WalletError, type WalletErrorReason } from '../wallet/wallet';
import { cachedProvider } from './cache';
import { EFFECTIVE_BET_WEIGHTS } from './types';

/**
 * POST /game/simulate: a local round with real money. One statement (one database
 * transaction) writes the bet order with its bet detail, the post-bet outbox row (VIP, promotion
 * turnover, mission progress run in the post-bet worker), debits the bet, credits the win and writes
 * the play log; either all of it happens or none.
 */

export const SIMULATE_MIN_BET = new Decimal('0.01');
export const SIMULATE_MAX_BET = new Decimal('10000');
/** betAmount may carry at most this many decimals (the money scale); more is a 400. */
export const SIMULATE_BET_DECIMALS = 6;

export type SimulateResultName = 'lose' | 'small' | 'medium' | 'good' | 'big' | 'huge' | 'mega';

/** The draw table: [weight in units of 1/10000, multiplier, result] (return to player 97%). */
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

/** A source of uniform integers in [0, maxExclusive). */
export type RandomInt = (maxExclusive: number) => number;

/** The production source: the operating system's CSPRNG. */
export const cryptoRandomInt: RandomInt = (maxExclusive) => randomInt(0, maxExclusive);

/** Draws one outcome: a number r in [0, 10000) falls in the bucket whose cumulative range holds it. */
export function drawOutcome(random: RandomInt = cryptoRandomInt): { multiplier: string; result: SimulateResultName } {
  const r = random(DRAW_SCALE);
  if (!Number.isInteger(r) || r < 0 || r >= DRAW_SCALE) throw new Error(`random source returned ${r}, outside [0, ${DRAW_SCALE})`);
  let upper = 0;
  for (const row of DRAW_TABLE) {
    upper += row.weight;
    if (r < upper) return { multiplier: row.multiplier, result: row.result };
  }
  throw new Error('unreachable: draw table exhausted');
}

let randomSource: RandomInt = cryptoRandomInt;

/**
 * Replaces the random source of HTTP rounds (null restores the CSPRNG). Only in NODE_ENV=test: a
 * deployed process can never have its draws fixed.
 */
export function setSimulateRandomSourceForTests(source: RandomInt | null): void {
  if (config().nodeEnv !== 'test') throw new Error('the simulate random source can only be replaced in tests');
  randomSource = source ?? cryptoRandomInt;
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

/** Draws the outcome; the win is bet x multiplier rounded half-up to 6 decimals. */
function drawRound(bet: Decimal): Round {
  const outcome = drawOutcome(randomSource);
  const multiplier = new Decimal(outcome.multiplier);
  const win = new Decimal(money(bet.times(multiplier)));
  return { roundId: newRoundId(), bet, multiplier, win, winLose: win.minus(bet), result: outcome.result, at: new Date() };
}

/** What simulate_round answers. */
interface PlayedRound {
  order_id: string;
  balance_before: string;
  balance_after: string;
}

/**
 * Writes the round in ONE statement, its own transaction (database function simulate_round,
 * shared/db/functions/games/simulate-round.sql): the settled bet order with its bet detail
 * (bet_order_write, the providers' writer too; its effective bet by provider_effective, from the weights
 * the provider calls pass), the post-bet outbox row, the debit and the win through the wallet's
 * wallet_move (the function moveBalance runs; the round id was drawn just now, so its keys are new: no
 * replay lookup), and the play log. A game block of the player (GB000, checked under the player's row
 * lock the debit took) or a wallet refusal (WL000) writes nothing.
 */
async function playRound(input: SimulateInput, game: GameProvider, round: Round): Promise<SimulateResult> {
  const [played] = await preparedRows<PlayedRound>(
    'simulate_round',
    'SELECT order_id, balance_before, balance_after FROM simulate_round($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)',
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
  };
}

/**
 * The round's refusals as the game's: `playerBlocked` a game block covers the game (GB000, the launch's
 * risk check inside the round's statement); player protection's (RG000: exclusions, session, loss and
 * wager limits, responsible-gaming/money-checks.ts); the wallet's: `balanceTooLow`; `winTooLarge` a balance the
 * column cannot hold; `playerNotFound` user gone.
 */
function roundRefusal(caught: unknown): unknown {
  const original = (caught as { original?: { code?: string; message?: string } } | null)?.original;
  if (original?.code === 'GB000') return new Refusal('game.playerBlocked');
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
 */
export async function simulateRound(input: SimulateInput): Promise<SimulateResult> {
  const game = await playableGame(input.siteCode, input.gameCode);
  const round = drawRound(validBet(input.betAmount));
  try {
    return await playRound(input, game, round);
  } catch (err) {
    throw roundRefusal(err);
  }
}
