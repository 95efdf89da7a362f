import { createHmac } from 'node:crypto';
import { config } from '../../../config';

/**
 * Credit card data we keep (PCI DSS: the CVV is never stored after the request; the number only as its
 * last four digits and a keyed fingerprint). The fingerprint is HMAC-SHA256 with CARD_FINGERPRINT_SECRET
 * over the digits: equal numbers match ("already bound") while the stored value reveals nothing without
 * the key, unlike a plain hash of a 13-19 digit number, which can be brute-forced.
 */
export function cardFingerprint(cardNumber: string): string {
  return createHmac('sha256', config().cardFingerprintSecret).update(cardNumber).digest('hex');
}

export const lastFour = (cardNumber: string): string => cardNumber.slice(-4);

/** The number as answers show it: `**** **** **** 1234`. */
export const maskedCardNumber = (last4: string): string => `**** **** **** ${last4}`;

export const EXPIRY = /^(0[1-9]|1[0-2])\/(\d{2})$/;

/**
 * True when `MM/YY` is a real month that has not ended: a card is valid through the last day of its
 * expiry month (UTC); `YY` is 20YY.
 */
export function isCurrentExpiry(expiry: string, now = new Date()): boolean {
  const m = EXPIRY.exec(expiry);
  if (!m) return false;
  const months = (2000 + Number(m[2])) * 12 + Number(m[1]) - 1;
  return months >= now.getUTCFullYear() * 12 + now.getUTCMonth();
}

export const isExpiryFormat = (expiry: string): boolean => EXPIRY.test(expiry);
