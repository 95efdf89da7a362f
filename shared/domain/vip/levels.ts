import Decimal from 'decimal.js';
import type { Transaction } from 'sequelize';
import { VipLevel } from '../../db/models';
import { db } from '../../db/sequelize';
import { Refusal } from '../../errors';
import { LOCALES, pickText, type Locale, type LocaleText } from '../../i18n/locales';
import { logger } from '../../logger';
import { cache, deleteCacheKeys } from '../../redis';
import { type Actor, changesOf } from '../audit';
import { wageringOf } from '../bonus';
import { money } from '../wallet';
import { uniqueAs } from '../common';
import { logVipAction } from './admin-writes';

/**
 * VIP levels of a site: the players' list and the administrators' writes.
 *
 * - GET /vip/levels is cached one hour per site and locale (`cache:vip:levels:<site>:<locale>`); every
 *   administrator write to levels clears the site's entries after commit.
 * - Administrator writes run in one transaction with their operation-log row (module `vip`).
 * - Money is NUMERIC(18,6) and travels as a decimal string.
 */

export type VipTier = 'bronze' | 'gold' | 'platinum' | 'diamond';
export const VIP_TIERS: readonly VipTier[] = ['bronze', 'gold', 'platinum', 'diamond'];

type LocaleMap = Partial<LocaleText>;

// ---------------------------------------------------------------------------------------------------
// Views

/** A VIP level as players see it: name resolved to the request locale. */
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

/**
 * What reaching a level pays (docs/decisions/vip.md, "The VIP upgrade bonus: cash or bonus money, once per
 * level"): upgradeBonus (0 none) as cash or as bonus money with the grant's terms.
 */
export interface VipUpgradeBonusTerms {
  upgradeBonus: string;
  upgradeBonusKind: 'cash' | 'bonus';
  upgradeBonusWageringMultiplier: string;
  upgradeBonusMaxBet: string | null;
  upgradeBonusMaxConversion: string | null;
  upgradeBonusValidDays: number;
}

/** A VIP level as administrators see it: the stored locale map of the name, the upgrade bonus's terms. */
export interface AdminVipLevelView extends Omit<VipLevelView, 'name'>, VipUpgradeBonusTerms {
  name: LocaleMap;
}

const nullableMoney = (value: string | null) => (value === null ? null : money(value));

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
    upgradeBonus: money(l.upgradeBonus),
    upgradeBonusKind: l.upgradeBonusKind,
    upgradeBonusWageringMultiplier: new Decimal(l.upgradeBonusWageringMultiplier).toFixed(2),
    upgradeBonusMaxBet: nullableMoney(l.upgradeBonusMaxBet),
    upgradeBonusMaxConversion: nullableMoney(l.upgradeBonusMaxConversion),
    upgradeBonusValidDays: l.upgradeBonusValidDays,
  };
}

function levelView(l: VipLevel, locale: Locale): VipLevelView {
  const { id, level, tier, minChip, relegationChip, sortOrder, enabled, siteCode, createdAt, updatedAt } = adminLevelView(l);
  return { id, level, name: pickText(l.name, locale), tier, minChip, relegationChip, sortOrder, enabled, siteCode, createdAt, updatedAt };
}

// ---------------------------------------------------------------------------------------------------
// Levels cache

export const VIP_LEVELS_TTL_S = 3600;

export function vipLevelsKey(siteCode: string, locale: Locale): string {
  return `cache:vip:levels:${siteCode}:${locale}`;
}

/** Deletes the site's cached level lists (every locale). */
export async function clearVipLevelsCache(siteCode: string): Promise<void> {
  await deleteCacheKeys(LOCALES.map((locale) => vipLevelsKey(siteCode, locale)));
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

// ---------------------------------------------------------------------------------------------------
// Administrator writes

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

export interface VipLevelInput {
  level?: number;
  name?: LocaleMap;
  tier?: VipTier;
  /** Decimal strings (validated: >= 0, at most 6 decimals). */
  minChip?: string;
  relegationChip?: string;
  sortOrder?: number;
  enabled?: number;
  /** The upgrade bonus's terms (decimal strings validated by the schema). */
  upgradeBonus?: string;
  upgradeBonusKind?: 'cash' | 'bonus';
  upgradeBonusWageringMultiplier?: string;
  upgradeBonusMaxBet?: string | null;
  upgradeBonusMaxConversion?: string | null;
  upgradeBonusValidDays?: number;
}

/** The upgrade bonus's stored columns of an input: money as 6-decimal strings; undefined where not given. */
function upgradeBonusValues(input: VipLevelInput): Record<string, unknown> {
  const or = <T>(value: T | null | undefined, f: (v: T) => unknown) => (value === undefined ? undefined : value === null ? null : f(value));
  return {
    upgradeBonus: or(input.upgradeBonus, money),
    upgradeBonusKind: input.upgradeBonusKind,
    upgradeBonusWageringMultiplier: or(input.upgradeBonusWageringMultiplier, (v) => new Decimal(v).toFixed(2)),
    upgradeBonusMaxBet: or(input.upgradeBonusMaxBet, money),
    upgradeBonusMaxConversion: or(input.upgradeBonusMaxConversion, money),
    upgradeBonusValidDays: input.upgradeBonusValidDays,
  };
}

/** A level's bonus-money upgrade bonus must have a wagering a money column holds (else a 400 naming the field). */
function checkUpgradeTerms(view: VipUpgradeBonusTerms): void {
  if (view.upgradeBonusKind === 'bonus' && new Decimal(view.upgradeBonus).gt(0)) wageringOf(view.upgradeBonus, view.upgradeBonusWageringMultiplier);
}

const levelExists = () => new Refusal('vip.levelExists', 'VIP level exists');
const levelNotFound = () => new Refusal('vip.levelNotFound', 'VIP level not found');

/** POST /vip/levels: `levelExists` when the site has the level already. sortOrder defaults to the level. */
export async function createVipLevel(
  actor: Actor,
  siteCode: string,
  input: Required<Pick<VipLevelInput, 'level' | 'name' | 'tier' | 'minChip' | 'relegationChip'>> & VipLevelInput,
): Promise<AdminVipLevelView> {
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
          ...Object.fromEntries(Object.entries(upgradeBonusValues(input)).filter(([, v]) => v !== undefined)),
        },
        { transaction },
      );
      const view = adminLevelView(row);
      checkUpgradeTerms(view);
      await logVipAction(actor, siteCode, transaction, { action: 'create-level', targetId: row.id, summary: `created VIP level ${row.level}`, detail: view });
      return view;
    }),
  );
}

/** PATCH /vip/levels/:id: `levelNotFound` when the site has no such level; `levelExists` when the new level number is taken. */
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
        ...upgradeBonusValues(input),
      };
      const { changes, values } = changesOf(before as unknown as Record<string, unknown>, next);
      if (Object.keys(values).length === 0) return before;
      if (values.level !== undefined) {
        const taken = await VipLevel.findOne({ where: { siteCode, level: values.level as number }, attributes: ['id'], transaction });
        if (taken && taken.id !== row.id) throw levelExists();
      }
      await row.update(values, { transaction });
      const view = adminLevelView(row);
      checkUpgradeTerms(view);
      await logVipAction(actor, siteCode, transaction, {
        action: 'update-level',
        targetId: row.id,
        summary: `updated VIP level ${row.level}`,
        detail: { changes },
      });
      return view;
    }),
  );
}

/** DELETE /vip/levels/:id: null; `levelNotFound` when the site has no such level. */
export async function deleteVipLevel(actor: Actor, siteCode: string, id: number): Promise<null> {
  return levelWrite(siteCode, async (transaction) => {
    const row = await VipLevel.findOne({ where: { id, siteCode }, transaction, lock: transaction.LOCK.UPDATE });
    if (!row) throw levelNotFound();
    const view = adminLevelView(row);
    await row.destroy({ transaction });
    await logVipAction(actor, siteCode, transaction, { action: 'delete-level', targetId: id, summary: `deleted VIP level ${view.level}`, detail: view });
    return null;
  });
}
