import { createHash } from 'node:crypto';

/**
 * The Merkle root of the chain heads a daily digest keeps (docs/audit-chains.md). Leaves are sorted by
 * chain, then account (code point order); a leaf is SHA-256 of `<chain>\n<account>\n<seq>\n<hash>`; a
 * parent is SHA-256 of its children's hex digests written one after the other; a level with an odd
 * count carries its last node up unchanged. No heads: SHA-256 of the empty text. All hex, lowercase.
 */
export interface ChainHead {
  chain: string;
  account: string;
  seq: number;
  hash: string;
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const byChainAccount = (a: ChainHead, b: ChainHead) =>
  a.chain === b.chain ? (a.account < b.account ? -1 : a.account > b.account ? 1 : 0) : a.chain < b.chain ? -1 : 1;

export function sortedHeads(heads: readonly ChainHead[]): ChainHead[] {
  return [...heads].sort(byChainAccount);
}

export const leafOf = (head: ChainHead) => sha256(`${head.chain}\n${head.account}\n${head.seq}\n${head.hash}`);

export function merkleRoot(heads: readonly ChainHead[]): string {
  let level = sortedHeads(heads).map(leafOf);
  if (!level.length) return sha256('');
  while (level.length > 1) {
    const next: string[] = [];
    for (let i = 0; i < level.length; i += 2) next.push(i + 1 < level.length ? sha256(level[i] + level[i + 1]) : level[i]);
    level = next;
  }
  return level[0];
}
