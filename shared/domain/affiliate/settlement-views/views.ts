import Decimal from 'decimal.js';
import type { RiskRuleType, SettlementPeriodType, SettlementStatus } from '../../../db/models';
import { money } from '../../wallet';

/**
 * Affiliate settlements, their commission rows and risk logs as agents and operators see them:
 * money as 6-decimal strings, rates with 2 decimals, period dates as YYYY-MM-DD, timestamps as
 * ISO 8601. Beyond the spec's fields every settlement carries its periodType (weekly or daily) and every
 * commission row its gameType (rows are per settlement, member and game type).
 */

export const SETTLEMENT_STATUSES = ['pending', 'pendingReview', 'approved', 'rejected', 'statement'] as const satisfies readonly SettlementStatus[];
export const PERIOD_TYPES = ['weekly', 'daily'] as const satisfies readonly SettlementPeriodType[];

/** The settlement columns the views read; the period dates as text (SETTLEMENT_COLUMNS). */
export interface SettlementRow {
  id: number;
  siteCode: string;
  agentId: number;
  periodType: SettlementPeriodType;
  weekStart: string;
  weekEnd: string;
  agentTier: string | null;
  activeMemberCount: number;
  totalNetLoss: string;
  level1Commission: string;
  level2Commission: string;
  level3Commission: string;
  totalCommission: string;
  carriedIn: string;
  carryOut: string;
  status: SettlementStatus;
  riskFlagged: number;
  remark: string | null;
  reviewedBy: number | null;
  reviewedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** SELECT list of a SettlementRow from affiliate_settlements aliased `alias`. */
export const settlementColumns = (alias: string) =>
  `${alias}.id, ${alias}."siteCode", ${alias}."agentId", ${alias}."periodType", ${alias}."weekStart"::text AS "weekStart",
   ${alias}."weekEnd"::text AS "weekEnd", ${alias}."agentTier", ${alias}."activeMemberCount", ${alias}."totalNetLoss",
   ${alias}."level1Commission", ${alias}."level2Commission", ${alias}."level3Commission", ${alias}."totalCommission",
   ${alias}."carriedIn", ${alias}."carryOut", ${alias}.status, ${alias}."riskFlagged", ${alias}.remark, ${alias}."reviewedBy",
   ${alias}."reviewedAt", ${alias}."createdAt", ${alias}."updatedAt"`;

export interface CommissionRow {
  id: string;
  settlementId: number;
  memberId: number;
  memberAccount: string;
  agentLevel: number;
  gameType: string | null;
  netLoss: string;
  commissionRate: string;
  commissionAmount: string;
  weekStart: string;
  weekEnd: string;
  periodType: SettlementPeriodType;
  status: SettlementStatus;
}

export interface RiskLogRow {
  id: string;
  settlementId: number;
  ruleType: RiskRuleType;
  detail: Record<string, unknown>;
  createdAt: Date;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const rate = (value: string) => new Decimal(value).toFixed(2);

/** A settlement as its agent sees it (GET /affiliate/settlements, /settlements/:id). */
export function settlementView(row: SettlementRow) {
  return {
    id: row.id,
    periodType: row.periodType,
    weekStart: row.weekStart,
    weekEnd: row.weekEnd,
    activeMemberCount: row.activeMemberCount,
    totalNetLoss: money(row.totalNetLoss),
    level1Commission: money(row.level1Commission),
    level2Commission: money(row.level2Commission),
    level3Commission: money(row.level3Commission),
    totalCommission: money(row.totalCommission),
    status: row.status,
    riskFlagged: row.riskFlagged ? 1 : 0,
    createdAt: iso(row.createdAt),
  };
}

/** A settlement as operators see it: the agent's view, the agent, the tier, the carry-over and the review. */
export function adminSettlementView(row: SettlementRow, agents: Map<number, { account: string; agentCode: string | null }>) {
  const agent = agents.get(row.agentId);
  return {
    ...settlementView(row),
    siteCode: row.siteCode,
    agentId: row.agentId,
    agentAccount: agent?.account ?? null,
    agentCode: agent?.agentCode ?? null,
    agentTier: row.agentTier,
    carriedIn: money(row.carriedIn),
    carryOut: money(row.carryOut),
    remark: row.remark,
    reviewedBy: row.reviewedBy,
    reviewedAt: iso(row.reviewedAt),
    updatedAt: iso(row.updatedAt),
  };
}

/** A commission row inside its settlement (GET /affiliate/settlements/:id). */
export function settlementCommissionView(row: Omit<CommissionRow, 'periodType' | 'status' | 'weekStart' | 'weekEnd' | 'settlementId'>) {
  return {
    memberId: row.memberId,
    memberAccount: row.memberAccount,
    agentLevel: row.agentLevel,
    gameType: row.gameType,
    netLoss: money(row.netLoss),
    commissionRate: rate(row.commissionRate),
    commissionAmount: money(row.commissionAmount),
  };
}

/** A commission row in the agent's list (GET /affiliate/commissions), with its settlement's id, period type and status. */
export function commissionView(row: CommissionRow) {
  return {
    id: Number(row.id),
    ...settlementCommissionView(row),
    weekStart: row.weekStart,
    weekEnd: row.weekEnd,
    settlementId: row.settlementId,
    periodType: row.periodType,
    status: row.status,
  };
}

/** A risk log (GET /affiliate/admin/settlements/:id/risk-logs). */
export function riskLogView(row: RiskLogRow) {
  return { id: Number(row.id), settlementId: row.settlementId, ruleType: row.ruleType, detail: row.detail, createdAt: iso(row.createdAt) };
}
