import type { User } from '../../db/models';
import { Refusal } from '../../errors';
import type { ClientMeta } from './accounts';
import { recordLoginFailure } from './login-records';
import { spendTotpCode } from './totp-codes';

/**
 * The authenticator step of every player login (password, OAuth, widget; docs/decisions/auth.md,
 * "Authenticator codes at every login"). It runs before the login's transaction, so a wrong code is
 * counted (./totp-codes.ts) and its LOGIN_FAIL row kept whatever the login does next; inside the
 * transaction `requireTotpPassed` checks that the player logging in is the one whose code passed.
 */

/**
 * For a player with an authenticator enabled: refused `totpRequired` without a code, `totpCodeWrong`
 * (with a LOGIN_FAIL row) or `totpLocked`. Answers the id of the player whose code was accepted, or
 * null when `user` needs no code (none, or no authenticator).
 */
export async function passLoginTotp(user: User | null, code: string | null | undefined, meta: ClientMeta): Promise<number | null> {
  if (!user || user.totpAuthEnabled !== 1) return null;
  if (!code) throw new Refusal('auth.totpRequired');
  try {
    await spendTotpCode('users', user.id, code, 1);
  } catch (err) {
    if (err instanceof Refusal && err.refusal === 'auth.totpCodeWrong') await recordLoginFailure(user.siteCode, user.account, user.id, meta, 'WRONG_TOTP');
    throw err;
  }
  return user.id;
}

/** In the login's transaction: a player with an authenticator logs in only when its own code passed (`totpRequired`). */
export function requireTotpPassed(user: User, passed: number | null): void {
  if (user.totpAuthEnabled === 1 && user.id !== passed) throw new Refusal('auth.totpRequired');
}
