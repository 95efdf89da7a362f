import { User, UserLoginLog } from '../../db/models';
import { Refusal, SessionEndedError } from '../../errors';
import { isLocale, type Locale } from '../../i18n/locales';
import { playerById } from './accounts';
import { avatarOf, loginUser, type LoginUser } from './user-view';
import { money } from '../wallet';

/** The player's own profile (user-detail, locale). */

/** User detail: every field of 2.6 except the password and the secrets (TOTP secret, pending codes). */
export interface UserDetail extends LoginUser {
  /** The bonus balance beside `balance` (docs/decisions/bonus.md). */
  bonusBalance: string;
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

export const LOGIN_LOGS_IN_DETAIL = 20;

/** The player's latest login rows, newest first. */
async function latestLoginLogs(userId: number): Promise<LoginLogView[]> {
  const rows = await UserLoginLog.findAll({ where: { userId }, order: [['id', 'DESC']], limit: LOGIN_LOGS_IN_DETAIL });
  return rows.map((row) => ({
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

/** The profile fields of a player's row (user-detail; the operators' player view builds on them). */
export function profileOf(user: User, avatar: string | null): UserDetail {
  return {
    ...loginUser(user, avatar),
    bonusBalance: money(user.bonusBalance),
    relegationMissCount: Number(user.relegationMissCount),
    vipHold: Number(user.vipHold),
    level2AgentId: user.level2AgentId,
    level3AgentId: user.level3AgentId,
    agentTourCompletedAt: user.agentTourCompletedAt,
    agentTourDismissedAt: user.agentTourDismissedAt,
    updatedAt: user.updatedAt as Date,
    hasPassword: user.password !== '',
  };
}

/** The columns profileOf reads: user-detail selects these, not the whole row with its secrets. */
const PROFILE_COLUMNS = [
  'id',
  'account',
  'name',
  'email',
  'mobile',
  'widget',
  'oauth',
  'vipLevel',
  'vipProgress',
  'totalEffectiveBet',
  'balance',
  'frozenBalance',
  'bonusBalance',
  'locale',
  'avatar',
  'vendorGroupId',
  'agentCode',
  'level1AgentId',
  'level2AgentId',
  'level3AgentId',
  'totpAuthEnabled',
  'tokenVersion',
  'lastActivityAt',
  'siteCode',
  'createdAt',
  'updatedAt',
  'relegationMissCount',
  'vipHold',
  'agentTourCompletedAt',
  'agentTourDismissedAt',
  'password',
] as const satisfies ReadonlyArray<keyof User>;

/** GET /auth/user-detail, with the latest 20 login rows (newest first) when asked. */
export async function userDetail(userId: number, options: { loginLogs?: boolean } = {}): Promise<UserDetail> {
  // Plain values of the profile's columns, not a model instance: every open page reads this, and
  // nothing here writes the row.
  const user = await User.findByPk(userId, { raw: true, attributes: [...PROFILE_COLUMNS] });
  if (!user) throw new SessionEndedError();
  const detail = profileOf(user, await avatarOf(user));
  if (options.loginLogs) detail.loginLogs = await latestLoginLogs(userId);
  return detail;
}

/**
 * PATCH /auth/locale: refused (`localeUnsupported`) for anything but the five locales; token and channel
 * group stay as they are.
 */
export async function changeLocale(userId: number, locale: string): Promise<{ locale: Locale }> {
  if (!isLocale(locale)) throw new Refusal('auth.localeUnsupported');
  await playerById(userId);
  await User.update({ locale }, { where: { id: userId } });
  return { locale };
}
