import Decimal from 'decimal.js';
import { QueryTypes, UniqueConstraintError, type Transaction } from 'sequelize';
import { config } from '../../config';
import { User, VipLevel, VipRebate } from '../../db/models';
import { db } from '../../db/sequelize';
import { BizError } from '../../errors';
import { LOCALES, pickText, type Locale, type LocaleText } from '../../i18n/locales';
import { logger } from '../../logger';
import { cache } from '../../redis';
import type { Actor } from '../admin/accounts';
import { changesOf, recordAdminAction } from '../admin/operation-log';
import { GAME_TYPE_KEYS } from '../game/types';
import { money } from '../wallet/wallet';

/**
 * VIP levels, rebate rules, a player's VIP status and the hold flag (Part A 2.12, 2.13, 4.4). The
 * settlement runs (daily rebate, monthly relegation) live with their own routes.
 *
 * - GET /vip/levels is cached one hour per site and locale (`cache:vip:levels:<site>:<locale>`); every
 *   administrator write to levels clears the site's entries after commit.
 * - Administrator writes run in one transaction with their operation-log row (module `vip`).
 * - Money is NUMERIC(18,6) and rebate rates NUMERIC(5,2); both travel as decimal strings.
 */

export type VipTier = 'bronze' | 'gold' | 'platinum' | 'diamond';
export const VIP_TIERS: readonly VipTier[] = ['bronze', 'gold', 'platinum', 'diamond'];
/** Levels from which an administrator may set the hold flag (Part A 3, "vipHold"). */
export const HOLD_MIN_LEVEL = 5;

type LocaleMap = Partial<LocaleText>;

// ---------------------------------------------------------------------------------------------------
// Views

/** A VIP level as players see it (2.12): name resolved to the request locale. */
export interface VipLevelView {
  id: number;
  level: number;
  name: string;
  tier: VipTier;
  minChip: string;
  relegationChip: string;
  sortOrder: number;
  enabled: number;
  siteCode: string;
  createdAt: Date | string;
  updatedAt: Date | string;
}

/** A VIP level as administrators see it: the stored locale map of the name. */
export interface AdminVipLevelView extends Omit<VipLevelView, 'name'> {
  name: LocaleMap;
}

export interface VipRebateView {
  id: number;
  level: number;
  gameType: string;
  rebateRate: string;
  siteCode: string;
  createdAt: Date | string;
  updatedAt: Date | string;
}

const rate = (value: string | number | Decimal) => new Decimal(value).toFixed(2, Decimal.ROUND_HALF_UP);

function adminLevelView(l: VipLevel): AdminVipLevelView {
  return {
    id: l.id,
    level: l.level,
    name: (l.name ?? {}) as LocaleMap,
    tier: l.tier,
    minChip: money(l.minChip),
    relegationChip: money(l.relegationChip),
    sortOrder: l.sortOrder,
    enabled: Number(l.enabled),
    siteCode: l.siteCode,
    createdAt: l.createdAt as Date,
    updatedAt: l.updatedAt as Date,
  };
}

function levelView(l: VipLevel, locale: Locale): VipLevelView {
  return { ...adminLevelView(l), name: pickText(l.name, locale) };
}

function rebateView(r: VipRebate): VipRebateView {
  return {
    id: r.id,
    level: r.level,
    gameType: r.gameType,
    rebateRate: rate(r.rebateRate),
    siteCode: r.siteCode,
    createdAt: r.createdAt as Date,
    updatedAt: r.updatedAt as Date,
  };
}

/** Game types in the order of Part A 2.5 (sports first), for stable listings. */
const typeOrder = (typeKey: string) => {
  const i = (GAME_TYPE_KEYS as readonly string[]).indexOf(typeKey);
  return i < 0 ? GAME_TYPE_KEYS.length : i;
};
const byLevelThenType = (a: { level: number; gameType: string }, b: { level: number; gameType: string }) =>
  a.level - b.level || typeOrder(a.gameType) - typeOrder(b.gameType) || a.gameType.localeCompare(b.gameType);

// ---------------------------------------------------------------------------------------------------
// Levels cache

export const VIP_LEVELS_TTL_S = 3600;

export function vipLevelsKey(siteCode: string, locale: Locale): string {
  return `cache:vip:levels:${siteCode}:${locale}`;
}

/** Deletes the site's cached level lists (every locale). */
export async function clearVipLevelsCache(siteCode: string): Promise<void> {
  await cache().del(...LOCALES.map((locale) => vipLevelsKey(siteCode, locale)));
}

/** GET /vip/levels: enabled levels of the site, sortOrder ascending, names in the request locale. */
export async function listVipLevels(siteCode: string, locale: Locale): Promise<VipLevelView[]> {
  const key = vipLevelsKey(siteCode, locale);
  try {
    const hit = await cache().get(key);
    if (hit !== null) return JSON.parse(hit) as VipLevelView[];
  } catch (err) {
    logger().warn({ err: (err as Error).message, key }, 'VIP levels cache unavailable; reading Postgres');
  }
  const rows = await VipLevel.findAll({
    where: { siteCode, enabled: 1 },
    order: [
      ['sortOrder', 'ASC'],
      ['level', 'ASC'],
    ],
  });
  const list = rows.map((l) => levelView(l, locale));
  try {
    await cache().set(key, JSON.stringify(list), 'EX', VIP_LEVELS_TTL_S);
  } catch (err) {
    logger().warn({ err: (err as Error).message, key }, 'VIP levels not cached');
  }
  return list;
}

/** GET /vip/rebates: the site's rebate rules, by level then game type. */
export async function listVipRebates(siteCode: string): Promise<Array<Omit<VipRebateView, 'siteCode'>>> {
  const rows = await VipRebate.findAll({ where: { siteCode } });
  return rows
    .map(rebateView)
    .sort(byLevelThenType)
    .map(({ siteCode: _site, ...rest }) => rest);
}

// ---------------------------------------------------------------------------------------------------
// Player status

export interface VipStatus {
  level: number;
  name: string;
  tier: VipTier | null;
  totalEffectiveBet: string;
  currentChip: string;
  nextLevelMinChip: string | null;
  progress: number;
  relegationChip: string;
  monthlyEffective: string;
  relegationMissCount: number;
  vipHold: number;
  rebates: Array<{ gameType: string; rebateRate: string }>;
  allLevels: Array<{ level: number; name: string; tier: VipTier; minChip: string; relegationChip: string }>;
}

/** Sum of betEffective of the user's valid settled orders placed in the current month of APP_TIMEZONE. */
export async function monthlyEffectiveBet(userId: number): Promise<string> {
  const [row] = await db().query<{ total: string | null }>(
    `SELECT COALESCE(SUM("betEffective"), 0)::text AS total
       FROM bet_orders
      WHERE "userId" = :userId AND status = 'valid' AND settled
        AND "betDatetime" >= (date_trunc('month', now() AT TIME ZONE :tz) AT TIME ZONE :tz)
        AND "betDatetime" < ((date_trunc('month', now() AT TIME ZONE :tz) + interval '1 month') AT TIME ZONE :tz)`,
    { replacements: { userId, tz: config().appTimezone }, type: QueryTypes.SELECT },
  );
  return money(row?.total ?? '0');
}

/**
 * GET /vip/status. The current level is the user's stored vipLevel (its row even if disabled since);
 * the next level is the first enabled level above it. progress = totalEffectiveBet / next minChip,
 * capped at 1 and cut (not rounded) to 4 decimals, so 1 means reached; exactly 1 at the top.
 */
export async function vipStatus(userId: number, siteCode: string, locale: Locale): Promise<VipStatus> {
  const user = await User.findOne({
    where: { id: userId, siteCode },
    attributes: ['id', 'vipLevel', 'totalEffectiveBet', 'relegationMissCount', 'vipHold'],
  });
  if (!user) throw new BizError(2001, 'user not found');
  const levelNumber = Number.parseInt(user.vipLevel, 10) || 1;
  const [levels, rebates, monthlyEffective] = await Promise.all([
    VipLevel.findAll({ where: { siteCode }, order: [['level', 'ASC']] }),
    VipRebate.findAll({ where: { siteCode, level: levelNumber } }),
    monthlyEffectiveBet(userId),
  ]);
  const current = levels.find((l) => l.level === levelNumber);
  const enabled = levels.filter((l) => Number(l.enabled) === 1);
  const next = enabled.find((l) => l.level > levelNumber);
  const total = money(user.totalEffectiveBet ?? '0');
  let progress = 1;
  if (next && new Decimal(next.minChip).gt(0)) {
    progress = Decimal.min(1, new Decimal(total).div(next.minChip)).toDecimalPlaces(4, Decimal.ROUND_DOWN).toNumber();
  }
  return {
    level: levelNumber,
    name: current ? pickText(current.name, locale) : '',
    tier: current?.tier ?? null,
    totalEffectiveBet: total,
    currentChip: money(current?.minChip ?? '0'),
    nextLevelMinChip: next ? money(next.minChip) : null,
    progress,
    relegationChip: money(current?.relegationChip ?? '0'),
    monthlyEffective,
    relegationMissCount: Number(user.relegationMissCount),
    vipHold: Number(user.vipHold),
    rebates: rebates
      .map((r) => ({ level: r.level, gameType: r.gameType, rebateRate: rate(r.rebateRate) }))
      .sort(byLevelThenType)
      .map(({ gameType, rebateRate }) => ({ gameType, rebateRate })),
    allLevels: enabled.map((l) => ({
      level: l.level,
      name: pickText(l.name, locale),
      tier: l.tier,
      minChip: money(l.minChip),
      relegationChip: money(l.relegationChip),
    })),
  };
}

// ---------------------------------------------------------------------------------------------------
// Administrator writes

function log(actor: Actor, siteCode: string, transaction: Transaction, entry: { action: string; targetId: number | string; summary: string; detail: unknown }) {
  return recordAdminAction({ adminId: actor.adminId, ...actor.meta, siteCode, module: 'vip', ...entry }, { transaction });
}


/** Runs a level write, then clears the site's levels cache (a Redis failure only logs: entries expire). */
async function levelWrite<T>(siteCode: string, work: (transaction: Transaction) => Promise<T>): Promise<T> {
  const result = await db().transaction(work);
  try {
    await clearVipLevelsCache(siteCode);
  } catch (err) {
    logger().warn({ err: (err as Error).message, siteCode }, 'could not clear the VIP levels cache after a write');
  }
  return result;
}

/** Turns a unique-key race into the business error of the endpoint. */
async function uniqueAs<T>(error: () => BizError, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof UniqueConstraintError) throw error();
    throw err;
  }
}

export interface VipLevelInput {
  level?: number;
  name?: LocaleMap;
  tier?: VipTier;
  /** Decimal strings (validated: >= 0, at most 6 decimals). */
  minChip?: string;
  relegationChip?: string;
  sortOrder?: number;
  enabled?: number;
}

const levelExists = () => new BizError(2003, 'VIP level exists', '/api/vip/levels');
const levelNotFound = () => new BizError(2001, 'VIP level not found', '/api/vip/levels/:id');

/** POST /vip/levels: 2003 when the site has the level already. sortOrder defaults to the level. */
export async function createVipLevel(actor: Actor, siteCode: string, input: Required<Omit<VipLevelInput, 'sortOrder' | 'enabled'>> & VipLevelInput): Promise<AdminVipLevelView> {
  return uniqueAs(levelExists, () =>
    levelWrite(siteCode, async (transaction) => {
      if (await VipLevel.findOne({ where: { siteCode, level: input.level }, attributes: ['id'], transaction })) throw levelExists();
      const row = await VipLevel.create(
        {
          siteCode,
          level: input.level,
          name: input.name,
          tier: input.tier,
          minChip: money(input.minChip),
          relegationChip: money(input.relegationChip),
          sortOrder: input.sortOrder ?? input.level,
          enabled: input.enabled ?? 1,
        },
        { transaction },
      );
      const view = adminLevelView(row);
      await log(actor, siteCode, transaction, { action: 'create-level', targetId: row.id, summary: `created VIP level ${row.level}`, detail: view });
      return view;
    }),
  );
}

/** PATCH /vip/levels/:id: 2001 when the site has no such level; 2003 when the new level number is taken. */
export async function updateVipLevel(actor: Actor, siteCode: string, id: number, input: VipLevelInput): Promise<AdminVipLevelView> {
  return uniqueAs(levelExists, () =>
    levelWrite(siteCode, async (transaction) => {
      const row = await VipLevel.findOne({ where: { id, siteCode }, transaction, lock: transaction.LOCK.UPDATE });
      if (!row) throw levelNotFound();
      const before = adminLevelView(row);
      const next: Record<string, unknown> = {
        ...input,
        minChip: input.minChip === undefined ? undefined : money(input.minChip),
        relegationChip: input.relegationChip === undefined ? undefined : money(input.relegationChip),
      };
      const { changes, values } = changesOf(before as unknown as Record<string, unknown>, next);
      if (Object.keys(values).length === 0) return before;
      if (values.level !== undefined) {
        const taken = await VipLevel.findOne({ where: { siteCode, level: values.level as number }, attributes: ['id'], transaction });
        if (taken && taken.id !== row.id) throw levelExists();
      }
      await row.update(values, { transaction });
      const view = adminLevelView(row);
      await log(actor, siteCode, transaction, { action: 'update-level', targetId: row.id, summary: `updated VIP level ${row.level}`, detail: { changes } });
      return view;
    }),
  );
}

/** DELETE /vip/levels/:id: null; 2001 when the site has no such level. */
export async function deleteVipLevel(actor: Actor, siteCode: string, id: number): Promise<null> {
  return levelWrite(siteCode, async (transaction) => {
    const row = await VipLevel.findOne({ where: { id, siteCode }, transaction, lock: transaction.LOCK.UPDATE });
    if (!row) throw levelNotFound();
    const view = adminLevelView(row);
    await row.destroy({ transaction });
    await log(actor, siteCode, transaction, { action: 'delete-level', targetId: id, summary: `deleted VIP level ${view.level}`, detail: view });
    return null;
  });
}

export interface VipRebateInput {
  level?: number;
  gameType?: string;
  /** Decimal string, 0..100, at most 2 decimals (validated). */
  rebateRate?: string;
}

const ruleExists = () => new BizError(2004, 'rebate rule exists', '/api/vip/rebates');
const ruleNotFound = () => new BizError(2002, 'rebate rule not found', '/api/vip/rebates/:id');

/** POST /vip/rebates: 2004 when the site has a rule for the level and game type. */
export async function createVipRebate(actor: Actor, siteCode: string, input: Required<VipRebateInput>): Promise<VipRebateView> {
  return uniqueAs(ruleExists, () =>
    db().transaction(async (transaction) => {
      if (await VipRebate.findOne({ where: { siteCode, level: input.level, gameType: input.gameType }, attributes: ['id'], transaction })) throw ruleExists();
      const row = await VipRebate.create({ siteCode, level: input.level, gameType: input.gameType, rebateRate: rate(input.rebateRate) }, { transaction });
      const view = rebateView(row);
      await log(actor, siteCode, transaction, { action: 'create-rebate', targetId: row.id, summary: `created rebate rule level ${row.level} ${row.gameType}`, detail: view });
      return view;
    }),
  );
}

/** PATCH /vip/rebates/:id: 2002 when the site has no such rule; 2004 when the new (level, gameType) is taken. */
export async function updateVipRebate(actor: Actor, siteCode: string, id: number, input: VipRebateInput): Promise<VipRebateView> {
  return uniqueAs(ruleExists, () =>
    db().transaction(async (transaction) => {
      const row = await VipRebate.findOne({ where: { id, siteCode }, transaction, lock: transaction.LOCK.UPDATE });
      if (!row) throw ruleNotFound();
      const before = rebateView(row);
      const next = { ...input, rebateRate: input.rebateRate === undefined ? undefined : rate(input.rebateRate) };
      const { changes, values } = changesOf(before as unknown as Record<string, unknown>, next);
      if (Object.keys(values).length === 0) return before;
      if (values.level !== undefined || values.gameType !== undefined) {
        const level = (values.level as number | undefined) ?? row.level;
        const gameType = (values.gameType as string | undefined) ?? row.gameType;
        const taken = await VipRebate.findOne({ where: { siteCode, level, gameType }, attributes: ['id'], transaction });
        if (taken && taken.id !== row.id) throw ruleExists();
      }
      await row.update(values, { transaction });
      const view = rebateView(row);
      await log(actor, siteCode, transaction, { action: 'update-rebate', targetId: row.id, summary: `updated rebate rule level ${row.level} ${row.gameType}`, detail: { changes } });
      return view;
    }),
  );
}

/** DELETE /vip/rebates/:id: null; 2002 when the site has no such rule. */
export async function deleteVipRebate(actor: Actor, siteCode: string, id: number): Promise<null> {
  return db().transaction(async (transaction) => {
    const row = await VipRebate.findOne({ where: { id, siteCode }, transaction, lock: transaction.LOCK.UPDATE });
    if (!row) throw ruleNotFound();
    const view = rebateView(row);
    await row.destroy({ transaction });
    await log(actor, siteCode, transaction, { action: 'delete-rebate', targetId: id, summary: `deleted rebate rule level ${view.level} ${view.gameType}`, detail: view });
    return null;
  });
}

/** PATCH /vip/users/:userId/hold: 2001 user not in the site; 2002 VIP level below 5. */
export async function setVipHold(actor: Actor, siteCode: string, userId: number, hold: 0 | 1): Promise<{ userId: number; vipHold: number }> {
  return db().transaction(async (transaction) => {
    const user = await User.findOne({ where: { id: userId, siteCode }, attributes: ['id', 'vipLevel', 'vipHold'], transaction, lock: transaction.LOCK.UPDATE });
    if (!user) throw new BizError(2001, 'user not found');
    const level = Number.parseInt(user.vipLevel, 10) || 1;
    if (level < HOLD_MIN_LEVEL) throw new BizError(2002, 'VIP level below 5');
    const before = Number(user.vipHold);
    if (before !== hold) {
      await User.update({ vipHold: hold }, { where: { id: userId }, transaction });
    }
    await log(actor, siteCode, transaction, {
      action: 'set-hold',
      targetId: userId,
      summary: `set VIP hold of user ${userId} to ${hold}`,
      detail: { vipLevel: level, vipHold: { from: before, to: hold } },
    });
    return { userId, vipHold: hold };
  });
}
