import { User } from '../../db/models';
import { db } from '../../db/sequelize';
import { SessionEndedError } from '../../errors';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../i18n/locales';
import { logger } from '../../logger';
import { pickChannelGroup } from './accounts';
import { closeOpenLogins } from './login-records';
import { forgetTokenVersion } from './tokens';

/**
 * POST /auth/logout: the locale named by the request (null = keep the user's), the channel
 * group of its currency, tokenVersion + 1 (every token of the user stops working), open LOGIN rows
 * closed as LOGOUT, and the cached version deleted.
 */
export async function logoutPlayer(userId: number, requestedLocale: Locale | null): Promise<{ locale: Locale; vendorGroupId: number | null }> {
  const result = await db().transaction(async (transaction) => {
    const user = await User.findByPk(userId, { transaction, lock: transaction.LOCK.UPDATE });
    if (!user) throw new SessionEndedError();
    const locale = requestedLocale ?? (isLocale(user.locale) ? user.locale : DEFAULT_LOCALE);
    const vendorGroupId = await pickChannelGroup(user.siteCode, locale, transaction);
    await user.update({ locale, vendorGroupId, tokenVersion: user.tokenVersion + 1 }, { transaction });
    await closeOpenLogins(userId, transaction);
    return { locale, vendorGroupId };
  });
  await forgetTokenVersion(userId).catch((err) => logger().warn({ err, userId }, 'could not delete the cached token version'));
  return result;
}
