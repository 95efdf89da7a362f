import Decimal from 'decimal.js';
import { QueryTypes, type Transaction } from 'sequelize';
import { User, VipLevel } from '../db/models';
import { db } from '../db/sequelize';
import { money } from './wallet';

/**
 * VIP recalculation of the post-bet chain (Part A section 6 step 1, section 3 "vipLevel" upgrade row).
 *
 * - totalEffectiveBet = SUM(betEffective) of the user's valid, settled bet orders (the stored
 *   betEffective, which already carries the game-type weight of Part A 2.5). Recomputed as a sum, so
 *   running it twice changes nothing.
 * - Upgrade only: the highest ENABLED level of the user's site whose minChip <= total becomes the level
 *   when it is above the current one; this path never lowers a level (relegation does that).
 * - vipProgress = floor(total / minChip of the next enabled level above the level held x 100), an integer
 *   string from '0' to '100'; '100' at the top.
 */
export interface VipRecalculation {
  userId: number;
  totalEffectiveBet: string;
  previousLevel: number;
  vipLevel: number;
  vipProgress: string;
  upgraded: boolean;
}

/** Sum of the stored betEffective of a user's valid and settled bet orders (6-decimal string). */
export async function sumEffectiveBet(userId: number, transaction?: Transaction): Promise<string> {
  const [row] = await db().query<{ total: string | null }>(
    `SELECT COALESCE(SUM("betEffective"), 0)::text AS total
       FROM bet_orders WHERE "userId" = :userId AND status = 'valid' AND settled`,
    { replacements: { userId }, type: QueryTypes.SELECT, transaction },
  );
  return money(row?.total ?? '0');
}

/** Integer percent (0..100) of `total` towards `target`; 100 when there is no target. */
export function progressPercent(total: string | Decimal, target: string | Decimal | null | undefined): string {
  if (target === null || target === undefined) return '100';
  const goal = new Decimal(target);
  if (goal.lte(0)) return '100';
  const percent = new Decimal(total).div(goal).times(100).floor();
  return Decimal.max(0, Decimal.min(100, percent)).toFixed(0);
}

/**
 * Recalculates and stores a user's totalEffectiveBet, vipLevel (upgrade only) and vipProgress inside
 * the caller's transaction. The user row is locked (FOR UPDATE), so concurrent chains of one user
 * apply one after the other.
 */
export async function recalculateVip(transaction: Transaction, userId: number): Promise<VipRecalculation> {
  const user = await User.findByPk(userId, {
    attributes: ['id', 'siteCode', 'vipLevel'],
    transaction,
    lock: transaction.LOCK.UPDATE,
  });
  if (!user) throw new Error(`user ${userId} not found`);
  const total = await sumEffectiveBet(userId, transaction);
  const levels = await VipLevel.findAll({
    where: { siteCode: user.siteCode, enabled: 1 },
    attributes: ['level', 'minChip'],
    order: [['level', 'ASC']],
    transaction,
  });
  const previousLevel = Number.parseInt(user.vipLevel, 10) || 1;
  const reached = levels.filter((l) => new Decimal(l.minChip).lte(total)).reduce((max, l) => Math.max(max, l.level), 0);
  const vipLevel = Math.max(previousLevel, reached);
  const next = levels.find((l) => l.level > vipLevel);
  const vipProgress = progressPercent(total, next?.minChip);
  await User.update(
    { totalEffectiveBet: total, vipLevel: String(vipLevel), vipProgress },
    { where: { id: userId }, transaction },
  );
  return { userId, totalEffectiveBet: total, previousLevel, vipLevel, vipProgress, upgraded: vipLevel > previousLevel };
}
