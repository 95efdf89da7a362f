import { config } from '../../../shared/config';
import type { MascotEntry } from '../../../shared/db/models/site-config';
import type { ThemeColours } from '../../../shared/db/models/site-theme';
import { createSite } from '../../../shared/domain/site-config/new-site';
import { getPublicSiteConfig } from '../../../shared/domain/site-config/public-config';
import { listSiteConfigs, replaceMascots, updateSiteConfig } from '../../../shared/domain/site-config/site-configs';
import { createTheme, deleteTheme, listThemes, updateTheme } from '../../../shared/domain/site-config/themes';
import { endpoint } from '../../http/endpoint';
import { createSiteBody, createThemeBody, idParams, mascotsBody, siteConfigIdParams, updateSiteConfigBody, updateThemeBody } from './schemas';

/**
 * /site-config, in matching order: the public configuration, then the administrators'
 * (permission module `site-config`; the site is the `x-site-code` header or `siteCode` query, else
 * SITE_CODE; a config or theme of another site is not found; every write is operation-logged and
 * clears the site's cached public configuration). Rules live in shared/domain/site-config/.
 */
const admin = { admin: 'site-config' } as const;
/** A theme's writes lock its config first: the config gone meanwhile is 2001, as on the config's own paths. */
const themeFound = { 'site-config.configNotFound': 2001, 'site-config.themeNotFound': 2002 } as const;

export const siteConfigEndpoints = [
  endpoint(
    { method: 'get', path: '/site-config', auth: 'none', refusals: { 'site-config.siteUnavailable': 2001 }, summary: 'The configuration of the SITE_CODE site: names in the request locale, active and available themes' },
    ({ locale }) => getPublicSiteConfig(config().siteCode, locale),
  ),
  endpoint(
    { method: 'get', path: '/site-config/admin/list', auth: admin, summary: 'Every site config (or the x-site-code site\'s) with its themes and raw locale maps' },
    ({ siteFilter }) => listSiteConfigs(siteFilter),
  ),
  endpoint(
    { method: 'post', path: '/site-config/admin', auth: admin, body: createSiteBody, refusals: { 'site-config.copySourceUnknown': 2001, 'site-config.siteCodeTaken': 2003 }, summary: 'Create a white-label site with the seeded defaults (optionally from another site)' },
    ({ actor, body }) => createSite(actor, { siteCode: body.siteCode, siteName: body.siteName, supportedLocales: body.supportedLocales as string[], copyFrom: body.copyFrom }),
  ),
  endpoint(
    { method: 'patch', path: '/site-config/admin/themes/:id', auth: admin, params: idParams, body: updateThemeBody, refusals: { ...themeFound, 'site-config.themeIdTaken': 2003 }, summary: 'Update a theme (partial; a colour group is given whole)' },
    ({ actor, site, params, body }) => updateTheme(actor, site, params.id, body as Partial<ThemeColours> & typeof body),
  ),
  endpoint(
    { method: 'delete', path: '/site-config/admin/themes/:id', auth: admin, params: idParams, refusals: themeFound, summary: 'Delete a theme (clears activeThemeId when it was active)' },
    ({ actor, site, params }) => deleteTheme(actor, site, params.id),
  ),
  endpoint(
    { method: 'patch', path: '/site-config/admin/:id', auth: admin, params: idParams, body: updateSiteConfigBody, refusals: { 'site-config.configNotFound': 2001, 'site-config.themeNotFound': 2002 }, summary: 'Update a site config (partial)' },
    ({ actor, site, params, body }) => updateSiteConfig(actor, site, params.id, { ...body, supportedLocales: body.supportedLocales as string[] | undefined }),
  ),
  endpoint(
    { method: 'get', path: '/site-config/admin/:siteConfigId/themes', auth: admin, params: siteConfigIdParams, refusals: { 'site-config.configNotFound': 2001 }, summary: 'The raw themes of a site config' },
    ({ site, params }) => listThemes(site, params.siteConfigId),
  ),
  endpoint(
    { method: 'post', path: '/site-config/admin/:siteConfigId/themes', auth: admin, params: siteConfigIdParams, body: createThemeBody, refusals: { 'site-config.configNotFound': 2001, 'site-config.themeIdTaken': 2003 }, summary: 'Create a theme' },
    ({ actor, site, params, body }) => createTheme(actor, site, params.siteConfigId, body as ThemeColours & typeof body),
  ),
  endpoint(
    { method: 'patch', path: '/site-config/admin/:siteConfigId/mascots', auth: admin, params: siteConfigIdParams, body: mascotsBody, refusals: { 'site-config.configNotFound': 2001 }, summary: 'Replace the mascot list; the result is the new list' },
    ({ actor, site, params, body }) => replaceMascots(actor, site, params.siteConfigId, body.mascots as MascotEntry[]),
  ),
];
