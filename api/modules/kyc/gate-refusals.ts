/**
 * The KYC gates' refusals (shared/domain/kyc/gates.ts) as the money endpoints answer them: 2301 when the
 * player needs level 2, 2302 when level 3, on every path (their texts are beside their names). Every
 * endpoint the gates reach spreads these into its `refusals` (POST /deposit itself, /vendor/fiatvendor/
 * add-atm and add-card, /withdrawal/request).
 */
export const KYC_GATE_REFUSALS = {
  'kyc.level2Required': 2301,
  'kyc.level3Required': 2302,
} as const;

/**
 * The under-age freeze (docs/kyc.md, "Under age: the freeze") as every path it stops answers it: 2303.
 * It is met where exclusions are (rg_exclusion_refusal), so the
 * exclusions' codes carry it (api/modules/responsible-gaming/refusal-codes.ts).
 */
export const KYC_FREEZE_REFUSALS = {
  'kyc.frozenUnderAge': 2303,
} as const;
