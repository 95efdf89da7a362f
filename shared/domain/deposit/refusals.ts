import { declareRefusals } from '../refusals';

/** Why the deposit area (deposits and the payment vendor's orders) says no (shared/domain/refusals.ts); endpoints map each to their number. */
export const depositRefusals = declareRefusals('deposit', {
  bankCodeFormat: 'a bank code is 2 to 20 lowercase letters or digits, starting with a letter',
  rateUnknown: 'no exchange rate is known for the bank or the currency',
  noChannelGroup: 'the player has no payment channel group',
  channelGroupUnavailable: 'the player\'s channel group is missing, of another site or disabled',
  channelMissing: 'the channel group names a channel the site does not have',
  noUsdtChannel: 'a crypto deposit names no channel of the player',
  channelUnavailable: 'the channel is not the player\'s, not built for the method, or the fiat vendor is not configured',
  methodNotSupported: 'the channel does not take the payment method',
  noPaymentAddress: 'the crypto channel has no payment address',
  atmOrderRefused: 'the fiat vendor refused the ATM transfer order',
  atmOrderUnanswered: 'the fiat vendor could not be reached or did not answer the ATM transfer order in time',
  cardOrderRefused: 'the fiat vendor refused the card payment order',
  cardOrderUnanswered: 'the fiat vendor could not be reached or did not answer the card payment order in time',
  orderNotFound: 'no such deposit order on the site',
  notAwaitingResolution: 'the order is not flagged, or was resolved the other way',
  nothingPaid: 'nothing was paid for the order, so there is nothing to credit',
  statusMoveNotAllowed: 'the order\'s status may not become the one asked (docs/payments.md, "Status moves")',
  channelGroupNotFound: 'no such payment channel group on the site',
  paymentChannelNotFound: 'no such payment channel on the site',
  channelKeyTaken: 'the site has a payment channel with that key already',
  groupChannelUnknown: 'a channel id of the group names no payment channel of the site',
  groupChannelCurrency: 'a fiat channel of the group serves another currency than the group\'s',
  channelListedByGroup: 'a group that lists the fiat channel serves another currency than the one asked',
  playerNotFound: 'no such player on the site',
  channelGroupDisabled: 'the payment channel group is disabled',
});

declare module '../refusals' {
  interface RefusalRegistry {
    deposit: typeof depositRefusals;
  }
}
