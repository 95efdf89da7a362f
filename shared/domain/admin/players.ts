import { Op, type WhereOptions } from 'sequelize';
import { GameTransaction, User, VipLevel } from '../../db/models';
import { Refusal } from '../../errors';
import type { LocaleText } from '../../i18n/locales';
import { money } from '../wallet';
import { pagination, type Pagination } from '../common';
import { profileOf, type UserDetail } from '../auth';

/**
 * Operators' player tools (not in the spec; /admin/users, permission module `user`): search players,
 * read one player with balance and VIP, page through the wallet ledger (balance adjustments:
 * ./balance-adjustments.ts).
 *
 * Site scoping: when the administrator names a site (x-site-code or siteCode), the list holds only that
 * site's players and a player of another site is "not found" (`admin.userNotFound`); without a site every
 * site is searched. Password, pending codes, the TOTP secret and the token version are never returned.
 */

export interface Paged<T> {
  items: T[];
  pagination: Pagination;
}

export const userNotFound = () => new Refusal('admin.userNotFound', 'User not found');

/** Whether the player is visible under the administrator's site filter (null = every site). */
export const inSite = (user: User | null, siteCode: string | null): user is User => user !== null && (siteCode === null || user.siteCode === siteCode);

/** Finds a player, honouring the administrator's site filter; `userNotFound` when missing or of another site. */
async function requireUser(userId: number, siteCode: string | null): Promise<User> {
  const user = await User.findByPk(userId);
  if (!inSite(user, siteCode)) throw userNotFound();
  return user;
}

// ---------------------------------------------------------------------------------------------------
// List and detail

export interface UserListItem {
  id: number;
  account: string;
  name: string;
  siteCode: string;
  email: string | null;
  mobile: string | null;
  vipLevel: string;
  balance: string;
  frozenBalance: string;
  agentCode: string | null;
  locale: string;
  lastActivityAt: Date | null;
  createdAt: Date;
}

const LIST_FIELDS = ['id', 'account', 'name', 'siteCode', 'email', 'mobile', 'vipLevel', 'agentCode', 'locale', 'lastActivityAt', 'createdAt'] as const;

function listItem(u: User): UserListItem {
  const fields = Object.fromEntries(LIST_FIELDS.map((key) => [key, u[key]])) as Pick<UserListItem, (typeof LIST_FIELDS)[number]>;
  return { ...fields, balance: money(u.balance), frozenBalance: money(u.frozenBalance) };
}

/** `%`, `_` and `\` match themselves in the account search. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** GET /admin/users: players whose account contains `account` (case-insensitive), newest first. */
export async function listUsers(filter: { siteCode: string | null; account?: string; page: number; pageSize: number }): Promise<Paged<UserListItem>> {
  const conditions: WhereOptions[] = [];
  if (filter.siteCode !== null) conditions.push({ siteCode: filter.siteCode });
  if (filter.account) conditions.push({ account: { [Op.iLike]: `%${likeEscape(filter.account)}%` } });
  const { rows, count } = await User.findAndCountAll({
    where: { [Op.and]: conditions },
    order: [['id', 'DESC']],
    limit: filter.pageSize,
    offset: (filter.page - 1) * filter.pageSize,
  });
  return { items: rows.map(listItem), pagination: pagination(filter.page, filter.pageSize, count) };
}

/** The player's own profile fields (without the token version) and the VIP level as configured for its site. */
export interface UserAdminDetail extends Omit<UserDetail, 'tokenVersion' | 'loginLogs'> {
  /** The player's VIP level as configured for its site; null when the site has no such level. */
  vip: { level: number; name: Partial<LocaleText>; tier: string; minChip: string; relegationChip: string } | null;
}

/** GET /admin/users/:userId: the player (a whitelist of fields) with balance and VIP. */
export async function getUserForAdmin(userId: number, siteCode: string | null): Promise<UserAdminDetail> {
  const user = await requireUser(userId, siteCode);
  const level = Number(user.vipLevel);
  const vip = Number.isInteger(level) ? await VipLevel.findOne({ where: { siteCode: user.siteCode, level } }) : null;
  const { tokenVersion, ...profile } = profileOf(user, user.avatar);
  return {
    ...profile,
    vip: vip ? { level: vip.level, name: vip.name, tier: vip.tier, minChip: money(vip.minChip), relegationChip: money(vip.relegationChip) } : null,
  };
}

// ---------------------------------------------------------------------------------------------------
// Ledger

export interface LedgerItem {
  /** BIGSERIAL, as a string. */
  id: string;
  kind: string;
  amount: string;
  balanceBefore: string;
  balanceAfter: string;
  frozenAmount: string;
  refType: string | null;
  refId: string | null;
  betOrderId: string | null;
  remark: string | null;
  createdAt: Date;
}

/** GET /admin/users/:userId/ledger: the player's game_transactions rows, newest first. */
export async function listUserLedger(userId: number, siteCode: string | null, paging: { page: number; pageSize: number }): Promise<Paged<LedgerItem>> {
  await requireUser(userId, siteCode);
  const { rows, count } = await GameTransaction.findAndCountAll({
    where: { userId },
    order: [['id', 'DESC']],
    limit: paging.pageSize,
    offset: (paging.page - 1) * paging.pageSize,
  });
  const items = rows.map((r) => ({
    id: String(r.id),
    kind: r.kind,
    amount: money(r.amount),
    balanceBefore: money(r.balanceBefore),
    balanceAfter: money(r.balanceAfter),
    frozenAmount: money(r.frozenAmount),
    refType: r.refType,
    refId: r.refId,
    betOrderId: r.betOrderId == null ? null : String(r.betOrderId),
    remark: r.remark,
    createdAt: r.createdAt as Date,
  }));
  return { items, pagination: pagination(paging.page, paging.pageSize, count) };
}
