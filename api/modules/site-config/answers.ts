import { array, bool, decimal, int, localeTexts, nothing, nullable, num, obj, oneOfValues, record, str } from '../../http/answer-schemas';
import { PERIOD_TYPES } from '../../../shared/domain/affiliate';

/**
 * The answers of the site-config endpoints (their `result`), as the API document shows them and the tests check them
 * (docs/architecture.md, "Where to add", an endpoint's answer).
 */

/** A theme's colours. */
const palette = {
  primary: obj({ base: str(), dark: str(), light: str(), glow: str() }),
  accent: obj({ gold: str(), info: str(), violet: str(), cyan: str(), error: str() }),
  surface: obj({ page: str(), navbar: str(), card: str(), modal: str(), sidebar: array(str()) }),
  text: obj({ primary: str(), secondary: str(), muted: str(), hint: str() }),
  border: obj({ subtle: str(), default: str(), strong: str() }),
};

/** A theme as the administrators see it. */
const adminTheme = obj({
  id: int(),
  siteCode: str(),
  siteConfigId: int(),
  themeId: str(),
  themeName: localeTexts(),
  enabled: num(),
  createdAt: str(),
  updatedAt: str(),
  ...palette,
});

/** A site's mascot. */
const mascot = obj({ id: str(), label: { anyOf: [str(), localeTexts()] }, url: str() });

/** A site's configuration as the administrators see it. */
const adminSiteConfig = {
  id: int(),
  siteCode: str(),
  siteName: localeTexts(),
  siteDescription: localeTexts(),
  supportedLocales: array(str()),
  activeThemeId: nullable(int()),
  enabled: num(),
  mascots: array(mascot),
  themes: array(adminTheme),
  createdAt: str(),
  updatedAt: str(),
};

export const getSiteConfig = obj({
  siteCode: str(),
  siteName: str(),
  siteDescription: str(),
  supportedLocales: array(str()),
  activeTheme: nullable(obj({ themeId: str(), themeName: str(), enabled: num(), ...palette })),
  availableThemes: array(obj({ themeId: str(), themeName: str() })),
});

export const getSiteConfigAdminList = array(obj(adminSiteConfig));

export const postSiteConfigAdmin = obj({ ...adminSiteConfig, seeded: array(str()) });

export const patchSiteConfigAdminThemesById = adminTheme;

export const deleteSiteConfigAdminThemesById = nothing;

export const patchSiteConfigAdminById = obj(adminSiteConfig);

/** A site's jurisdiction profile and its floors (shared/domain/site-config/floors.ts). */
const siteJurisdiction = obj({
  profile: str('The jurisdiction profile (default, uk, mt)'),
  floors: obj({
    minimumAge: int('The lowest minimumAge'),
    increaseDelayHours: int('The shortest responsibleGaming.increaseDelayHours'),
    minimumExclusionMonths: int('The shortest responsibleGaming.minimumExclusionMonths'),
    longestRealityCheckMinutes: int('The longest reality-check interval a player may set'),
    longestRealityCheckGraceSeconds: int('The longest responsibleGaming.realityCheckGraceSeconds'),
    highestWithdrawalAboveUsd: decimal('The highest kyc.withdrawalAboveUsd'),
    highestDepositLevel2AboveUsd: decimal('The highest kyc.depositLevel2AboveUsd'),
    highestDepositLevel3AboveUsd: decimal('The highest kyc.depositLevel3AboveUsd'),
  }),
});

export const getSiteConfigAdminByIdSettings = obj({
  welcomeRegistration: bool(),
  email: nullable(
    obj({
      host: nullable(str()),
      port: nullable(num()),
      secure: bool(),
      user: nullable(str()),
      passwordSet: bool(),
      from: nullable(str()),
    }),
  ),
  frontendUrl: nullable(str()),
  affiliate: obj({ payingPeriod: oneOfValues(PERIOD_TYPES), negativeCarryOver: bool() }),
  minimumAge: num(),
  bonus: obj({
    contributionWeights: record(int(), 'Game type code -> percent of a stake counted towards wagering (100 when not listed)'),
    forfeitOnWithdrawal: bool('A withdrawal request with an active bonus forfeits it (the request must send forfeitBonuses: true)'),
  }),
  events: obj({
    largeWin: nullable(decimal("A payout above this amount is told on the operators' stream as large-win; null: the deployment's EVENTS_LARGE_WIN")),
  }),
  risk: obj({
    scope: str('The operator group: sites with the same scope share links and exclusions'),
    sharedSignalCap: int('A signal held by more accounts than this is ignored for linking'),
    queueThreshold: int('Kinds of signal two accounts must share to enter the review queue'),
    oneOfferPerPerson: bool('A promotion or bonus offer is refused to an account linked to one that took it'),
  }),
  nationalRegister: obj({
    enabled: bool('The national self-exclusion register is asked at registration, login and deposit'),
    failMode: oneOfValues(['closed', 'open'], 'When the register does not answer: closed refuses, open lets through'),
  }),
  jurisdiction: siteJurisdiction,
});

export const putSiteConfigAdminByIdJurisdiction = siteJurisdiction;

export const getSiteConfigAdminBySiteConfigIdThemes = array(adminTheme);

export const patchSiteConfigAdminBySiteConfigIdMascots = array(mascot);
