import { declareRefusals } from '../refusals';

/** Why the withdrawal area says no (shared/domain/refusals.ts); endpoints map each to their number. */
export const withdrawalRefusals = declareRefusals('withdrawal', {
  emailUnverified: 'the player has no verified e-mail',
  mobileUnverified: 'the player has no verified mobile number',
  codeNotLive: 'no live withdrawal code: never sent, expired, spent, replaced or consumed meanwhile',
  codeWrong: 'the withdrawal code is not the one sent',
  addressNotApproved: 'the crypto address is not the player\'s approved one',
  amountNotPositive: 'the amount must be above 0',
  balanceTooLow: 'the balance does not cover the amount',
  promoTurnoverOpen: 'a claimed promotion\'s turnover is not complete',
  depositTurnoverShort: 'the deposits\' turnover is not complete',
  notFound: 'no such withdrawal on the site',
  statusNotAllowed: 'the withdrawal\'s status does not allow this step',
});

declare module '../refusals' {
  interface RefusalRegistry {
    withdrawal: typeof withdrawalRefusals;
  }
}
