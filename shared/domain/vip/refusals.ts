import { declareRefusals } from '../refusals';

/** Why the vip area says no (shared/domain/refusals.ts); endpoints map each to their number. */
export const vipRefusals = declareRefusals('vip', {
  playerNotFound: 'no such player on the site',
  holdLevelTooLow: 'the player\'s VIP level is below the one the hold flag needs',
  levelNotFound: 'no such VIP level on the site',
  levelExists: 'the site has this VIP level number already',
  rebateRuleNotFound: 'no such rebate rule on the site',
  rebateRuleExists: 'the site has a rebate rule for this level and game type already',
  relegationMonthNotOver: 'the month asked for a relegation run is not over yet in APP_TIMEZONE',
  relegationMonthAlreadyRun: 'the site\'s relegation run of the month is done already',
});

declare module '../refusals' {
  interface RefusalRegistry {
    vip: typeof vipRefusals;
  }
}
