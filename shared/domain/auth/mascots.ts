import { SiteConfig, User } from '../../db/models';
import { Refusal } from '../../errors';
import { pickText, type Locale } from '../../i18n/locales';
import { playerById } from './accounts';

/** The site's mascots and the player's avatar (mascots, avatar). */

export interface MascotView {
  id: string;
  label: string;
  url: string;
}

async function siteMascots(siteCode: string) {
  const site = await SiteConfig.findOne({ where: { siteCode }, attributes: ['mascots'] });
  return Array.isArray(site?.mascots) ? site.mascots : [];
}

/** GET /auth/mascots: the site's list (site configuration), labels in the request locale. */
export async function listMascots(siteCode: string, locale: Locale): Promise<MascotView[]> {
  return (await siteMascots(siteCode)).map((m) => ({
    id: m.id,
    label: typeof m.label === 'string' ? m.label : pickText(m.label, locale),
    url: m.url,
  }));
}

/** PATCH /auth/avatar: the URL of a mascot of the user's site; refused (`mascotUnknown`) for any other id. */
export async function changeAvatar(userId: number, siteCode: string, mascotId: string): Promise<{ avatar: string }> {
  const mascot = (await siteMascots(siteCode)).find((m) => m.id === mascotId);
  if (!mascot) throw new Refusal('auth.mascotUnknown');
  await playerById(userId);
  await User.update({ avatar: mascot.url }, { where: { id: userId } });
  return { avatar: mascot.url };
}
