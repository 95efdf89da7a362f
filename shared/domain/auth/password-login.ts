import bcrypt from 'bcrypt';
import { User } from '../../db/models';
import { db } from '../../db/sequelize';
import { BizError } from '../../errors';
import { BCRYPT_ROUNDS } from '../admin/login';
import { accountKey } from './account-names';
import { completeLogin, type ClientMeta } from './accounts';
import { recordLoginFailure } from './login-records';
import { avatarOf, loginUser, type LoginUser } from './user-view';

/** Login by account and password (Part A 4.1 login). */

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
  meta: ClientMeta;
}

/**
 * The account a login names: the one stored exactly as typed, else the one whose key the name has
 * (account-names.ts: `ABC` or `ａｂｃ` log in to `abc`). Accounts older than the keys that share a key
 * with another keep logging in by their exact name.
 */
async function findAccount(siteCode: string, account: string): Promise<User | null> {
  const found = await db().query<User>(`SELECT * FROM users WHERE "siteCode" = :siteCode AND (account = :account OR "accountKey" = :key) LIMIT 2`, {
    replacements: { siteCode, account, key: accountKey(account) },
    model: User,
    mapToModel: true,
  });
  return found.find((u) => u.account === account) ?? found[0] ?? null;
}

/**
 * POST /auth/login: one answer (2001) for an unknown account, a wrong password and an account without a
 * password (created by a third-party login); each refusal writes a LOGIN_FAIL row. Success runs the
 * shared login transaction (tokenVersion + 1, previous LOGIN rows closed, new LOGIN row).
 */
export async function loginPlayer(input: LoginInput): Promise<{ token: string; user: LoginUser }> {
  const { siteCode, account, password, meta } = input;
  const found = await findAccount(siteCode, account);
  const hash = found && found.password !== '' ? found.password : await comparisonDummy();
  const matches = await bcrypt.compare(password, hash).catch(() => false);
  if (!found || found.password === '' || !matches) {
    await recordLoginFailure(siteCode, account, found?.id ?? null, meta);
    throw new BizError(2001);
  }
  const session = await db().transaction(async (transaction) => {
    // Logins of one user run one after another; a password changed since the check above refuses.
    const user = await User.findByPk(found.id, { transaction, lock: transaction.LOCK.UPDATE });
    if (!user || user.password !== found.password) throw new BizError(2001);
    return completeLogin(user, meta, transaction);
  });
  return { token: session.token, user: loginUser(session.user, await avatarOf(session.user)) };
}
