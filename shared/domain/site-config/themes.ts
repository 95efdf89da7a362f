import { UniqueConstraintError, type Transaction } from 'sequelize';
import { SiteConfig, SiteTheme } from '../../db/models';
import type { ThemeColours } from '../../db/models/site-config';
import { Refusal } from '../../errors';
import type { LocaleText } from '../../i18n/locales';
import { type Actor, changesOf } from '../audit';
import { lockSiteConfig, logSiteConfigAction, siteConfigWrite } from './admin-writes';
import { adminThemeView, type AdminThemeView } from './views';

/**
 * Themes of a site: list, create, patch, delete. themeId is unique per site (`themeIdTaken`);
 * deleting the active theme clears activeThemeId. Every write locks the site's config row first, so a
 * delete and a PATCH of activeThemeId never cross.
 */

export interface ThemeInput extends Partial<ThemeColours> {
  themeId?: string;
  themeName?: Partial<LocaleText>;
  enabled?: number;
}

const themeNotFound = () => new Refusal('site-config.themeNotFound');
const themeIdTaken = () => new Refusal('site-config.themeIdTaken');

async function uniqueThemeId<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof UniqueConstraintError) throw themeIdTaken();
    throw err;
  }
}

/** GET /site-config/admin/:siteConfigId/themes: `configNotFound` when the config is not the site's. */
export async function listThemes(site: string, siteConfigId: number): Promise<AdminThemeView[]> {
  const config = await SiteConfig.findOne({ where: { id: siteConfigId, siteCode: site }, attributes: ['id'] });
  if (!config) throw new Refusal('site-config.configNotFound');
  const themes = await SiteTheme.findAll({ where: { siteConfigId }, order: [['id', 'ASC']] });
  return themes.map(adminThemeView);
}

/** POST /site-config/admin/:siteConfigId/themes: `configNotFound` (not the site's); `themeIdTaken` in the site. */
export async function createTheme(
  actor: Actor,
  site: string,
  siteConfigId: number,
  input: Required<Omit<ThemeInput, 'enabled'>> & ThemeInput,
): Promise<AdminThemeView> {
  return uniqueThemeId(() =>
    siteConfigWrite(site, async (transaction) => {
      const config = await lockSiteConfig(site, siteConfigId, transaction);
      if (await SiteTheme.findOne({ where: { siteCode: site, themeId: input.themeId }, attributes: ['id'], transaction })) throw themeIdTaken();
      const theme = await SiteTheme.create({ ...input, enabled: input.enabled ?? 1, siteCode: site, siteConfigId: config.id }, { transaction });
      const view = adminThemeView(theme);
      await logSiteConfigAction(actor, site, transaction, {
        action: 'create-theme',
        targetId: theme.id,
        summary: `created theme ${theme.themeId}`,
        detail: view,
      });
      return view;
    }),
  );
}

/** The theme `id` of the request's site, its config locked first; `themeNotFound` when it is missing or another site's. */
async function lockTheme(site: string, id: number, transaction: Transaction): Promise<{ config: SiteConfig; theme: SiteTheme }> {
  const found = await SiteTheme.findOne({ where: { id, siteCode: site }, attributes: ['siteConfigId'], transaction });
  if (!found) throw themeNotFound();
  const config = await lockSiteConfig(site, found.siteConfigId, transaction);
  const theme = await SiteTheme.findOne({ where: { id, siteCode: site }, transaction, lock: transaction.LOCK.UPDATE });
  if (!theme) throw themeNotFound();
  return { config, theme };
}

/** PATCH /site-config/admin/themes/:id (partial): `themeNotFound`; `themeIdTaken` in the site. */
export async function updateTheme(actor: Actor, site: string, id: number, input: ThemeInput): Promise<AdminThemeView> {
  return uniqueThemeId(() =>
    siteConfigWrite(site, async (transaction) => {
      const { theme } = await lockTheme(site, id, transaction);
      if (input.themeId !== undefined && input.themeId !== theme.themeId) {
        if (await SiteTheme.findOne({ where: { siteCode: site, themeId: input.themeId }, attributes: ['id'], transaction })) throw themeIdTaken();
      }
      const { changes, values } = changesOf(theme.get({ plain: true }), input as Record<string, unknown>);
      if (Object.keys(values).length) {
        await theme.update(values, { transaction });
        await logSiteConfigAction(actor, site, transaction, {
          action: 'update-theme',
          targetId: theme.id,
          summary: `updated theme ${theme.themeId}`,
          detail: { changes },
        });
      }
      return adminThemeView(theme);
    }),
  );
}

/** DELETE /site-config/admin/themes/:id: `themeNotFound`; clears activeThemeId when it was the active theme. */
export async function deleteTheme(actor: Actor, site: string, id: number): Promise<null> {
  return siteConfigWrite(site, async (transaction) => {
    const { config, theme } = await lockTheme(site, id, transaction);
    const wasActive = config.activeThemeId === theme.id;
    if (wasActive) await config.update({ activeThemeId: null }, { transaction });
    await theme.destroy({ transaction });
    await logSiteConfigAction(actor, site, transaction, {
      action: 'delete-theme',
      targetId: id,
      summary: `deleted theme ${theme.themeId}${wasActive ? ' (the active theme: activeThemeId cleared)' : ''}`,
      detail: { ...adminThemeView(theme), wasActive },
    });
    return null;
  });
}
