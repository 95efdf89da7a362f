import Decimal from 'decimal.js';
import { QueryTypes } from 'sequelize';
import { AffiliateCommissionRate, AffiliateVipMilestone } from '../../db/models';
import { db } from '../../db/sequelize';
import { Refusal } from '../../errors';
import type { RefusalName } from '../refusals';
import { type Actor, recordActorAction } from '../audit';
import { money } from '../wallet';
import { lockTier, tiersOf } from './tiers';

/**
 * The site's program settings: commission rates per (tier, level, game type) and
 * VIP milestones, upserted and deleted by operators (permission module `affiliate`, each write
 * operation-logged), and what GET /affiliate/alliance-info shows the public. Tiers: tier-settings.ts.
 */

const rate = (value: string) => new Decimal(value).toFixed(2);

type RateRow = Pick<AffiliateCommissionRate, 'id' | 'agentTier' | 'agentLevel' | 'gameType' | 'commissionRate' | 'enabled'>;
const rateView = (r: RateRow) => ({
  id: r.id,
  agentTier: r.agentTier,
  agentLevel: r.agentLevel,
  gameType: r.gameType,
  commissionRate: rate(r.commissionRate),
  enabled: r.enabled,
});

type MilestoneRow = Pick<AffiliateVipMilestone, 'id' | 'vipLevel' | 'bonusAmount' | 'description' | 'enabled'>;
const milestoneView = (m: MilestoneRow) => ({
  id: m.id,
  vipLevel: m.vipLevel,
  bonusAmount: money(m.bonusAmount),
  description: m.description,
  enabled: m.enabled,
});

/** The site's rates, by tier (lowest first), level, then game type (the tier's default, null, first). */
async function ratesOf(siteCode: string, onlyEnabled: boolean): Promise<RateRow[]> {
  return db().query<RateRow>(
    `SELECT r.id, r."agentTier", r."agentLevel", r."gameType", r."commissionRate"::text AS "commissionRate", r.enabled
       FROM affiliate_commission_rates r LEFT JOIN agent_tiers t ON t."siteCode" = r."siteCode" AND t."tierCode" = r."agentTier"
      WHERE r."siteCode" = :siteCode ${onlyEnabled ? 'AND r.enabled = 1' : ''}
      ORDER BY t."sortOrder" NULLS LAST, r."agentTier", r."agentLevel", r."gameType" NULLS FIRST, r.id`,
    { replacements: { siteCode }, type: QueryTypes.SELECT },
  );
}

/** GET /affiliate/admin/commission-rates: {items}. */
export async function listCommissionRates(siteCode: string) {
  return { items: (await ratesOf(siteCode, false)).map(rateView) };
}

export interface RateInput {
  agentTier: string;
  agentLevel: number;
  gameType: string | null;
  /** 0 to 100, at most 2 decimals (checked by the schema). */
  commissionRate: string;
  enabled: number;
}

/** The agent levels a commission rate may name, and the VIP levels a milestone may name. */
export const AGENT_LEVELS = { min: 1, max: 3 } as const;
export const MILESTONE_VIP_LEVELS = { min: 2, max: 15 } as const;

/** POST /affiliate/admin/commission-rates: upsert by (agentTier, agentLevel, gameType). `tierNotFound`; `agentLevelInvalid` (outside AGENT_LEVELS). */
export async function upsertCommissionRate(actor: Actor, siteCode: string, input: RateInput) {
  if (input.agentLevel < AGENT_LEVELS.min || input.agentLevel > AGENT_LEVELS.max) throw new Refusal('affiliate.agentLevelInvalid');
  const row = await db().transaction(async (transaction) => {
    if (!(await lockTier(siteCode, input.agentTier, transaction))) throw new Refusal('affiliate.tierNotFound', input.agentTier);
    const [saved] = await db().query<RateRow>(
      `INSERT INTO affiliate_commission_rates ("siteCode", "agentTier", "agentLevel", "gameType", "commissionRate", enabled)
       VALUES (:siteCode, :agentTier, :agentLevel, :gameType, :commissionRate, :enabled)
       ON CONFLICT ("siteCode", "agentTier", "agentLevel", "gameType")
       DO UPDATE SET "commissionRate" = EXCLUDED."commissionRate", enabled = EXCLUDED.enabled, "updatedAt" = now()
       RETURNING id, "agentTier", "agentLevel", "gameType", "commissionRate"::text AS "commissionRate", enabled`,
      { replacements: { siteCode, ...input }, type: QueryTypes.SELECT, transaction },
    );
    await recordActorAction(actor, transaction, {
      module: 'affiliate',
      action: 'commission-rate:upsert',
      targetId: saved.id,
      summary: `rate ${input.agentTier} level ${input.agentLevel} ${input.gameType ?? '(all games)'} = ${rate(input.commissionRate)}%`,
      detail: rateView(saved),
    });
    return saved;
  });
  return rateView(row);
}

/** DELETE /affiliate/admin/commission-rates/:id: {success: true}; `rateNotFound` (or another site's). */
export async function deleteCommissionRate(actor: Actor, siteCode: string, id: number) {
  return deleteSetting(actor, siteCode, id, 'affiliate_commission_rates', 'commission-rate:delete', 'commission rate', 'affiliate.rateNotFound');
}

/** GET /affiliate/admin/vip-milestones: {items}, by VIP level. */
export async function listVipMilestones(siteCode: string) {
  const rows = await AffiliateVipMilestone.findAll({ where: { siteCode }, order: [['vipLevel', 'ASC']] });
  return { items: rows.map(milestoneView) };
}

/** POST /affiliate/admin/vip-milestones: upsert by vipLevel. `milestoneLevelInvalid` (outside MILESTONE_VIP_LEVELS). */
export async function upsertVipMilestone(
  actor: Actor,
  siteCode: string,
  input: { vipLevel: number; bonusAmount: string; description: string; enabled: number },
) {
  if (input.vipLevel < MILESTONE_VIP_LEVELS.min || input.vipLevel > MILESTONE_VIP_LEVELS.max) throw new Refusal('affiliate.milestoneLevelInvalid');
  const row = await db().transaction(async (transaction) => {
    const [saved] = await db().query<MilestoneRow>(
      `INSERT INTO affiliate_vip_milestones ("siteCode", "vipLevel", "bonusAmount", description, enabled)
       VALUES (:siteCode, :vipLevel, :bonusAmount, :description, :enabled)
       ON CONFLICT ("siteCode", "vipLevel")
       DO UPDATE SET "bonusAmount" = EXCLUDED."bonusAmount", description = EXCLUDED.description, enabled = EXCLUDED.enabled, "updatedAt" = now()
       RETURNING id, "vipLevel", "bonusAmount"::text AS "bonusAmount", description, enabled`,
      { replacements: { siteCode, ...input }, type: QueryTypes.SELECT, transaction },
    );
    await recordActorAction(actor, transaction, {
      module: 'affiliate',
      action: 'vip-milestone:upsert',
      targetId: saved.id,
      summary: `VIP milestone level ${input.vipLevel}: ${money(input.bonusAmount)}`,
      detail: milestoneView(saved),
    });
    return saved;
  });
  return milestoneView(row);
}

/** DELETE /affiliate/admin/vip-milestones/:id: {success: true}; `milestoneNotFound` (or another site's). */
export async function deleteVipMilestone(actor: Actor, siteCode: string, id: number) {
  return deleteSetting(actor, siteCode, id, 'affiliate_vip_milestones', 'vip-milestone:delete', 'VIP milestone', 'affiliate.milestoneNotFound');
}

async function deleteSetting(
  actor: Actor,
  siteCode: string,
  id: number,
  table: string,
  action: string,
  what: string,
  notFound: RefusalName,
): Promise<{ success: true }> {
  await db().transaction(async (transaction) => {
    const [removed] = await db().query<Record<string, unknown>>(`DELETE FROM ${table} WHERE id = :id AND "siteCode" = :siteCode RETURNING *`, {
      replacements: { id, siteCode },
      type: QueryTypes.SELECT,
      transaction,
    });
    if (!removed) throw new Refusal(notFound);
    await recordActorAction(actor, transaction, { module: 'affiliate', action, targetId: id, summary: `deleted ${what} ${id}`, detail: removed });
  });
  return { success: true };
}

/** GET /affiliate/alliance-info (public): the site's tiers, enabled commission rates and enabled VIP milestones. */
export async function allianceInfo(siteCode: string) {
  const [tiers, rates, milestones] = await Promise.all([
    tiersOf(siteCode),
    ratesOf(siteCode, true),
    AffiliateVipMilestone.findAll({ where: { siteCode, enabled: 1 }, order: [['vipLevel', 'ASC']] }),
  ]);
  return {
    tiers: tiers.map((t) => ({ tierCode: t.tierCode, tierName: t.tierName, minTotalEarned: money(t.minTotalEarned), minActiveMembers: t.minActiveMembers })),
    commissionRates: rates.map((r) => ({ agentTier: r.agentTier, agentLevel: r.agentLevel, gameType: r.gameType, commissionRate: rate(r.commissionRate) })),
    vipMilestones: milestones.map((m) => ({ vipLevel: m.vipLevel, bonusAmount: money(m.bonusAmount) })),
  };
}
