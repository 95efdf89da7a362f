import { QueryTypes } from 'sequelize';
import { db } from '../../db/sequelize';
import { Refusal } from '../../errors';
import { type Actor, recordActorAction } from '../audit';
import { uniqueAs } from '../common';
import { codeTaken, lockCodeText } from './codes';
import { lockTier } from './tiers';

/**
 * Operators making agents (permission module `affiliate`, each write operation-logged):
 * create-agent gives a player of the site its agentCode (letters or digits, 3 to 20, checked by the
 * schema) and agentSince; set-agent-tier picks its tier by hand and locks it (agentTierLocked = 1: the
 * settlement's automatic tier moves skip it).
 */

/**
 * POST /affiliate/admin/create-agent: {userId, agentCode}. Refused for no such player in this site
 * (`playerNotFound`), one already an agent (`alreadyAgent`), and a code (ignoring case) that is another
 * agent's code in this site or any referral code (`codeTaken`). The player row is locked and the code's text serialized (codes.ts); the unique index
 * (siteCode, agentCode) is the last word.
 */
export async function createAgent(actor: Actor, siteCode: string, input: { userId: number; agentCode: string }) {
  const { userId, agentCode } = input;
  await uniqueAs(
    () => new Refusal('affiliate.codeTaken'),
    () =>
      db().transaction(async (transaction) => {
        const [user] = await db().query<{ id: number; account: string; agentCode: string | null }>(
          `SELECT id, account, "agentCode" FROM users WHERE id = :userId AND "siteCode" = :siteCode FOR UPDATE`,
          { replacements: { userId, siteCode }, type: QueryTypes.SELECT, transaction },
        );
        if (!user) throw new Refusal('affiliate.playerNotFound');
        if (user.agentCode !== null) throw new Refusal('affiliate.alreadyAgent');
        // The new agent's null tier is the lowest one: a concurrent delete of that tier waits, then sees it.
        await db().query(`SELECT id FROM agent_tiers WHERE "siteCode" = :siteCode ORDER BY "sortOrder", id LIMIT 1 FOR SHARE`, {
          replacements: { siteCode },
          transaction,
        });
        await lockCodeText(agentCode, transaction);
        if (await codeTaken(siteCode, agentCode, transaction)) throw new Refusal('affiliate.codeTaken');
        await db().query(`UPDATE users SET "agentCode" = :agentCode, "agentSince" = now(), "updatedAt" = now() WHERE id = :userId`, {
          replacements: { userId, agentCode },
          transaction,
        });
        await recordActorAction(actor, transaction, {
          module: 'affiliate',
          action: 'create-agent',
          targetId: userId,
          summary: `made ${user.account} (${userId}) an agent with code ${agentCode}`,
          detail: { userId, agentCode },
        });
      }),
  );
  return { userId, agentCode };
}

/**
 * POST /affiliate/admin/set-agent-tier: {agentId, tierCode}. Refused for one not an agent of this site
 * (`agentNotFound`) and no such tier in this site (`tierNotFound`). The tier row is locked FOR SHARE, so deleting it at the same time waits and
 * then sees the agent using it.
 */
export async function setAgentTier(actor: Actor, siteCode: string, input: { agentId: number; tierCode: string }) {
  const { agentId, tierCode } = input;
  await db().transaction(async (transaction) => {
    const [agent] = await db().query<{ id: number; agentTierCode: string | null; agentTierLocked: number }>(
      `SELECT id, "agentTierCode", "agentTierLocked" FROM users WHERE id = :agentId AND "siteCode" = :siteCode AND "agentCode" IS NOT NULL FOR UPDATE`,
      { replacements: { agentId, siteCode }, type: QueryTypes.SELECT, transaction },
    );
    if (!agent) throw new Refusal('affiliate.agentNotFound');
    if (!(await lockTier(siteCode, tierCode, transaction))) throw new Refusal('affiliate.tierNotFound', tierCode);
    await db().query(`UPDATE users SET "agentTierCode" = :tierCode, "agentTierLocked" = 1, "updatedAt" = now() WHERE id = :agentId`, {
      replacements: { agentId, tierCode },
      transaction,
    });
    await recordActorAction(actor, transaction, {
      module: 'affiliate',
      action: 'set-agent-tier',
      targetId: agentId,
      summary: `set agent ${agentId} to tier ${tierCode} (locked)`,
      detail: { agentId, from: agent.agentTierCode, to: tierCode, lockedBefore: agent.agentTierLocked },
    });
  });
  return { agentId, tierCode };
}
