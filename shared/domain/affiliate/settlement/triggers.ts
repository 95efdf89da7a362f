import { type Actor, recordAdminAction } from '../../audit';
import { runAffiliateSettlement, type SettlementRunResult } from './run';

/**
 * The settlement runs started by an administrator (POST /affiliate/admin/trigger-settlement and
 * /trigger-daily-settlement): the same function as the scheduled job's, run inline for the administrator's
 * site so the answer carries the counts (what this call created: a period already settled creates
 * nothing more), followed by an operation-log row (module `affiliate`) with the result.
 */
export async function triggerSettlement(actor: Actor, siteCode: string, periodType: 'weekly' | 'daily', date?: string): Promise<SettlementRunResult> {
  const result = await runAffiliateSettlement({ periodType, date, siteCode });
  await recordAdminAction({
    adminId: actor.adminId,
    siteCode,
    module: 'affiliate',
    action: periodType === 'weekly' ? 'trigger-settlement' : 'trigger-daily-settlement',
    targetId: date ?? null,
    ...actor.meta,
    detail: { ...result, date: date ?? null },
    summary: `${periodType} settlement${date ? ` ${date}` : ''}: ${result.settlementsCreated} created, ${result.totalCommission} commission, ${result.riskFlagged} flagged`,
  });
  return result;
}
