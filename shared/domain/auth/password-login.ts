import bcrypt from 'bcrypt';
import { User } from '../../db/models';
import { db } from '../../db/sequelize';
import { Refusal } from '../../errors';
import { checkPlayerOnNationalRegister } from '../kyc';
import { BCRYPT_ROUNDS } from './passwords';
import { accountsNamed, completeLogin, type ClientMeta } from './accounts';
import { recordLoginFailure } from './login-records';
import { passLoginTotp, requireTotpPassed } from './totp-login';
import { avatarOf, loginUser, type LoginUser } from './user-view';

/** Login by account and password. */

/** A hash to compare against when there is no usable one, so every refusal costs the same time. */
let dummyHash: Promise<string> | undefined;
function comparisonDummy(): Promise<string> {
  dummyHash ??= bcrypt.hash('no-such-password', BCRYPT_ROUNDS);
  return dummyHash;
}

export interface LoginInput {
  siteCode: string;
  account: string;
  password: string;
  /** The authenticator code, for an account with one enabled (./totp-login.ts). */
  totpCode?: string | null;
  meta: ClientMeta;
}

/**
 * POST /auth/login: one refusal (`credentialsWrong`) for an unknown account, a wrong password and an account without a
 * password (created by a third-party login); each refusal writes a LOGIN_FAIL row. Then an account with an
 * authenticator needs its code (./totp-login.ts). Success runs the shared login transaction
 * (tokenVersion + 1, previous LOGIN rows closed, new LOGIN row).
 */
export async function loginPlayer(input: LoginInput): Promise<{ token: string; user: LoginUser }> {
  const { siteCode, account, password, meta } = input;
  // The account stored as typed wins over a look-alike sharing its key (an older account without one).
  const named = await accountsNamed(siteCode, account);
  const found = named.find((u) => u.account === account) ?? named[0] ?? null;
  const hash = found && found.password !== '' ? found.password : await comparisonDummy();
  const matches = await bcrypt.compare(password, hash).catch(() => false);
  if (!found || found.password === '' || !matches) {
    await recordLoginFailure(siteCode, account, found?.id ?? null, meta);
    throw new Refusal('auth.credentialsWrong');
  }
  const passed = await passLoginTotp(found, input.totpCode, meta);
  // The national self-exclusion register, when the site asks it (docs/decisions/risk.md, "The national register").
  await checkPlayerOnNationalRegister(siteCode, found.id);
  const session = await db().transaction(async (transaction) => {
    // Logins of one user run one after another; a password changed since the check above refuses.
    const user = await User.findByPk(found.id, { transaction, lock: transaction.LOCK.UPDATE });
    if (!user || user.password !== found.password) throw new Refusal('auth.credentialsWrong');
    requireTotpPassed(user, passed);
    return completeLogin(user, meta, transaction);
  });
  return { token: session.token, user: loginUser(session.user, await avatarOf(session.user)) };
}
