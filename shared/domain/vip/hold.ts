import { User } from '../../db/models';
import { db } from '../../db/sequelize';
import { Refusal } from '../../errors';
import type { Actor } from '../audit';
import { logVipAction } from './admin-writes';

/**
 * The hold flag of a player ("vipHold"): a held player is not judged by the monthly
 * relegation. Administrators may set it from this level up.
 */
export const HOLD_MIN_LEVEL = 5;

/** PATCH /vip/users/:userId/hold: `playerNotFound` in the site; `holdLevelTooLow` (below HOLD_MIN_LEVEL). */
export async function setVipHold(actor: Actor, siteCode: string, userId: number, hold: 0 | 1): Promise<{ userId: number; vipHold: number }> {
  return db().transaction(async (transaction) => {
    const user = await User.findOne({ where: { id: userId, siteCode }, attributes: ['id', 'vipLevel', 'vipHold'], transaction, lock: transaction.LOCK.UPDATE });
    if (!user) throw new Refusal('vip.playerNotFound', 'user not found');
    const level = Number.parseInt(user.vipLevel, 10) || 1;
    if (level < HOLD_MIN_LEVEL) throw new Refusal('vip.holdLevelTooLow', 'VIP level below 5');
    const before = Number(user.vipHold);
    if (before !== hold) {
      await User.update({ vipHold: hold }, { where: { id: userId }, transaction });
    }
    await logVipAction(actor, siteCode, transaction, {
      action: 'set-hold',
      targetId: userId,
      summary: `set VIP hold of user ${userId} to ${hold}`,
      detail: { vipLevel: level, vipHold: { from: before, to: hold } },
    });
    return { userId, vipHold: hold };
  });
}
