import Decimal from 'decimal.js';
import type { Transaction } from 'sequelize';
import { lowerAmount, requireAtMost, settingsAndFloors, type SiteFloors } from './floors';
import { minimumAgeOf } from './minimum-age';

/**
 * The site's KYC settings (docs/kyc.md, "Settings"), kept in site_configs.settings.kyc and changed through
 * PATCH /site-config/admin/:id/settings (`kyc`), amounts in USD as decimal strings:
 * - withdrawalAboveUsd: a withdrawal of more than this needs level 2; "0" (the default): every withdrawal;
 * - depositLevel2AboveUsd (T2, default 2000): lifetime deposits above it need level 2;
 * - depositLevel3AboveUsd (T3, default 10000): lifetime deposits above it need level 3;
 * - documentValidityDays (default 730): how long an approved document counts when the operator gives
 *   no expiry date.
 * The minimum age is the site's `minimumAge` setting (18 unless set).
 * The three amounts are never above the highest of the site's jurisdiction profile
 * (shared/domain/site-config/floors.ts): a higher one is refused when written and reads as that highest.
 */
export interface KycSettings {
  withdrawalAboveUsd: string;
  depositLevel2AboveUsd: string;
  depositLevel3AboveUsd: string;
  documentValidityDays: number;
}

export const DEFAULT_KYC_SETTINGS: Readonly<KycSettings> = {
  withdrawalAboveUsd: '0',
  depositLevel2AboveUsd: '2000',
  depositLevel3AboveUsd: '10000',
  documentValidityDays: 730,
};

const MONEY_KEYS = ['withdrawalAboveUsd', 'depositLevel2AboveUsd', 'depositLevel3AboveUsd'] as const;

const moneyOf = (value: unknown, fallback: string): string => {
  if (typeof value !== 'string' || !/^\d{1,12}(\.\d{1,6})?$/.test(value)) return fallback;
  return new Decimal(value).toFixed();
};

/** Each amount's highest in the site's profile, and the refusal of a value written above it. */
const HIGHEST = {
  withdrawalAboveUsd: ['highestWithdrawalAboveUsd', 'site-config.kycWithdrawalAboveFloor'],
  depositLevel2AboveUsd: ['highestDepositLevel2AboveUsd', 'site-config.kycLevel2AboveFloor'],
  depositLevel3AboveUsd: ['highestDepositLevel3AboveUsd', 'site-config.kycLevel3AboveFloor'],
} as const;

/** The stored settings with the defaults filled in (anything unreadable is its default), none above the profile's highest. */
export function kycSettingsOf(stored: unknown, floors: SiteFloors): KycSettings {
  const kyc = (stored && typeof stored === 'object' ? stored : {}) as Record<string, unknown>;
  const days = kyc.documentValidityDays;
  const amount = (key: (typeof MONEY_KEYS)[number]) => lowerAmount(moneyOf(kyc[key], DEFAULT_KYC_SETTINGS[key]), floors[HIGHEST[key][0]]);
  return {
    withdrawalAboveUsd: amount('withdrawalAboveUsd'),
    depositLevel2AboveUsd: amount('depositLevel2AboveUsd'),
    depositLevel3AboveUsd: amount('depositLevel3AboveUsd'),
    documentValidityDays: typeof days === 'number' && Number.isInteger(days) && days > 0 ? days : DEFAULT_KYC_SETTINGS.documentValidityDays,
  };
}

/**
 * The settings after a patch, and the names of the fields it changed (T3 below T2 is the schema's
 * refusal); an amount above the profile's highest is refused, naming that floor.
 */
export function patchKycSettings(stored: unknown, patch: Partial<KycSettings>, floors: SiteFloors): { next: KycSettings; changed: string[] } {
  for (const key of MONEY_KEYS) requireAtMost(patch[key], floors[HIGHEST[key][0]], HIGHEST[key][1], `kyc.${key}`);
  const current = kycSettingsOf(stored, floors);
  const next: KycSettings = { ...current };
  const changed: string[] = [];
  for (const key of MONEY_KEYS) {
    const value = patch[key];
    if (value !== undefined && !new Decimal(value).eq(current[key])) {
      next[key] = new Decimal(value).toFixed();
      changed.push(`kyc.${key}`);
    }
  }
  if (patch.documentValidityDays !== undefined && patch.documentValidityDays !== current.documentValidityDays) {
    next.documentValidityDays = patch.documentValidityDays;
    changed.push('kyc.documentValidityDays');
  }
  return { next, changed };
}

export interface SiteKyc extends KycSettings {
  minimumAge: number;
}

/** The site's KYC settings and minimum age (a site without a site_configs row has the defaults). */
export async function siteKyc(siteCode: string, transaction?: Transaction): Promise<SiteKyc> {
  const { settings, jurisdiction } = await settingsAndFloors(siteCode, transaction);
  return { ...kycSettingsOf(settings.kyc, jurisdiction.floors), minimumAge: minimumAgeOf(settings, jurisdiction.floors) };
}
