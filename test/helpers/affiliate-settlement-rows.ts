import Decimal from 'decimal.js';
import { QueryTypes } from 'sequelize';
import {
  AffiliateCommission,
  AffiliateRiskLog,
  AffiliateSettlement,
  type RiskRuleType,
  type SettlementPeriodType,
  type SettlementStatus,
  type User,
} from '../../shared/db/models';
import { db } from '../../shared/db/sequelize';

/**
 * Affiliate settlements, their commission rows and risk logs written as rows (not by the settlement
 * run), so the read endpoints and the review are tested on exactly what the tests put there.
 */

export interface CommissionInput {
  member: Pick<User, 'id' | 'account'>;
  agentLevel: 1 | 2 | 3;
  gameType?: string | null;
  netLoss: string;
  /** Percent, e.g. '30' or '12.5'. */
  commissionRate: string;
}

export interface SettlementInput {
  agent: Pick<User, 'id' | 'siteCode'>;
  periodType?: SettlementPeriodType;
  /** YYYY-MM-DD; weekEnd defaults to +6 days (weekly) or the same day (daily). */
  weekStart: string;
  weekEnd?: string;
  status?: SettlementStatus;
  riskFlagged?: 0 | 1;
  activeMemberCount?: number;
  commissions?: CommissionInput[];
  risks?: Array<{ ruleType: RiskRuleType; detail: Record<string, unknown> }>;
  /** Overrides the total computed from the rows (e.g. '0'). */
  totalCommission?: string;
}

const plusDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** A settlement with its commission rows and risk logs; level totals and the total are the rows' sums. */
export async function insertSettlement(input: SettlementInput): Promise<AffiliateSettlement> {
  const periodType = input.periodType ?? 'weekly';
  const weekEnd = input.weekEnd ?? plusDays(input.weekStart, periodType === 'weekly' ? 6 : 0);
  const rows = (input.commissions ?? []).map((c) => ({
    ...c,
    commissionAmount: new Decimal(c.netLoss).mul(c.commissionRate).div(100).toDecimalPlaces(6, Decimal.ROUND_DOWN),
  }));
  const levelSum = (level: number) => rows.filter((r) => r.agentLevel === level).reduce((sum, r) => sum.plus(r.commissionAmount), new Decimal(0));
  const total = input.totalCommission ?? levelSum(1).plus(levelSum(2)).plus(levelSum(3)).toFixed(6);
  return db().transaction(async (transaction) => {
    const settlement = await AffiliateSettlement.create(
      {
        siteCode: input.agent.siteCode,
        agentId: input.agent.id,
        periodType,
        weekStart: input.weekStart,
        weekEnd,
        activeMemberCount: input.activeMemberCount ?? new Set(rows.map((r) => r.member.id)).size,
        totalNetLoss: rows.reduce((sum, r) => sum.plus(r.netLoss), new Decimal(0)).toFixed(6),
        level1Commission: levelSum(1).toFixed(6),
        level2Commission: levelSum(2).toFixed(6),
        level3Commission: levelSum(3).toFixed(6),
        totalCommission: total,
        status: input.status ?? (input.riskFlagged ? 'pendingReview' : 'pending'),
        riskFlagged: input.riskFlagged ?? 0,
      },
      { transaction },
    );
    for (const r of rows) {
      await AffiliateCommission.create(
        {
          settlementId: settlement.id,
          siteCode: input.agent.siteCode,
          agentId: input.agent.id,
          memberId: r.member.id,
          memberAccount: r.member.account,
          agentLevel: r.agentLevel,
          gameType: r.gameType ?? null,
          netLoss: r.netLoss,
          commissionRate: r.commissionRate,
          commissionAmount: r.commissionAmount.toFixed(6),
          weekStart: input.weekStart,
          weekEnd,
        },
        { transaction },
      );
    }
    for (const risk of input.risks ?? []) {
      await AffiliateRiskLog.create(
        { settlementId: settlement.id, siteCode: input.agent.siteCode, ruleType: risk.ruleType, detail: risk.detail },
        { transaction },
      );
    }
    return settlement;
  });
}

/** The agent's affiliate balance and the sums of its affiliate ledger columns, as 6-decimal strings. */
export async function affiliateSums(userId: number) {
  const [row] = await db().query<Record<string, string>>(
    `SELECT COALESCE(a.available, 0)::numeric(18,6)::text AS available, COALESCE(a."totalEarned", 0)::numeric(18,6)::text AS "totalEarned",
            COALESCE(l.available, 0)::numeric(18,6)::text AS "ledgerAvailable", COALESCE(l.earned, 0)::numeric(18,6)::text AS "ledgerEarned",
            COALESCE(l.rows, 0)::int AS "ledgerRows"
       FROM (SELECT 1) one
       LEFT JOIN affiliate_accounts a ON a."userId" = :userId
       LEFT JOIN (SELECT SUM("availableAmount") AS available, SUM("earnedAmount") AS earned, COUNT(*) AS rows
                    FROM affiliate_ledger WHERE "userId" = :userId) l ON true`,
    { replacements: { userId }, type: QueryTypes.SELECT },
  );
  return row;
}
