import { anyValue, array, bool, constant, dateTime, int, money, nullable, num, obj, oneOfValues, paged, record, str } from '../../http/answer-schemas';
import { PERIOD_TYPES } from '../../../shared/domain/affiliate';

/**
 * The answers of the affiliate endpoints (their `result`), as the API document shows them and the tests check them
 * (docs/architecture.md, "Where to add", an endpoint's answer).
 */

const periodType = oneOfValues(PERIOD_TYPES);
const settlementStatus = oneOfValues(['pending', 'approved', 'rejected', 'pendingReview', 'statement']);
const withdrawalStatus = oneOfValues(['pending', 'approved', 'rejected', 'completed']);

/** A commission rate as the alliance info shows it; the administrators' row adds its id and switch. */
const commissionRateFields = { agentTier: str(), agentLevel: num(), gameType: nullable(str()), commissionRate: str() };
const commissionRate = obj({ id: int(), ...commissionRateFields, enabled: num() });

/** A VIP milestone as the alliance info shows it; the administrators' row adds its id, description and switch. */
const vipMilestoneFields = { vipLevel: num(), bonusAmount: str() };
const vipMilestone = obj({ id: int(), ...vipMilestoneFields, description: str(), enabled: num() });

/** An agent tier: its name, then what reaching it takes; the administrators' row adds its id and order. */
const tierName = { tierCode: str(), tierName: str() };
const tierFields = { ...tierName, minTotalEarned: str(), minActiveMembers: num() };
const tierRequirements = obj(tierFields);
const agentTier = obj({ id: int(), ...tierFields, sortOrder: num() });

/** A referral code; the list also answers when it was created. */
const referralCodeFields = { id: int(), code: str(), label: str(), enabled: num(), convertCount: int() };

const balance = obj({ available: str(), frozen: str(), totalEarned: str(), totalWithdrawn: str() });

/** An agent's withdrawal; the administrators' row adds the agent, the target and who handled it. */
const withdrawalFields = {
  id: int(),
  amount: money(),
  method: oneOfValues(['crypto', 'bank_card']),
  targetId: int(),
  status: withdrawalStatus,
  remark: nullable(str()),
  createdAt: dateTime(),
  reviewedAt: nullable(dateTime()),
  completedAt: nullable(dateTime()),
};
const adminWithdrawal = obj({
  siteCode: str(),
  agentId: int(),
  agentAccount: nullable(str()),
  target: nullable({
    anyOf: [
      obj({ bankCode: str(), bankAccount: str(), branch: str(), holderName: str() }),
      obj({ walletName: str(), currency: str(), network: str(), address: str() }),
    ],
  }),
  reviewedBy: nullable(num()),
  completedBy: nullable(num()),
  updatedAt: dateTime(),
  ...withdrawalFields,
});

/** A member's commission in a settlement; the agent's list adds the settlement's period and status. */
const commissionFields = {
  memberId: int(),
  memberAccount: str(),
  agentLevel: num(),
  gameType: nullable(str()),
  netLoss: money(),
  commissionRate: str(),
  commissionAmount: str(),
};

/** An agent's settlement; the administrators' row adds the agent, the carry-over and the review. */
const settlementFields = {
  id: int(),
  periodType,
  weekStart: str(),
  weekEnd: str(),
  activeMemberCount: int(),
  totalNetLoss: str(),
  level1Commission: str(),
  level2Commission: str(),
  level3Commission: str(),
  totalCommission: str(),
  status: settlementStatus,
  riskFlagged: num(),
  createdAt: nullable(str()),
};
const settlement = obj(settlementFields);
const adminSettlement = obj({
  siteCode: str(),
  agentId: int(),
  agentAccount: nullable(str()),
  agentCode: nullable(str()),
  agentTier: nullable(str()),
  carriedIn: str(),
  carryOut: str(),
  remark: nullable(str()),
  reviewedBy: nullable(num()),
  reviewedAt: nullable(str()),
  updatedAt: nullable(str()),
  ...settlementFields,
});

const settlementRun = { settlementsCreated: num(), totalCommission: str(), riskFlagged: num() };

export const postAffiliateAdminCreateAgent = obj({ userId: int(), agentCode: str() });

export const postAffiliateAdminBind = obj({ success: constant(true) });

export const getAffiliateAdminBindLogs = paged(
  obj({
    id: int(),
    memberId: int(),
    oldAgentId: nullable(int()),
    newAgentId: nullable(int()),
    action: oneOfValues(['bind', 'unbind', 'transfer']),
    source: str(),
    operatorAccount: nullable(str()),
    createdAt: dateTime(),
  }),
  'items',
);

export const getAffiliateAdminCommissionRates = obj({ items: array(commissionRate) });

export const postAffiliateAdminCommissionRates = commissionRate;

export const getAffiliateAdminVipMilestones = obj({ items: array(vipMilestone) });

export const postAffiliateAdminVipMilestones = vipMilestone;

export const getAffiliateAdminAgentTiers = obj({ items: array(agentTier) });

export const postAffiliateAdminAgentTiers = agentTier;

export const postAffiliateAdminSetAgentTier = obj({ agentId: int(), tierCode: str() });

export const getAffiliateAdminSettlementSettings = obj({ payingPeriod: periodType, negativeCarryOver: bool() });

export const postAffiliateTrackClick = obj({ tracked: constant(true) });

export const getAffiliatePromoLink = obj({ agentCode: str(), promoUrl: str() });

export const getAffiliateDownline = paged(obj({ userId: int(), account: str(), level: num(), registeredAt: dateTime() }), 'items');

export const getAffiliateClickStats = obj({
  totalClicks: num(),
  uniqueIps: num(),
  registrations: num(),
  daily: array(obj({ date: str(), clicks: num(), uniqueIps: num(), registrations: num() })),
});

export const getAffiliateReferralCodes = obj({ items: array(obj({ ...referralCodeFields, createdAt: dateTime() })) });

export const postAffiliateReferralCodes = obj(referralCodeFields);

export const getAffiliateAllianceInfo = obj({
  tiers: array(tierRequirements),
  commissionRates: array(obj(commissionRateFields)),
  vipMilestones: array(obj(vipMilestoneFields)),
});

export const getAffiliateTierInfo = obj({
  currentTier: nullable(obj(tierName)),
  nextTier: nullable(tierRequirements),
  progress: obj({ totalEarned: str(), activeMembers: num() }),
});

export const getAffiliateBalance = balance;

export const getAffiliateWithdrawals = paged(obj(withdrawalFields), 'items');

export const postAffiliateWithdrawalsRequest = obj({ id: int(), amount: money(), status: withdrawalStatus });

export const getAffiliateVipMilestones = paged(
  obj({
    id: int(),
    memberId: int(),
    memberAccount: str(),
    vipLevel: num(),
    bonusAmount: str(),
    /** The exclusion (selfExcluded, coolingOff) that withheld this bonus: not paid. Null: paid. */
    withheld: nullable(str()),
    createdAt: dateTime(),
  }),
  'items',
);

export const getAffiliateAdminWithdrawals = paged(adminWithdrawal, 'items');

export const postAffiliateAdminWithdrawalsByIdReview = adminWithdrawal;

export const postAffiliateAdminWithdrawalsByIdComplete = obj({ id: int(), status: withdrawalStatus });

export const getAffiliateDashboard = obj({
  agentCode: str(),
  totalDownline: obj({ level1: num(), level2: num(), level3: num() }),
  balance,
  thisWeek: obj({ activeMemberCount: int(), totalNetLoss: str(), estimatedCommission: str() }),
});

export const getAffiliateCommissions = paged(
  obj({
    weekStart: str(),
    weekEnd: str(),
    settlementId: int(),
    periodType,
    status: settlementStatus,
    ...commissionFields,
    id: int(),
  }),
  'items',
);

export const getAffiliateSettlements = paged(settlement, 'items');

export const getAffiliateSettlementsById = obj({ settlement, commissions: array(obj(commissionFields)) });

export const getAffiliateAdminSettlements = paged(adminSettlement, 'items');

export const getAffiliateAdminSettlementsByIdRiskLogs = array(
  obj({
    id: int(),
    settlementId: int(),
    ruleType: oneOfValues(['same_ip', 'same_device', 'agent_member_ip', 'agent_member_device']),
    detail: record(anyValue('Free-form')),
    createdAt: nullable(str()),
  }),
);

export const postAffiliateAdminSettlementsByIdReview = adminSettlement;

export const postAffiliateAdminTriggerSettlement = obj(settlementRun);

export const postAffiliateAdminTriggerDailySettlement = obj({ ...settlementRun, periodType });
