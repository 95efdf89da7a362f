import { QueryTypes } from 'sequelize';
import { db } from '../../../db/sequelize';
import type { SettlementPeriodType, SettlementStatus } from '../../../db/models';
import { Refusal } from '../../../errors';
import { pagedRows, type Paging, type Where, whereEquals } from '../../common';
import { requireAgent } from '../agent';
import {
  adminSettlementView,
  commissionView,
  riskLogView,
  settlementColumns,
  settlementCommissionView,
  settlementView,
  type CommissionRow,
  type RiskLogRow,
  type SettlementRow,
} from './views';

/**
 * The settlement read endpoints: the agent's commission rows and settlements, one
 * settlement with its rows, and the operators' settlement list and risk logs. Every query is scoped by
 * site, and the agent's by the agent: another agent's or another site's settlement is not found (`settlementNotFound`).
 * Newest period first (weekStart, then id, descending); weekly and daily settlements both appear, each
 * with its periodType, and `periodType` filters them.
 */

function paged<T extends object>(select: string, from: string, where: Where, orderBy: string, paging: Paging) {
  return pagedRows<T>({ select, from, where: where.clauses, orderBy }, where.replacements, paging);
}

export interface CommissionFilter extends Paging {
  /** YYYY-MM-DD: the rows of the periods starting that day. */
  weekStart?: string;
  periodType?: SettlementPeriodType;
}

/** GET /affiliate/commissions: the agent's commission rows, newest period first. */
export async function listAgentCommissions(userId: number, filter: CommissionFilter) {
  const agent = await requireAgent(userId);
  const where = { clauses: ['c."agentId" = :agentId', 'c."siteCode" = :siteCode'], replacements: { agentId: agent.id, siteCode: agent.siteCode } };
  whereEquals(where, ['c."weekStart"', 'weekStart', filter.weekStart], ['s."periodType"', 'periodType', filter.periodType]);
  const { rows, pagination } = await paged<CommissionRow>(
    `c.id, c."settlementId", c."memberId", c."memberAccount", c."agentLevel", c."gameType", c."netLoss", c."commissionRate",
     c."commissionAmount", c."weekStart"::text AS "weekStart", c."weekEnd"::text AS "weekEnd", s."periodType", s.status`,
    'affiliate_commissions c JOIN affiliate_settlements s ON s.id = c."settlementId"',
    where,
    'c."weekStart" DESC, c."settlementId" DESC, c."agentLevel", c."memberAccount", c."gameType" NULLS FIRST, c.id',
    filter,
  );
  return { items: rows.map(commissionView), pagination };
}

/** GET /affiliate/settlements: the agent's settlements, newest period first. */
export async function listAgentSettlements(userId: number, filter: Paging & { periodType?: SettlementPeriodType }) {
  const agent = await requireAgent(userId);
  const where = { clauses: ['s."agentId" = :agentId', 's."siteCode" = :siteCode'], replacements: { agentId: agent.id, siteCode: agent.siteCode } };
  whereEquals(where, ['s."periodType"', 'periodType', filter.periodType]);
  const { rows, pagination } = await paged<SettlementRow>(settlementColumns('s'), 'affiliate_settlements s', where, 's."weekStart" DESC, s.id DESC', filter);
  return { items: rows.map(settlementView), pagination };
}

/** The settlement `id` of the site (and of the agent when given), else `settlementNotFound`. */
export async function findSettlement(id: number, siteCode: string, agentId?: number): Promise<SettlementRow> {
  const where = whereEquals({ clauses: ['s.id = :id', 's."siteCode" = :siteCode'], replacements: { id, siteCode } }, ['s."agentId"', 'agentId', agentId]);
  const [row] = await db().query<SettlementRow>(`SELECT ${settlementColumns('s')} FROM affiliate_settlements s WHERE ${where.clauses.join(' AND ')}`, {
    replacements: where.replacements,
    type: QueryTypes.SELECT,
  });
  if (!row) throw new Refusal('affiliate.settlementNotFound');
  return row;
}

/**
 * GET /affiliate/settlements/:id: the agent's settlement and its commission rows (by level, member and
 * game type); `settlementNotFound` for an unknown id, another agent's or another site's settlement.
 */
export async function agentSettlementDetail(userId: number, id: number) {
  const agent = await requireAgent(userId);
  const settlement = await findSettlement(id, agent.siteCode, agent.id);
  const rows = await db().query<CommissionRow>(
    `SELECT id, "memberId", "memberAccount", "agentLevel", "gameType", "netLoss", "commissionRate", "commissionAmount"
       FROM affiliate_commissions WHERE "settlementId" = :id AND "siteCode" = :siteCode
      ORDER BY "agentLevel", "memberAccount", "gameType" NULLS FIRST, id`,
    { replacements: { id, siteCode: agent.siteCode }, type: QueryTypes.SELECT },
  );
  return { settlement: settlementView(settlement), commissions: rows.map(settlementCommissionView) };
}

/** The agents the rows name, by id: account and agentCode. */
export async function agentsOf(rows: ReadonlyArray<{ agentId: number }>) {
  const ids = [...new Set(rows.map((r) => r.agentId))];
  const found = ids.length
    ? await db().query<{ id: number; account: string; agentCode: string | null }>('SELECT id, account, "agentCode" FROM users WHERE id IN (:ids)', {
        replacements: { ids },
        type: QueryTypes.SELECT,
      })
    : [];
  return new Map(found.map((a) => [a.id, a]));
}

export interface AdminSettlementFilter extends Paging {
  status?: SettlementStatus;
  weekStart?: string;
  periodType?: SettlementPeriodType;
  agentId?: number;
}

/** GET /affiliate/admin/settlements: the site's settlements with their agents, newest period first. */
export async function listSiteSettlements(siteCode: string, filter: AdminSettlementFilter) {
  const where = { clauses: ['s."siteCode" = :siteCode'], replacements: { siteCode } as Record<string, unknown> };
  whereEquals(
    where,
    ['s.status', 'status', filter.status],
    ['s."weekStart"', 'weekStart', filter.weekStart],
    ['s."periodType"', 'periodType', filter.periodType],
    ['s."agentId"', 'agentId', filter.agentId],
  );
  const { rows, pagination } = await paged<SettlementRow>(settlementColumns('s'), 'affiliate_settlements s', where, 's."weekStart" DESC, s.id DESC', filter);
  const agents = await agentsOf(rows);
  return { items: rows.map((row) => adminSettlementView(row, agents)), pagination };
}

/** GET /affiliate/admin/settlements/:id/risk-logs: the settlement's risk logs in the order written; `settlementNotFound` for an unknown id or another site's. */
export async function settlementRiskLogs(siteCode: string, id: number) {
  await findSettlement(id, siteCode);
  const rows = await db().query<RiskLogRow>(
    `SELECT id, "settlementId", "ruleType", detail, "createdAt" FROM affiliate_risk_logs WHERE "settlementId" = :id AND "siteCode" = :siteCode ORDER BY id`,
    { replacements: { id, siteCode }, type: QueryTypes.SELECT },
  );
  return rows.map(riskLogView);
}
