import bcrypt from 'bcrypt';
import { UniqueConstraintError } from 'sequelize';
import { SiteConfig, User, UserLoginLog } from '../../db/models';
import { db } from '../../db/sequelize';
import { BizError, HttpError } from '../../errors';
import { COUNTRIES } from '../../i18n/countries';
import { DEFAULT_LOCALE, LOCALES, isLocale, pickText, type Locale } from '../../i18n/locales';
import { logger } from '../../logger';
import { cache } from '../../redis';
import { completeLogin, createPlayer, findUplineByRefCode, pickChannelGroup, recordLoginFailure, type ClientMeta } from './accounts';
import { BCRYPT_ROUNDS } from '../admin/login';
import { forgetTokenVersion, signPlayerToken } from './tokens';
import { avatarOf, loginUser, type LoginUser } from './user-view';

/**
 * Player accounts and sessions by account and password (Part A 4.1): register, login, logout, user
 * detail, locale, avatar, mascots and the country-code list. Creation and the login transaction itself
 * are shared with the third-party logins (./accounts).
 */

// ---------------------------------------------------------------------------------------------------
// Output shapes

/** User detail: every field of 2.6 except the password and the secrets (TOTP secret, pending codes). */
export interface UserDetail extends LoginUser {
  relegationMissCount: number;
  vipHold: number;
  level2AgentId: number | null;
  level3AgentId: number | null;
  agentTourCompletedAt: Date | null;
  agentTourDismissedAt: Date | null;
  updatedAt: Date;
  hasPassword: boolean;
  loginLogs?: LoginLogView[];
}

export interface LoginLogView {
  id: number;
  userId: number | null;
  device: string;
  ip: string;
  lastUse: Date;
  action: string;
  remark: string | null;
  createdAt: Date;
}



// ---------------------------------------------------------------------------------------------------
// Register and login

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
  return constraint === 'users_site_account' || Object.keys(err.fields ?? {}).includes('account');
}

/**
 * POST /auth/register: 2001 when the account exists in the site (also when a concurrent registration
 * wins the race: the unique index decides); 2002 when a refCode names no agent of the site, and then
 * nothing is created. The new player starts with tokenVersion 0 and a token for immediate use; the
 * registration session is recorded as a LOGIN row, so the next login closes it as LOGOUT like any other.
 */
export async function registerPlayer(input: RegisterInput): Promise<RegisterResult> {
  const { siteCode, account } = input;
  // Cheap checks first: no bcrypt work for a request that is going to be refused.
  if (await User.count({ where: { siteCode, account } })) throw new BizError(2001);
  const refCode = input.refCode?.trim() || null;
  if (refCode && !(await findUplineByRefCode(siteCode, refCode))) throw new BizError(2002);

  const passwordHash = await bcrypt.hash(input.password, BCRYPT_ROUNDS);
  try {
    return await db().transaction(async (transaction) => {
      const upline = refCode ? await findUplineByRefCode(siteCode, refCode, transaction) : null;
      if (refCode && !upline) throw new BizError(2002); // the agent lost its code in between
      const user = await createPlayer(
        { siteCode, account, passwordHash, name: input.name, locale: input.locale, upline },
        transaction,
      );
      await UserLoginLog.create(
        {
          siteCode,
          userId: user.id,
          device: input.meta.device.slice(0, 255),
          ip: input.meta.ip.slice(0, 64),
          action: 'LOGIN',
          lastUse: new Date(),
        },
        { transaction },
      );
      return { token: signPlayerToken(user), user: { id: user.id, name: user.name }, vendorGroupId: user.vendorGroupId };
    });
  } catch (err) {
    if (isAccountTaken(err)) throw new BizError(2001);
    throw err;
  }
}

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
 * POST /auth/login: one answer (2001) for an unknown account, a wrong password and an account without a
 * password (created by a third-party login); each refusal writes a LOGIN_FAIL row. Success runs the
 * shared login transaction (tokenVersion + 1, previous LOGIN rows closed, new LOGIN row).
 */
export async function loginPlayer(input: LoginInput): Promise<{ token: string; user: LoginUser }> {
  const { siteCode, account, password, meta } = input;
  const found = await User.findOne({ where: { siteCode, account } });
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

// ---------------------------------------------------------------------------------------------------
// Session and profile

async function requireUser(userId: number): Promise<User> {
  const user = await User.findByPk(userId);
  if (!user) throw new HttpError(401);
  return user;
}

export const LOGIN_LOGS_IN_DETAIL = 20;

/** GET /auth/user-detail, with the latest 20 login rows (newest first) when asked. */
export async function userDetail(userId: number, options: { loginLogs?: boolean } = {}): Promise<UserDetail> {
  const user = await requireUser(userId);
  const detail: UserDetail = {
    ...loginUser(user, await avatarOf(user)),
    relegationMissCount: Number(user.relegationMissCount),
    vipHold: Number(user.vipHold),
    level2AgentId: user.level2AgentId,
    level3AgentId: user.level3AgentId,
    agentTourCompletedAt: user.agentTourCompletedAt,
    agentTourDismissedAt: user.agentTourDismissedAt,
    updatedAt: user.updatedAt as Date,
    hasPassword: user.password !== '',
  };
  if (options.loginLogs) {
    const rows = await UserLoginLog.findAll({ where: { userId }, order: [['id', 'DESC']], limit: LOGIN_LOGS_IN_DETAIL });
    detail.loginLogs = rows.map((row) => ({
      id: Number(row.id),
      userId: row.userId,
      device: row.device,
      ip: row.ip,
      lastUse: row.lastUse,
      action: row.action,
      remark: row.remark,
      createdAt: row.createdAt as Date,
    }));
  }
  return detail;
}

/**
 * POST /auth/logout: the locale named by the request (null = keep the user's), the channel group of its
 * currency, tokenVersion + 1 (every token of the user stops working), open LOGIN rows closed as LOGOUT,
 * and the cached version deleted.
 */
export async function logoutPlayer(userId: number, requestedLocale: Locale | null): Promise<{ locale: Locale; vendorGroupId: number | null }> {
  const result = await db().transaction(async (transaction) => {
    const user = await User.findByPk(userId, { transaction, lock: transaction.LOCK.UPDATE });
    if (!user) throw new HttpError(401);
    const locale = requestedLocale ?? (isLocale(user.locale) ? user.locale : DEFAULT_LOCALE);
    const vendorGroupId = await pickChannelGroup(user.siteCode, locale, transaction);
    await user.update({ locale, vendorGroupId, tokenVersion: user.tokenVersion + 1 }, { transaction });
    await UserLoginLog.update({ action: 'LOGOUT', lastUse: new Date() }, { where: { userId, action: 'LOGIN' }, transaction });
    return { locale, vendorGroupId };
  });
  await forgetTokenVersion(userId).catch((err) => logger().warn({ err, userId }, 'could not delete the cached token version'));
  return result;
}

/** PATCH /auth/locale: 2001 for anything but the five locales; token and channel group stay as they are. */
export async function changeLocale(userId: number, locale: string): Promise<{ locale: Locale }> {
  if (!isLocale(locale)) throw new BizError(2001);
  await requireUser(userId);
  await User.update({ locale }, { where: { id: userId } });
  return { locale };
}

// ---------------------------------------------------------------------------------------------------
// Mascots and avatar

export interface MascotView {
  id: string;
  label: string;
  url: string;
}

async function siteMascots(siteCode: string) {
  const site = await SiteConfig.findOne({ where: { siteCode }, attributes: ['mascots'] });
  return Array.isArray(site?.mascots) ? site.mascots : [];
}

/** GET /auth/mascots: the site's list (site configuration), labels in the request locale. */
export async function listMascots(siteCode: string, locale: Locale): Promise<MascotView[]> {
  return (await siteMascots(siteCode)).map((m) => ({
    id: m.id,
    label: typeof m.label === 'string' ? m.label : pickText(m.label, locale),
    url: m.url,
  }));
}

/** PATCH /auth/avatar: the URL of a mascot of the user's site; 2001 for any other id. */
export async function changeAvatar(userId: number, siteCode: string, mascotId: string): Promise<{ avatar: string }> {
  const mascot = (await siteMascots(siteCode)).find((m) => m.id === mascotId);
  if (!mascot) throw new BizError(2001);
  await requireUser(userId);
  await User.update({ avatar: mascot.url }, { where: { id: userId } });
  return { avatar: mascot.url };
}

// ---------------------------------------------------------------------------------------------------
// Country codes

export const COUNTRY_CODES_TTL_S = 24 * 3600;
export const countryCodesKey = (locale: Locale) => `cache:country-codes:${locale}`;

export interface CountryCodeView {
  country: string;
  callingCode: string;
  name: string;
}

const LANGUAGE_FALLBACK: Record<string, Locale> = { en: 'en-US', th: 'th-TH', vi: 'vi-VN', zh: 'zh-TW' };

/**
 * The language of the `i18n_redirected` cookie: one of the five locales (any letter case, `_` or `-`),
 * else by language (`en` -> en-US, `zh-Hans` / `zh-CN` -> zh-CN, other `zh` -> zh-TW); default zh-TW.
 */
export function countryLanguage(value: unknown): Locale {
  if (typeof value !== 'string' || value.length > 35) return DEFAULT_LOCALE;
  const wanted = value.trim().replace(/_/g, '-').toLowerCase();
  const exact = LOCALES.find((l) => l.toLowerCase() === wanted);
  if (exact) return exact;
  if (/^zh-(hans|cn|sg)\b/.test(wanted)) return 'zh-CN';
  return LANGUAGE_FALLBACK[wanted.split('-')[0]] ?? DEFAULT_LOCALE;
}

function buildCountryCodes(locale: Locale): CountryCodeView[] {
  const collator = new Intl.Collator(locale);
  return COUNTRIES.map((c) => ({ country: c.country, callingCode: c.callingCode, name: c.names[locale] })).sort((a, b) =>
    collator.compare(a.name, b.name),
  );
}

/** GET /auth/country-codes: names in the language, sorted by name; cached 24 hours per language. */
export async function countryCodes(locale: Locale): Promise<CountryCodeView[]> {
  const key = countryCodesKey(locale);
  try {
    const cached = await cache().get(key);
    if (cached) return JSON.parse(cached) as CountryCodeView[];
  } catch {
    // cache unavailable: build the list
  }
  const list = buildCountryCodes(locale);
  await cache()
    .set(key, JSON.stringify(list), 'EX', COUNTRY_CODES_TTL_S)
    .catch(() => undefined);
  return list;
}
