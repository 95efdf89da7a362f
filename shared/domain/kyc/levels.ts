import { QueryTypes, type Transaction } from 'sequelize';
import { db } from '../../db/sequelize';

/**
 * The player's KYC level and what is missing for the next one, as the database function kyc_level
 * (shared/db/functions/kyc/level.sql, the one author of the levels) and kyc_parts say: this file only
 * reads them.
 */
export type KycLevel = 0 | 1 | 2 | 3;
export type KycPart = 'contact' | 'profile' | 'id-front' | 'id-back' | 'selfie' | 'address-proof';

/** The parts each level adds to the one below. */
const PARTS_OF_LEVEL: Record<1 | 2 | 3, readonly KycPart[]> = {
  1: ['contact', 'profile'],
  2: ['id-front', 'id-back', 'selfie'],
  3: ['address-proof'],
};

interface PartsRow {
  level: number;
  contact: boolean;
  profile: boolean;
  idFront: boolean;
  idBack: boolean;
  selfie: boolean;
  addressProof: boolean;
}

/** The level, and the parts missing for the next level (none at level 3). */
export async function kycLevelOf(userId: number, transaction?: Transaction): Promise<{ level: KycLevel; missing: KycPart[] }> {
  const [row] = await db().query<PartsRow>(`SELECT kyc_level(:userId) AS level, k.* FROM kyc_parts(:userId) k`, {
    replacements: { userId },
    type: QueryTypes.SELECT,
    transaction,
  });
  if (!row) return { level: 0, missing: [...PARTS_OF_LEVEL[1]] };
  const met: Record<KycPart, boolean> = {
    contact: row.contact,
    profile: row.profile,
    'id-front': row.idFront,
    'id-back': row.idBack,
    selfie: row.selfie,
    'address-proof': row.addressProof,
  };
  const level = row.level as KycLevel;
  const missing = level === 3 ? [] : PARTS_OF_LEVEL[(level + 1) as 1 | 2 | 3].filter((part) => !met[part]);
  return { level, missing };
}

/** The level alone (the gates), in the caller's transaction. */
export async function kycLevel(userId: number, transaction?: Transaction): Promise<KycLevel> {
  const [row] = await db().query<{ level: number | null }>(`SELECT kyc_level(:userId) AS level`, {
    replacements: { userId },
    type: QueryTypes.SELECT,
    transaction,
  });
  return (row?.level ?? 0) as KycLevel;
}
