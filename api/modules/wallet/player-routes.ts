import { addBankCard, deleteBankCard, listBankCards, type BankCardPhoto } from '../../../shared/domain/wallet/instruments/bank-cards';
import { addCreditCard, deleteCreditCard, listCreditCards } from '../../../shared/domain/wallet/instruments/credit-cards';
import { addCryptoAddress, deleteCryptoAddress, listCryptoAddresses } from '../../../shared/domain/wallet/instruments/crypto-addresses';
import { bankCardPhoto, type PhotoSize } from '../../../shared/domain/wallet/instruments/photos';
import { BANK_CARD_PHOTOS } from '../../../shared/domain/wallet/instruments/bank-cards';
import { endpoint } from '../../http/endpoint';
import { sendPhoto } from './photo-answer';
import { bankCardBody, creditCardBody, cryptoAddressBody, idParams, photoParams, photoQuery } from './schemas';

/** The player's wallet instruments (Part B 4.1): add, list, delete of each kind, and the bank card photos. */
export const playerEndpoints = [
  endpoint(
    {
      method: 'post',
      path: '/wallet/bank-card/add',
      auth: 'player',
      uploads: { fields: BANK_CARD_PHOTOS },
      body: bankCardBody,
      codes: [2001, 2002, 2003, 2004],
      summary: 'Add a bank card with its three photos (multipart); the answer shows the storage keys',
    },
    ({ player, body, files }) => addBankCard(player.siteCode, player.id, body, files),
  ),
  endpoint(
    { method: 'get', path: '/wallet/bank-card/list', auth: 'player', summary: "The caller's bank cards, with the URLs of their photos" },
    ({ player }) => listBankCards(player.siteCode, player.id),
  ),
  endpoint(
    {
      method: 'get',
      path: '/wallet/bank-card/:id/photo/:photo',
      auth: 'player',
      params: photoParams,
      query: photoQuery,
      answer: 'raw',
      codes: [2001],
      summary: "One photo of the caller's own bank card (the image bytes; `size=thumbnail` once processed)",
    },
    async ({ player, params, query, res }) =>
      sendPhoto(res, await bankCardPhoto({ player: player.id }, player.siteCode, params.id, params.photo as BankCardPhoto, query.size as PhotoSize | undefined)),
  ),
  endpoint(
    { method: 'delete', path: '/wallet/bank-card/:id', auth: 'player', params: idParams, codes: [2001], summary: 'Delete a bank card (hidden from the list)' },
    ({ player, params }) => deleteBankCard(player.siteCode, player.id, params.id),
  ),
  endpoint(
    { method: 'post', path: '/wallet/credit-card/add', auth: 'player', body: creditCardBody, codes: [2001], summary: 'Add a credit card (the CVV is checked, never stored)' },
    ({ player, body }) => addCreditCard(player.siteCode, player.id, body),
  ),
  endpoint(
    { method: 'get', path: '/wallet/credit-card/list', auth: 'player', summary: "The caller's credit cards (masked numbers)" },
    ({ player }) => listCreditCards(player.siteCode, player.id),
  ),
  endpoint(
    { method: 'delete', path: '/wallet/credit-card/:id', auth: 'player', params: idParams, codes: [2001], summary: 'Delete a credit card (hidden from the list)' },
    ({ player, params }) => deleteCreditCard(player.siteCode, player.id, params.id),
  ),
  endpoint(
    { method: 'post', path: '/wallet/crypto-address/add', auth: 'player', body: cryptoAddressBody, codes: [2001], summary: 'Add a crypto address (currency USDT, network TRC-20 unless given)' },
    ({ player, body }) => addCryptoAddress(player.siteCode, player.id, body),
  ),
  endpoint(
    { method: 'get', path: '/wallet/crypto-address/list', auth: 'player', summary: "The caller's crypto addresses" },
    ({ player }) => listCryptoAddresses(player.siteCode, player.id),
  ),
  endpoint(
    { method: 'delete', path: '/wallet/crypto-address/:id', auth: 'player', params: idParams, codes: [2001], summary: 'Delete a crypto address (hidden from the list)' },
    ({ player, params }) => deleteCryptoAddress(player.siteCode, player.id, params.id),
  ),
];
