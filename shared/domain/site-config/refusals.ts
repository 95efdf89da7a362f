import { declareRefusals } from '../refusals';

/** Why the site-config area says no (shared/domain/refusals.ts); endpoints map each to their number. */
export const siteConfigRefusals = declareRefusals('site-config', {
  siteUnavailable: 'the site has no config, or its config is disabled',
  configNotFound: 'no such site config on the site',
  themeNotFound: 'no such theme on the site (or of the config)',
  themeIdTaken: 'the themeId is taken in the site',
  siteCodeTaken: 'a site with this code exists',
  copySourceUnknown: 'copyFrom names no site',
});

declare module '../refusals' {
  interface RefusalRegistry {
    'site-config': typeof siteConfigRefusals;
  }
}
