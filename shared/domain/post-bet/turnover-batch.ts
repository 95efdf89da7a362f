import Decimal from 'decimal.js';
import type { Transaction } from 'sequelize';
import { db } from '../../db/sequelize';
import { periodKeys } from '../mission/missions';
import { addPromotionTurnover } from './turnover';

/**
 * Steps 2 and 3 of the post-bet chain for a batch of orders (post-bet-batch.ts), ending where
 * `addPromotionTurnover` and `addMissionBetProgress` called order by order would:
 * - promotion turnover: once per user with the sum of the user's orders;
 * - mission bet progress: the orders' amounts summed per user and period (daily, weekly and monthly keys
 *   of each settlement time) and upserted in one statement;
 * - mission claim turnover: the sum per user added to every open claim in one statement.
 * Only orders that count as turnover (valid, betEffective > 0) are passed in.
 */
export interface TurnoverOrder {
  betOrderId: number;
  userId: number;
  siteCode: string;
  /** 6-decimal string, positive. */
  betEffective: string;
  settledAt: Date;
}

export async function addTurnoverMany(transaction: Transaction, orders: readonly TurnoverOrder[]): Promise<void> {
  if (!orders.length) return;
  const perUser = new Map<number, { amount: Decimal; lastOrderId: number }>();
  const progress = new Map<string, { siteCode: string; userId: number; periodType: string; periodKey: string; amount: Decimal }>();
  for (const order of orders) {
    const user = perUser.get(order.userId) ?? { amount: new Decimal(0), lastOrderId: order.betOrderId };
    user.amount = user.amount.plus(order.betEffective);
    user.lastOrderId = order.betOrderId;
    perUser.set(order.userId, user);
    for (const [periodType, periodKey] of Object.entries(periodKeys(order.settledAt))) {
      const key = `${order.userId}|${periodType}|${periodKey}`;
      const row = progress.get(key) ?? { siteCode: order.siteCode, userId: order.userId, periodType, periodKey, amount: new Decimal(0) };
      row.amount = row.amount.plus(order.betEffective);
      progress.set(key, row);
    }
  }
  for (const [userId, { amount, lastOrderId }] of perUser) await addPromotionTurnover(transaction, userId, amount.toFixed(6), lastOrderId);

  const rows = [...progress.values()].map((r) => ({ ...r, amount: r.amount.toFixed(6) }));
  await db().query(
    `INSERT INTO mission_progress ("siteCode", "userId", category, "periodType", "periodKey", progress)
     SELECT p."siteCode", p."userId", 'bet', p."periodType", p."periodKey", CAST(p.amount AS NUMERIC)
       FROM json_to_recordset(CAST(:rows AS JSON)) AS p("siteCode" TEXT, "userId" INTEGER, "periodType" TEXT, "periodKey" TEXT, amount TEXT)
      ORDER BY p."userId", p."periodType", p."periodKey"
     ON CONFLICT ("userId", category, "periodType", "periodKey")
     DO UPDATE SET progress = mission_progress.progress + EXCLUDED.progress, "updatedAt" = now()`,
    { replacements: { rows: JSON.stringify(rows) }, transaction },
  );
  const sums = [...perUser].map(([userId, { amount }]) => ({ userId, amount: amount.toFixed(6) }));
  await db().query(
    `UPDATE mission_claims c
        SET "completedTurnover" = c."completedTurnover" + CAST(s.amount AS NUMERIC),
            "turnoverCompleted" = CASE WHEN c."completedTurnover" + CAST(s.amount AS NUMERIC) >= c."requiredTurnover" THEN 1 ELSE 0 END,
            "updatedAt" = now()
       FROM json_to_recordset(CAST(:sums AS JSON)) AS s("userId" INTEGER, amount TEXT)
      WHERE c."userId" = s."userId" AND c."turnoverCompleted" = 0`,
    { replacements: { sums: JSON.stringify(sums) }, transaction },
  );
}
