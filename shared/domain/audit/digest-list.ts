import { config } from '../../config';
import type { Paging } from '../common';
import { digestPage } from './queries';

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
  const { rows, pagination } = await digestPage<DigestView & { id: string }>(paging);
  return { list: rows.map((r) => ({ ...r, id: Number(r.id) })), pagination };
}
