import { SiteConfig } from '../../db/models';
import { config } from '../../config';

/** What a site code may be: 1 to 30 letters, digits, _ or - (as SITE_CODE). */
export const SITE_CODE_PATTERN = /^[A-Za-z0-9_-]{1,30}$/;

/** Known site codes, read from site_configs and kept for a short while in process memory. */
const TTL_MS = 30_000;
let known: { codes: Set<string>; at: number } | undefined;

export async function isKnownSite(code: string): Promise<boolean> {
  if (code === config().siteCode) return true;
  if (!known || Date.now() - known.at > TTL_MS || !known.codes.has(code)) {
    const rows = await SiteConfig.findAll({ attributes: ['siteCode'], raw: true });
    known = { codes: new Set(rows.map((r) => r.siteCode)), at: Date.now() };
  }
  return known.codes.has(code);
}

/** Forgets the cached list (after a site is created or removed). */
export function forgetKnownSites(): void {
  known = undefined;
}
