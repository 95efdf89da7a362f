import { timingSafeEqual } from 'node:crypto';

/**
 * A received hex digest (a callback's signature, the login widget's hash) against the expected one, in
 * constant time. Only the exact lowercase hex digest is equal: 64 digits 0-9 a-f, nothing around them (no
 * upper case, blanks or prefix; docs/providers.md, docs/payments.md).
 */
export function sameHexDigest(given: string, expectedHex: string): boolean {
  const expected = Buffer.from(expectedHex, 'hex');
  const buffer = /^[0-9a-f]{64}$/.test(given) ? Buffer.from(given, 'hex') : Buffer.alloc(0);
  return buffer.length === expected.length && timingSafeEqual(buffer, expected);
}
