import { Op } from 'sequelize';
import { SiteConfig, SiteTheme } from '../../db/models';
import type { MascotEntry } from '../../db/models/site-config';
import { Refusal } from '../../errors';
import type { LocaleText } from '../../i18n/locales';
import { type Actor, changesOf } from '../audit';
import { lockSiteConfig, logSiteConfigAction, siteConfigWrite } from './admin-writes';
import { adminSiteConfigView, type AdminSiteConfigView } from './views';

/** Administrators' site configs (permission module `site-config`): list, patch, mascots. */

/** GET /site-config/admin/list: every site's config (or only the x-site-code site's), with themes and raw locale maps. */
export async function listSiteConfigs(siteFilter: string | null): Promise<AdminSiteConfigView[]> {
  const configs = await SiteConfig.findAll({ where: siteFilter ? { siteCode: siteFilter } : {}, order: [['id', 'ASC']] });
  const themes = configs.length ? await SiteTheme.findAll({ where: { siteConfigId: { [Op.in]: configs.map((c) => c.id) } }, order: [['id', 'ASC']] }) : [];
  return configs.map((c) =>
    adminSiteConfigView(
      c,
      themes.filter((t) => t.siteConfigId === c.id),
    ),
  );
}

export interface SiteConfigPatch {
  siteName?: Partial<LocaleText>;
  siteDescription?: Partial<LocaleText>;
  supportedLocales?: string[];
  activeThemeId?: number | null;
  enabled?: number;
}

/** PATCH /site-config/admin/:id: `configNotFound` when the config is not the site's; `themeNotFound` unless activeThemeId names a theme of the config. */
export async function updateSiteConfig(actor: Actor, site: string, id: number, patch: SiteConfigPatch): Promise<AdminSiteConfigView> {
  return siteConfigWrite(site, async (transaction) => {
    const config = await lockSiteConfig(site, id, transaction);
    if (patch.activeThemeId !== undefined && patch.activeThemeId !== null) {
      const theme = await SiteTheme.findOne({ where: { id: patch.activeThemeId, siteConfigId: config.id }, attributes: ['id'], transaction });
      if (!theme) throw new Refusal('site-config.themeNotFound', 'activeThemeId');
    }
    const { changes, values } = changesOf(config.get({ plain: true }), patch as Record<string, unknown>);
    if (Object.keys(values).length) {
      await config.update(values, { transaction });
      await logSiteConfigAction(actor, site, transaction, {
        action: 'update',
        targetId: config.id,
        summary: `updated the site config of ${site}`,
        detail: { changes },
      });
    }
    const themes = await SiteTheme.findAll({ where: { siteConfigId: config.id }, order: [['id', 'ASC']], transaction });
    return adminSiteConfigView(config, themes);
  });
}

/** PATCH /site-config/admin/:siteConfigId/mascots: replaces the whole list; the result is the new list. */
export async function replaceMascots(actor: Actor, site: string, siteConfigId: number, mascots: MascotEntry[]): Promise<MascotEntry[]> {
  return siteConfigWrite(site, async (transaction) => {
    const config = await lockSiteConfig(site, siteConfigId, transaction);
    const before = config.mascots;
    await config.update({ mascots }, { transaction });
    await logSiteConfigAction(actor, site, transaction, {
      action: 'replace-mascots',
      targetId: config.id,
      summary: `replaced the ${before.length} mascots of ${site} with ${mascots.length}`,
      detail: { from: before, to: mascots },
    });
    return config.mascots;
  });
}
