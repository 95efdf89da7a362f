/** What every agent endpoint answers a player who is not an agent (Part B 4.6), unless it says otherwise. */
export const agentOnly = { 'affiliate.notAgent': 2001 } as const;
