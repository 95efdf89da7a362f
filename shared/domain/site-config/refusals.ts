import { declareRefusals } from '../refusals';

/** Why the site-config area says no (shared/domain/refusals.ts); endpoints map each to their number. */
export const siteConfigRefusals = declareRefusals('site-config', {
  siteUnavailable: 'the site has no config, or its config is disabled',
  configNotFound: 'no such site config on the site',
  themeNotFound: 'no such theme on the site (or of the config)',
  themeIdTaken: 'the themeId is taken in the site',
  siteCodeTaken: 'a site with this code exists',
  copySourceUnknown: 'copyFrom names no site',
  minimumAgeBelowFloor: "minimumAge is below the minimum age of the site's jurisdiction profile",
  increaseDelayBelowFloor: "responsibleGaming.increaseDelayHours is below the limit-increase delay of the site's jurisdiction profile",
  exclusionMinimumBelowFloor: "responsibleGaming.minimumExclusionMonths is below the minimum self-exclusion of the site's jurisdiction profile",
  realityCheckGraceAboveFloor: "responsibleGaming.realityCheckGraceSeconds is above the longest reality-check grace of the site's jurisdiction profile",
  kycWithdrawalAboveFloor: "kyc.withdrawalAboveUsd is above the highest withdrawal threshold of the site's jurisdiction profile",
  kycLevel2AboveFloor: "kyc.depositLevel2AboveUsd is above the highest level-2 deposit threshold of the site's jurisdiction profile",
  kycLevel3AboveFloor: "kyc.depositLevel3AboveUsd is above the highest level-3 deposit threshold of the site's jurisdiction profile",
  profileUnknown: 'the jurisdiction names no profile',
});

declare module '../refusals' {
  interface RefusalRegistry {
    'site-config': typeof siteConfigRefusals;
  }
}
