import { SiteConfig } from '../../db/models';
import { pickText, type Locale } from '../../i18n/locales';

/** The site's name in `locale` (its configured fallback when the locale has none), else its code: mail subjects, the authenticator's issuer. */
export async function siteNameIn(siteCode: string, locale: Locale): Promise<string> {
  const site = await SiteConfig.findOne({ where: { siteCode }, attributes: ['siteName'] });
  return pickText(site?.siteName, locale) || siteCode;
}
