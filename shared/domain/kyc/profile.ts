import { db } from '../../db/sequelize';
import { Refusal } from '../../errors';
import { flagUnderAge } from './flags';
import { claimIdentity, identitySignal } from '../risk';
import { siteKyc } from '../site-config';
import { heldDocumentCount } from './queries/documents';
import { profileRow, upsertProfile } from './queries/profiles';

/**
 * The player's KYC profile (level 1 with a verified contact): legal name, date of birth, country
 * (ISO 3166-1 alpha-2) and address, one row per player (kyc_profiles). PUT /kyc/profile writes it whole.
 * A date of birth below the site's minimum age is refused (`kyc.underAge`) and flagged for operators
 * (kyc_flags, reason `under-age`, kept although the profile is not), which freezes the account's money in
 * and play until an operator decides (./flags.ts). Once a profile is stored, it cannot change while a
 * document is pending or approved (`kyc.profileLocked`): operators review the documents against it. The
 * first profile is always taken (documents uploaded before profiles were required must not leave the
 * player stuck at level 0; docs/decisions/kyc.md, "KYC: the profile before the documents").
 */
export interface KycProfileInput {
  legalName: string;
  /** YYYY-MM-DD, a real calendar date (the schema checks it). */
  dateOfBirth: string;
  country: string;
  address: string;
}

export interface KycProfileView extends KycProfileInput {
  updatedAt: Date;
}

/** Whole years from `dateOfBirth` (YYYY-MM-DD) to `today` (UTC); a 29 February birthday comes on 1 March. */
export function ageOn(dateOfBirth: string, today: Date = new Date()): number {
  const [y, m, d] = dateOfBirth.split('-').map(Number);
  let age = today.getUTCFullYear() - y;
  const birthday = Date.UTC(today.getUTCFullYear(), m - 1, d);
  const todayUtc = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  if (todayUtc < birthday) age -= 1;
  return age;
}

export async function kycProfileOf(userId: number): Promise<KycProfileView | null> {
  return (await profileRow(userId)) ?? null;
}

/** PUT /kyc/profile: `kyc.underAge` (flagged), `kyc.profileLocked`; answers the profile. */
export async function putKycProfile(siteCode: string, userId: number, input: KycProfileInput): Promise<KycProfileView> {
  const { minimumAge } = await siteKyc(siteCode);
  if (ageOn(input.dateOfBirth) < minimumAge) {
    await flagUnderAge(siteCode, userId, { dateOfBirth: input.dateOfBirth, minimumAge });
    throw new Refusal('kyc.underAge', `born ${input.dateOfBirth}, minimum age ${minimumAge}`);
  }
  return db().transaction(async (transaction) => {
    // The name and date of birth are an identity, claimed before the player's row (the lock order of
    // docs/decisions/risk.md): refused when they are an excluded person's.
    await claimIdentity(transaction, { id: userId, siteCode }, identitySignal(input.legalName, input.dateOfBirth));
    // The player's row first (as the deposit gate and the review take it), so an upload or a review
    // cannot slip between the check and the write.
    await db().query(`SELECT 1 FROM users WHERE id = :userId FOR NO KEY UPDATE`, { replacements: { userId }, transaction });
    if ((await heldDocumentCount(transaction, userId)) > 0) throw new Refusal('kyc.profileLocked');
    return upsertProfile(transaction, siteCode, userId, input);
  });
}
