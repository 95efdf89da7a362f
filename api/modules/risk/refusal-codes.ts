/**
 * The national self-exclusion register's refusals (docs/decisions/risk.md, "The national register"), with
 * one number on every path that asks it (registration, login, deposit orders), beside player
 * protection's 41xx: 4109 the person is on the register, 4110 the register did not answer and the site
 * fails closed.
 */
export const nationalRegisterCodes = { 'risk.registerExcluded': 4109, 'risk.registerUnavailable': 4110 } as const;
