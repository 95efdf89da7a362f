import Decimal from 'decimal.js';
import { QueryTypes, type Transaction } from 'sequelize';
import { User } from '../../db/models';
import { db } from '../../db/sequelize';
import { periodKeys } from './periods';
import { insertDepositSource } from './queries';
import type { MissionCategory, MissionPeriodType } from './types';

/**
 * The players' mission progress: one row per user, category and period key, shared by the five tiers
 * of a category and period type (a 300 USD deposit counts toward every deposit tier of today, this
 * week and this month). Deposits add through `addMissionDepositProgress` (once per deposit order); settled
 * bets through the post-bet chain's mission step (once per order, in the periods of its settlement).
 */

/** An amount to add to a user's progress of one category in the daily, weekly and monthly periods of `at`. */
export interface ProgressItem {
  siteCode: string;
  userId: number;
  category: MissionCategory;
  /** Positive, at most 6 decimals. */
  amount: string;
  at: Date;
}

/**
 * Adds the items to mission progress in ONE statement: amounts of the same user, category and period
 * are summed first, and rows are written in (user, category, period type, period key) order, so two
 * writers of the same user's rows lock them in the same order.
 */
export async function addMissionProgress(transaction: Transaction, items: readonly ProgressItem[]): Promise<void> {
  const rows = new Map<string, { siteCode: string; userId: number; category: MissionCategory; periodType: string; periodKey: string; amount: Decimal }>();
  for (const item of items) {
    for (const [periodType, periodKey] of Object.entries(periodKeys(item.at))) {
      const key = `${item.userId}|${item.category}|${periodType}|${periodKey}`;
      const row = rows.get(key) ?? { siteCode: item.siteCode, userId: item.userId, category: item.category, periodType, periodKey, amount: new Decimal(0) };
      row.amount = row.amount.plus(item.amount);
      rows.set(key, row);
    }
  }
  if (!rows.size) return;
  const values = [...rows.values()].map((r) => ({ ...r, amount: r.amount.toFixed(6) }));
  await db().query(
    `INSERT INTO mission_progress ("siteCode", "userId", category, "periodType", "periodKey", progress)
     SELECT p."siteCode", p."userId", p.category, p."periodType", p."periodKey", CAST(p.amount AS NUMERIC)
       FROM json_to_recordset(CAST(:rows AS JSON)) AS p("siteCode" TEXT, "userId" INTEGER, category TEXT, "periodType" TEXT, "periodKey" TEXT, amount TEXT)
      ORDER BY p."userId", p.category, p."periodType", p."periodKey"
     ON CONFLICT ("userId", category, "periodType", "periodKey")
     DO UPDATE SET progress = mission_progress.progress + EXCLUDED.progress, "updatedAt" = now()`,
    { replacements: { rows: JSON.stringify(values) }, transaction },
  );
}

/** The user's progress in the given periods, by `<category>:<periodType>`. */
export async function currentProgress(userId: number, keys: Record<MissionPeriodType, string>, transaction?: Transaction): Promise<Map<string, string>> {
  const rows = await db().query<{ category: string; periodType: string; progress: string }>(
    `SELECT category, "periodType", progress FROM mission_progress
      WHERE "userId" = :userId
        AND (("periodType" = 'daily' AND "periodKey" = :daily) OR ("periodType" = 'weekly' AND "periodKey" = :weekly)
          OR ("periodType" = 'monthly' AND "periodKey" = :monthly))`,
    { replacements: { userId, ...keys }, type: QueryTypes.SELECT, transaction },
  );
  return new Map(rows.map((r) => [`${r.category}:${r.periodType}`, r.progress]));
}

function positiveAmount(value: string | number | Decimal): string | null {
  let d: Decimal;
  try {
    d = new Decimal(value);
  } catch {
    return null;
  }
  if (!d.isFinite() || d.lte(0)) return null;
  return d.toDecimalPlaces(6, Decimal.ROUND_DOWN).toFixed(6);
}

export interface DepositProgressResult {
  /** False when the amount is not positive, the user is unknown or this deposit order counted before. */
  counted: boolean;
  periodKeys: Record<MissionPeriodType, string> | null;
}

/**
 * Deposit mission progress: call in the transaction that confirms the deposit, with its USD amount.
 * A deposit order counts once even if called again (mission_progress_sources). `options.now` (tests)
 * replaces the clock.
 */
export async function addMissionDepositProgress(
  transaction: Transaction,
  userId: number,
  usdAmount: string | number | Decimal,
  depositOrderId: number | string,
  options: { now?: Date } = {},
): Promise<DepositProgressResult> {
  const amount = positiveAmount(usdAmount);
  if (!amount) return { counted: false, periodKeys: null };
  const user = await User.findByPk(userId, { attributes: ['id', 'siteCode'], transaction });
  if (!user) return { counted: false, periodKeys: null };
  if (!(await insertDepositSource(transaction, userId, String(depositOrderId).slice(0, 64), amount))) return { counted: false, periodKeys: null };
  const at = options.now ?? new Date();
  await addMissionProgress(transaction, [{ siteCode: user.siteCode, userId, category: 'deposit', amount, at }]);
  return { counted: true, periodKeys: periodKeys(at) };
}
