import { SiteConfig } from '../../../db/models';

/**
 * Negative carry-over (docs/affiliates.md, "Settlement"): site_configs.settings.affiliate.negativeCarryOver,
 * on unless set to false (also on for a site without a site_configs row).
 */
export async function negativeCarryOver(siteCode: string): Promise<boolean> {
  const site = await SiteConfig.findOne({ where: { siteCode }, attributes: ['settings'], raw: true });
  const affiliate = site?.settings?.affiliate as { negativeCarryOver?: unknown } | undefined;
  return affiliate?.negativeCarryOver !== false;
}
