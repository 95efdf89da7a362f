import { documentsOf, playerDocumentView } from './documents';
import { kycFreezeOf } from './flags';
import { kycLevelOf } from './levels';
import { kycProfileOf } from './profile';

/**
 * GET /kyc: the player's level, what is missing for the next one (`contact`, `profile`, `id-front`,
 * `id-back`, `selfie`, `address-proof`; none at level 3), the documents newest first (state pending,
 * approved, rejected with the operator's reason, or expired), the profile (null before one is sent) and
 * the freeze (`frozen`: why and since when money in and play are refused, null when they are not).
 */
export async function kycStatus(userId: number) {
  const [{ level, missing }, documents, profile, frozen] = await Promise.all([
    kycLevelOf(userId),
    documentsOf(userId),
    kycProfileOf(userId),
    kycFreezeOf(userId),
  ]);
  return { level, missing, documents: documents.map(playerDocumentView), profile, frozen };
}
