import { config } from '../../../config';
import { BankCard } from '../../../db/models';
import { db } from '../../../db/sequelize';
import { Refusal } from '../../../errors';
import { storeImages, type PreparedImage } from '../../uploads';
import { uniqueAs } from '../../common';
import { baseView, deleteOwnInstrument, ownInstruments } from './kinds';

/**
 * Bank cards: the account with three identity photos (ID card front and back, the
 * passbook cover). The photos are identity documents: private images, served only through the
 * authenticated photo endpoints (./photos.ts) to the card's owner and to administrators with wallet:read.
 */

/** The photo fields, in the order their absence is reported. */
export const BANK_CARD_PHOTOS = ['idCardFront', 'idCardBack', 'passbookCover'] as const;
export type BankCardPhoto = (typeof BANK_CARD_PHOTOS)[number];

const MISSING = { idCardFront: 'wallet.idCardFrontMissing', idCardBack: 'wallet.idCardBackMissing', passbookCover: 'wallet.passbookCoverMissing' } as const;
const exists = () => new Refusal('wallet.bankCardExists');

export interface BankCardInput {
  bankCode: string;
  bankAccount: string;
  branch: string;
  holderName: string;
}

type Photos = Record<BankCardPhoto, string>;

function cardView(card: BankCard, photos: Photos) {
  const { id, userId, ...rest } = baseView(card);
  return { id, userId, bankCode: card.bankCode, bankAccount: card.bankAccount, branch: card.branch, holderName: card.holderName, ...photos, ...rest };
}

/** Where a photo is served: the owner's endpoint, or the administrators'. */
export function bankCardPhotoUrl(audience: 'player' | 'admin', cardId: number, photo: BankCardPhoto): string {
  const base = `${config().publicBaseUrl.replace(/\/+$/, '')}/api/wallet`;
  return audience === 'player' ? `${base}/bank-card/${cardId}/photo/${photo}` : `${base}/admin/bank-card/${cardId}/photo/${photo}`;
}

const photoUrls = (audience: 'player' | 'admin', card: BankCard): Photos =>
  Object.fromEntries(BANK_CARD_PHOTOS.map((photo) => [photo, bankCardPhotoUrl(audience, card.id, photo)])) as Photos;

/** A bank card as players see it in lists: photo URLs of the authenticated photo endpoint. */
export const bankCardView = (card: BankCard) => cardView(card, photoUrls('player', card));
/** A bank card as administrators see it: photo URLs of the administrators' photo endpoint. */
export const adminBankCardView = (card: BankCard) => cardView(card, photoUrls('admin', card));

/**
 * POST /wallet/bank-card/add: `idCardFrontMissing`, `idCardBackMissing`, `passbookCoverMissing` (in that
 * order), `bankCardExists` when the player already has a live card with this bank code and account. The answer shows the
 * photos' storage keys. Photos are stored before the row and removed again if the row is refused.
 */
export async function addBankCard(siteCode: string, userId: number, input: BankCardInput, files: Record<string, PreparedImage>) {
  for (const photo of BANK_CARD_PHOTOS) if (!files[photo]) throw new Refusal(MISSING[photo]);
  const where = { siteCode, userId, bankCode: input.bankCode, bankAccount: input.bankAccount, deletedAt: null };
  if (await BankCard.findOne({ where, attributes: ['id'] })) throw exists();
  const owner = { kind: 'bank-card-photo', visibility: 'private', siteCode, ownerUserId: userId } as const;
  const card = await storeImages<BankCard>(
    BANK_CARD_PHOTOS.map((photo) => files[photo]),
    owner,
    (work) => db().transaction(work),
    (transaction, stored) => {
      const keys = Object.fromEntries(stored.map((image) => [image.field, image.storageKey])) as Photos;
      return uniqueAs(exists, () => BankCard.create({ siteCode, userId, ...input, ...keys, status: 0 }, { transaction }));
    },
  );
  return cardView(card, { idCardFront: card.idCardFront, idCardBack: card.idCardBack, passbookCover: card.passbookCover });
}

/** GET /wallet/bank-card/list: the player's live cards, newest first. */
export async function listBankCards(siteCode: string, userId: number) {
  return (await ownInstruments(BankCard, siteCode, userId)).map(bankCardView);
}

/** DELETE /wallet/bank-card/:id: `bankCardNotFound`. */
export const deleteBankCard = (siteCode: string, userId: number, id: number) =>
  deleteOwnInstrument('bank-card', siteCode, userId, id, 'wallet.bankCardNotFound');
