import { KYC_FREEZE_REFUSALS } from '../kyc/gate-refusals';

/**
 * The numbers of player protection's refusals on every money path that meets them (deposits, the fiat
 * vendor's orders, simulate, the launch, promotion claims), one number per meaning everywhere, with the
 * texts kept under GET /responsible-gaming (shared/i18n/error-texts.ts).
 */
const text = (code: number) => ({ code, textOf: '/api/responsible-gaming' });

/** Exclusions: what stops deposits, bets and claims alike (the KYC under-age freeze with them). */
export const exclusionCodes = {
  'responsible-gaming.selfExcluded': text(4101),
  'responsible-gaming.coolingOff': text(4102),
  ...KYC_FREEZE_REFUSALS,
} as const;

export const depositProtectionCodes = { ...exclusionCodes, 'responsible-gaming.depositLimit': text(4104), 'responsible-gaming.limitsRequired': text(4107) } as const;

export const playProtectionCodes = {
  ...exclusionCodes,
  'responsible-gaming.sessionLimit': text(4103),
  'responsible-gaming.lossLimit': text(4105),
  'responsible-gaming.wagerLimit': text(4106),
  'responsible-gaming.realityCheckUnacknowledged': text(4108),
} as const;

export const launchProtectionCodes = { ...exclusionCodes, 'responsible-gaming.sessionLimit': text(4103), 'responsible-gaming.realityCheckUnacknowledged': text(4108) } as const;
