import type { MissionCategory, MissionPeriodType } from '../../db/models/mission';

/**
 * Missions (6 step 3): deposit and bet missions of a site, five tiers per category
 * and period type (daily, weekly, monthly). Files of this folder:
 * - periods.ts: the period keys; progress.ts: the players' progress per category and period;
 * - the turnover that settled bets add to open claims: shared/domain/post-bet/claim-turnover.ts;
 * - views.ts: the player's mission list; claims.ts: claiming a reward and the claim list;
 * - admin.ts: the administrators' mission CRUD and claim list.
 */
export type { MissionCategory, MissionPeriodType };

export const MISSION_CATEGORIES: readonly MissionCategory[] = ['deposit', 'bet'];
export const MISSION_PERIOD_TYPES: readonly MissionPeriodType[] = ['daily', 'weekly', 'monthly'];

/** A user's stored vipLevel as a number (0 when unset). */
export function vipLevelNumber(vipLevel: string | number | null | undefined): number {
  return Number.parseInt(String(vipLevel ?? '0'), 10) || 0;
}
