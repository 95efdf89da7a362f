/**
 * The site's minimum age (site_configs.settings.minimumAge, 18 unless set; 16 to 99 through
 * PATCH /site-config/admin/:id/settings): KYC refuses a profile whose date of birth is below it.
 */
export const DEFAULT_MINIMUM_AGE = 18;

export const minimumAgeOf = (settings: { minimumAge?: unknown; [key: string]: unknown } | null | undefined): number =>
  typeof settings?.minimumAge === 'number' ? settings.minimumAge : DEFAULT_MINIMUM_AGE;
