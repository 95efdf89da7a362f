import bcrypt from 'bcrypt';
import { UniqueConstraintError, type Transaction } from 'sequelize';
import { db } from '../../db/sequelize';
import { Refusal } from '../../errors';
import type { Locale } from '../../i18n/locales';
import { checkNationalRegister } from '../risk';
import { BCRYPT_ROUNDS } from './passwords';
import { accountKey } from './account-names';
import { accountsNamed, createPlayer, findUplineByRefCode, type ClientMeta } from './accounts';
import { recordLogin } from './login-records';
import { signPlayerToken } from './tokens';

/** Registration by account and password. */

export interface RegisterInput {
  siteCode: string;
  account: string;
  password: string;
  name: string;
  /** Agent promotion code; empty or absent = none. */
  refCode?: string | null;
  locale: Locale;
  meta: ClientMeta;
}

export interface RegisterResult {
  token: string;
  user: { id: number; name: string };
  vendorGroupId: number | null;
}

function isAccountTaken(err: unknown): boolean {
  if (!(err instanceof UniqueConstraintError)) return false;
  const constraint = (err.parent as { constraint?: string } | undefined)?.constraint;
  return (
    constraint === 'users_site_account' ||
    constraint === 'users_site_account_key' ||
    Object.keys(err.fields ?? {}).some((f) => f === 'account' || f === 'accountKey')
  );
}

/** Records the new player's account key; the unique index (site, key) refuses a look-alike registered at the same time. */
async function claimAccountKey(transaction: Transaction, userId: number, account: string): Promise<void> {
  await db().query(`UPDATE users SET "accountKey" = :key WHERE id = :userId`, { replacements: { key: accountKey(account), userId }, transaction });
}

/**
 * POST /auth/register: refused (`accountTaken`) when the account exists in the site, as typed or as a
 * look-alike with the same key (also when a concurrent registration wins the race: the unique indexes
 * decide), and (`refCodeUnknown`) when a refCode names no agent of the site, and then nothing is created. The new player starts with tokenVersion 0 and a token for immediate use; the
 * registration session is recorded as a LOGIN row, so the next login closes it as LOGOUT like any other.
 */
export async function registerPlayer(input: RegisterInput): Promise<RegisterResult> {
  const { siteCode, account } = input;
  // Cheap checks first: no bcrypt work for a request that is going to be refused.
  if ((await accountsNamed(siteCode, account)).length) throw new Refusal('auth.accountTaken');
  const refCode = input.refCode?.trim() || null;
  if (refCode && !(await findUplineByRefCode(siteCode, refCode))) throw new Refusal('auth.refCodeUnknown');
  // The national self-exclusion register, when the site asks it (docs/decisions/risk.md, "The national register").
  await checkNationalRegister(siteCode, { name: input.name });

  const passwordHash = await bcrypt.hash(input.password, BCRYPT_ROUNDS);
  try {
    return await db().transaction(async (transaction) => {
      const upline = refCode ? await findUplineByRefCode(siteCode, refCode, transaction) : null;
      if (refCode && !upline) throw new Refusal('auth.refCodeUnknown'); // the agent lost its code in between
      const user = await createPlayer({ siteCode, account, passwordHash, name: input.name, locale: input.locale, upline, meta: input.meta }, transaction);
      await claimAccountKey(transaction, user.id, account);
      await recordLogin(user, input.meta, transaction);
      return { token: signPlayerToken(user), user: { id: user.id, name: user.name }, vendorGroupId: user.vendorGroupId };
    });
  } catch (err) {
    if (isAccountTaken(err)) throw new Refusal('auth.accountTaken');
    throw err;
  }
}
