/**
 * The authenticator refusals of every login endpoint, players' and administrators' alike, with one
 * number each (docs/decisions/auth.md, "Authenticator codes at every login"): 2020 a code is needed (ask the
 * user for it and send the login again with `totpCode`), 2021 the code is wrong or already used, 2022
 * too many wrong codes (wait).
 */
export const totpLoginRefusals = { 'auth.totpRequired': 2020, 'auth.totpCodeWrong': 2021, 'auth.totpLocked': 2022 } as const;

/**
 * The same numbers on an endpoint outside the logins that asks for a current code the same way
 * (replacing an enabled authenticator), with the logins' texts.
 */
export const totpCodeRefusalsAsAtLogin = Object.fromEntries(
  Object.entries(totpLoginRefusals).map(([name, code]) => [name, { code, textOf: '/api/auth/login' }]),
) as { readonly [N in keyof typeof totpLoginRefusals]: { code: (typeof totpLoginRefusals)[N]; textOf: string } };
