import { createHash } from 'node:crypto';

/**
 * The values of the signals as they are compared (docs/decisions/risk.md, "Signals: normalised, personal
 * ones hashed"). An IP and a device id are kept as they are; an e-mail, a mobile number, a name with a
 * date of birth, a payment instrument and a withdrawal address are normalised and kept as their SHA-256,
 * so the table that links accounts holds no contact or payment detail.
 */
export type SignalKind = 'ip' | 'device' | 'email' | 'mobile' | 'identity' | 'instrument' | 'address';
export const SIGNAL_KINDS: readonly SignalKind[] = ['ip', 'device', 'email', 'mobile', 'identity', 'instrument', 'address'];

/** The kinds that say who a person is: an exclusion follows them (verified e-mail, verified mobile, KYC name and birth date). */
export const IDENTITY_KINDS: readonly SignalKind[] = ['email', 'mobile', 'identity'];

export interface Signal {
  kind: SignalKind;
  value: string;
}

const hashed = (text: string): string => createHash('sha256').update(text).digest('hex');

/** The longest device id taken; a longer one is ignored. */
export const DEVICE_ID_MAX = 128;

/**
 * The `x-device-id` header the front end sends, or null when it is absent or not usable: not a single
 * string, empty, longer than DEVICE_ID_MAX, or holding a control character (NUL among them). An unusable
 * id is ignored, never refused: the request goes on without a device signal.
 */
export function readDeviceId(header: unknown): string | null {
  if (typeof header !== 'string') return null;
  const id = header.trim();
  if (!id || id.length > DEVICE_ID_MAX || /\p{C}/u.test(id)) return null;
  return id;
}

/** An IP as the links compare it: an IPv4-mapped IPv6 address as its IPv4; empty: none. */
export function ipSignal(ip: string | null | undefined): Signal | null {
  const value = (ip ?? '').trim().replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1');
  return value && value.length <= 64 ? { kind: 'ip', value } : null;
}

export function deviceSignal(deviceId: string | null | undefined): Signal | null {
  return deviceId ? { kind: 'device', value: deviceId } : null;
}

/** Providers that ignore dots in the local part (and answer for another domain name). */
const DOTLESS: Record<string, string> = { 'gmail.com': 'gmail.com', 'googlemail.com': 'gmail.com' };
/** Providers that deliver `name+tag@` to `name@`. */
const PLUS_TAGS = new Set(['gmail.com', 'outlook.com', 'hotmail.com', 'live.com', 'icloud.com', 'me.com', 'protonmail.com', 'proton.me', 'fastmail.com']);

/** An e-mail as one mailbox: lower case, the plus-tag and dots dropped where the provider ignores them. */
export function normaliseEmail(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at < 1) return lower;
  let local = lower.slice(0, at);
  let domain = lower.slice(at + 1);
  if (DOTLESS[domain]) {
    domain = DOTLESS[domain];
    local = local.replace(/\./g, '');
  }
  if (PLUS_TAGS.has(domain)) local = local.replace(/\+.*$/, '');
  return `${local}@${domain}`;
}

export const emailSignal = (email: string): Signal => ({ kind: 'email', value: hashed(normaliseEmail(email)) });

/** A verified mobile number, already E.164 (`+` and digits); other text is taken without its separators. */
export const mobileSignal = (e164: string): Signal => ({ kind: 'mobile', value: hashed(`+${e164.replace(/[^\d]/g, '')}`) });

/** A KYC name and date of birth: the name in NFKC, lower case, without accents and with single spaces. */
export function identitySignal(legalName: string, dateOfBirth: string): Signal {
  const name = legalName.normalize('NFKD').replace(/\p{M}/gu, '').normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
  return { kind: 'identity', value: hashed(`${name}|${dateOfBirth.slice(0, 10)}`) };
}

/** A payment instrument (bank account, card fingerprint, crypto address) or a withdrawal address, by its own kind. */
export function moneySignal(kind: 'instrument' | 'address', type: string, value: string): Signal {
  return { kind, value: hashed(`${type}|${value.trim().toLowerCase().replace(/\s+/g, '')}`) };
}
