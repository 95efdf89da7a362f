import type { Transaction } from 'sequelize';
import { User } from '../../db/models';
import { Refusal } from '../../errors';

/** The agent fields every agent endpoint starts from. */
export type Agent = Pick<User, 'id' | 'siteCode' | 'account' | 'agentCode' | 'agentTierCode' | 'agentTierLocked' | 'agentSince'> & { agentCode: string };

/**
 * The player as an agent ("agent endpoints need a player token and agentCode not null"),
 * else the refusal `affiliate.notAgent`.
 */
export async function requireAgent(userId: number, transaction?: Transaction): Promise<Agent> {
  const user = await User.findByPk(userId, {
    attributes: ['id', 'siteCode', 'account', 'agentCode', 'agentTierCode', 'agentTierLocked', 'agentSince'],
    transaction,
  });
  if (!user || user.agentCode === null) throw new Refusal('affiliate.notAgent');
  return user as Agent;
}
