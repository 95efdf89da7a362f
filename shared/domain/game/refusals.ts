import { declareRefusals } from '../refusals';

/** Why the game area says no (shared/domain/refusals.ts); endpoints map each to their number. */
export const gameRefusals = declareRefusals('game', {
  notFound: 'no such game in the site',
  disabled: 'the game is disabled',
  underMaintenance: 'the game is under maintenance',
  playerBlocked: 'a game block of the player covers the game (risk check)',
  providerNotConfigured: 'the provider\'s API is not configured, or the project has no integration for the provider',
  providerFailed: 'the provider refused, failed or did not answer in time',
  demoUnavailable: 'demo mode is only for provy slot games',
  betInvalid: 'betAmount must be a number with at most 6 decimals from 0.01 to 10000',
  winTooLarge: 'the win would take the balance past what it can hold',
  balanceTooLow: 'the balance does not cover the bet',
  seedsNotCommitted: 'the player had no server seed: one was made now, and its hash is shown (GET /game/fairness) before any round is drawn with it',
  playerNotFound: 'no such player in the site',
  blockNotFound: 'no such game block in the site',
  gameCodeTaken: 'another provider of the site has the gameCode already',
  typeConfigExists: 'the site has a type config for the gameType already',
  siteNotFound: 'no configured site has the site code',
});

declare module '../refusals' {
  interface RefusalRegistry {
    game: typeof gameRefusals;
  }
}
