import { QueryTypes, UniqueConstraintError, type Transaction } from 'sequelize';
import { config as appConfig } from '../../config';
import { SiteConfig, SiteTheme } from '../../db/models';
import { seedSiteIn } from '../../db/seeders/seed-site';
import { db } from '../../db/sequelize';
import { Refusal } from '../../errors';
import type { LocaleText } from '../../i18n/locales';
import type { Actor } from '../audit';
import { forgetKnownSites } from '../common';
import { copySiteRows } from './copy-site-rows';
import { logSiteConfigAction, siteConfigWrite } from './admin-writes';
import { activateDefaultTheme, DEFAULT_THEME_ID } from '../../db/seeders/default-theme';
import { profileFloors } from './floors';
import { adminSiteConfigView, type AdminSiteConfigView } from './views';

/**
 * POST /site-config/admin (beyond the spec): a white-label site created by an operator, without a shell.
 * In one transaction, operation-logged: the defaults `npm run seed <site>` writes, through the same
 * function (seedSiteIn: site config with mascots, game type configs, provider template, VIP levels,
 * payment channels and groups, missions). With `copyFrom`, the new site then takes the source site's
 * game type configs and providers (the game area's copy, copySiteRows), its description, mascots and
 * themes (with the same active theme); never its settings, which hold mail credentials. A site left
 * without an active theme gets the default theme as its active one (default-theme.ts), so its
 * activeTheme is not null.
 * The site's jurisdiction profile is `jurisdiction` (the edge lets only administrators bound to no site
 * give it), else `default`: never copied, so a site's floors are always someone's choice (floors.ts).
 * Refused when the site code is taken (`siteCodeTaken`), when copyFrom names no site
 * (`copySourceUnknown`) and when jurisdiction names no profile (`profileUnknown`).
 */
export interface NewSiteInput {
  siteCode: string;
  siteName: Partial<LocaleText>;
  supportedLocales: string[];
  copyFrom?: string;
  jurisdiction?: string;
}

const siteCodeTaken = () => new Refusal('site-config.siteCodeTaken');

export async function createSite(actor: Actor, input: NewSiteInput): Promise<AdminSiteConfigView & { seeded: string[] }> {
  const { siteCode } = input;
  try {
    const result = await siteConfigWrite(siteCode, async (transaction) => {
      if (await SiteConfig.findOne({ where: { siteCode }, attributes: ['id'], transaction })) throw siteCodeTaken();
      const source = input.copyFrom ? await SiteConfig.findOne({ where: { siteCode: input.copyFrom }, transaction }) : null;
      if (input.copyFrom && !source) throw new Refusal('site-config.copySourceUnknown');
      const jurisdiction = input.jurisdiction ?? 'default';
      if (!(await profileFloors(jurisdiction, transaction))) throw new Refusal('site-config.profileUnknown');
      const seed = await seedSiteIn(transaction, siteCode, {
        assetBaseUrl: appConfig().publicAssetBaseUrl,
        siteName: input.siteName,
        supportedLocales: input.supportedLocales,
        defaultTheme: !source, // a copy takes the source's themes first; the default only if none is active then
      });
      if (!seed.createdConfig) throw siteCodeTaken(); // created by a concurrent request in between
      const seeded = [...seed.seeded];
      if (source) seeded.push(...(await copyFromSite(transaction, source, siteCode)));
      if (jurisdiction !== 'default') await SiteConfig.update({ jurisdiction }, { where: { siteCode }, transaction });
      const created = (await SiteConfig.findOne({ where: { siteCode }, transaction })) as SiteConfig;
      if (created.activeThemeId === null) {
        await activateDefaultTheme(created, transaction);
        seeded.push(`the ${DEFAULT_THEME_ID} theme (active)`);
      }
      const themes = await SiteTheme.findAll({ where: { siteCode }, order: [['id', 'ASC']], transaction });
      const view = adminSiteConfigView(created, themes);
      await logSiteConfigAction(actor, siteCode, transaction, {
        action: 'create-site',
        targetId: view.id,
        summary: `created site ${siteCode}${source ? ` from ${source.siteCode}` : ''}`,
        detail: { siteCode, siteName: input.siteName, supportedLocales: input.supportedLocales, copyFrom: input.copyFrom ?? null, jurisdiction, seeded },
      });
      return { ...view, seeded };
    });
    forgetKnownSites();
    return result;
  } catch (err) {
    if (err instanceof UniqueConstraintError) throw siteCodeTaken();
    throw err;
  }
}

/** What a site created from another takes from it; returns what it copied, for the log. */
async function copyFromSite(transaction: Transaction, source: SiteConfig, target: string): Promise<string[]> {
  const typeConfigs = await copySiteRows(transaction, 'typeConfigs', source.siteCode, target);
  const providers = await copySiteRows(transaction, 'providers', source.siteCode, target);
  const themes = await db().query<{ id: number; themeId: string }>(
    `INSERT INTO site_themes ("siteCode", "siteConfigId", "themeId", "themeName", "primary", accent, surface, text, border, enabled, "createdAt", "updatedAt")
     SELECT :target, c.id, t."themeId", t."themeName", t."primary", t.accent, t.surface, t.text, t.border, t.enabled, now(), now()
     FROM site_themes t, site_configs c WHERE t."siteCode" = :source AND c."siteCode" = :target ORDER BY t.id
     RETURNING id, "themeId"`,
    { replacements: { source: source.siteCode, target }, type: QueryTypes.SELECT, transaction },
  );
  const sourceActive = source.activeThemeId ? await SiteTheme.findOne({ where: { id: source.activeThemeId }, attributes: ['themeId'], transaction }) : null;
  await SiteConfig.update(
    {
      siteDescription: source.siteDescription,
      mascots: source.mascots,
      activeThemeId: themes.find((t) => t.themeId === sourceActive?.themeId)?.id ?? null,
    },
    { where: { siteCode: target }, transaction },
  );
  return [
    `${typeConfigs.copied} game type configs and ${providers.copied} game providers from ${source.siteCode}`,
    `description, mascots and ${themes.length} themes from ${source.siteCode}`,
  ];
}
