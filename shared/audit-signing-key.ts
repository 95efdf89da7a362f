import { createHash, createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';

/**
 * The Ed25519 key that signs the daily audit digests (docs/audit-chains.md, "Signed digests").
 * AUDIT_SIGNING_KEY is either the private key as PKCS8 PEM (`openssl genpkey -algorithm ed25519`, the
 * text with its BEGIN/END lines; `\n` may stand for the line breaks) or the base64 of its 32-byte seed
 * (`openssl rand -base64 32`). Checked at start (shared/config.ts).
 */
export interface AuditSigningKey {
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** The public key as SPKI PEM, what GET /audit/public-key serves. */
  publicKeyPem: string;
  /** The first 16 hex digits of SHA-256 of the public key's SPKI DER: which key signed a digest. */
  keyId: string;
}

/** PKCS8 DER of an Ed25519 private key is this prefix followed by the 32-byte seed (RFC 8410). */
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/** The key of an AUDIT_SIGNING_KEY value; throws with the reason when it is neither format. */
export function parseAuditSigningKey(raw: string): AuditSigningKey {
  const text = raw.trim();
  let privateKey: KeyObject;
  if (text.startsWith('-----BEGIN')) {
    privateKey = createPrivateKey({ key: text.replace(/\\n/g, '\n'), format: 'pem' });
  } else {
    const seed = /^[A-Za-z0-9+/]+={0,2}$/.test(text) ? Buffer.from(text, 'base64') : Buffer.alloc(0);
    if (seed.length !== 32) throw new Error('it is neither a PKCS8 PEM private key nor the base64 of a 32-byte seed');
    privateKey = createPrivateKey({ key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]), format: 'der', type: 'pkcs8' });
  }
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error(`it is a ${privateKey.asymmetricKeyType} key, not Ed25519`);
  const publicKey = createPublicKey(privateKey);
  const der = publicKey.export({ format: 'der', type: 'spki' });
  return {
    privateKey,
    publicKey,
    publicKeyPem: publicKey.export({ format: 'pem', type: 'spki' }).toString(),
    keyId: createHash('sha256').update(der).digest('hex').slice(0, 16),
  };
}
