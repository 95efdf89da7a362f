import type { SiteFloors } from './floors';

/**
 * The site's minimum age (site_configs.settings.minimumAge, 18 unless set; 16 to 99 through
 * PATCH /site-config/admin/:id/settings, never below the site's profile floor, floors.ts): KYC refuses a
 * profile whose date of birth is below it. A stored age below the floor reads as the floor.
 */
export const DEFAULT_MINIMUM_AGE = 18;

export const minimumAgeOf = (settings: { minimumAge?: unknown; [key: string]: unknown } | null | undefined, floors: Pick<SiteFloors, 'minimumAge'>): number =>
  Math.max(typeof settings?.minimumAge === 'number' ? settings.minimumAge : DEFAULT_MINIMUM_AGE, floors.minimumAge);
