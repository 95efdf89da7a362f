import { SiteConfig, SiteTheme } from '../../db/models';
import { Refusal } from '../../errors';
import { LOCALES, type Locale } from '../../i18n/locales';
import { logger } from '../../logger';
import { cache, deleteCacheKeys } from '../../redis';
import { publicSiteConfigView, type PublicSiteConfigView } from './views';

/**
 * GET /site-config, cached per site and locale (`cache:site-config:<site>:<locale>`, one
 * hour); every administrator write to a site's config, themes or mascots clears the site's entries after
 * commit (admin-writes.ts). A Redis failure reads Postgres.
 */
export const SITE_CONFIG_TTL_S = 3600;

export const siteConfigKey = (siteCode: string, locale: Locale) => `cache:site-config:${siteCode}:${locale}`;

export async function clearSiteConfigCache(siteCode: string): Promise<void> {
  await deleteCacheKeys(LOCALES.map((locale) => siteConfigKey(siteCode, locale)));
}

/** `siteUnavailable` when the site has no config, or its config is disabled. */
export async function getPublicSiteConfig(siteCode: string, locale: Locale): Promise<PublicSiteConfigView> {
  const key = siteConfigKey(siteCode, locale);
  try {
    const hit = await cache().get(key);
    if (hit !== null) return JSON.parse(hit) as PublicSiteConfigView;
  } catch (err) {
    logger().warn({ err: (err as Error).message, key }, 'site config cache unavailable; reading Postgres');
  }
  const config = await SiteConfig.findOne({ where: { siteCode } });
  if (!config || Number(config.enabled) !== 1) throw new Refusal('site-config.siteUnavailable');
  const themes = await SiteTheme.findAll({ where: { siteConfigId: config.id }, order: [['id', 'ASC']] });
  const view = publicSiteConfigView(config, themes, locale);
  try {
    await cache().set(key, JSON.stringify(view), 'EX', SITE_CONFIG_TTL_S);
  } catch (err) {
    logger().warn({ err: (err as Error).message, key }, 'site config not cached');
  }
  return view;
}
