import { QueryTypes, Transaction } from 'sequelize';
import { config } from '../../config';
import { db } from '../../db/sequelize';
import { logger } from '../../logger';
import { signDigest } from './digest-signature';
import { merkleRoot, sortedHeads } from './merkle';
import { chainHeadRows, insertDigestOnce } from './queries';

/**
 * The daily digest of the chain heads (docs/audit-chains.md): the Merkle root of every chain's head
 * (merkle.ts) with the heads it covers, one append-only audit_digests row per day (APP_TIMEZONE), and
 * logged, so a copy leaves the database. A chain rewritten whole later, hashes recomputed, no longer
 * holds the head an earlier digest kept, which `npm run audit:verify` reports. Written once a day by the
 * `audit-digest` job; a second run of the same day writes nothing and answers the day's digest. Each
 * digest is signed with AUDIT_SIGNING_KEY (digest-signature.ts) and keeps its signature and key id.
 */
export interface Digest {
  day: string;
  merkleRoot: string;
  chainCount: number;
  /** Base64 Ed25519 signature of the digest's signed text (null for a digest written before signing). */
  signature: string | null;
  keyId: string | null;
  /** False when the day's digest was already written. */
  created: boolean;
}

export async function writeDailyDigest(): Promise<Digest> {
  const digest = await db().transaction({ isolationLevel: Transaction.ISOLATION_LEVELS.REPEATABLE_READ }, async (transaction) => {
    const heads = (await chainHeadRows(transaction)).map((h) => ({ chain: h.chain, account: h.account, seq: Number(h.seq), hash: h.hash }));
    const root = merkleRoot(heads);
    // now() is the transaction's start: the day signed is the day inserted.
    const [{ day }] = await db().query<{ day: string }>('SELECT (now() AT TIME ZONE :tz)::DATE::TEXT AS day', {
      replacements: { tz: config().appTimezone },
      type: QueryTypes.SELECT,
      transaction,
    });
    const { signature, keyId } = signDigest({ day, merkleRoot: root, chainCount: heads.length });
    return insertDigestOnce(transaction, { day, root, count: heads.length, heads: JSON.stringify(sortedHeads(heads)), signature, keyId });
  });
  logger().info(digest, digest.created ? 'audit digest written' : 'audit digest of the day already written');
  return digest;
}
