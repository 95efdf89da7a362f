import { Refusal } from '../../errors';
import { type Actor, recordAdminAction } from '../audit';
import { settleDailyRebate } from './rebate';
import { runMonthlyRelegation } from './relegation';
import { checkMonthFormat, defaultRelegationMonth, isMonthOver } from './settlement-periods';

/**
 * The settlement runs started by an administrator (POST /vip/settlement/daily-rebate and
 * /monthly-relegation): the same runs as the scheduled jobs' (a day already settled pays nothing more; a
 * month already judged is refused), each followed by an operation-log row (module `vip`) with its result.
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

/**
 * Judges a site's month (default last month): InputError on `month` for a malformed month; refused
 * (`vip.relegationMonthNotOver`) for a month not over yet and (`vip.relegationMonthAlreadyRun`) for one
 * whose run is done, applying nothing (docs/decisions/vip.md, "A VIP demotion sticks until the level is
 * earned again"). A run left unfinished (a crash) is resumed.
 */
export async function runMonthlyRelegationNow(actor: Actor, siteCode: string, month: string | undefined): Promise<ManualRelegationResult> {
  const judged = checkMonthFormat(month ?? defaultRelegationMonth());
  if (!isMonthOver(judged)) throw new Refusal('vip.relegationMonthNotOver', `month ${judged} is not over yet`);
  const r = await runMonthlyRelegation({ siteCode, month: judged });
  if (r.alreadySettled) throw new Refusal('vip.relegationMonthAlreadyRun', `relegation of ${judged} for ${siteCode} is done`);
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
