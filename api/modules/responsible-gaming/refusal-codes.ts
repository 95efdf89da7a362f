import { KYC_FREEZE_REFUSALS } from '../kyc/gate-refusals';

/**
 * The numbers of player protection's refusals on every money path that meets them (deposits, the fiat
 * vendor's orders, simulate, the launch, promotion claims), one number per meaning everywhere; their texts
 * are beside their names (shared/domain/responsible-gaming/refusals.ts).
 */

/** Exclusions: what stops deposits, bets and claims alike (the KYC under-age freeze with them). */
export const exclusionCodes = {
  'responsible-gaming.selfExcluded': 4101,
  'responsible-gaming.coolingOff': 4102,
  ...KYC_FREEZE_REFUSALS,
} as const;

export const depositProtectionCodes = { ...exclusionCodes, 'responsible-gaming.depositLimit': 4104, 'responsible-gaming.limitsRequired': 4107 } as const;

export const playProtectionCodes = {
  ...exclusionCodes,
  'responsible-gaming.sessionLimit': 4103,
  'responsible-gaming.lossLimit': 4105,
  'responsible-gaming.wagerLimit': 4106,
  'responsible-gaming.realityCheckUnacknowledged': 4108,
} as const;

export const launchProtectionCodes = {
  ...exclusionCodes,
  'responsible-gaming.sessionLimit': 4103,
  'responsible-gaming.realityCheckUnacknowledged': 4108,
} as const;
