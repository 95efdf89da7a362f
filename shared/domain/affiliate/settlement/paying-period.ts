import type { Transaction } from 'sequelize';
import { db } from '../../../db/sequelize';
import { periodContaining, type Period, type PeriodType } from './periods';

/**
 * Which period type pays (docs/affiliates.md, "Which period type pays"): one payout per net loss. Each
 * Monday-Sunday week of a site has one paying period type, kept in affiliate_paying_weeks: the first run
 * that touches the week (weekly, or daily for one of its days) writes the site's setting there, and every
 * later run of that week reads it back, whatever the setting has become. So a change of the setting
 * applies from the next week no run has touched, and a week is never paid by both types.
 */

/** The replacements of the statements below: the Monday of the period's week and the site's setting now. */
export function payingReplacements(period: Period, payingPeriod: PeriodType): Record<string, unknown> {
  return { payWeek: periodContaining('weekly', period.weekStart).weekStart, payingPeriod };
}

/**
 * Writes the week's paying type unless a run wrote it before (ON CONFLICT DO NOTHING). Two first runs at
 * once: the second waits on the key until the first commits, then keeps the first's value.
 */
export async function fixPayingWeek(transaction: Transaction, replacements: Record<string, unknown>): Promise<void> {
  await db().query(
    `INSERT INTO affiliate_paying_weeks ("siteCode", "weekStart", "payingPeriod")
     VALUES (:siteCode, CAST(:payWeek AS date), :payingPeriod)
     ON CONFLICT ("siteCode", "weekStart") DO NOTHING`,
    { replacements, transaction },
  );
}

/**
 * The status a new settlement of the run starts with: `pending` when the run's period type pays its
 * week, else `statement` (figures, no money; the review refuses it). The one rule that decides whether a
 * settlement carries money. Needs :siteCode, :periodType and :payWeek, after fixPayingWeek.
 */
export const NEW_SETTLEMENT_STATUS_SQL = `CASE WHEN :periodType = (SELECT "payingPeriod" FROM affiliate_paying_weeks
                                           WHERE "siteCode" = :siteCode AND "weekStart" = CAST(:payWeek AS date))
                                    THEN 'pending' ELSE 'statement' END`;
