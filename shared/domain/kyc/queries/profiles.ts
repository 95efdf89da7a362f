import { QueryTypes, type Transaction } from 'sequelize';
import { db } from '../../../db/sequelize';
import type { KycProfileInput, KycProfileView } from '../profile';

/** The statements over kyc_profiles, one row per player. */

/** Whether the player has a profile. */
export async function hasProfile(userId: number): Promise<boolean> {
  const [profile] = await db().query(`SELECT 1 FROM kyc_profiles WHERE "userId" = :userId`, { replacements: { userId }, type: QueryTypes.SELECT });
  return Boolean(profile);
}

/** The player's profile (date of birth as YYYY-MM-DD). */
export async function profileRow(userId: number): Promise<KycProfileView | undefined> {
  const [row] = await db().query<KycProfileView>(
    `SELECT "legalName", to_char("dateOfBirth", 'YYYY-MM-DD') AS "dateOfBirth", country, address, "updatedAt" FROM kyc_profiles WHERE "userId" = :userId`,
    { replacements: { userId }, type: QueryTypes.SELECT },
  );
  return row;
}

/** Writes the player's profile whole; answers it. */
export async function upsertProfile(transaction: Transaction, siteCode: string, userId: number, input: KycProfileInput): Promise<KycProfileView> {
  const [row] = await db().query<KycProfileView>(
    `INSERT INTO kyc_profiles ("userId", "siteCode", "legalName", "dateOfBirth", country, address)
       VALUES (:userId, :siteCode, :legalName, CAST(:dateOfBirth AS DATE), :country, :address)
       ON CONFLICT ("userId") DO UPDATE SET "legalName" = EXCLUDED."legalName", "dateOfBirth" = EXCLUDED."dateOfBirth",
              country = EXCLUDED.country, address = EXCLUDED.address, "updatedAt" = now()
       RETURNING "legalName", to_char("dateOfBirth", 'YYYY-MM-DD') AS "dateOfBirth", country, address, "updatedAt"`,
    { replacements: { userId, siteCode, ...input }, type: QueryTypes.SELECT, transaction },
  );
  return row;
}
