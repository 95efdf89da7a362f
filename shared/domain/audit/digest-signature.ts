import { sign, verify } from 'node:crypto';
import { config } from '../../config';

/**
 * The signature of a daily digest (docs/audit-chains.md, "Signed digests"): Ed25519 with the key of
 * AUDIT_SIGNING_KEY over the digest's signed text, four lines joined by "\n" (UTF-8, no final line
 * break): `audit-digest`, the day (YYYY-MM-DD), the Merkle root (64 lowercase hex digits) and the number
 * of chains. The root covers every head, so the signature covers the heads too. Stored base64.
 */
export interface SignedDigest {
  day: string;
  merkleRoot: string;
  chainCount: number;
}

export const digestSignedText = (d: SignedDigest): string => `audit-digest\n${d.day}\n${d.merkleRoot}\n${d.chainCount}`;

/** The base64 signature of the digest and the id of the key that made it. */
export function signDigest(d: SignedDigest): { signature: string; keyId: string } {
  const key = config().auditSigningKey;
  return { signature: sign(null, Buffer.from(digestSignedText(d), 'utf8'), key.privateKey).toString('base64'), keyId: key.keyId };
}

/** Whether `signature` (base64) is the configured key's signature of the digest. */
export function digestSignatureHolds(d: SignedDigest, signature: string): boolean {
  const bytes = Buffer.from(signature, 'base64');
  return bytes.length === 64 && verify(null, Buffer.from(digestSignedText(d), 'utf8'), config().auditSigningKey.publicKey, bytes);
}
