import { randomBytes } from 'node:crypto';
import { UniqueConstraintError, type Transaction } from 'sequelize';
import { User } from '../../db/models';
import { db } from '../../db/sequelize';
import { Refusal, SessionEndedError } from '../../errors';
import type { Locale } from '../../i18n/locales';
import { createPlayer, findUplineByRefCode, type ClientMeta } from './accounts';

/**
 * Players of the third-party logins: found or created on login (with an empty password),
 * locked for binding, and unbound.
 */

export interface LoginContext {
  siteCode: string;
  locale: Locale;
  meta: ClientMeta;
  /** Agent promotion code for a new user; an unknown one is ignored. */
  refCode?: string | null;
}

export interface ThirdPartyLogin<U> {
  token: string;
  user: U;
  isNewUser: boolean;
}

/** Thrown inside the transaction when the chosen account name is taken; the attempt is repeated. */
class AccountTaken extends Error {}

/**
 * Runs a find-or-create login in a transaction, repeating it (at most twice) when it loses a race: the
 * same identity created concurrently (the repeat finds that user) or the account name taken (by a
 * squatter: the repeat picks a suffixed name).
 */
export async function loginOrCreate<T>(work: (attempt: number, transaction: Transaction) => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await db().transaction((transaction) => work(attempt, transaction));
    } catch (err) {
      if (attempt < 2 && (err instanceof AccountTaken || err instanceof UniqueConstraintError)) continue;
      throw err;
    }
  }
}

/** `<prefix><id>` truncated to 50; on a repeat, a random suffix so a squatted name cannot block a login. */
export function accountName(prefix: string, id: string, attempt: number): string {
  const base = `${prefix}${id}`;
  if (attempt === 0) return base.slice(0, 50);
  return `${base.slice(0, 41)}_${randomBytes(4).toString('hex')}`;
}

/** A new player without a password, bound to the agent of the context's refCode when there is one. */
export async function createThirdPartyPlayer(
  ctx: LoginContext,
  fields: { account: string; name: string; email?: string | null; oauth?: string | null; widget?: string | null },
  transaction: Transaction,
): Promise<User> {
  const refCode = ctx.refCode?.trim();
  const upline = refCode ? await findUplineByRefCode(ctx.siteCode, refCode, transaction) : null;
  try {
    return await createPlayer(
      { siteCode: ctx.siteCode, passwordHash: '', locale: ctx.locale, upline, meta: ctx.meta, ...fields, name: fields.name.slice(0, 50) },
      transaction,
    );
  } catch (err) {
    if (err instanceof Refusal && err.refusal === 'auth.accountTaken') throw new AccountTaken();
    throw err;
  }
}

/** The token's player, locked for a binding; a deleted one ends the session. */
export async function lockedPlayer(userId: number, transaction: Transaction): Promise<User> {
  const user = await User.findByPk(userId, { lock: transaction.LOCK.UPDATE, transaction });
  if (!user) throw new SessionEndedError();
  return user;
}

/** POST /auth/unbind-oauth, /auth/unbind-widget: clears the binding; a user without a password then has no way to log in. */
export async function unbindThirdParty(userId: number, field: 'oauth' | 'widget'): Promise<{ affected: number }> {
  const [affected] = await User.update({ [field]: null }, { where: { id: userId } });
  if (!affected) throw new SessionEndedError();
  return { affected };
}
