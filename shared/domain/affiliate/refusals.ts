import { declareRefusals } from '../refusals';

/** Why the affiliate area says no (shared/domain/refusals.ts); endpoints map each to their number. */
export const affiliateRefusals = declareRefusals('affiliate', {
  notAgent: 'the calling player is not an agent',
  refCodeUnknown: 'the code names no agent of the site',
  codeFormat: 'a referral code must be 3 to 30 letters or digits',
  codeTaken: 'the code, ignoring case, is already an agent code of the site or a referral code',
  referralCodeLimit: 'the agent already has the most referral codes allowed',
  referralCodeNotFound: 'no such referral code of the agent',
  playerNotFound: 'no such player on the site',
  alreadyAgent: 'the player is already an agent',
  agentNotFound: 'the user named is not an agent of the site',
  bindCycle: 'the agent is the member itself or in the member\'s downline',
  memberAlreadyBound: 'the member already has an agent (a bind: use transfer), or already this one (a transfer)',
  memberNotBoundThere: 'the member has no agent to transfer or unbind, or the agent an unbind names is not the member\'s',
  tierNotFound: 'no such agent tier on the site',
  tierInUse: 'agents use the agent tier',
  agentLevelInvalid: 'a commission rate\'s agent level must be 1 to 3',
  milestoneLevelInvalid: 'a VIP milestone\'s VIP level must be 2 to 15',
  rateNotFound: 'no such commission rate on the site',
  milestoneNotFound: 'no such VIP milestone on the site',
  settlementNotFound: 'no such settlement on the site (or of the agent)',
  settlementReviewed: 'the settlement was already reviewed',
  settlementStatementOnly: 'the settlement is a statement (its period type does not pay the week): it is not reviewed and pays nothing',
  amountNotPositive: 'the amount must be above 0',
  methodUnknown: 'the method must be bank_card or crypto',
  targetNotApproved: 'the target is not an approved bank card or crypto address of the agent',
  withdrawalCooldown: 'the agent\'s last commission withdrawal is too recent',
  balanceTooLow: 'the available commission does not cover the amount',
  withdrawalNotFound: 'no such commission withdrawal on the site',
  withdrawalStatusNotAllowed: 'the commission withdrawal\'s status does not allow this step',
});

declare module '../refusals' {
  interface RefusalRegistry {
    affiliate: typeof affiliateRefusals;
  }
}
