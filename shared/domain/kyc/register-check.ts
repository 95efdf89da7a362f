import { QueryTypes } from 'sequelize';
import { db } from '../../db/sequelize';
import { checkNationalRegister } from '../risk';
import { profileRow } from './queries/profiles';

/**
 * The national register check of an existing player (login, deposit; docs/decisions/risk.md, "The
 * national register"): asked with the identity we hold, the KYC legal name and date of birth when the
 * profile exists (else the name the player gave), the verified e-mail and mobile.
 */
export async function checkPlayerOnNationalRegister(site: string, userId: number): Promise<void> {
  const [user] = await db().query<{ name: string; email: string | null; mobile: string | null }>('SELECT name, email, mobile FROM users WHERE id = :userId', {
    replacements: { userId },
    type: QueryTypes.SELECT,
  });
  if (!user) return;
  const profile = await profileRow(userId);
  await checkNationalRegister(site, {
    name: profile?.legalName ?? user.name,
    dateOfBirth: profile?.dateOfBirth ?? null,
    email: user.email,
    mobile: user.mobile,
  });
}
