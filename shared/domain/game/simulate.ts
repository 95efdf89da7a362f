import { randomBytes, randomInt } from 'node:crypto';
import Decimal from 'decimal.js';
import { config } from '../../config';
import { isPgError, withPgTransaction } from '../../db/pg-tx';
import { BizError } from '../../errors';
import { pickText } from '../../i18n/locales';
import { cachedProvider } from './cache';
import { effectiveBet } from './types';
import { upsertPlayLog } from './play-log';
import { enqueuePostBet } from '../post-bet/chain';
import { money, moveBalance, WalletError } from '../wallet/wallet';

/**
 * POST /game/simulate (Part A 4.3): a local round with real money. One database transaction writes the
 * bet order, debits the bet, credits the win, writes the bet detail, the post-bet outbox row (VIP,
 * promotion turnover, mission progress run in the post-bet worker) and the play log; either all of it
 * happens or none.
 */

export const SIMULATE_MIN_BET = new Decimal('0.01');
export const SIMULATE_MAX_BET = new Decimal('10000');
/** betAmount may carry at most this many decimals (the money scale); more is a 400. */
export const SIMULATE_BET_DECIMALS = 6;

export type SimulateResultName = 'lose' | 'small' | 'medium' | 'good' | 'big' | 'huge' | 'mega';

/** The draw table of Part A 4.3 in units of 1/10000 (return to player 97%). */
export const DRAW_TABLE: ReadonlyArray<{ weight: number; multiplier: string; result: SimulateResultName }> = [
  { weight: 6000, multiplier: '0', result: 'lose' },
  { weight: 2200, multiplier: '0.5', result: 'small' },
  { weight: 1000, multiplier: '2', result: 'medium' },
  { weight: 500, multiplier: '4', result: 'good' },
  { weight: 200, multiplier: '8', result: 'big' },
  { weight: 80, multiplier: '20', result: 'huge' },
  { weight: 20, multiplier: '70', result: 'mega' },
];
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

/**
 * Plays one round. 5001 no such game in the site or disabled; 5010 betAmount outside 0.01..10000;
 * 5011 balance too low; 2001 user not found. The win is betAmount x multiplier rounded half-up to
 * 6 decimals.
 */
export async function simulateRound(input: SimulateInput): Promise<SimulateResult> {
  const provider = await cachedProvider(input.siteCode, input.gameCode);
  if (!provider || !provider.enable) throw new BizError(5001);
  if (!isMoneyNumber(input.betAmount)) throw new BizError(5010, 'betAmount must be a number with at most 6 decimals');
  const bet = new Decimal(String(input.betAmount));
  if (bet.lt(SIMULATE_MIN_BET) || bet.gt(SIMULATE_MAX_BET)) throw new BizError(5010);

  const outcome = drawOutcome(randomSource);
  const multiplier = new Decimal(outcome.multiplier);
  const win = new Decimal(money(bet.times(multiplier)));
  const winLose = win.minus(bet);
  const roundId = newRoundId();
  const productId = String(input.productId);
  const now = new Date();

  try {
    return await withPgTransaction(async (transaction) => {
      // The bet order and its one bet detail in one statement (one round trip).
      const [order] = await transaction.query<{ id: string }>(
        `WITH o AS (
           INSERT INTO bet_orders ("siteCode", "userId", "providerCode", "gameCode", "gameName", "gameType", "gamePlatform", "gameNumber",
                                   "productId", "totalBetCount", "betAmount", "betEffective", "winAmount", "winLose", multiplier, status,
                                   settled, "betDatetime", "settledAt", "createdAt", "updatedAt")
           VALUES ($1, $2, $3, $4, $5, $6, 'simulate', $7, $8, 1, $9, $10, $11, $12, $13, 'valid', true, $14, $14, $14, $14)
           RETURNING id
         )
         INSERT INTO bet_details ("betOrderId", "roundNo", "betAmount", "winLose", "providerTxId", "createdAt")
         SELECT id, 1, $9, $12, $7, $14 FROM o
         RETURNING "betOrderId" AS id`,
        [
          input.siteCode,
          input.userId,
          provider.providerCode,
          provider.gameCode,
          pickText(provider.name, 'en-US').slice(0, 120),
          String(provider.gameType),
          roundId,
          productId,
          bet.toFixed(6),
          effectiveBet(bet, provider.gameType),
          win.toFixed(6),
          winLose.toFixed(6),
          multiplier.toFixed(2),
          now,
        ],
      );
      const orderId = Number(order.id);
      const ref = { type: 'bet-order', id: orderId };
      // Rows nobody else contends for first; the wallet moves (which lock the player's row until commit)
      // come last, so concurrent rounds of one player wait for each other as briefly as possible. The
      // round id was drawn just now, so its wallet keys are new (no replay lookup).
      await enqueuePostBet(transaction, orderId);
      const debit = await moveBalance(transaction, {
        userId: input.userId,
        amount: bet.negated(),
        kind: 'bet',
        idempotencyKey: `simulate:bet:${roundId}`,
        ref,
        betOrderId: orderId,
        remark: `simulate ${provider.gameCode}`,
      }, { newKey: true });
      let balanceAfter = debit.balanceAfter;
      if (win.gt(0)) {
        const credit = await moveBalance(transaction, {
          userId: input.userId,
          amount: win,
          kind: 'win',
          idempotencyKey: `simulate:win:${roundId}`,
          ref,
          betOrderId: orderId,
          remark: `simulate ${provider.gameCode} x${multiplier.toFixed(2)}`,
        }, { newKey: true });
        balanceAfter = credit.balanceAfter;
      }
      await upsertPlayLog({ siteCode: input.siteCode, userId: input.userId, gameCode: provider.gameCode, productId }, transaction);
      return {
        roundId,
        orderId,
        betAmount: bet.toNumber(),
        multiplier: multiplier.toNumber(),
        winAmount: win.toNumber(),
        profit: winLose.toNumber(),
        result: outcome.result,
        balanceBefore: Number(debit.balanceBefore),
        balanceAfter: Number(balanceAfter),
      };
    });
  } catch (err) {
    if (err instanceof WalletError) {
      if (err.reason === 'INSUFFICIENT_FUNDS') throw new BizError(5011);
      if (err.reason === 'USER_NOT_FOUND') throw new BizError(2001);
    }
    // The bet order references the user: a user deleted after its token was checked fails there.
    if (isPgError(err, '23503')) throw new BizError(2001);
    throw err;
  }
}
