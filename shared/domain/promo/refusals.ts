import { declareRefusals } from '../refusals';

/** Why the promo area says no (shared/domain/refusals.ts); endpoints map each to their number. */
export const promoRefusals = declareRefusals('promo', {
  notFound: 'no such promotion on the site (for players: no such enabled one)',
  notRunning: 'no such promotion running on the player\'s site',
  alreadyClaimed: 'the player already claimed the promotion',
  quotaExhausted: 'the promotion is fully claimed',
  conditionNotMet: 'the player does not meet the promotion\'s condition',
  maxClaimsBelowClaimed: 'maxClaims would be below the claims made already (0, unlimited, is always allowed)',
});

declare module '../refusals' {
  interface RefusalRegistry {
    promo: typeof promoRefusals;
  }
}
