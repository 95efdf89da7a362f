import { QueryTypes } from 'sequelize';
import type { AgentTier } from '../../db/models';
import { db } from '../../db/sequelize';
import { Refusal } from '../../errors';
import { type Actor, recordActorAction } from '../audit';
import { money } from '../wallet';
import { tiersOf } from './tiers';

/**
 * Operators' agent tiers (permission module `affiliate`, each write operation-logged):
 * upsert by tierCode, delete unless in use. A tier is in use when an agent has agentTierCode = it, or,
 * for the lowest tier, when any agent has a null agentTierCode (null means the lowest tier). Deleting a
 * tier deletes its commission rates with it (a rate of a tier that does not exist could never apply).
 */

type TierRow = Pick<AgentTier, 'id' | 'tierCode' | 'tierName' | 'minTotalEarned' | 'minActiveMembers' | 'sortOrder'>;
const tierView = (t: TierRow) => ({
  id: t.id,
  tierCode: t.tierCode,
  tierName: t.tierName,
  minTotalEarned: money(t.minTotalEarned),
  minActiveMembers: t.minActiveMembers,
  sortOrder: t.sortOrder,
});

/** GET /affiliate/admin/agent-tiers: {items}, lowest first. */
export async function listAgentTiers(siteCode: string) {
  return { items: (await tiersOf(siteCode)).map(tierView) };
}

export interface TierInput {
  tierCode: string;
  tierName: string;
  minTotalEarned: string;
  minActiveMembers: number;
  sortOrder: number;
}

/** POST /affiliate/admin/agent-tiers: upsert by tierCode. */
export async function upsertAgentTier(actor: Actor, siteCode: string, input: TierInput) {
  const row = await db().transaction(async (transaction) => {
    const [saved] = await db().query<TierRow>(
      `INSERT INTO agent_tiers ("siteCode", "tierCode", "tierName", "minTotalEarned", "minActiveMembers", "sortOrder")
       VALUES (:siteCode, :tierCode, :tierName, :minTotalEarned, :minActiveMembers, :sortOrder)
       ON CONFLICT ("siteCode", "tierCode") DO UPDATE SET "tierName" = EXCLUDED."tierName", "minTotalEarned" = EXCLUDED."minTotalEarned",
         "minActiveMembers" = EXCLUDED."minActiveMembers", "sortOrder" = EXCLUDED."sortOrder", "updatedAt" = now()
       RETURNING id, "tierCode", "tierName", "minTotalEarned"::text AS "minTotalEarned", "minActiveMembers", "sortOrder"`,
      { replacements: { siteCode, ...input }, type: QueryTypes.SELECT, transaction },
    );
    await recordActorAction(actor, transaction, {
      module: 'affiliate',
      action: 'agent-tier:upsert',
      targetId: saved.id,
      summary: `agent tier ${input.tierCode} (${input.tierName})`,
      detail: tierView(saved),
    });
    return saved;
  });
  return tierView(row);
}

/**
 * DELETE /affiliate/admin/agent-tiers/:id: {success: true}; `tierNotFound` (or another site's);
 * `tierInUse` by agents. The site's tier rows are locked first (the lowest one is decided under the lock), so a
 * set-agent-tier naming the tier waits (it locks the row FOR SHARE) and is then refused, or the delete
 * sees the agent.
 */
export async function deleteAgentTier(actor: Actor, siteCode: string, id: number): Promise<{ success: true }> {
  await db().transaction(async (transaction) => {
    const tiers = await db().query<TierRow>(
      `SELECT id, "tierCode", "tierName", "minTotalEarned"::text AS "minTotalEarned", "minActiveMembers", "sortOrder"
         FROM agent_tiers WHERE "siteCode" = :siteCode ORDER BY "sortOrder", id FOR UPDATE`,
      { replacements: { siteCode }, type: QueryTypes.SELECT, transaction },
    );
    const tier = tiers.find((t) => t.id === id);
    if (!tier) throw new Refusal('affiliate.tierNotFound');
    const isLowest = tiers[0].id === id;
    const [use] = await db().query<{ inUse: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM users WHERE "siteCode" = :siteCode AND "agentCode" IS NOT NULL
                        AND ("agentTierCode" = :tierCode ${isLowest ? 'OR "agentTierCode" IS NULL' : ''})) AS "inUse"`,
      { replacements: { siteCode, tierCode: tier.tierCode }, type: QueryTypes.SELECT, transaction },
    );
    if (use.inUse) throw new Refusal('affiliate.tierInUse');
    await db().query(`DELETE FROM affiliate_commission_rates WHERE "siteCode" = :siteCode AND "agentTier" = :tierCode`, {
      replacements: { siteCode, tierCode: tier.tierCode },
      transaction,
    });
    await db().query(`DELETE FROM agent_tiers WHERE id = :id`, { replacements: { id }, transaction });
    await recordActorAction(actor, transaction, {
      module: 'affiliate',
      action: 'agent-tier:delete',
      targetId: id,
      summary: `deleted agent tier ${tier.tierCode}`,
      detail: tierView(tier),
    });
  });
  return { success: true };
}
