import { declareRefusals } from '../refusals';

/** Why the wallet area (the player's instruments and their review) says no (shared/domain/refusals.ts); endpoints map each to their number. */
export const walletRefusals = declareRefusals('wallet', {
  idCardFrontMissing: 'a bank card needs the photo of the ID card\'s front',
  idCardBackMissing: 'a bank card needs the photo of the ID card\'s back',
  passbookCoverMissing: 'a bank card needs the photo of the passbook cover',
  bankCardExists: 'the player already has a live bank card with this bank code and account',
  creditCardExists: 'the player already has a live credit card with this number',
  cryptoAddressExists: 'the player already has this address (same currency and network) live',
  bankCardNotFound: 'no such live bank card of the player (or, for an operator, of the site)',
  creditCardNotFound: 'no such live credit card of the player',
  cryptoAddressNotFound: 'no such live crypto address of the player',
  instrumentNotFound: 'no such instrument of that kind on the site',
  instrumentReviewed: 'the instrument was already reviewed the other way, or the player deleted it',
});

declare module '../refusals' {
  interface RefusalRegistry {
    wallet: typeof walletRefusals;
  }
}
