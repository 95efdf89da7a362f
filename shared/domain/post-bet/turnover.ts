import type { Transaction } from 'sequelize';
import { applyMissionBet } from '../mission/missions';

/**
 * Turnover steps of the post-bet chain (Part A section 6 steps 2 and 3), called by `applyPostBet`
 * inside the transaction that also marks the bet order post-processed, so each settled order counts
 * exactly once. They are only called for a valid order with a positive betEffective (the stored,
 * weighted effective bet of Part A 2.5).
 *
 * The worker's batches (turnover-batch.ts) call `addPromotionTurnover` once per user with the sum of
 * the user's orders and `betOrderId` the last of them, and do the mission step in a few set-based
 * statements: adding a sum must end where adding the orders one by one would.
 *
 * Contract for the implementations (the promotion and mission issues add their tables and fill these in):
 * - run only inside `transaction`; lock the rows they change (FOR UPDATE) and never commit;
 * - never move money here (rewards are paid on claim, through the wallet);
 * - return how many claims they touched and how many they completed.
 *
 * The promotion-claim table does not exist yet, so promotion turnover finds no claims.
 */
export interface TurnoverResult {
  /** Claims (or progress rows) whose turnover this bet order added to. */
  updated: number;
  /** Of those, how many reached their required turnover with this order. */
  completed: number;
}

export const NO_TURNOVER: Readonly<TurnoverResult> = Object.freeze({ updated: 0, completed: 0 });

/**
 * Step 2, promotion turnover: for every promotion claim of the user with turnoverCompleted 0, add
 * `betEffective` to completedTurnover; mark it completed when it reaches requiredTurnover.
 * No promotion-claim table exists yet: finds no claims.
 */
export async function addPromotionTurnover(
  _transaction: Transaction,
  _userId: number,
  _betEffective: string,
  _betOrderId: number,
): Promise<TurnoverResult> {
  return { ...NO_TURNOVER };
}

/**
 * Step 3, mission bet progress: add `betEffective` to the user's bet-mission progress of the daily,
 * weekly and monthly periods of the order's settlement time (APP_TIMEZONE), and to the completedTurnover
 * of every mission claim with turnoverCompleted 0 (set to 1 once it reaches requiredTurnover). The
 * result counts the mission claims (see `applyMissionBet` in missions.ts).
 */
export async function addMissionBetProgress(
  transaction: Transaction,
  userId: number,
  betEffective: string,
  betOrderId: number,
  order?: { siteCode: string; settledAt: Date | null },
): Promise<TurnoverResult> {
  return applyMissionBet(transaction, userId, betEffective, betOrderId, { order });
}
