import type { Transaction } from 'sequelize';
import { requireAtLeast, requireAtMost, settingsAndFloors, type SiteFloors } from './floors';

/**
 * A site's player-protection settings, kept in site_configs.settings.responsibleGaming and written through
 * PATCH /site-config/admin/:id/settings (shared/domain/site-config/site-settings.ts):
 * - timeZone: the zone of the calendar periods (day, week from Monday, month) of every limit; read by the
 *   database functions too (rg_time_zone). UTC unless set. It is the site's one time zone: the reports' local
 *   days use it too (docs/decisions/reports.md, "One site time zone");
 * - increaseDelayHours: how long a player's increase or removal of a limit waits (24 unless set, 0 to 720);
 * - minimumExclusionMonths: the shortest self-exclusion a player may choose (6 unless set);
 * - requiredLimits: the limit types a player must have set before a first deposit (none unless set);
 * - realityCheckGraceSeconds: how long after a reality check falls due the player may still bet without
 *   acknowledging it (60 unless set; the bets read it in SQL, rg_reality_check_grace).
 * The delay and the minimum exclusion are never below the floors of the site's jurisdiction profile, nor the
 * grace above its longest (shared/domain/site-config/floors.ts): a weaker value is refused when written
 * and, stored from before, reads as the floor.
 */
export const LIMIT_TYPES = ['deposit', 'loss', 'wager'] as const;
export type LimitType = (typeof LIMIT_TYPES)[number];
export const LIMIT_PERIODS = ['day', 'week', 'month'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];
export const COOLING_OFF_DAYS = [1, 7, 30, 42] as const;
export const SELF_EXCLUSION_MONTHS = [6, 12, 60] as const;
export const MAX_INCREASE_DELAY_HOURS = 720;
export const DEFAULT_REALITY_CHECK_GRACE_SECONDS = 60;

export interface ProtectionSettings {
  timeZone: string;
  increaseDelayHours: number;
  minimumExclusionMonths: number;
  requiredLimits: LimitType[];
  realityCheckGraceSeconds: number;
}

export const DEFAULT_PROTECTION_SETTINGS: ProtectionSettings = {
  timeZone: 'UTC',
  increaseDelayHours: 24,
  minimumExclusionMonths: 6,
  requiredLimits: [],
  realityCheckGraceSeconds: DEFAULT_REALITY_CHECK_GRACE_SECONDS,
};

/** The canonical IANA zone names of this runtime's time zone data, and UTC: every one passes isTimeZone. */
export function canonicalTimeZones(): string[] {
  return [...new Set(['UTC', ...Intl.supportedValuesOf('timeZone')])].filter(isTimeZone);
}

/** True for an IANA zone name this process (and so Postgres, which ships the same database) knows. */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return value.length <= 60;
  } catch {
    return false;
  }
}

/**
 * The stored settings with their defaults (a value of the wrong shape is taken as unset), none weaker
 * than the site's floors. The grace read here is only shown: the bets read it through
 * rg_reality_check_grace, the same rule in SQL.
 */
export function protectionSettingsOf(stored: unknown, floors: SiteFloors): ProtectionSettings {
  const s = (stored && typeof stored === 'object' ? stored : {}) as Record<string, unknown>;
  const d = DEFAULT_PROTECTION_SETTINGS;
  const grace =
    Number.isInteger(s.realityCheckGraceSeconds) && (s.realityCheckGraceSeconds as number) >= 0
      ? (s.realityCheckGraceSeconds as number)
      : d.realityCheckGraceSeconds;
  return {
    timeZone: typeof s.timeZone === 'string' && isTimeZone(s.timeZone) ? s.timeZone : d.timeZone,
    increaseDelayHours: Math.max(Number.isInteger(s.increaseDelayHours) ? (s.increaseDelayHours as number) : d.increaseDelayHours, floors.increaseDelayHours),
    minimumExclusionMonths: Math.max(
      (SELF_EXCLUSION_MONTHS as readonly unknown[]).includes(s.minimumExclusionMonths) ? (s.minimumExclusionMonths as number) : d.minimumExclusionMonths,
      floors.minimumExclusionMonths,
    ),
    requiredLimits: Array.isArray(s.requiredLimits) ? LIMIT_TYPES.filter((t) => (s.requiredLimits as unknown[]).includes(t)) : d.requiredLimits,
    realityCheckGraceSeconds: Math.min(grace, floors.longestRealityCheckGraceSeconds),
  };
}

/** The site's settings (defaults when the site has no config), with its floors. */
export async function protectionSettings(site: string, transaction?: Transaction): Promise<ProtectionSettings & { floors: SiteFloors }> {
  const { settings, jurisdiction } = await settingsAndFloors(site, transaction);
  return { ...protectionSettingsOf(settings.responsibleGaming, jurisdiction.floors), floors: jurisdiction.floors };
}

/**
 * A PATCH of the settings (only the keys given): the stored object after it and the names of the keys
 * that changed (`responsibleGaming.<key>`), for the site settings' write and its operation-log row.
 */
export function patchProtectionSettings(
  stored: unknown,
  patch: Partial<ProtectionSettings>,
  floors: SiteFloors,
): { next: Record<string, unknown>; changed: string[] } {
  requireAtLeast(patch.increaseDelayHours, floors.increaseDelayHours, 'site-config.increaseDelayBelowFloor', 'responsibleGaming.increaseDelayHours');
  requireAtLeast(
    patch.minimumExclusionMonths,
    floors.minimumExclusionMonths,
    'site-config.exclusionMinimumBelowFloor',
    'responsibleGaming.minimumExclusionMonths',
  );
  requireAtMost(
    patch.realityCheckGraceSeconds,
    floors.longestRealityCheckGraceSeconds,
    'site-config.realityCheckGraceAboveFloor',
    'responsibleGaming.realityCheckGraceSeconds',
  );
  const current = protectionSettingsOf(stored, floors);
  const next: Record<string, unknown> = { ...((stored && typeof stored === 'object' ? stored : {}) as Record<string, unknown>) };
  const changed: string[] = [];
  for (const key of Object.keys(DEFAULT_PROTECTION_SETTINGS) as (keyof ProtectionSettings)[]) {
    const value = patch[key];
    if (value === undefined || JSON.stringify(value) === JSON.stringify(current[key])) continue;
    next[key] = value;
    changed.push(`responsibleGaming.${key}`);
  }
  return { next, changed };
}
