import type { Transaction } from 'sequelize';
import { SiteConfig } from '../../db/models';
import type { SiteSettings } from '../../db/models/site-config';

/**
 * A site's stored settings object (`site_configs.settings`), `{}` for a site without a config row: the
 * one read that each area's settings reader starts from (KYC, player protection, affiliate settlement,
 * registration, the promotion link). Each area reads its own key and fills in its defaults.
 */
export async function storedSettings(siteCode: string, transaction?: Transaction): Promise<SiteSettings> {
  const site = await SiteConfig.findOne({ where: { siteCode }, attributes: ['settings'], raw: true, transaction });
  return site?.settings ?? {};
}
