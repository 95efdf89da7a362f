import Decimal from 'decimal.js';
import { QueryTypes, type Transaction } from 'sequelize';
import { db } from '../db/sequelize';
import { money } from './wallet';

/**
 * VIP recalculation of the post-bet chain (Part A section 6 step 1, section 3 "vipLevel" upgrade row).
 *
 * - totalEffectiveBet = SUM(betEffective) of the user's valid, settled bet orders (the stored
 *   betEffective, which already carries the game-type weight of Part A 2.5), kept by delta: each order
 *   records what it has added (bet_orders."countedEffective"), and the chain adds the difference between
 *   what the order counts now and what it counted before (see applyPostBet). A bet costs the same
 *   however long the player's history is.
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

/** Integer percent (0..100) of `total` towards `target`; 100 when there is no target. */
export function progressPercent(total: string | Decimal, target: string | Decimal | null | undefined): string {
  if (target === null || target === undefined) return '100';
  const goal = new Decimal(target);
  if (goal.lte(0)) return '100';
  const percent = new Decimal(total).div(goal).times(100).floor();
  return Decimal.max(0, Decimal.min(100, percent)).toFixed(0);
}

/**
 * Adds `delta` (a signed decimal string: what an order counts now minus what it counted before) to a
 * user's totalEffectiveBet and stores the vipLevel (upgrade only) and vipProgress it reaches, inside the
 * caller's transaction. The user row is locked (FOR UPDATE), so concurrent chains of one user apply one
 * after the other.
 */
export async function recalculateVip(transaction: Transaction, userId: number, delta: string): Promise<VipRecalculation> {
  // The user row (locked) and its site's enabled levels in one round trip.
  const [user] = await db().query<{ vipLevel: string; total: string; levels: Array<{ level: number; minChip: string }> }>(
    `SELECT u."vipLevel", u."totalEffectiveBet"::text AS total,
            COALESCE((SELECT json_agg(json_build_object('level', l.level, 'minChip', l."minChip"::text) ORDER BY l.level)
                        FROM vip_levels l WHERE l."siteCode" = u."siteCode" AND l.enabled = 1), '[]') AS levels
       FROM users u WHERE u.id = :userId FOR UPDATE OF u`,
    { replacements: { userId }, type: QueryTypes.SELECT, transaction },
  );
  if (!user) throw new Error(`user ${userId} not found`);
  const total = money(new Decimal(user.total).plus(delta));
  const { levels } = user;
  const previousLevel = Number.parseInt(user.vipLevel, 10) || 1;
  const reached = levels.filter((l) => new Decimal(l.minChip).lte(total)).reduce((max, l) => Math.max(max, l.level), 0);
  const vipLevel = Math.max(previousLevel, reached);
  const next = levels.find((l) => l.level > vipLevel);
  const vipProgress = progressPercent(total, next?.minChip);
  await db().query('UPDATE users SET "totalEffectiveBet" = :total, "vipLevel" = :vipLevel, "vipProgress" = :vipProgress, "updatedAt" = now() WHERE id = :userId', {
    replacements: { total, vipLevel: String(vipLevel), vipProgress, userId },
    transaction,
  });
  return { userId, totalEffectiveBet: total, previousLevel, vipLevel, vipProgress, upgraded: vipLevel > previousLevel };
}
