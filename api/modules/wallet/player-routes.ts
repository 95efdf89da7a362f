import {
  addBankCard,
  addCreditCard,
  addCryptoAddress,
  BANK_CARD_PHOTOS,
  type BankCardPhoto,
  bankCardPhoto,
  deleteBankCard,
  deleteCreditCard,
  deleteCryptoAddress,
  listBankCards,
  listCreditCards,
  listCryptoAddresses,
  type PhotoSize,
} from '../../../shared/domain/wallet';
import { config } from '../../../shared/config';
import { endpoint, type Endpoint, type RefusalCodes } from '../../http/endpoint';
import { limitRule } from '../../http/rate-limit';
import { sendPhoto } from './photo-answer';
import { bankCardBody, creditCardBody, cryptoAddressBody, idParams, photoParams, photoQuery } from './schemas';
import { array, nothing, type JsonSchema } from '../../http/answer-schemas';
import * as answers from './answers';

/** The player's wallet instruments: add, list, delete of each kind, and the bank card photos. */

/**
 * Adds per player per minute (RATE_LIMIT_WALLET_ADD_PER_USER), counted with the token check, before a
 * multipart body is read or an image decoded.
 */
const addPerUser = limitRule('wallet-add', 'player', () => config().limits.walletAddPerUser);

type List = (siteCode: string, userId: number) => Promise<unknown>;
type Remove = (siteCode: string, userId: number, id: number) => Promise<null>;

/** GET `<base>/list` (the caller's live instruments, newest first) and DELETE `<base>/:id` (its not-found refusal). */
function listAndDelete(base: string, noun: string, list: List, remove: Remove, notFound: RefusalCodes, item: JsonSchema): Endpoint[] {
  return [
    endpoint({ method: 'get', path: `${base}/list`, result: array(item), auth: 'player', summary: `The caller's ${noun}, newest first` }, ({ player }) =>
      list(player.siteCode, player.id),
    ),
    endpoint(
      {
        method: 'delete',
        path: `${base}/:id`,
        result: nothing,
        auth: 'player',
        params: idParams,
        refusals: notFound,
        summary: `Delete one of the caller's ${noun} (hidden from the list, kept for history)`,
      },
      ({ player, params }) => remove(player.siteCode, player.id, params.id),
    ),
  ];
}

export const playerEndpoints = [
  endpoint(
    {
      method: 'post',
      path: '/wallet/bank-card/add',
      result: answers.postWalletBankCardAdd,
      auth: 'player',
      uploads: { fields: BANK_CARD_PHOTOS },
      body: bankCardBody,
      limits: [addPerUser],
      refusals: { 'wallet.idCardFrontMissing': 2001, 'wallet.idCardBackMissing': 2002, 'wallet.passbookCoverMissing': 2003, 'wallet.bankCardExists': 2004 },
      summary: 'Add a bank card with its three photos (multipart); the answer shows the storage keys',
    },
    ({ player, body, files }) => addBankCard(player.siteCode, player.id, body, files),
  ),
  endpoint(
    {
      method: 'get',
      path: '/wallet/bank-card/:id/photo/:photo',
      auth: 'player',
      params: photoParams,
      query: photoQuery,
      answer: 'raw',
      result: { type: 'string', format: 'binary', description: 'The image (JPEG, PNG or WebP)' },
      resultMedia: 'image/*',
      // A file answer: a missing one is HTTP 404 with the error envelope, not an envelope in a 200 the document keeps for the image.
      refusals: { 'wallet.bankCardNotFound': 404 },
      summary: "One photo of the caller's own bank card (the image bytes; `size=thumbnail` once processed)",
    },
    async ({ player, params, query, res }) =>
      sendPhoto(
        res,
        await bankCardPhoto({ player: player.id }, player.siteCode, params.id, params.photo as BankCardPhoto, query.size as PhotoSize | undefined),
      ),
  ),
  ...listAndDelete(
    '/wallet/bank-card',
    'bank cards (photos as URLs)',
    listBankCards,
    deleteBankCard,
    { 'wallet.bankCardNotFound': 2001 },
    answers.postWalletBankCardAdd,
  ),
  endpoint(
    {
      method: 'post',
      path: '/wallet/credit-card/add',
      result: answers.postWalletCreditCardAdd,
      auth: 'player',
      body: creditCardBody,
      limits: [addPerUser],
      refusals: { 'wallet.creditCardExists': 2001 },
      summary: 'Add a credit card (the CVV is checked, never stored)',
    },
    ({ player, body }) => addCreditCard(player.siteCode, player.id, body),
  ),
  ...listAndDelete(
    '/wallet/credit-card',
    'credit cards (masked numbers)',
    listCreditCards,
    deleteCreditCard,
    { 'wallet.creditCardNotFound': 2001 },
    answers.postWalletCreditCardAdd,
  ),
  endpoint(
    {
      method: 'post',
      path: '/wallet/crypto-address/add',
      result: answers.postWalletCryptoAddressAdd,
      auth: 'player',
      body: cryptoAddressBody,
      limits: [addPerUser],
      refusals: { 'wallet.cryptoAddressExists': 2001 },
      summary: 'Add a crypto address (currency USDT, network TRC-20 unless given)',
    },
    ({ player, body }) => addCryptoAddress(player.siteCode, player.id, body),
  ),
  ...listAndDelete(
    '/wallet/crypto-address',
    'crypto addresses',
    listCryptoAddresses,
    deleteCryptoAddress,
    { 'wallet.cryptoAddressNotFound': 2001 },
    answers.postWalletCryptoAddressAdd,
  ),
];
