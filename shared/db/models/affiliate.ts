import { Column, DataType, Model, Table } from 'sequelize-typescript';

/** The affiliate program's tables (migration 0034; docs/affiliates.md). */

@Table({ tableName: 'agent_tiers', timestamps: true })
export class AgentTier extends Model {
  declare id: number;
  @Column({ type: DataType.STRING(30), allowNull: false }) siteCode!: string;
  @Column({ type: DataType.STRING(20), allowNull: false }) tierCode!: string;
  @Column({ type: DataType.STRING(50), allowNull: false }) tierName!: string;
  @Column({ type: DataType.DECIMAL(18, 6), allowNull: false, defaultValue: 0 }) minTotalEarned!: string;
  @Column({ type: DataType.INTEGER, allowNull: false, defaultValue: 0 }) minActiveMembers!: number;
  @Column({ type: DataType.INTEGER, allowNull: false, defaultValue: 0 }) sortOrder!: number;
}

@Table({ tableName: 'affiliate_commission_rates', timestamps: true })
export class AffiliateCommissionRate extends Model {
  declare id: number;
  @Column({ type: DataType.STRING(30), allowNull: false }) siteCode!: string;
  @Column({ type: DataType.STRING(20), allowNull: false }) agentTier!: string;
  @Column({ type: DataType.SMALLINT, allowNull: false }) agentLevel!: number;
  @Column({ type: DataType.STRING(20) }) gameType!: string | null;
  @Column({ type: DataType.DECIMAL(5, 2), allowNull: false }) commissionRate!: string;
  @Column({ type: DataType.SMALLINT, allowNull: false, defaultValue: 1 }) enabled!: number;
}

@Table({ tableName: 'affiliate_vip_milestones', timestamps: true })
export class AffiliateVipMilestone extends Model {
  declare id: number;
  @Column({ type: DataType.STRING(30), allowNull: false }) siteCode!: string;
  @Column({ type: DataType.SMALLINT, allowNull: false }) vipLevel!: number;
  @Column({ type: DataType.DECIMAL(18, 6), allowNull: false }) bonusAmount!: string;
  @Column({ type: DataType.STRING(255), allowNull: false, defaultValue: '' }) description!: string;
  @Column({ type: DataType.SMALLINT, allowNull: false, defaultValue: 1 }) enabled!: number;
}

@Table({ tableName: 'referral_codes', timestamps: true })
export class ReferralCode extends Model {
  declare id: number;
  @Column({ type: DataType.STRING(30), allowNull: false }) siteCode!: string;
  @Column({ type: DataType.INTEGER, allowNull: false }) agentId!: number;
  @Column({ type: DataType.STRING(30), allowNull: false }) code!: string;
  @Column({ type: DataType.STRING(50), allowNull: false, defaultValue: '' }) label!: string;
  @Column({ type: DataType.SMALLINT, allowNull: false, defaultValue: 1 }) enabled!: number;
  @Column({ type: DataType.INTEGER, allowNull: false, defaultValue: 0 }) convertCount!: number;
  declare createdAt: Date;
}

@Table({ tableName: 'affiliate_clicks', timestamps: true, updatedAt: false })
export class AffiliateClick extends Model {
  declare id: string;
  @Column({ type: DataType.STRING(30), allowNull: false }) siteCode!: string;
  @Column({ type: DataType.INTEGER, allowNull: false }) agentId!: number;
  @Column({ type: DataType.STRING(30), allowNull: false }) refCode!: string;
  @Column({ type: DataType.INTEGER }) referralCodeId!: number | null;
  @Column({ type: DataType.STRING(64), allowNull: false, defaultValue: '' }) ip!: string;
  @Column({ type: DataType.STRING(255), allowNull: false, defaultValue: '' }) device!: string;
  declare createdAt: Date;
}

export type BindAction = 'bind' | 'unbind' | 'transfer';

@Table({ tableName: 'affiliate_bind_logs', timestamps: true, updatedAt: false })
export class AffiliateBindLog extends Model {
  declare id: string;
  @Column({ type: DataType.STRING(30), allowNull: false }) siteCode!: string;
  @Column({ type: DataType.INTEGER, allowNull: false }) memberId!: number;
  @Column({ type: DataType.INTEGER }) oldAgentId!: number | null;
  @Column({ type: DataType.INTEGER }) newAgentId!: number | null;
  @Column({ type: DataType.STRING(10), allowNull: false }) action!: BindAction;
  @Column({ type: DataType.STRING(20), allowNull: false }) source!: string;
  @Column({ type: DataType.STRING(50) }) operatorAccount!: string | null;
  declare createdAt: Date;
}

/** An agent's commission balance: changed only by shared/domain/wallet/affiliate-account.ts. */
@Table({ tableName: 'affiliate_accounts', timestamps: true, createdAt: false })
export class AffiliateAccount extends Model {
  @Column({ type: DataType.INTEGER, primaryKey: true }) userId!: number;
  @Column({ type: DataType.STRING(30), allowNull: false }) siteCode!: string;
  @Column({ type: DataType.DECIMAL(18, 6), allowNull: false, defaultValue: 0 }) available!: string;
  @Column({ type: DataType.DECIMAL(18, 6), allowNull: false, defaultValue: 0 }) frozen!: string;
  @Column({ type: DataType.DECIMAL(18, 6), allowNull: false, defaultValue: 0 }) totalEarned!: string;
  @Column({ type: DataType.DECIMAL(18, 6), allowNull: false, defaultValue: 0 }) totalWithdrawn!: string;
}

@Table({ tableName: 'affiliate_ledger', timestamps: true, updatedAt: false })
export class AffiliateLedger extends Model {
  declare id: string;
  @Column({ type: DataType.STRING(30), allowNull: false }) siteCode!: string;
  @Column({ type: DataType.INTEGER, allowNull: false }) userId!: number;
  @Column({ type: DataType.STRING(30), allowNull: false }) kind!: string;
  @Column({ type: DataType.DECIMAL(18, 6), allowNull: false, defaultValue: 0 }) availableAmount!: string;
  @Column({ type: DataType.DECIMAL(18, 6), allowNull: false, defaultValue: 0 }) frozenAmount!: string;
  @Column({ type: DataType.DECIMAL(18, 6), allowNull: false, defaultValue: 0 }) earnedAmount!: string;
  @Column({ type: DataType.DECIMAL(18, 6), allowNull: false, defaultValue: 0 }) withdrawnAmount!: string;
  @Column({ type: DataType.DECIMAL(18, 6), allowNull: false }) availableAfter!: string;
  @Column({ type: DataType.DECIMAL(18, 6), allowNull: false }) frozenAfter!: string;
  @Column({ type: DataType.STRING(160), allowNull: false }) idempotencyKey!: string;
  @Column({ type: DataType.STRING(30) }) refType!: string | null;
  @Column({ type: DataType.STRING(64) }) refId!: string | null;
  declare createdAt: Date;
}

/** `statement`: a settlement of the period type that does not pay its week (docs/affiliates.md, "Which period type pays"). */
export type SettlementStatus = 'pending' | 'pendingReview' | 'approved' | 'rejected' | 'statement';
export type SettlementPeriodType = 'weekly' | 'daily';

@Table({ tableName: 'affiliate_settlements', timestamps: true })
export class AffiliateSettlement extends Model {
  declare id: number;
  @Column({ type: DataType.STRING(30), allowNull: false }) siteCode!: string;
  @Column({ type: DataType.INTEGER, allowNull: false }) agentId!: number;
  @Column({ type: DataType.STRING(10), allowNull: false }) periodType!: SettlementPeriodType;
  @Column({ type: DataType.DATEONLY, allowNull: false }) weekStart!: string;
  @Column({ type: DataType.DATEONLY, allowNull: false }) weekEnd!: string;
  @Column({ type: DataType.STRING(20) }) agentTier!: string | null;
  @Column({ type: DataType.INTEGER, allowNull: false, defaultValue: 0 }) activeMemberCount!: number;
  @Column({ type: DataType.DECIMAL(18, 6), allowNull: false, defaultValue: 0 }) totalNetLoss!: string;
  @Column({ type: DataType.DECIMAL(18, 6), allowNull: false, defaultValue: 0 }) level1Commission!: string;
  @Column({ type: DataType.DECIMAL(18, 6), allowNull: false, defaultValue: 0 }) level2Commission!: string;
  @Column({ type: DataType.DECIMAL(18, 6), allowNull: false, defaultValue: 0 }) level3Commission!: string;
  @Column({ type: DataType.DECIMAL(18, 6), allowNull: false, defaultValue: 0 }) totalCommission!: string;
  @Column({ type: DataType.DECIMAL(18, 6), allowNull: false, defaultValue: 0 }) carriedIn!: string;
  @Column({ type: DataType.DECIMAL(18, 6), allowNull: false, defaultValue: 0 }) carryOut!: string;
  @Column({ type: DataType.STRING(15), allowNull: false, defaultValue: 'pending' }) status!: SettlementStatus;
  @Column({ type: DataType.SMALLINT, allowNull: false, defaultValue: 0 }) riskFlagged!: number;
  @Column({ type: DataType.STRING(255) }) remark!: string | null;
  @Column({ type: DataType.INTEGER }) reviewedBy!: number | null;
  @Column({ type: DataType.DATE }) reviewedAt!: Date | null;
  declare createdAt: Date;
  declare updatedAt: Date;
}

@Table({ tableName: 'affiliate_commissions', timestamps: false })
export class AffiliateCommission extends Model {
  declare id: string;
  @Column({ type: DataType.INTEGER, allowNull: false }) settlementId!: number;
  @Column({ type: DataType.STRING(30), allowNull: false }) siteCode!: string;
  @Column({ type: DataType.INTEGER, allowNull: false }) agentId!: number;
  @Column({ type: DataType.INTEGER, allowNull: false }) memberId!: number;
  @Column({ type: DataType.STRING(50), allowNull: false }) memberAccount!: string;
  @Column({ type: DataType.SMALLINT, allowNull: false }) agentLevel!: number;
  @Column({ type: DataType.STRING(20) }) gameType!: string | null;
  @Column({ type: DataType.DECIMAL(18, 6), allowNull: false }) netLoss!: string;
  @Column({ type: DataType.DECIMAL(5, 2), allowNull: false }) commissionRate!: string;
  @Column({ type: DataType.DECIMAL(18, 6), allowNull: false }) commissionAmount!: string;
  @Column({ type: DataType.DATEONLY, allowNull: false }) weekStart!: string;
  @Column({ type: DataType.DATEONLY, allowNull: false }) weekEnd!: string;
}

export type RiskRuleType = 'same_ip' | 'same_device' | 'agent_member_ip' | 'agent_member_device';

@Table({ tableName: 'affiliate_risk_logs', timestamps: true, updatedAt: false })
export class AffiliateRiskLog extends Model {
  declare id: string;
  @Column({ type: DataType.INTEGER, allowNull: false }) settlementId!: number;
  @Column({ type: DataType.STRING(30), allowNull: false }) siteCode!: string;
  @Column({ type: DataType.STRING(30), allowNull: false }) ruleType!: RiskRuleType;
  @Column({ type: DataType.JSONB, allowNull: false, defaultValue: {} }) detail!: Record<string, unknown>;
  declare createdAt: Date;
}

@Table({ tableName: 'affiliate_milestone_awards', timestamps: true, updatedAt: false })
export class AffiliateMilestoneAward extends Model {
  declare id: number;
  @Column({ type: DataType.STRING(30), allowNull: false }) siteCode!: string;
  @Column({ type: DataType.INTEGER, allowNull: false }) agentId!: number;
  @Column({ type: DataType.INTEGER, allowNull: false }) memberId!: number;
  @Column({ type: DataType.SMALLINT, allowNull: false }) vipLevel!: number;
  @Column({ type: DataType.DECIMAL(18, 6), allowNull: false }) bonusAmount!: string;
  /** The agent's exclusion (selfExcluded, coolingOff) that withheld the bonus: nothing credited, never paid later. Null: paid. */
  @Column({ type: DataType.STRING(20) }) withheld!: string | null;
  declare createdAt: Date;
}

export type AffiliateWithdrawalStatus = 'pending' | 'approved' | 'rejected' | 'completed';

@Table({ tableName: 'affiliate_withdrawals', timestamps: true })
export class AffiliateWithdrawal extends Model {
  declare id: number;
  @Column({ type: DataType.STRING(30), allowNull: false }) siteCode!: string;
  @Column({ type: DataType.INTEGER, allowNull: false }) agentId!: number;
  @Column({ type: DataType.DECIMAL(18, 6), allowNull: false }) amount!: string;
  @Column({ type: DataType.STRING(10), allowNull: false }) method!: 'bank_card' | 'crypto';
  @Column({ type: DataType.INTEGER, allowNull: false }) targetId!: number;
  @Column({ type: DataType.STRING(10), allowNull: false, defaultValue: 'pending' }) status!: AffiliateWithdrawalStatus;
  @Column({ type: DataType.STRING(255) }) remark!: string | null;
  @Column({ type: DataType.INTEGER }) reviewedBy!: number | null;
  @Column({ type: DataType.DATE }) reviewedAt!: Date | null;
  @Column({ type: DataType.INTEGER }) completedBy!: number | null;
  @Column({ type: DataType.DATE }) completedAt!: Date | null;
  declare createdAt: Date;
  declare updatedAt: Date;
}
