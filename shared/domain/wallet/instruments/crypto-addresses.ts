import { CryptoAddress } from '../../../db/models';
import { Refusal } from '../../../errors';
import { uniqueAs } from '../../common';
import { baseView, deleteOwnInstrument, ownInstruments } from './kinds';

/** Crypto addresses: currency USDT and network TRC-20 unless given. */
export const DEFAULT_CURRENCY = 'USDT';
export const DEFAULT_NETWORK = 'TRC-20';

export interface CryptoAddressInput {
  walletName: string;
  currency: string;
  network: string;
  address: string;
}

const bound = () => new Refusal('wallet.cryptoAddressExists');

export function cryptoAddressView(row: CryptoAddress) {
  const { id, userId, ...rest } = baseView(row);
  return { id, userId, walletName: row.walletName, currency: row.currency, network: row.network, address: row.address, ...rest };
}

/** POST /wallet/crypto-address/add: `cryptoAddressExists` when the player already has this address (same currency and network) live. */
export async function addCryptoAddress(siteCode: string, userId: number, input: CryptoAddressInput) {
  // The live-address unique index (siteCode, userId, currency, network, address) decides "already bound", races included.
  const row = await uniqueAs(bound, () => CryptoAddress.create({ siteCode, userId, ...input, status: 0 }));
  return cryptoAddressView(row);
}

/** GET /wallet/crypto-address/list: the player's live addresses, newest first. */
export async function listCryptoAddresses(siteCode: string, userId: number) {
  return (await ownInstruments(CryptoAddress, siteCode, userId)).map(cryptoAddressView);
}

/** DELETE /wallet/crypto-address/:id: `cryptoAddressNotFound`. */
export const deleteCryptoAddress = (siteCode: string, userId: number, id: number) =>
  deleteOwnInstrument('crypto-address', siteCode, userId, id, 'wallet.cryptoAddressNotFound');
