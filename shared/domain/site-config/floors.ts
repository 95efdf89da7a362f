import Decimal from 'decimal.js';
import { QueryTypes, type Transaction } from 'sequelize';
import { db } from '../../db/sequelize';
import type { SiteSettings } from '../../db/models/site-config';
import { Refusal } from '../../errors';
import type { RefusalName } from '../refusals';

/**
 * A site's compliance floors (docs/decisions/site-config.md, "Jurisdiction profiles: compliance floors a site
 * administrator cannot lower"): the floors of the jurisdiction profile the site holds, defined once in
 * the database function jurisdiction_floors (shared/db/functions/site-config/jurisdictions.sql), which
 * the bets' statements read too. A site's own value may always be stricter; a weaker one is refused when
 * written (the refusal names the floor) and, stored from before, reads as the floor.
 */
export interface SiteFloors {
  minimumAge: number;
  increaseDelayHours: number;
  minimumExclusionMonths: number;
  longestRealityCheckMinutes: number;
  longestRealityCheckGraceSeconds: number;
  highestWithdrawalAboveUsd: string;
  highestDepositLevel2AboveUsd: string;
  highestDepositLevel3AboveUsd: string;
}

export interface SiteJurisdiction {
  profile: string;
  floors: SiteFloors;
}

/** The site's stored settings, its profile and that profile's floors, in one read (a site without a config: `{}` and `default`). */
export async function settingsAndFloors(siteCode: string, transaction?: Transaction): Promise<{ settings: SiteSettings; jurisdiction: SiteJurisdiction }> {
  const [row] = await db().query<{ settings: SiteSettings | null; profile: string; floors: SiteFloors }>(
    `SELECT c.settings, coalesce(c.jurisdiction, 'default') AS profile, jurisdiction_floors(coalesce(c.jurisdiction, 'default')) AS floors
       FROM (SELECT 1) one LEFT JOIN site_configs c ON c."siteCode" = :siteCode`,
    { replacements: { siteCode }, type: QueryTypes.SELECT, transaction },
  );
  return { settings: row?.settings ?? {}, jurisdiction: { profile: row.profile, floors: row.floors } };
}

/** The floors of a profile by name, null when the name is no profile. */
export async function profileFloors(profile: string, transaction?: Transaction): Promise<SiteFloors | null> {
  const [row] = await db().query<{ floors: SiteFloors | null }>('SELECT jurisdiction_floors(:profile) AS floors', {
    replacements: { profile },
    type: QueryTypes.SELECT,
    transaction,
  });
  return row?.floors ?? null;
}

/** Every profile's name. */
export async function profileNames(): Promise<string[]> {
  const [row] = await db().query<{ names: string[] }>('SELECT jurisdiction_names() AS names', { type: QueryTypes.SELECT });
  return row.names;
}

/** A value that must be at least `floor`: refused by `refusal` when written below it. */
export function requireAtLeast(value: number | undefined, floor: number, refusal: RefusalName, what: string): void {
  if (value !== undefined && value < floor) throw new Refusal(refusal, `${what} ${value} is below the site's floor of ${floor}`);
}

/** A value that must be at most `ceiling`: refused by `refusal` when written above it. */
export function requireAtMost(value: Decimal.Value | undefined, ceiling: Decimal.Value, refusal: RefusalName, what: string): void {
  if (value !== undefined && new Decimal(value).gt(ceiling))
    throw new Refusal(refusal, `${what} ${new Decimal(value).toFixed()} is above the site's floor of ${new Decimal(ceiling).toFixed()}`);
}

/** The stricter of a site's amount and its profile's highest (amounts as decimal strings). */
export const lowerAmount = (value: string, highest: string): string => (new Decimal(value).gt(highest) ? new Decimal(highest).toFixed() : value);
