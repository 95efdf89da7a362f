import { declareRefusals } from '../refusals';

/** Why player protection says no (shared/domain/refusals.ts); endpoints map each to their number. */
export const responsibleGamingRefusals = declareRefusals('responsible-gaming', {
  selfExcluded: 'the player is self-excluded: no deposits, bets or promotion claims until it ends',
  coolingOff: 'the player is cooling off: no deposits, bets or promotion claims until it ends',
  sessionLimit: "the session's time limit has run out; a pause of 30 minutes starts a new session",
  limitsRequired: 'the site requires limit types the player has not set before a deposit',
  depositLimit: "the order would take the period's deposits past the player's deposit limit",
  lossLimit: "the bet would take the period's losses (stakes minus wins) past the player's loss limit",
  wagerLimit: "the bet would take the period's stakes past the player's wager limit",
  exclusionTooShort: "a self-exclusion shorter than the site's minimum",
  exclusionNotShortened: 'an exclusion is never shortened: the new end is before the current one',
  playerNotFound: 'no such player in the site',
  realityCheckUnacknowledged: 'a reality check fell due more than the grace ago and the player has not acknowledged it: no bets until it is',
  realityCheckTooLong: "the reality-check interval is longer than the site's jurisdiction profile allows",
});

declare module '../refusals' {
  interface RefusalRegistry {
    'responsible-gaming': typeof responsibleGamingRefusals;
  }
}

/** The refusals a bet, a deposit or a claim can meet, as the database functions name them. */
export const PLAY_REFUSALS = ['selfExcluded', 'coolingOff', 'sessionLimit', 'limitsRequired', 'depositLimit', 'lossLimit', 'wagerLimit', 'realityCheckUnacknowledged'] as const;
export type PlayRefusal = (typeof PLAY_REFUSALS)[number];
