/**
 * A new site's affiliate program (docs/affiliates.md): four tiers, lowest first, and each
 * tier's default rate per level (gameType null = every game type). The lowest tier has the spec's
 * 30 / 10 / 5 %; each higher tier adds to every level, so an upgrade always pays more.
 */
export interface AgentTierSeed {
  tierCode: string;
  tierName: string;
  minTotalEarned: string;
  minActiveMembers: number;
  sortOrder: number;
  /** Level 1, 2 and 3 rates in percent (2 decimals). */
  rates: [string, string, string];
}

export const AGENT_TIERS: readonly AgentTierSeed[] = [
  { tierCode: 'bronze', tierName: 'Bronze', minTotalEarned: '0', minActiveMembers: 0, sortOrder: 10, rates: ['30.00', '10.00', '5.00'] },
  { tierCode: 'silver', tierName: 'Silver', minTotalEarned: '1000', minActiveMembers: 5, sortOrder: 20, rates: ['35.00', '12.00', '6.00'] },
  { tierCode: 'gold', tierName: 'Gold', minTotalEarned: '10000', minActiveMembers: 20, sortOrder: 30, rates: ['40.00', '15.00', '8.00'] },
  { tierCode: 'platinum', tierName: 'Platinum', minTotalEarned: '50000', minActiveMembers: 50, sortOrder: 40, rates: ['45.00', '18.00', '10.00'] },
];
