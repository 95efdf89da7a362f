import { InputError } from '../../errors';
import { LOCALE_CURRENCY } from '../../i18n/locales';

/**
 * What a payment channel may be (docs/payments.md, "Payment channels through the API"): the two kinds
 * (`fiatvendor`, `usdt`), their currencies, payment methods, networks and receiving addresses. The
 * request schemas take the value lists from here; `checkChannelFields` checks a channel as a whole (the
 * one written by a POST, or the stored one with a PATCH's changes) and refuses with a 400 naming the field.
 */

export const CHANNEL_CODES = ['fiatvendor', 'usdt'] as const;
export type ChannelCode = (typeof CHANNEL_CODES)[number];
export const PAYMENT_METHODS = ['fiat', 'credit', 'crypto'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const CHANNEL_NETWORKS = ['TRC20', 'ERC20'] as const;
export type ChannelNetwork = (typeof CHANNEL_NETWORKS)[number];

/** The locales' currencies: what a group serves (a player's locale gives the currency, the currency its group). */
export const GROUP_CURRENCIES: readonly string[] = [...new Set(Object.values(LOCALE_CURRENCY))];
/** A fiat vendor channel takes one of the groups' currencies; a USDT channel is USDT. */
export const CRYPTO_CURRENCY = 'USDT';
export const CHANNEL_CURRENCIES: readonly string[] = [...GROUP_CURRENCIES, CRYPTO_CURRENCY];

/** Receiving addresses: TRC20 `T` + 33 base58 characters; ERC20 `0x` + 40 hex digits. */
export const ADDRESS_FORMATS: Record<ChannelNetwork, { pattern: RegExp; says: string }> = {
  TRC20: { pattern: /^T[1-9A-HJ-NP-Za-km-z]{33}$/, says: 'a TRC20 address is T followed by 33 base58 characters' },
  ERC20: { pattern: /^0x[0-9a-fA-F]{40}$/, says: 'an ERC20 address is 0x followed by 40 hex digits' },
};

export interface ChannelFields {
  code: ChannelCode;
  currency: string;
  paymentMethods: PaymentMethod[];
  network: string | null;
  paymentAddress: string | null;
}

/** Throws an InputError (400) naming the first field that does not fit the channel's kind. */
export function checkChannelFields(c: ChannelFields): void {
  if (c.code === 'usdt') {
    if (c.currency !== CRYPTO_CURRENCY) throw new InputError('currency', `a usdt channel's currency is ${CRYPTO_CURRENCY}`);
    if (c.paymentMethods.length !== 1 || c.paymentMethods[0] !== 'crypto') throw new InputError('paymentMethods', 'a usdt channel takes ["crypto"] only');
    const format = ADDRESS_FORMATS[c.network as ChannelNetwork];
    if (!format) throw new InputError('network', `a usdt channel needs a network: ${CHANNEL_NETWORKS.join(' or ')}`);
    if (c.paymentAddress !== null && !format.pattern.test(c.paymentAddress)) throw new InputError('paymentAddress', format.says);
    return;
  }
  if (c.currency === CRYPTO_CURRENCY) throw new InputError('currency', `a fiatvendor channel takes one of ${GROUP_CURRENCIES.join(', ')}`);
  if (c.paymentMethods.includes('crypto')) throw new InputError('paymentMethods', 'a fiatvendor channel takes fiat and/or credit');
  if (c.network !== null) throw new InputError('network', 'a fiatvendor channel has no network');
  if (c.paymentAddress !== null) throw new InputError('paymentAddress', 'a fiatvendor channel has no receiving address');
}

/** A fiat channel belongs only to groups of its own currency; USDT channels to any group. */
export function fitsGroupCurrency(channel: { code: string; currency: string }, groupCurrency: string): boolean {
  return channel.code !== 'fiatvendor' || channel.currency === groupCurrency;
}
