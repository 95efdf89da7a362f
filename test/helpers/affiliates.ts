import { randomBytes } from 'node:crypto';
import type { User } from '../../shared/db/models';
import { createUser, type UserOptions } from './factories';

/** A player who is an agent (agentCode set), with a token. */
export async function createAgent(options: UserOptions & { agentCode?: string; upline?: User | null } = {}) {
  const made = await createUser(options);
  await made.user.update({
    agentCode: options.agentCode ?? `AG${randomBytes(4).toString('hex').toUpperCase()}`,
    agentSince: new Date(),
    ...uplineOf(options.upline ?? null),
  });
  return made;
}

/** A player registered under `agent` (its level-1 member; the agent's own upline becomes levels 2 and 3). */
export async function createMember(agent: User, options: UserOptions = {}) {
  const made = await createUser({ siteCode: agent.siteCode, ...options });
  await made.user.update(uplineOf(agent));
  return made;
}

function uplineOf(agent: User | null) {
  return agent
    ? { level1AgentId: agent.id, level2AgentId: agent.level1AgentId, level3AgentId: agent.level2AgentId }
    : { level1AgentId: null, level2AgentId: null, level3AgentId: null };
}
