import { QueryTypes } from 'sequelize';
import { User } from '../../../db/models';
import { db } from '../../../db/sequelize';
import { money } from '../../wallet';
import { agentCtes, lineCtes, periodReplacements, totalCtes } from './net-loss';
import { config } from '../../../config';
import { todayIn } from '../../vip';
import { periodContaining, type PeriodType } from './periods';
import { negativeCarryOver } from '../../site-config';

export interface AgentPeriodPreview {
  activeMemberCount: number;
  totalNetLoss: string;
  estimatedCommission: string;
}

/**
 * What a run would settle for one agent in the period containing `periodStart` (YYYY-MM-DD), over or not,
 * without writing: the same SQL as the run (net-loss.ts) in the agent scope, with the carry-in of the
 * previous period when the site nets deficits. estimatedCommission is the run's totalCommission.
 */
export async function previewAgentPeriod(agentId: number, periodType: PeriodType, periodStart: string): Promise<AgentPeriodPreview> {
  const agent = await User.findByPk(agentId, { attributes: ['id', 'siteCode'], raw: true });
  const empty = { activeMemberCount: 0, totalNetLoss: money(0), estimatedCommission: money(0) };
  if (!agent) return empty;
  const period = periodContaining(periodType, periodStart);
  const replacements = { ...periodReplacements(agent.siteCode, period, await negativeCarryOver(agent.siteCode)), agentId };
  const [row] = await db().query<{ activeMemberCount: number; totalNetLoss: string; totalCommission: string }>(
    `WITH ${agentCtes('agent')}, ${lineCtes('agent')}, ${totalCtes('lines', 'agent')}
     SELECT "activeMemberCount", "totalNetLoss"::text AS "totalNetLoss", "totalCommission"::text AS "totalCommission" FROM settled`,
    { replacements, type: QueryTypes.SELECT },
  );
  if (!row) return empty;
  return { activeMemberCount: row.activeMemberCount, totalNetLoss: money(row.totalNetLoss), estimatedCommission: money(row.totalCommission) };
}

/** The agent's current Monday-Sunday week of APP_TIMEZONE so far, as a weekly run would settle it (the dashboard's thisWeek, tier-info's active members). */
export function currentWeekPreview(agentId: number): Promise<AgentPeriodPreview> {
  return previewAgentPeriod(agentId, 'weekly', todayIn(config().appTimezone));
}
