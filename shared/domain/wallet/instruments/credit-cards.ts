import { CreditCard } from '../../../db/models';
import { Refusal } from '../../../errors';
import { uniqueAs } from '../../common';
import { cardFingerprint, lastFour, maskedCardNumber } from './card-data';
import { baseView, deleteOwnInstrument, ownInstruments } from './kinds';

/**
 * Credit cards. The CVV is validated by the request schema and dropped here: it is
 * never stored, logged or answered. The number is kept only as its last four digits and its keyed
 * fingerprint (./card-data.ts); answers show the masked number.
 */
export interface CreditCardInput {
  cardNumber: string;
  holderName: string;
  cvv: string;
  expiryDate: string;
}

const bound = () => new Refusal('wallet.creditCardExists');

export function creditCardView(card: CreditCard) {
  const { id, userId, ...rest } = baseView(card);
  return { id, userId, cardNumber: maskedCardNumber(card.cardLast4), holderName: card.holderName, expiryDate: card.expiryDate, ...rest };
}

/** POST /wallet/credit-card/add: `creditCardExists` when the player already has a live card with this number. */
export async function addCreditCard(siteCode: string, userId: number, input: CreditCardInput) {
  const { cardNumber, holderName, expiryDate } = input; // cvv: dropped
  const cardFingerprintValue = cardFingerprint(cardNumber);
  // The live-card unique index (siteCode, userId, cardFingerprint) decides "already bound", races included.
  const card = await uniqueAs(bound, () =>
    CreditCard.create({ siteCode, userId, cardLast4: lastFour(cardNumber), cardFingerprint: cardFingerprintValue, holderName, expiryDate, status: 0 }),
  );
  return creditCardView(card);
}

/** GET /wallet/credit-card/list: the player's live cards, newest first. */
export async function listCreditCards(siteCode: string, userId: number) {
  return (await ownInstruments(CreditCard, siteCode, userId)).map(creditCardView);
}

/** DELETE /wallet/credit-card/:id: `creditCardNotFound`. */
export const deleteCreditCard = (siteCode: string, userId: number, id: number) =>
  deleteOwnInstrument('credit-card', siteCode, userId, id, 'wallet.creditCardNotFound');
