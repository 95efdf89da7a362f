/** What every agent endpoint answers a player who is not an agent, unless it says otherwise. */
export const agentOnly = { 'affiliate.notAgent': 2001 } as const;
