import { anyValue, array, bool, constant, dateTime, int, money, nullable, num, obj, oneOfValues, record, str } from '../../http/answer-schemas';

/**
 * The answers of the affiliate endpoints (their `result`), as the API document shows them and the tests check them
 * (docs/architecture.md, "Where to add", an endpoint's answer).
 */

export const postAffiliateAdminCreateAgent = obj({ userId: int(), agentCode: str() });

export const postAffiliateAdminBind = obj({ success: constant(true) });

export const getAffiliateAdminBindLogs = obj({
  items: array(obj({
    id: int(),
    memberId: int(),
    oldAgentId: nullable(int()),
    newAgentId: nullable(int()),
    action: oneOfValues(['bind', 'unbind', 'transfer']),
    source: str(),
    operatorAccount: nullable(str()),
    createdAt: dateTime(),
  })),
  pagination: obj({ page: int(), pageSize: int(), total: int(), totalPages: int() }),
});

export const getAffiliateAdminCommissionRates = obj({
  items: array(obj({
    id: int(),
    agentTier: str(),
    agentLevel: num(),
    gameType: nullable(str()),
    commissionRate: str(),
    enabled: num(),
  })),
});

export const postAffiliateAdminCommissionRates = obj({
  id: int(),
  agentTier: str(),
  agentLevel: num(),
  gameType: nullable(str()),
  commissionRate: str(),
  enabled: num(),
});

export const getAffiliateAdminVipMilestones = obj({ items: array(obj({ id: int(), vipLevel: num(), bonusAmount: str(), description: str(), enabled: num() })) });

export const postAffiliateAdminVipMilestones = obj({ id: int(), vipLevel: num(), bonusAmount: str(), description: str(), enabled: num() });

export const getAffiliateAdminAgentTiers = obj({
  items: array(obj({
    id: int(),
    tierCode: str(),
    tierName: str(),
    minTotalEarned: str(),
    minActiveMembers: num(),
    sortOrder: num(),
  })),
});

export const postAffiliateAdminAgentTiers = obj({ id: int(), tierCode: str(), tierName: str(), minTotalEarned: str(), minActiveMembers: num(), sortOrder: num() });

export const postAffiliateAdminSetAgentTier = obj({ agentId: int(), tierCode: str() });

export const getAffiliateAdminSettlementSettings = obj({ payingPeriod: oneOfValues(['weekly', 'daily']), negativeCarryOver: bool() });

export const postAffiliateTrackClick = obj({ tracked: constant(true) });

export const getAffiliatePromoLink = obj({ agentCode: str(), promoUrl: str() });

export const getAffiliateDownline = obj({
  items: array(obj({ userId: int(), account: str(), level: num(), registeredAt: dateTime() })),
  pagination: obj({ page: int(), pageSize: int(), total: int(), totalPages: int() }),
});

export const getAffiliateClickStats = obj({
  totalClicks: num(),
  uniqueIps: num(),
  registrations: num(),
  daily: array(obj({ date: str(), clicks: num(), uniqueIps: num(), registrations: num() })),
});

export const getAffiliateReferralCodes = obj({
  items: array(obj({
    id: int(),
    code: str(),
    label: str(),
    enabled: num(),
    convertCount: int(),
    createdAt: dateTime(),
  })),
});

export const postAffiliateReferralCodes = obj({ id: int(), code: str(), label: str(), enabled: num(), convertCount: int() });

export const getAffiliateAllianceInfo = obj({
  tiers: array(obj({ tierCode: str(), tierName: str(), minTotalEarned: str(), minActiveMembers: num() })),
  commissionRates: array(obj({
    agentTier: str(),
    agentLevel: num(),
    gameType: nullable(str()),
    commissionRate: str(),
  })),
  vipMilestones: array(obj({ vipLevel: num(), bonusAmount: str() })),
});

export const getAffiliateTierInfo = obj({
  currentTier: nullable(obj({ tierCode: str(), tierName: str() })),
  nextTier: nullable(obj({ tierCode: str(), tierName: str(), minTotalEarned: str(), minActiveMembers: num() })),
  progress: obj({ totalEarned: str(), activeMembers: num() }),
});

export const getAffiliateBalance = obj({ available: str(), frozen: str(), totalEarned: str(), totalWithdrawn: str() });

export const getAffiliateWithdrawals = obj({
  items: array(obj({
    id: int(),
    amount: money(),
    method: oneOfValues(['crypto', 'bank_card']),
    targetId: int(),
    status: oneOfValues(['pending', 'approved', 'rejected', 'completed']),
    remark: nullable(str()),
    createdAt: dateTime(),
    reviewedAt: nullable(dateTime()),
    completedAt: nullable(dateTime()),
  })),
  pagination: obj({ page: int(), pageSize: int(), total: int(), totalPages: int() }),
});

export const postAffiliateWithdrawalsRequest = obj({ id: int(), amount: money(), status: oneOfValues(['pending', 'approved', 'rejected', 'completed']) });

export const getAffiliateVipMilestones = obj({
  items: array(obj({
    id: int(),
    memberId: int(),
    memberAccount: str(),
    vipLevel: num(),
    bonusAmount: str(),
    createdAt: dateTime(),
  })),
  pagination: obj({ page: int(), pageSize: int(), total: int(), totalPages: int() }),
});

export const getAffiliateAdminWithdrawals = obj({
  items: array(obj({
    siteCode: str(),
    agentId: int(),
    agentAccount: nullable(str()),
    target: nullable({ anyOf: [obj({ bankCode: str(), bankAccount: str(), branch: str(), holderName: str() }), obj({ walletName: str(), currency: str(), network: str(), address: str() })] }),
    reviewedBy: nullable(num()),
    completedBy: nullable(num()),
    updatedAt: dateTime(),
    id: int(),
    amount: money(),
    method: oneOfValues(['crypto', 'bank_card']),
    targetId: int(),
    status: oneOfValues(['pending', 'approved', 'rejected', 'completed']),
    remark: nullable(str()),
    createdAt: dateTime(),
    reviewedAt: nullable(dateTime()),
    completedAt: nullable(dateTime()),
  })),
  pagination: obj({ page: int(), pageSize: int(), total: int(), totalPages: int() }),
});

export const postAffiliateAdminWithdrawalsByIdReview = obj({
  siteCode: str(),
  agentId: int(),
  agentAccount: nullable(str()),
  target: nullable({ anyOf: [obj({ bankCode: str(), bankAccount: str(), branch: str(), holderName: str() }), obj({ walletName: str(), currency: str(), network: str(), address: str() })] }),
  reviewedBy: nullable(num()),
  completedBy: nullable(num()),
  updatedAt: dateTime(),
  id: int(),
  amount: money(),
  method: oneOfValues(['crypto', 'bank_card']),
  targetId: int(),
  status: oneOfValues(['pending', 'approved', 'rejected', 'completed']),
  remark: nullable(str()),
  createdAt: dateTime(),
  reviewedAt: nullable(dateTime()),
  completedAt: nullable(dateTime()),
});

export const postAffiliateAdminWithdrawalsByIdComplete = obj({ id: int(), status: oneOfValues(['pending', 'approved', 'rejected', 'completed']) });

export const getAffiliateDashboard = obj({
  agentCode: str(),
  totalDownline: obj({ level1: num(), level2: num(), level3: num() }),
  balance: obj({ available: str(), frozen: str(), totalEarned: str(), totalWithdrawn: str() }),
  thisWeek: obj({ activeMemberCount: int(), totalNetLoss: str(), estimatedCommission: str() }),
});

export const getAffiliateCommissions = obj({
  items: array(obj({
    weekStart: str(),
    weekEnd: str(),
    settlementId: int(),
    periodType: oneOfValues(['weekly', 'daily']),
    status: oneOfValues(['pending', 'approved', 'rejected', 'pendingReview', 'statement']),
    memberId: int(),
    memberAccount: str(),
    agentLevel: num(),
    gameType: nullable(str()),
    netLoss: money(),
    commissionRate: str(),
    commissionAmount: str(),
    id: int(),
  })),
  pagination: obj({ page: int(), pageSize: int(), total: int(), totalPages: int() }),
});

export const getAffiliateSettlements = obj({
  items: array(obj({
    id: int(),
    periodType: oneOfValues(['weekly', 'daily']),
    weekStart: str(),
    weekEnd: str(),
    activeMemberCount: int(),
    totalNetLoss: str(),
    level1Commission: str(),
    level2Commission: str(),
    level3Commission: str(),
    totalCommission: str(),
    status: oneOfValues(['pending', 'approved', 'rejected', 'pendingReview', 'statement']),
    riskFlagged: num(),
    createdAt: nullable(str()),
  })),
  pagination: obj({ page: int(), pageSize: int(), total: int(), totalPages: int() }),
});

export const getAffiliateSettlementsById = obj({
  settlement: obj({
    id: int(),
    periodType: oneOfValues(['weekly', 'daily']),
    weekStart: str(),
    weekEnd: str(),
    activeMemberCount: int(),
    totalNetLoss: str(),
    level1Commission: str(),
    level2Commission: str(),
    level3Commission: str(),
    totalCommission: str(),
    status: oneOfValues(['pending', 'approved', 'rejected', 'pendingReview', 'statement']),
    riskFlagged: num(),
    createdAt: nullable(str()),
  }),
  commissions: array(obj({
    memberId: int(),
    memberAccount: str(),
    agentLevel: num(),
    gameType: nullable(str()),
    netLoss: money(),
    commissionRate: str(),
    commissionAmount: str(),
  })),
});

export const getAffiliateAdminSettlements = obj({
  items: array(obj({
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
    id: int(),
    periodType: oneOfValues(['weekly', 'daily']),
    weekStart: str(),
    weekEnd: str(),
    activeMemberCount: int(),
    totalNetLoss: str(),
    level1Commission: str(),
    level2Commission: str(),
    level3Commission: str(),
    totalCommission: str(),
    status: oneOfValues(['pending', 'approved', 'rejected', 'pendingReview', 'statement']),
    riskFlagged: num(),
    createdAt: nullable(str()),
  })),
  pagination: obj({ page: int(), pageSize: int(), total: int(), totalPages: int() }),
});

export const getAffiliateAdminSettlementsByIdRiskLogs = array(obj({
  id: int(),
  settlementId: int(),
  ruleType: oneOfValues(['same_ip', 'same_device', 'agent_member_ip', 'agent_member_device']),
  detail: record(anyValue('Free-form')),
  createdAt: nullable(str()),
}));

export const postAffiliateAdminSettlementsByIdReview = obj({
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
  id: int(),
  periodType: oneOfValues(['weekly', 'daily']),
  weekStart: str(),
  weekEnd: str(),
  activeMemberCount: int(),
  totalNetLoss: str(),
  level1Commission: str(),
  level2Commission: str(),
  level3Commission: str(),
  totalCommission: str(),
  status: oneOfValues(['pending', 'approved', 'rejected', 'pendingReview', 'statement']),
  riskFlagged: num(),
  createdAt: nullable(str()),
});

export const postAffiliateAdminTriggerSettlement = obj({ settlementsCreated: num(), totalCommission: str(), riskFlagged: num() });

export const postAffiliateAdminTriggerDailySettlement = obj({
  settlementsCreated: num(),
  totalCommission: str(),
  riskFlagged: num(),
  periodType: oneOfValues(['weekly', 'daily']),
});
