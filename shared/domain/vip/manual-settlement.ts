import type { Actor } from '../audit/actor';
import { recordAdminAction } from '../audit/operation-log';
import { settleDailyRebate } from './rebate';
import { runMonthlyRelegation } from './relegation';

/**
 * The settlement runs started by an administrator (POST /vip/settlement/daily-rebate and
 * /monthly-relegation): the same runs as the scheduled jobs' (a period already settled pays or applies
 * nothing more), each followed by an operation-log row (module `vip`) with its result.
 */

export interface ManualRebateResult {
  usersProcessed: number;
  totalRebate: string;
  usersPaid: number;
  day: string;
  alreadySettled: boolean;
}

export interface ManualRelegationResult {
  checked: number;
  warned: number;
  demoted: number;
  month: string;
  alreadySettled: boolean;
}

const alreadyNote = (alreadySettled: boolean) => (alreadySettled ? ' (already settled)' : '');

/** Settles a site's day (default yesterday); InputError on `day` for a malformed day or one not over yet. */
export async function settleDailyRebateNow(actor: Actor, siteCode: string, day: string | undefined): Promise<ManualRebateResult> {
  const r = await settleDailyRebate({ siteCode, day });
  await recordAdminAction({
    adminId: actor.adminId,
    siteCode,
    module: 'vip',
    action: 'daily-rebate',
    targetId: r.day,
    ...actor.meta,
    detail: r,
    summary: `daily rebate ${r.day}: ${r.usersProcessed} users, ${r.totalRebate}${alreadyNote(r.alreadySettled)}`,
  });
  return { usersProcessed: r.usersProcessed, totalRebate: r.totalRebate, usersPaid: r.usersPaid, day: r.day, alreadySettled: r.alreadySettled };
}

/** Judges a site's month (default last month); InputError on `month` for a malformed month or one not over yet. */
export async function runMonthlyRelegationNow(actor: Actor, siteCode: string, month: string | undefined): Promise<ManualRelegationResult> {
  const r = await runMonthlyRelegation({ siteCode, month });
  await recordAdminAction({
    adminId: actor.adminId,
    siteCode,
    module: 'vip',
    action: 'monthly-relegation',
    targetId: r.month,
    ...actor.meta,
    detail: r,
    summary: `relegation ${r.month}: ${r.checked} checked, ${r.warned} warned, ${r.demoted} demoted${alreadyNote(r.alreadySettled)}`,
  });
  return { checked: r.checked, warned: r.warned, demoted: r.demoted, month: r.month, alreadySettled: r.alreadySettled };
}
