/**
 * The authenticator refusals of every login endpoint, players' and administrators' alike, with one
 * number each (docs/decisions/auth.md, "Authenticator codes at every login"): 2020 a code is needed (ask the
 * user for it and send the login again with `totpCode`), 2021 the code is wrong or already used, 2022
 * too many wrong codes (wait).
 */
export const totpLoginRefusals = { 'auth.totpRequired': 2020, 'auth.totpCodeWrong': 2021, 'auth.totpLocked': 2022 } as const;
