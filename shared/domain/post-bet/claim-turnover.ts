import Decimal from 'decimal.js';
import { QueryTypes, type Transaction } from 'sequelize';
import { db } from '../../db/sequelize';
import type { TurnoverAmount, TurnoverResult } from './turnover';
import type { ClaimTable } from '../common';

/**
 * Claim turnover, one rule for mission claims and promotion claims: a claim's reward must be wagered
 * requiredTurnover (rewardAmount x turnoverMultiplier) before it is done. Settled bets (the post-bet
 * chain's promotion and mission steps) add their effective bet to completedTurnover of every open claim
 * of their user until it reaches requiredTurnover (turnoverCompleted 1); a completed claim no longer
 * moves.
 *
 * `advanceClaimTurnover` adds each user's amounts (summed) to the user's open claims of `table` in ONE
 * statement, which locks those claim rows for the transaction (after the batch's bet orders, before the
 * users' rows: docs/decisions/platform.md, "One lock order"). It returns, for every user given, how many claims
 * moved and how many of them completed.
 */

export async function advanceClaimTurnover(
  transaction: Transaction,
  table: ClaimTable,
  amounts: readonly TurnoverAmount[],
): Promise<Map<number, TurnoverResult>> {
  const sums = new Map<number, Decimal>();
  for (const { userId, amount } of amounts) sums.set(userId, (sums.get(userId) ?? new Decimal(0)).plus(amount));
  const results = new Map<number, TurnoverResult>([...sums.keys()].map((userId) => [userId, { updated: 0, completed: 0 }]));
  if (!sums.size) return results;
  const rows = await db().query<{ userId: number; turnoverCompleted: number }>(
    `UPDATE ${table} c
        SET "completedTurnover" = c."completedTurnover" + CAST(s.amount AS NUMERIC),
            "turnoverCompleted" = CASE WHEN c."completedTurnover" + CAST(s.amount AS NUMERIC) >= c."requiredTurnover" THEN 1 ELSE 0 END,
            "updatedAt" = now()
       FROM json_to_recordset(CAST(:sums AS JSON)) AS s("userId" INTEGER, amount TEXT)
      WHERE c."userId" = s."userId" AND c."turnoverCompleted" = 0
      RETURNING c."userId", c."turnoverCompleted"`,
    {
      replacements: { sums: JSON.stringify([...sums].map(([userId, amount]) => ({ userId, amount: amount.toFixed(6) }))) },
      type: QueryTypes.SELECT,
      transaction,
    },
  );
  for (const row of rows) {
    const result = results.get(Number(row.userId))!;
    result.updated += 1;
    if (Number(row.turnoverCompleted) === 1) result.completed += 1;
  }
  return results;
}
