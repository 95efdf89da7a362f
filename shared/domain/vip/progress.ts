import Decimal from 'decimal.js';
import { QueryTypes, type Transaction } from 'sequelize';
import { db } from '../../db/sequelize';
import { money } from '../wallet';

/**
 * VIP recalculation of the post-bet chain (the level upgrade step).
 *
 * - totalEffectiveBet = SUM(betEffective) of the user's valid, settled bet orders (the stored
 *   betEffective, which already carries the game-type weight), kept by delta: each order
 *   records what it has added (bet_orders."countedEffective"), and the chain adds the difference between
 *   what the order counts now and what it counted before (see applyPostBet). A bet costs the same
 *   however long the player's history is.
 * - What counts towards levels is the total minus what demotions forfeited (users."vipForfeitedBet",
 *   `countedTowardsLevels`; docs/decisions/vip.md, "A VIP demotion sticks until the level is earned again").
 * - Upgrade only: the highest ENABLED level of the user's site whose minChip <= the counted bet becomes
 *   the level when it is above the current one; this path never lowers a level (relegation does that).
 * - vipProgress = floor(counted bet / minChip of the next enabled level above the level held x 100), an
 *   integer string from '0' to '100'; '100' at the top.
 */
export interface VipRecalculation {
  userId: number;
  totalEffectiveBet: string;
  previousLevel: number;
  vipLevel: number;
  vipProgress: string;
  upgraded: boolean;
}

/** The effective bet that counts towards VIP levels: the lifetime total minus what demotions forfeited. */
export function countedTowardsLevels(total: string | Decimal, forfeited: string | Decimal | null | undefined): Decimal {
  return new Decimal(total).minus(forfeited ?? 0);
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
 * Adds each user's deltas (signed decimal strings: what an order counts now minus what it counted
 * before) to the user's totalEffectiveBet and stores the vipLevel (upgrade only) and vipProgress it
 * reaches, inside the caller's transaction. Deltas apply in the order given, and the level is the
 * highest reached by any running total, exactly as if they had been applied one by one. Two statements
 * whatever the number of users; the user rows are locked (FOR NO KEY UPDATE, the lock of an UPDATE, which
 * rows merely referencing the user do not wait for) in id order, so concurrent chains of one user apply
 * one after the other. A user with no deltas keeps the level and gets the progress recomputed (the
 * monthly relegation, after a demotion).
 */
export async function recalculateVip(transaction: Transaction, deltas: ReadonlyMap<number, readonly string[]>): Promise<Map<number, VipRecalculation>> {
  const results = new Map<number, VipRecalculation>();
  if (deltas.size === 0) return results;
  const userIds = [...deltas.keys()].sort((a, b) => a - b);
  // The user rows (locked) and their sites' enabled levels in one round trip.
  const users = await db().query<{ id: number; vipLevel: string; total: string; forfeited: string; levels: Array<{ level: number; minChip: string }> }>(
    `SELECT u.id, u."vipLevel", u."totalEffectiveBet"::text AS total, u."vipForfeitedBet"::text AS forfeited,
            COALESCE((SELECT json_agg(json_build_object('level', l.level, 'minChip', l."minChip"::text) ORDER BY l.level)
                        FROM vip_levels l WHERE l."siteCode" = u."siteCode" AND l.enabled = 1), '[]') AS levels
       FROM users u WHERE u.id IN (:userIds) ORDER BY u.id FOR NO KEY UPDATE OF u`,
    { replacements: { userIds }, type: QueryTypes.SELECT, transaction },
  );
  if (users.length !== userIds.length) {
    const found = new Set(users.map((u) => Number(u.id)));
    throw new Error(`user ${userIds.filter((id) => !found.has(id)).join(', ')} not found`);
  }
  for (const user of users) {
    const userId = Number(user.id);
    const { levels } = user;
    const reachedBy = (total: Decimal) => {
      const counted = countedTowardsLevels(total, user.forfeited);
      return levels.filter((l) => new Decimal(l.minChip).lte(counted)).reduce((max, l) => Math.max(max, l.level), 0);
    };
    const previousLevel = Number.parseInt(user.vipLevel, 10) || 1;
    let running = new Decimal(user.total);
    let vipLevel = previousLevel;
    for (const delta of deltas.get(userId) ?? []) {
      running = running.plus(delta);
      vipLevel = Math.max(vipLevel, reachedBy(running));
    }
    const total = money(running);
    const next = levels.find((l) => l.level > vipLevel);
    const vipProgress = progressPercent(countedTowardsLevels(total, user.forfeited), next?.minChip);
    results.set(userId, { userId, totalEffectiveBet: total, previousLevel, vipLevel, vipProgress, upgraded: vipLevel > previousLevel });
  }
  const rows = [...results.values()].map((r) => ({ id: r.userId, total: r.totalEffectiveBet, vipLevel: String(r.vipLevel), vipProgress: r.vipProgress }));
  await db().query(
    `UPDATE users u SET "totalEffectiveBet" = CAST(v.total AS NUMERIC), "vipLevel" = v."vipLevel", "vipProgress" = v."vipProgress", "updatedAt" = now()
       FROM json_to_recordset(CAST(:rows AS JSON)) AS v(id INTEGER, total TEXT, "vipLevel" TEXT, "vipProgress" TEXT)
      WHERE u.id = v.id`,
    { replacements: { rows: JSON.stringify(rows) }, transaction },
  );
  return results;
}
