import { randomBytes } from 'node:crypto';
import bcrypt from 'bcrypt';
import { config } from '../../shared/config';
import { Admin, AdminGroup, DepositOrder, User } from '../../shared/db/models';
import { seedSite } from '../../shared/db/seeders/seed-site';
import { signAdminToken, signPlayerToken } from '../../shared/domain/auth';
import { forgetKnownSites } from '../../shared/domain/common';
import { createPlayerSeeds } from '../../shared/domain/game';
import { moveBalance } from '../../shared/domain/wallet';
import { db } from '../../shared/db/sequelize';

const unique = (prefix: string) => `${prefix}${randomBytes(4).toString('hex')}`;

/**
 * A seeded site (site config with the default theme active, games, VIP levels, channels);
 * `{ defaultTheme: false }`: a site without any theme, as sites were before every site got one.
 */
export async function createSite(siteCode = unique('site'), options: { defaultTheme?: boolean } = {}): Promise<string> {
  await seedSite(siteCode, { assetBaseUrl: config().publicAssetBaseUrl, defaultTheme: options.defaultTheme });
  forgetKnownSites();
  return siteCode;
}

export interface UserOptions {
  siteCode?: string;
  account?: string;
  password?: string;
  balance?: string;
  tokenVersion?: number;
}

/** A player with a bcrypt password (low cost: the factory is not what tests measure). */
export async function createUser(options: UserOptions = {}): Promise<{ user: User; token: string; password: string }> {
  const password = options.password ?? 'secret123';
  const user = await User.create({
    siteCode: options.siteCode ?? config().siteCode,
    account: options.account ?? unique('player'),
    password: await bcrypt.hash(password, 4),
    name: 'Test Player',
    tokenVersion: options.tokenVersion ?? 0,
  });
  // As registration does (createPlayer): the server seed is committed before the player's first round.
  await createPlayerSeeds(user.id);
  // An opening balance goes through the wallet, so balance = sum of the ledger holds from the start.
  if (options.balance && options.balance !== '0') {
    await db().transaction((transaction) =>
      moveBalance(transaction, { userId: user.id, amount: options.balance as string, kind: 'adjustment', idempotencyKey: `test:opening:${user.id}` }),
    );
    await user.reload();
  }
  return { user, token: signPlayerToken(user), password };
}

export interface AdminOptions {
  permissions?: string[];
  status?: number;
  password?: string;
}

/** An administrator in a group of its own with the given permissions (default: all). */
export async function createAdmin(options: AdminOptions = {}): Promise<{ admin: Admin; token: string; password: string }> {
  const password = options.password ?? 'admin-secret';
  const group = await AdminGroup.create({ name: unique('group'), permissions: options.permissions ?? ['*'], description: 'test group', status: 1 });
  const admin = await Admin.create({
    account: unique('admin'),
    password: await bcrypt.hash(password, 4),
    name: 'Test Admin',
    groupId: group.id,
    status: options.status ?? 1,
  });
  return { admin, token: signAdminToken(admin), password };
}

/**
 * A paid deposit of `usd` paid at `paidAt`, as a row only (no balance change): what promotion conditions
 * and the withdrawal turnover rule read.
 */
export async function paidDeposit(user: User, usd: string, paidAt = new Date()): Promise<void> {
  await DepositOrder.create({
    siteCode: user.siteCode,
    userId: user.id,
    channelId: 1,
    channelCode: 'usdt',
    currency: 'USDT',
    subOrder: `SO${randomBytes(8).toString('hex')}`,
    orderAmount: usd,
    paymentMethod: 'crypto',
    status: 'paid',
    exchangeRate: '1',
    payAmount: usd,
    usdAmount: usd,
    request: {},
    paidAt,
  });
}
