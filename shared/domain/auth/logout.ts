import type { Transaction } from 'sequelize';
import { PaymentChannelGroup, User } from '../../db/models';
import { db } from '../../db/sequelize';
import { SessionEndedError } from '../../errors';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../i18n/locales';
import { logger } from '../../logger';
import { pickChannelGroup } from '../deposit';
import { closeOpenLogins } from './login-records';
import { forgetTokenVersion } from './tokens';

/**
 * POST /auth/logout: the locale named by the request (null = keep the user's), the channel
 * group (groupAtLogout), tokenVersion + 1 (every token of the user stops working), open LOGIN rows
 * closed as LOGOUT, and the cached version deleted.
 */
export async function logoutPlayer(userId: number, requestedLocale: Locale | null): Promise<{ locale: Locale; vendorGroupId: number | null }> {
  const result = await db().transaction(async (transaction) => {
    const user = await User.findByPk(userId, { transaction, lock: transaction.LOCK.UPDATE });
    if (!user) throw new SessionEndedError();
    const locale = requestedLocale ?? (isLocale(user.locale) ? user.locale : DEFAULT_LOCALE);
    const { vendorGroupId, vendorGroupLocked } = await groupAtLogout(user, locale, transaction);
    await user.update({ locale, vendorGroupId, vendorGroupLocked, tokenVersion: user.tokenVersion + 1 }, { transaction });
    await closeOpenLogins(userId, transaction);
    return { locale, vendorGroupId };
  });
  await forgetTokenVersion(userId).catch((err) => logger().warn({ err, userId }, 'could not delete the cached token version'));
  return result;
}

/**
 * The player's channel group after a logout. A group an operator chose (vendorGroupLocked, set by
 * PUT /vendor/admin/users/:id/group) stays while it is an enabled group of the site; otherwise the
 * enabled group of the locale's currency (pickChannelGroup), and the operator's choice, which no longer
 * serves, is let go (docs/decisions/deposit.md, "An operator's choice of channel group sticks").
 */
async function groupAtLogout(user: User, locale: Locale, transaction: Transaction): Promise<{ vendorGroupId: number | null; vendorGroupLocked: number }> {
  if (Number(user.vendorGroupLocked) === 1 && user.vendorGroupId !== null) {
    const chosen = await PaymentChannelGroup.findOne({
      where: { id: user.vendorGroupId, siteCode: user.siteCode, enabled: 1 },
      attributes: ['id'],
      transaction,
    });
    if (chosen) return { vendorGroupId: chosen.id, vendorGroupLocked: 1 };
  }
  return { vendorGroupId: await pickChannelGroup(user.siteCode, locale, transaction), vendorGroupLocked: 0 };
}
