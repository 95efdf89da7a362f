import { config } from '../../config';
import { pagedRows, type Paging } from '../common';

/**
 * What an operator or an outsider reads of the signed digests (docs/audit-chains.md, "Signed digests"):
 * the public key that checks their signatures (GET /audit/public-key) and the digests, newest first,
 * with their roots and signatures (GET /audit/admin/digests). The heads stay in the database: the root
 * covers them.
 */
export interface PublicKeyView {
  algorithm: 'Ed25519';
  keyId: string;
  publicKeyPem: string;
  signedText: string;
}

export function auditPublicKey(): PublicKeyView {
  const key = config().auditSigningKey;
  return {
    algorithm: 'Ed25519',
    keyId: key.keyId,
    publicKeyPem: key.publicKeyPem,
    signedText: 'audit-digest\\n<day>\\n<merkleRoot>\\n<chainCount> (UTF-8, lines joined by \\n, no final line break)',
  };
}

export interface DigestView {
  id: number;
  day: string;
  merkleRoot: string;
  chainCount: number;
  signature: string | null;
  keyId: string | null;
  createdAt: Date;
}

export async function listDigests(paging: Paging) {
  const { rows, pagination } = await pagedRows<DigestView & { id: string }>(
    {
      select: `id, day::TEXT AS day, "merkleRoot", "chainCount", signature, "keyId", "createdAt"`,
      from: 'audit_digests',
      where: [],
      orderBy: 'day DESC, id DESC',
    },
    {},
    paging,
  );
  return { list: rows.map((r) => ({ ...r, id: Number(r.id) })), pagination };
}
