import { QueryTypes, type Transaction } from 'sequelize';
import { AffiliateBindLog, type BindAction } from '../../db/models';
import { db } from '../../db/sequelize';
import { InputError, Refusal } from '../../errors';
import { type Actor, recordActorAction } from '../audit';
import type { ResolvedCode } from './codes';

/**
 * A member's upline (docs/affiliates.md): level1AgentId is the agent the member is bound to, level2 and
 * level3 that agent's own level 1 and level 2. Fixed at registration; only POST /affiliate/admin/bind
 * changes it. Every change is one bind log and rewires the member's own downline set-based: its level-1
 * members get level2/level3 from the member's new upline, its level-2 members get level3.
 */

/** The upline columns of a new member of the resolved agent. */
export const uplineOf = (code: ResolvedCode) => ({ level1AgentId: code.agentId, level2AgentId: code.agentLevel1, level3AgentId: code.agentLevel2 });

/**
 * In the registration's transaction, after the player row exists: the referral code's convertCount + 1
 * and one bind log (bind, source `register`). The code was resolved with its rows locked (resolveCode).
 */
export async function recordRegistrationBinding(transaction: Transaction, member: { id: number; siteCode: string }, code: ResolvedCode): Promise<void> {
  if (code.referralCodeId !== null) {
    await db().query(`UPDATE referral_codes SET "convertCount" = "convertCount" + 1, "updatedAt" = now() WHERE id = :id`, {
      replacements: { id: code.referralCodeId },
      transaction,
    });
  }
  await AffiliateBindLog.create(
    { siteCode: member.siteCode, memberId: member.id, oldAgentId: null, newAgentId: code.agentId, action: 'bind', source: 'register', operatorAccount: null },
    { transaction },
  );
}

interface UserRow {
  id: number;
  agentCode: string | null;
  level1AgentId: number | null;
  level2AgentId: number | null;
  level3AgentId: number | null;
}

export interface BindInput {
  memberId: number;
  /** Required for bind and transfer; for unbind, when given, it must be the member's current agent. */
  agentId?: number | null;
  action: BindAction;
}

/** True when `agentId` is the member or sits anywhere below it (following level1AgentId up from the agent). */
async function isInDownline(memberId: number, agentId: number, transaction: Transaction): Promise<boolean> {
  const [row] = await db().query<{ found: boolean }>(
    `WITH RECURSIVE up(id, depth) AS (
        SELECT CAST(:agentId AS int), 0
        UNION ALL
        SELECT u."level1AgentId", up.depth + 1 FROM users u JOIN up ON u.id = up.id
         WHERE u."level1AgentId" IS NOT NULL AND up.depth < 10000)
     SELECT EXISTS (SELECT 1 FROM up WHERE id = :memberId) AS found`,
    { replacements: { memberId, agentId }, type: QueryTypes.SELECT, transaction },
  );
  return row.found;
}

/**
 * POST /affiliate/admin/bind: bind a member without an agent, transfer one to another agent, or unbind
 * it. Refused for a member missing in this site (`playerNotFound`), an agent missing (`agentNotFound`:
 * not an agent of this site), and binding the member under itself or its own downline (`bindCycle`).
 * The member's current agent decides the rest: a bind of a member that has an agent or a transfer to
 * its current agent is `memberAlreadyBound`; a transfer or unbind of one that has none, or an unbind
 * naming another agent, is `memberNotBoundThere`. A bind or transfer without agentId is a 400 (the
 * form). The member, its downline and the agent are locked in id order first, so concurrent binds
 * serialize and never deadlock.
 */
export async function bindMember(actor: Actor, operatorAccount: string, siteCode: string, input: BindInput): Promise<{ success: true }> {
  const { memberId, action } = input;
  const agentId = input.agentId ?? null;
  if (action !== 'unbind' && agentId === null) throw new InputError('agentId', `agentId is required to ${action}`);
  await db().transaction(async (transaction) => {
    const locked = await db().query<UserRow & { siteCode: string }>(
      `SELECT id, "siteCode", "agentCode", "level1AgentId", "level2AgentId", "level3AgentId" FROM users
        WHERE id = :memberId OR id = :agentId OR "level1AgentId" = :memberId OR "level2AgentId" = :memberId
        ORDER BY id FOR UPDATE`,
      { replacements: { memberId, agentId: agentId ?? memberId }, type: QueryTypes.SELECT, transaction },
    );
    const member = locked.find((u) => u.id === memberId && u.siteCode === siteCode);
    if (!member) throw new Refusal('affiliate.playerNotFound', 'member');
    const agent = agentId === null ? null : locked.find((u) => u.id === agentId && u.siteCode === siteCode && u.agentCode !== null);
    if (agentId !== null && !agent) throw new Refusal('affiliate.agentNotFound');
    const oldAgentId = member.level1AgentId;
    if (action === 'bind' && oldAgentId !== null) throw new Refusal('affiliate.memberAlreadyBound', 'the member already has an agent: use transfer');
    if (action !== 'bind' && oldAgentId === null) throw new Refusal('affiliate.memberNotBoundThere', `the member has no agent to ${action}`);
    if (action === 'transfer' && oldAgentId === agentId) throw new Refusal('affiliate.memberAlreadyBound', 'the member is already bound to this agent');
    if (action === 'unbind' && agentId !== null && agentId !== oldAgentId)
      throw new Refusal('affiliate.memberNotBoundThere', "agentId is not the member's agent");
    if (action !== 'unbind' && agentId !== null && (await isInDownline(memberId, agentId, transaction))) {
      throw new Refusal('affiliate.bindCycle');
    }
    const next = action === 'unbind' || !agent ? { l1: null, l2: null, l3: null } : { l1: agent.id, l2: agent.level1AgentId, l3: agent.level2AgentId };
    const rewire = [
      `UPDATE users SET "level1AgentId" = :l1, "level2AgentId" = :l2, "level3AgentId" = :l3, "updatedAt" = now() WHERE id = :memberId`,
      `UPDATE users SET "level2AgentId" = :l1, "level3AgentId" = :l2, "updatedAt" = now() WHERE "level1AgentId" = :memberId`,
      `UPDATE users SET "level3AgentId" = :l1, "updatedAt" = now() WHERE "level2AgentId" = :memberId`,
    ];
    for (const sql of rewire) await db().query(sql, { replacements: { memberId, ...next }, transaction });
    const newAgentId = action === 'unbind' ? null : agentId;
    await AffiliateBindLog.create({ siteCode, memberId, oldAgentId, newAgentId, action, source: 'admin', operatorAccount }, { transaction });
    await recordActorAction(actor, transaction, {
      module: 'affiliate',
      action: `bind:${action}`,
      targetId: memberId,
      summary: `${action} member ${memberId}: agent ${oldAgentId ?? '-'} -> ${newAgentId ?? '-'}`,
      detail: { memberId, action, oldAgentId, newAgentId },
    });
  });
  return { success: true };
}
