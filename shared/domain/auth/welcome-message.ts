import { UnrecoverableError } from 'bullmq';
import { QueryTypes } from 'sequelize';
import { SiteConfig, User } from '../../db/models';
import { db } from '../../db/sequelize';
import { LOCALES, pickText, type LocaleText } from '../../i18n/locales';
import { welcomeText } from './welcome-mail';
import { forgetUnreadCount } from '../inbox';

/**
 * The welcome inbox message of a registration, written by the `mail` job the
 * registration's outbox row starts (kind `welcome`), before the welcome mail. Exactly once: it is keyed by
 * its source (`welcome:<userId>`, unique per site), so a repeated or reconciled job writes nothing more.
 * Personal, category `system`, with the same words as the welcome mail in each locale, so the player
 * reads it in the player's locale (and in any other the page switches to).
 */
export async function writeWelcomeMessage(userId: number): Promise<{ messageId: number | null; created: boolean }> {
  const user = await User.findByPk(userId, { attributes: ['id', 'siteCode', 'name', 'account'] });
  if (!user) throw new UnrecoverableError(`user ${userId} not found`);
  const site = await SiteConfig.findOne({ where: { siteCode: user.siteCode }, attributes: ['siteName'] });
  const title: Partial<LocaleText> = {};
  const content: Partial<LocaleText> = {};
  for (const locale of LOCALES) {
    const text = welcomeText(locale, pickText(site?.siteName, locale) || user.siteCode, user);
    title[locale] = text.subject;
    content[locale] = text.html;
  }
  const rows = await db().query<{ id: string }>(
    `INSERT INTO inbox_messages ("siteCode", "userId", title, content, category, "sourceKey", "createdAt", "updatedAt")
     VALUES (:site, :userId, CAST(:title AS JSONB), CAST(:content AS JSONB), 'system', :sourceKey, now(), now())
     ON CONFLICT ("siteCode", "sourceKey") WHERE "sourceKey" IS NOT NULL DO NOTHING
     RETURNING id`,
    {
      replacements: { site: user.siteCode, userId, title: JSON.stringify(title), content: JSON.stringify(content), sourceKey: welcomeSourceKey(userId) },
      type: QueryTypes.SELECT,
    },
  );
  if (rows.length) await forgetUnreadCount(userId);
  return { messageId: rows.length ? Number(rows[0].id) : null, created: rows.length > 0 };
}

export const welcomeSourceKey = (userId: number) => `welcome:${userId}`;
