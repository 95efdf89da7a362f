import type { Transaction } from 'sequelize';
import { advanceClaimTurnover } from './claim-turnover';

/**
 * Turnover of the post-bet chain (the deposit and promotion turnover steps): a settled valid order with a positive
 * betEffective (the stored, weighted effective bet) adds it, once, to the turnover of its
 * user's open promotion and mission claims. The steps (steps.ts) pass each user's orders; the writers
 * sum them per user, so a batch ends where the orders one by one would.
 *
 * Contract for the writers: run only inside `transaction`, lock the rows they change and never commit;
 * never move money (rewards are paid on claim, through the wallet); return, per user, how many claims
 * they touched and how many they completed.
 */
export interface TurnoverResult {
  /** Claims (or progress rows) whose turnover the user's orders added to. */
  updated: number;
  /** Of those, how many reached their required turnover with these orders. */
  completed: number;
}

/** One order's turnover for its user: 6-decimal string, positive. */
export interface TurnoverAmount {
  userId: number;
  amount: string;
}

/**
 * Step 2, promotion turnover: for every promotion claim of the user with turnoverCompleted 0, add the
 * amount to completedTurnover; mark it completed when it reaches requiredTurnover (claim-turnover.ts,
 * the same statement as mission claims).
 */
export function addPromotionTurnover(transaction: Transaction, amounts: readonly TurnoverAmount[]): Promise<Map<number, TurnoverResult>> {
  return advanceClaimTurnover(transaction, 'promotion_claims', amounts);
}
