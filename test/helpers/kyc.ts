import { randomBytes } from 'node:crypto';
import type { User } from '../../shared/db/models';
import { db } from '../../shared/db/sequelize';

/** KYC test setup as rows: a verified contact, a profile, approved documents (the level they make). */

export const PROFILE = { legalName: 'Wang Xiao Ming', dateOfBirth: '1990-05-17', country: 'TW', address: '1 Zhongxiao East Road, Taipei' };

/** A date `years` years before today (UTC), moved by `days`: YYYY-MM-DD. */
export function yearsAgo(years: number, days = 0): string {
  const now = new Date();
  const d = new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate() + days));
  return d.toISOString().slice(0, 10);
}

export async function giveEmail(user: User): Promise<void> {
  await user.update({ email: `k${randomBytes(5).toString('hex')}@example.test` });
}

export async function giveProfile(user: User): Promise<void> {
  await db().query(
    `INSERT INTO kyc_profiles ("userId", "siteCode", "legalName", "dateOfBirth", country, address) VALUES (:userId, :siteCode, :legalName, :dateOfBirth, :country, :address)`,
    { replacements: { userId: user.id, siteCode: user.siteCode, ...PROFILE } },
  );
}

/** An approved document row of `kind`, expiring at `expiresAt` (a year from now unless told); its id. */
export async function approvedDocument(user: User, kind: string, expiresAt = new Date(Date.now() + 365 * 86400_000)): Promise<number> {
  const [rows] = await db().query(
    `INSERT INTO kyc_documents ("siteCode", "userId", kind, "storageKey", status, "expiresAt", "reviewedAt")
     VALUES (:siteCode, :userId, :kind, :key, 'approved', :expiresAt, now()) RETURNING id`,
    { replacements: { siteCode: user.siteCode, userId: user.id, kind, key: `private/kyc-document/${randomBytes(16).toString('hex')}.jpg`, expiresAt } },
  );
  return (rows as Array<{ id: number }>)[0].id;
}

/** A profile and the three identity documents approved: level 2 once the player has a verified contact. */
export async function giveIdentity(user: User): Promise<void> {
  await giveProfile(user);
  for (const kind of ['id-front', 'id-back', 'selfie']) await approvedDocument(user, kind);
}

/** Makes the player's level `level` (0 to 3) with rows. */
export async function giveLevel(user: User, level: 0 | 1 | 2 | 3): Promise<void> {
  if (level >= 1) {
    await giveEmail(user);
    await giveProfile(user);
  }
  if (level >= 2) for (const kind of ['id-front', 'id-back', 'selfie']) await approvedDocument(user, kind);
  if (level >= 3) await approvedDocument(user, 'address-proof');
}
