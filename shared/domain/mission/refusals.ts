import { declareRefusals } from '../refusals';

/** Why the mission area says no (shared/domain/refusals.ts); endpoints map each to their number. */
export const missionRefusals = declareRefusals('mission', {
  notClaimable: 'no such enabled mission of the player\'s site',
  alreadyClaimed: 'the mission was already claimed this period',
  vipTooLow: 'the player\'s VIP level is below the mission\'s',
  belowThreshold: 'the period\'s progress is below the mission\'s threshold',
  slotTaken: 'the site already has a mission for this category, period type and tier',
  hasClaims: 'the mission has claims: disable it (enabled 0) instead of deleting it',
});

declare module '../refusals' {
  interface RefusalRegistry {
    mission: typeof missionRefusals;
  }
}
