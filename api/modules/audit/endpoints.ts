import { object } from 'yup';
import { auditPublicKey, listDigests } from '../../../shared/domain/audit';
import { constant, dateTime, day, id, int, nullable, obj, paged, str } from '../../http/answer-schemas';
import { endpoint } from '../../http/endpoint';
import { pagingFields } from '../../http/schema-helpers';

/**
 * /audit: the signed daily digests of the hash chains (docs/audit-chains.md, "Signed digests"). The
 * public key is for anyone checking a digest kept outside the database; the list is for platform
 * administrators (permission module `audit`: the digests cover every site's chains).
 */
const publicKey = obj({
  algorithm: constant('Ed25519'),
  keyId: str("The first 16 hex digits of SHA-256 of the public key's SPKI DER; each digest names the key that signed it"),
  publicKeyPem: str('The public key, SPKI PEM (`openssl pkeyutl -verify -pubin -inkey <file> -rawin ...`)'),
  signedText: str("What a digest's signature covers"),
});

const digest = obj({
  id: id(),
  day: day('The day of the digest (APP_TIMEZONE)'),
  merkleRoot: str('The Merkle root of every chain head, 64 hex digits'),
  chainCount: int('How many chain heads the root covers'),
  signature: nullable(str('Base64 Ed25519 signature of `audit-digest\\n<day>\\n<merkleRoot>\\n<chainCount>`; null for a digest written before signing')),
  keyId: nullable(str('The key that signed it (see GET /audit/public-key)')),
  createdAt: dateTime(),
});

export const auditEndpoints = [
  endpoint(
    {
      method: 'get',
      path: '/audit/public-key',
      auth: 'none',
      result: publicKey,
      summary: "The Ed25519 public key that checks the daily audit digests' signatures",
    },
    () => auditPublicKey(),
  ),
  endpoint(
    {
      method: 'get',
      path: '/audit/admin/digests',
      auth: { admin: 'audit' },
      query: object(pagingFields(20)),
      result: paged(digest),
      summary: 'The daily digests of the hash chains, newest first, with their Merkle roots and signatures (platform administrators)',
    },
    ({ query }) => listDigests({ page: query.page, pageSize: query.pageSize }),
  ),
];
