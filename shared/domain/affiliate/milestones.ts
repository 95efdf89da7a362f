import Decimal from 'decimal.js';
import { QueryTypes, type Transaction } from 'sequelize';
import { db } from '../../db/sequelize';
import { pagedRows } from '../common';
import { ledgerKeys, money, moveAffiliateBalance } from '../wallet';
import { requireAgent } from './agent';

/**
 * VIP milestone bonuses (issue 18): when the post-bet chain's VIP step moves a member up, the
 * member's level-1 agent earns the bonus of every enabled milestone of the member's site whose vipLevel
 * the member passed (previous level < vipLevel <= new level: a jump over several levels pays each), once
 * per (member, level) for good.
 */
export interface VipUpgrade {
  userId: number;
  previousLevel: number;
  vipLevel: number;
}

interface AwardRow {
  id: number;
  siteCode: string;
  agentId: number;
  memberId: number;
  vipLevel: number;
  bonusAmount: string;
  /** The agent's exclusion (selfExcluded, coolingOff) that withheld the bonus, else null (paid). */
  withheld: string | null;
}

/**
 * Awards the milestones the upgrades reach, inside the post-bet chain's transaction (after the VIP step
 * locked the members' rows). One INSERT ... SELECT for the whole batch writes the awards
 * (affiliate_milestone_awards is unique per (memberId, vipLevel): ON CONFLICT DO NOTHING, so a repeated
 * batch or a member climbing back after a relegation awards nothing twice); then each new award with a
 * bonus above 0 is one movement of the agent's affiliate account (kind `milestone`, available and
 * totalEarned +bonus, `affiliate:milestone:<memberId>:<level>`), in agent id order so that two chains
 * crediting the same agents lock their accounts in one order. Only a member whose level-1 agent is an
 * agent now (agentCode set) and of the member's site earns anything; nothing is recorded otherwise, so a
 * level passed while the upline was not an agent never pays later.
 *
 * An agent excluded at that moment (cooling-off, self-exclusion: rg_exclusion_refusal over the agent's
 * protection row) gets the award recorded with `withheld` and nothing credited, so it is visible and,
 * the award being unique, never paid later (docs/decisions/responsible-gaming.md, "An excluded player's money: the cash is
 * withdrawable, rewards are forfeited or withheld"). A plain read: the chain does not hold the agent's
 * row, and nothing an exclusion does reads the affiliate account, so an exclusion committing meanwhile
 * simply comes after this award.
 */
export async function awardVipMilestones(transaction: Transaction, upgrades: readonly VipUpgrade[]): Promise<AwardRow[]> {
  const moved = upgrades.filter((u) => u.vipLevel > u.previousLevel);
  if (!moved.length) return [];
  const awards = await db().query<AwardRow>(
    `INSERT INTO affiliate_milestone_awards ("siteCode", "agentId", "memberId", "vipLevel", "bonusAmount", withheld)
     SELECT m."siteCode", a.id, m.id, ms."vipLevel", ms."bonusAmount", rg_exclusion_refusal(ra, now())
       FROM json_to_recordset(CAST(:upgrades AS JSON)) AS v("userId" INTEGER, "previousLevel" INTEGER, "vipLevel" INTEGER)
       JOIN users m ON m.id = v."userId"
       JOIN users a ON a.id = m."level1AgentId" AND a."agentCode" IS NOT NULL AND a."siteCode" = m."siteCode"
       LEFT JOIN rg_accounts ra ON ra."userId" = a.id
       JOIN affiliate_vip_milestones ms
         ON ms."siteCode" = m."siteCode" AND ms.enabled = 1 AND ms."vipLevel" > v."previousLevel" AND ms."vipLevel" <= v."vipLevel"
      ORDER BY m.id, ms."vipLevel"
     ON CONFLICT ("memberId", "vipLevel") DO NOTHING
     RETURNING id, "siteCode", "agentId", "memberId", "vipLevel", "bonusAmount", withheld`,
    { replacements: { upgrades: JSON.stringify(moved) }, type: QueryTypes.SELECT, transaction },
  );
  const credits = awards
    .filter((a) => a.withheld === null && new Decimal(a.bonusAmount).gt(0))
    .sort((x, y) => x.agentId - y.agentId || x.memberId - y.memberId || x.vipLevel - y.vipLevel);
  for (const award of credits) {
    await moveAffiliateBalance(transaction, {
      userId: award.agentId,
      siteCode: award.siteCode,
      kind: 'milestone',
      available: award.bonusAmount,
      earned: award.bonusAmount,
      idempotencyKey: ledgerKeys.affiliateMilestone(award.memberId, award.vipLevel),
      ref: { type: 'affiliate-milestone-award', id: award.id },
    });
  }
  return awards;
}

/** GET /affiliate/vip-milestones: the milestone bonuses this agent earned (`withheld`: not paid, the exclusion), newest first; `notAgent` for a player who is not an agent. */
export async function listAgentMilestoneAwards(siteCode: string, userId: number, paging: { page: number; pageSize: number }) {
  const agent = await requireAgent(userId);
  const { rows, pagination } = await pagedRows<AwardRow & { memberAccount: string; createdAt: Date }>(
    {
      select: 'w.id, w."memberId", u.account AS "memberAccount", w."vipLevel", w."bonusAmount", w.withheld, w."createdAt"',
      from: 'affiliate_milestone_awards w JOIN users u ON u.id = w."memberId"',
      where: ['w."agentId" = :agentId', 'w."siteCode" = :siteCode'],
      orderBy: 'w.id DESC',
    },
    { siteCode, agentId: agent.id },
    paging,
  );
  return {
    items: rows.map((r) => ({
      id: Number(r.id),
      memberId: r.memberId,
      memberAccount: r.memberAccount,
      vipLevel: Number(r.vipLevel),
      bonusAmount: money(r.bonusAmount),
      withheld: r.withheld,
      createdAt: r.createdAt,
    })),
    pagination,
  };
}
