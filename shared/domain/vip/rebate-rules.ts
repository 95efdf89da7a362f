import Decimal from 'decimal.js';
import { VipRebate } from '../../db/models';
import { db } from '../../db/sequelize';
import { Refusal } from '../../errors';
import { type Actor, changesOf } from '../audit';
import { GAME_TYPE_KEYS } from '../game';
import { uniqueAs } from '../common';
import { logVipAction } from './admin-writes';

/**
 * VIP rebate rules of a site: one rate per (level, game type), the players' list and
 * the administrators' writes (one transaction each with its operation-log row, module `vip`). Rates are
 * NUMERIC(5,2) and travel as decimal strings.
 */

export interface VipRebateView {
  id: number;
  level: number;
  gameType: string;
  rebateRate: string;
  siteCode: string;
  createdAt: Date | string;
  updatedAt: Date | string;
}

/** A rebate rate as its 2-decimal string. */
export const rateText = (value: string | number | Decimal) => new Decimal(value).toFixed(2, Decimal.ROUND_HALF_UP);

function rebateView(r: VipRebate): VipRebateView {
  return {
    id: r.id,
    level: r.level,
    gameType: r.gameType,
    rebateRate: rateText(r.rebateRate),
    siteCode: r.siteCode,
    createdAt: r.createdAt as Date,
    updatedAt: r.updatedAt as Date,
  };
}

/** Game types (sports first), for stable listings. */
const typeOrder = (typeKey: string) => {
  const i = (GAME_TYPE_KEYS as readonly string[]).indexOf(typeKey);
  return i < 0 ? GAME_TYPE_KEYS.length : i;
};
export const byLevelThenType = (a: { level: number; gameType: string }, b: { level: number; gameType: string }) =>
  a.level - b.level || typeOrder(a.gameType) - typeOrder(b.gameType) || a.gameType.localeCompare(b.gameType);

/** GET /vip/rebates: the site's rebate rules, by level then game type. */
export async function listVipRebates(siteCode: string): Promise<Array<Omit<VipRebateView, 'siteCode'>>> {
  const rows = await VipRebate.findAll({ where: { siteCode } });
  return rows
    .map(rebateView)
    .sort(byLevelThenType)
    .map(({ siteCode: _site, ...rest }) => rest);
}

export interface VipRebateInput {
  level?: number;
  gameType?: string;
  /** Decimal string, 0..100, at most 2 decimals (validated). */
  rebateRate?: string;
}

const ruleExists = () => new Refusal('vip.rebateRuleExists', 'rebate rule exists');
const ruleNotFound = () => new Refusal('vip.rebateRuleNotFound', 'rebate rule not found');

/** POST /vip/rebates: `rebateRuleExists` when the site has a rule for the level and game type. */
export async function createVipRebate(actor: Actor, siteCode: string, input: Required<VipRebateInput>): Promise<VipRebateView> {
  return uniqueAs(ruleExists, () =>
    db().transaction(async (transaction) => {
      if (await VipRebate.findOne({ where: { siteCode, level: input.level, gameType: input.gameType }, attributes: ['id'], transaction })) throw ruleExists();
      const row = await VipRebate.create({ siteCode, level: input.level, gameType: input.gameType, rebateRate: rateText(input.rebateRate) }, { transaction });
      const view = rebateView(row);
      await logVipAction(actor, siteCode, transaction, {
        action: 'create-rebate',
        targetId: row.id,
        summary: `created rebate rule level ${row.level} ${row.gameType}`,
        detail: view,
      });
      return view;
    }),
  );
}

/** PATCH /vip/rebates/:id: `rebateRuleNotFound` when the site has no such rule; `rebateRuleExists` when the new (level, gameType) is taken. */
export async function updateVipRebate(actor: Actor, siteCode: string, id: number, input: VipRebateInput): Promise<VipRebateView> {
  return uniqueAs(ruleExists, () =>
    db().transaction(async (transaction) => {
      const row = await VipRebate.findOne({ where: { id, siteCode }, transaction, lock: transaction.LOCK.UPDATE });
      if (!row) throw ruleNotFound();
      const before = rebateView(row);
      const next = { ...input, rebateRate: input.rebateRate === undefined ? undefined : rateText(input.rebateRate) };
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
      await logVipAction(actor, siteCode, transaction, {
        action: 'update-rebate',
        targetId: row.id,
        summary: `updated rebate rule level ${row.level} ${row.gameType}`,
        detail: { changes },
      });
      return view;
    }),
  );
}

/** DELETE /vip/rebates/:id: null; `rebateRuleNotFound` when the site has no such rule. */
export async function deleteVipRebate(actor: Actor, siteCode: string, id: number): Promise<null> {
  return db().transaction(async (transaction) => {
    const row = await VipRebate.findOne({ where: { id, siteCode }, transaction, lock: transaction.LOCK.UPDATE });
    if (!row) throw ruleNotFound();
    const view = rebateView(row);
    await row.destroy({ transaction });
    await logVipAction(actor, siteCode, transaction, {
      action: 'delete-rebate',
      targetId: id,
      summary: `deleted rebate rule level ${view.level} ${view.gameType}`,
      detail: view,
    });
    return null;
  });
}
