/**
 * The KYC gates' refusals (shared/domain/kyc/gates.ts) as the money endpoints answer them: 2301 when the
 * player needs level 2, 2302 when level 3, with the texts of POST /deposit (which holds them). Every
 * endpoint the gates reach spreads these into its `refusals` (POST /deposit itself, /vendor/fiatvendor/
 * add-atm and add-card, /withdrawal/request).
 */
export const KYC_GATE_REFUSALS = {
  'kyc.level2Required': { code: 2301, textOf: '/api/deposit' },
  'kyc.level3Required': { code: 2302, textOf: '/api/deposit' },
} as const;

/**
 * The under-age freeze (docs/kyc.md, "Under age: the freeze") as every path it stops answers it: 2303
 * with the text of POST /deposit. It is met where exclusions are (rg_exclusion_refusal), so the
 * exclusions' codes carry it (api/modules/responsible-gaming/refusal-codes.ts).
 */
export const KYC_FREEZE_REFUSALS = {
  'kyc.frozenUnderAge': { code: 2303, textOf: '/api/deposit' },
} as const;
