import { User } from '../../db/models';
import { Refusal } from '../../errors';
import { siteNameIn } from '../site-config';
import { playerById } from './accounts';
import { newTotpSecret } from './totp';
import { spendTotpCode } from './totp-codes';

/**
 * A player's authenticator (generate-totp-auth, enable-totp-auth, disable-totp-auth): set up, switched on
 * with a code, switched off (or replaced) with a code. Logins then need a code
 * (./totp-login.ts).
 */

/**
 * A new secret replaces the old one; totpAuthEnabled = 0. The issuer is the site's name. Replacing an
 * enabled authenticator switches it off, so it needs a current code like disabling does (refused
 * `totpRequired` without one; `totpCodeWrong`, `totpLocked`); the code is spent.
 */
export async function generateTotp(userId: number, code?: string | null): Promise<{ secret: string; qrCode: string }> {
  const user = await playerById(userId);
  if (user.totpAuthEnabled === 1) {
    if (!code) throw new Refusal('auth.totpRequired');
    await spendTotpCode('users', user.id, code, 1);
  }
  const made = await newTotpSecret(await siteNameIn(user.siteCode, 'en-US'), user.account);
  // The steps of the old secret say nothing about the new one.
  await User.update({ totpAuthSecret: made.secret, totpAuthEnabled: 0, totpLastStep: null }, { where: { id: user.id } });
  return made;
}

/**
 * Refused: `totpNotGenerated` no secret generated; `totpCodeWrong` wrong code (or a new secret generated
 * meanwhile); `totpLocked`. Sets totpAuthEnabled = 1; the code is spent (./totp-codes.ts).
 */
export async function enableTotp(userId: number, code: string): Promise<{ affected: number }> {
  const user = await playerById(userId);
  if (!user.totpAuthSecret) throw new Refusal('auth.totpNotGenerated');
  await spendTotpCode('users', user.id, code, null, 'enable');
  return { affected: 1 };
}

/** Refused: `totpNotEnabled`; `totpCodeWrong`; `totpLocked`. Sets totpAuthEnabled = 0 and forgets the secret. */
export async function disableTotp(userId: number, code: string): Promise<{ affected: number }> {
  const user = await playerById(userId);
  if (user.totpAuthEnabled !== 1) throw new Refusal('auth.totpNotEnabled');
  await spendTotpCode('users', user.id, code, 1, 'disable');
  return { affected: 1 };
}
