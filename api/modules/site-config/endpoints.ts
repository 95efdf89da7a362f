import type { MascotEntry, ThemeColours } from '../../../shared/db/models/site-config';
import {
  assignJurisdiction,
  createSite,
  createTheme,
  deleteTheme,
  getPublicSiteConfig,
  getSiteSettings,
  listSiteConfigs,
  listThemes,
  replaceMascots,
  type SiteSettingsPatch,
  updateSiteConfig,
  updateSiteSettings,
  updateTheme,
} from '../../../shared/domain/site-config';
import { ForbiddenError } from '../../../shared/errors';
import { adminSitesOf } from '../../http/auth';
import { endpoint } from '../../http/endpoint';
import {
  createSiteBody,
  createThemeBody,
  idParams,
  jurisdictionBody,
  mascotsBody,
  siteConfigIdParams,
  siteSettingsBody,
  updateSiteConfigBody,
  updateThemeBody,
} from './schemas';
import * as answers from './answers';

/**
 * /site-config, in matching order: the public configuration (the site-name header's site, else SITE_CODE's,
 * as every player endpoint), then the administrators'
 * (permission module `site-config`; the site is the `x-site-code` header or `siteCode` query, else
 * SITE_CODE; a config or theme of another site is not found; every write is operation-logged and
 * clears the site's cached public configuration). Rules live in shared/domain/site-config/.
 */
const admin = { admin: 'site-config' } as const;
/** A theme's writes lock its config first: the config gone meanwhile is 2001, as on the config's own paths. */
const themeFound = { 'site-config.configNotFound': { code: 2001, wording: 'ofSite' }, 'site-config.themeNotFound': 2002 } as const;

export const siteConfigEndpoints = [
  endpoint(
    {
      method: 'get',
      path: '/site-config',
      result: answers.getSiteConfig,
      auth: 'none',
      refusals: { 'site-config.siteUnavailable': 2001 },
      summary: "The configuration of the site-name header's site (else SITE_CODE's): names in the request locale, active and available themes",
    },
    ({ site, locale }) => getPublicSiteConfig(site, locale),
  ),
  endpoint(
    {
      method: 'get',
      path: '/site-config/admin/list',
      result: answers.getSiteConfigAdminList,
      auth: admin,
      summary: "Every site config (or the x-site-code site's) with its themes and raw locale maps",
    },
    ({ siteFilter }) => listSiteConfigs(siteFilter),
  ),
  endpoint(
    {
      method: 'post',
      path: '/site-config/admin',
      result: answers.postSiteConfigAdmin,
      auth: admin,
      body: createSiteBody,
      refusals: { 'site-config.copySourceUnknown': 2001, 'site-config.siteCodeTaken': 2003, 'site-config.profileUnknown': 2004 },
      summary:
        'Create a white-label site with the seeded defaults (optionally from another site; its jurisdiction profile, default unless given, only by administrators bound to no site)',
    },
    ({ actor, body, req }) => {
      if (body.jurisdiction !== undefined && adminSitesOf(req) !== null)
        throw new ForbiddenError('Permission denied: only administrators bound to no site choose a jurisdiction profile');
      return createSite(actor, {
        siteCode: body.siteCode,
        siteName: body.siteName,
        supportedLocales: body.supportedLocales as string[],
        copyFrom: body.copyFrom,
        jurisdiction: body.jurisdiction,
      });
    },
  ),
  endpoint(
    {
      method: 'patch',
      path: '/site-config/admin/themes/:id',
      result: answers.patchSiteConfigAdminThemesById,
      auth: admin,
      params: idParams,
      body: updateThemeBody,
      refusals: { ...themeFound, 'site-config.themeIdTaken': 2003 },
      summary: 'Update a theme (partial; a colour group is given whole)',
    },
    ({ actor, site, params, body }) => updateTheme(actor, site, params.id, body as Partial<ThemeColours> & typeof body),
  ),
  endpoint(
    {
      method: 'delete',
      path: '/site-config/admin/themes/:id',
      result: answers.deleteSiteConfigAdminThemesById,
      auth: admin,
      params: idParams,
      refusals: themeFound,
      summary: 'Delete a theme (clears activeThemeId when it was active)',
    },
    ({ actor, site, params }) => deleteTheme(actor, site, params.id),
  ),
  endpoint(
    {
      method: 'patch',
      path: '/site-config/admin/:id',
      result: answers.patchSiteConfigAdminById,
      auth: admin,
      params: idParams,
      body: updateSiteConfigBody,
      refusals: { 'site-config.configNotFound': 2001, 'site-config.themeNotFound': 2002 },
      summary: 'Update a site config (partial)',
    },
    ({ actor, site, params, body }) => updateSiteConfig(actor, site, params.id, { ...body, supportedLocales: body.supportedLocales as string[] | undefined }),
  ),
  endpoint(
    {
      method: 'get',
      path: '/site-config/admin/:id/settings',
      result: answers.getSiteConfigAdminByIdSettings,
      auth: admin,
      params: idParams,
      refusals: { 'site-config.configNotFound': 2001 },
      summary: "The site's settings (welcome mail, mail server without its password, front-end URL, settlement settings, minimum age)",
    },
    ({ site, params }) => getSiteSettings(site, params.id),
  ),
  endpoint(
    {
      method: 'patch',
      path: '/site-config/admin/:id/settings',
      result: answers.getSiteConfigAdminByIdSettings,
      auth: admin,
      params: idParams,
      body: siteSettingsBody,
      refusals: {
        'site-config.configNotFound': 2001,
        'site-config.minimumAgeBelowFloor': 2002,
        'site-config.increaseDelayBelowFloor': 2003,
        'site-config.exclusionMinimumBelowFloor': 2004,
        'site-config.realityCheckGraceAboveFloor': 2005,
        'site-config.kycWithdrawalAboveFloor': 2006,
        'site-config.kycLevel2AboveFloor': 2007,
        'site-config.kycLevel3AboveFloor': 2008,
      },
      summary:
        "Change the site's settings (partial; unknown fields refused; the mail password is write-only; never weaker than the site's jurisdiction floors; risk.scope only by administrators bound to no site)",
    },
    ({ actor, site, params, body, req }) => {
      // The scope joins sites into one operator group (docs/decisions/risk.md): an exclusion on one reaches the others.
      if ((body as SiteSettingsPatch).risk?.scope !== undefined && adminSitesOf(req) !== null)
        throw new ForbiddenError('Permission denied: only administrators bound to no site choose the risk scope');
      return updateSiteSettings(actor, site, params.id, body as SiteSettingsPatch);
    },
  ),
  endpoint(
    {
      method: 'put',
      path: '/site-config/admin/:id/jurisdiction',
      result: answers.putSiteConfigAdminByIdJurisdiction,
      auth: { admin: 'site-jurisdiction' },
      params: idParams,
      body: jurisdictionBody,
      refusals: { 'site-config.configNotFound': 2001, 'site-config.profileUnknown': 2002 },
      summary: 'Assign the site its jurisdiction profile, whose floors its settings may not go below (administrators bound to no site only)',
    },
    ({ actor, site, params, body }) => assignJurisdiction(actor, site, params.id, body.profile),
  ),
  endpoint(
    {
      method: 'get',
      path: '/site-config/admin/:siteConfigId/themes',
      result: answers.getSiteConfigAdminBySiteConfigIdThemes,
      auth: admin,
      params: siteConfigIdParams,
      refusals: { 'site-config.configNotFound': 2001 },
      summary: 'The raw themes of a site config',
    },
    ({ site, params }) => listThemes(site, params.siteConfigId),
  ),
  endpoint(
    {
      method: 'post',
      path: '/site-config/admin/:siteConfigId/themes',
      result: answers.patchSiteConfigAdminThemesById,
      auth: admin,
      params: siteConfigIdParams,
      body: createThemeBody,
      refusals: { 'site-config.configNotFound': 2001, 'site-config.themeIdTaken': 2003 },
      summary: 'Create a theme',
    },
    ({ actor, site, params, body }) => createTheme(actor, site, params.siteConfigId, body as ThemeColours & typeof body),
  ),
  endpoint(
    {
      method: 'patch',
      path: '/site-config/admin/:siteConfigId/mascots',
      result: answers.patchSiteConfigAdminBySiteConfigIdMascots,
      auth: admin,
      params: siteConfigIdParams,
      body: mascotsBody,
      refusals: { 'site-config.configNotFound': 2001 },
      summary: 'Replace the mascot list; the result is the new list',
    },
    ({ actor, site, params, body }) => replaceMascots(actor, site, params.siteConfigId, body.mascots as MascotEntry[]),
  ),
];
