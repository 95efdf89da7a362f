import type { User } from '../../db/models';
import { defaultAvatar } from './accounts';
import { money } from '../wallet';

/** The user object of login responses, shared by every login method. */
export interface LoginUser {
  id: number;
  account: string;
  name: string;
  email: string | null;
  mobile: string | null;
  widget: string | null;
  oauth: string | null;
  vipLevel: string;
  vipProgress: string | null;
  totalEffectiveBet: string;
  balance: string;
  frozenBalance: string;
  locale: string;
  avatar: string | null;
  vendorGroupId: number | null;
  agentCode: string | null;
  level1AgentId: number | null;
  totpAuthEnabled: number;
  tokenVersion: number;
  lastActivityAt: Date | null;
  siteCode: string;
  createdAt: Date;
}

/** The stored avatar, else the URL of the site's first mascot (user-detail). */
export async function avatarOf(user: User): Promise<string | null> {
  return user.avatar ?? (await defaultAvatar(user.siteCode));
}

/** A whitelist, not a blacklist: a secret column added later never leaks by default. */
export function loginUser(user: User, avatar: string | null): LoginUser {
  return {
    id: user.id,
    account: user.account,
    name: user.name,
    email: user.email,
    mobile: user.mobile,
    widget: user.widget,
    oauth: user.oauth,
    vipLevel: user.vipLevel,
    vipProgress: user.vipProgress,
    totalEffectiveBet: money(user.totalEffectiveBet),
    balance: money(user.balance),
    frozenBalance: money(user.frozenBalance),
    locale: user.locale,
    avatar,
    vendorGroupId: user.vendorGroupId,
    agentCode: user.agentCode,
    level1AgentId: user.level1AgentId,
    totpAuthEnabled: Number(user.totpAuthEnabled),
    tokenVersion: user.tokenVersion,
    lastActivityAt: user.lastActivityAt,
    siteCode: user.siteCode,
    createdAt: user.createdAt as Date,
  };
}
