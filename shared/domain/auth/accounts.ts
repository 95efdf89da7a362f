import { Op, type Transaction } from 'sequelize';
import type { Locale } from '../../i18n/locales';
import { SiteConfig, User } from '../../db/models';
import { Refusal, SessionEndedError } from '../../errors';
import { recordRegistrationBinding, resolveCode, type ResolvedCode, uplineOf } from '../affiliate';
import { addToOutbox } from '../../queues/outbox';
import { accountKey } from './account-names';
import { closeOpenLogins, recordLogin } from './login-records';
import { forgetTokenVersion, signPlayerToken } from './tokens';
import { storedSettings } from '../site-config';
import { createPlayerSeeds } from '../game';
import { pickChannelGroup } from '../deposit';

/**
 * Player accounts: creation (register, first OAuth or widget login), the one login transaction every
 * login method goes through (tokenVersion + 1, previous LOGIN row becomes LOGOUT, new
 * LOGIN row, cached version deleted after commit), and the player behind a token.
 */
export interface ClientMeta {
  ip: string;
  /** Client-sent device fingerprint, else the User-Agent. */
  device: string;
  /** The `x-device-id` header when usable (readDeviceId of the risk area), a linking signal; else absent. */
  deviceId?: string | null;
}

/**
 * The site's accounts a name designates (at most two): the one stored exactly as typed and the one
 * whose key the name has (account-names.ts: `ABC` or `ａｂｃ` name `abc`). Registration refuses a name
 * that designates any; login takes the exact one first.
 */
export async function accountsNamed(siteCode: string, account: string): Promise<User[]> {
  return User.findAll({ where: { siteCode, [Op.or]: [{ account }, { accountKey: accountKey(account) }] }, limit: 2 });
}

/** URL of the site's first mascot: the default avatar. */
export async function defaultAvatar(siteCode: string, transaction?: Transaction): Promise<string | null> {
  const site = await SiteConfig.findOne({ where: { siteCode }, attributes: ['mascots'], transaction });
  return site?.mascots?.[0]?.url ?? null;
}

/**
 * The agent a registration's refCode names (shared/domain/affiliate/codes.ts):
 * the site's agentCode first, else an enabled referral code (ignoring case) of an agent of the site;
 * null when neither. Inside the registration's transaction the agent and the referral code are locked
 * until the new player is bound.
 */
export function findUplineByRefCode(siteCode: string, refCode: string, transaction?: Transaction): Promise<ResolvedCode | null> {
  return resolveCode(siteCode, refCode, { transaction, lock: transaction !== undefined });
}

export interface NewPlayer {
  siteCode: string;
  account: string;
  /** A bcrypt hash, or '' for third-party logins. */
  passwordHash: string;
  name: string;
  locale: Locale;
  email?: string | null;
  oauth?: string | null;
  widget?: string | null;
  /** The agent of the refCode (see findUplineByRefCode), resolved in the same transaction; omitted = none. */
  upline?: ResolvedCode | null;
  /** The registration's client: kept as registerIp and registerDevice (the affiliate risk rules read them). */
  meta?: ClientMeta;
}

/**
 * Creates a player inside the caller's transaction: first mascot as avatar, channel group of the locale's
 * currency, tokenVersion 0, the registration's ip and device, the upline of the refCode's agent (its
 * referral code's convertCount + 1 and a bind log, shared/domain/affiliate/binding.ts), the provably fair
 * seeds (shared/domain/game/fairness/seeds.ts: the commitment exists before any round), and a welcome-mail outbox event when the site's `mail.welcomeRegistration`
 * setting is on. Refused (`auth.accountTaken`) when the account already exists in the site.
 */
export async function createPlayer(input: NewPlayer, transaction: Transaction): Promise<User> {
  // One after another: a transaction is one connection, and pg refuses overlapping queries on it (pg 9).
  const avatar = await defaultAvatar(input.siteCode, transaction);
  const vendorGroupId = await pickChannelGroup(input.siteCode, input.locale, transaction);
  const settings = await storedSettings(input.siteCode, transaction);
  const exists = await User.count({ where: { siteCode: input.siteCode, account: input.account }, transaction });
  if (exists) throw new Refusal('auth.accountTaken');
  const user = await User.create(
    {
      siteCode: input.siteCode,
      account: input.account,
      password: input.passwordHash,
      name: input.name,
      locale: input.locale,
      email: input.email ?? null,
      oauth: input.oauth ?? null,
      widget: input.widget ?? null,
      avatar,
      vendorGroupId,
      tokenVersion: 0,
      registerIp: input.meta ? input.meta.ip.slice(0, 64) : null,
      registerDevice: input.meta ? input.meta.device.slice(0, 255) : null,
      ...(input.upline ? { ...uplineOf(input.upline), referralCodeId: input.upline.referralCodeId } : {}),
    },
    { transaction },
  );
  if (input.upline) await recordRegistrationBinding(transaction, user, input.upline);
  await createPlayerSeeds(user.id, transaction);
  if (settings.mail?.welcomeRegistration) {
    await addToOutbox(transaction, 'mail', 'welcome', { kind: 'welcome', userId: user.id });
  }
  return user;
}

/**
 * The login transaction shared by every method (password, OAuth, widget): raises tokenVersion, closes
 * the previous LOGIN rows as LOGOUT, writes a new LOGIN row, and after commit deletes the cached
 * version. Returns the new token and the updated user.
 */
export async function completeLogin(user: User, meta: ClientMeta, transaction: Transaction): Promise<{ token: string; user: User }> {
  // A closed account logs in no more (account-closure.ts), by password, OAuth or widget alike.
  if (user.closedAt) throw new Refusal('auth.accountClosed');
  await user.increment('tokenVersion', { by: 1, transaction });
  await user.reload({ transaction });
  await closeOpenLogins(user.id, transaction);
  await recordLogin(user, meta, transaction);
  transaction.afterCommit(() => forgetTokenVersion(user.id).catch(() => undefined));
  return { token: signPlayerToken(user), user };
}

/** The player behind a valid token; a row deleted since the token was issued ends the session. */
export async function playerById(userId: number): Promise<User> {
  const user = await User.findByPk(userId);
  if (!user) throw new SessionEndedError();
  return user;
}
