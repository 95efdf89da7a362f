import Decimal from 'decimal.js';
import { QueryTypes, type Transaction } from 'sequelize';
import { db } from '../../../db/sequelize';
import { forEverySite } from '../../vip';
import { money } from '../../wallet';
import { agentCtes, lineCtes, periodReplacements, totalCtes } from './net-loss';
import { settledPeriod, type Period, type PeriodType } from './periods';
import { fixPayingWeek, NEW_SETTLEMENT_STATUS_SQL, payingReplacements } from './paying-period';
import { flagRisks } from './risk';
import { settlementSettings } from '../../site-config';
import { upgradeTiers } from './tier-upgrade';

/**
 * The affiliate settlement run (docs/affiliates.md, "Settlement"): for one period and one site (or every
 * site), one settlement per agent with member activity or a carry-in, its commission lines, its risk
 * logs, and the tier moves, all set-based in ONE transaction per site:
 *
 * 1. a transaction-scoped advisory lock on (site, period type, period): concurrent runs of one period
 *    take turns, and the later one finds everything settled;
 * 2. the week's paying period type, fixed by the week's first run (paying-period.ts);
 * 3. the period's lines into a temp table (net-loss.ts), the agents' figures into another;
 * 4. INSERT the settlements ... ON CONFLICT (agentId, periodType, weekStart) DO NOTHING RETURNING, each
 *    `pending` when its period type pays the week, else a `statement`: only the rows created now get
 *    commission lines, risk checks and tier moves;
 * 5. commit. A run that dies before commit leaves nothing, so the next run (the queue's retry, the next
 *    schedule, a trigger) settles the whole site again from scratch; a site already committed is skipped
 *    row by row by the unique key. Nothing is created twice, however the runs are repeated.
 *
 * Node only sees counts: memory does not grow with players or orders.
 */

export interface SettlementRunInput {
  periodType: PeriodType;
  /** YYYY-MM-DD: the period containing it (over in APP_TIMEZONE); default the previous full period. */
  date?: string;
  /** Default every site. */
  siteCode?: string;
  /** Tests: runs inside each site's transaction after its writes, before commit (throw to simulate a crash). */
  beforeCommit?: (siteCode: string) => Promise<void> | void;
}

export interface SettlementRunResult {
  settlementsCreated: number;
  totalCommission: string;
  riskFlagged: number;
  periodType: PeriodType;
}

interface SiteResult {
  siteCode: string;
  settlementsCreated: number;
  totalCommission: string;
  riskFlagged: number;
  tiersMoved: number;
}

/** Settles the period for one site or every site; counts what this call created. InputError on `date`. */
export async function runAffiliateSettlement(input: SettlementRunInput): Promise<SettlementRunResult> {
  const period = settledPeriod(input.periodType, input.date);
  const results = input.siteCode
    ? [await settleSite(input.siteCode, period, input.beforeCommit)]
    : await forEverySite(`affiliate ${period.periodType} settlement ${period.weekStart}`, (siteCode) => settleSite(siteCode, period, input.beforeCommit));
  return {
    settlementsCreated: results.reduce((n, r) => n + r.settlementsCreated, 0),
    totalCommission: money(results.reduce((sum, r) => sum.plus(r.totalCommission), new Decimal(0))),
    riskFlagged: results.reduce((n, r) => n + r.riskFlagged, 0),
    periodType: period.periodType,
  };
}

/** One site's period, in one transaction. */
export async function settleSite(siteCode: string, period: Period, beforeCommit?: (siteCode: string) => Promise<void> | void): Promise<SiteResult> {
  const settings = await settlementSettings(siteCode);
  const replacements = { ...periodReplacements(siteCode, period, settings.negativeCarryOver), ...payingReplacements(period, settings.payingPeriod) };
  return db().transaction(async (transaction) => {
    const q = (sql: string) => db().query(sql, { replacements, transaction });
    await q(`SELECT pg_advisory_xact_lock(hashtext('affiliate-settlement:' || :siteCode || ':' || :periodType || ':' || :weekStart))`);
    await fixPayingWeek(transaction, replacements);
    await q(`SET LOCAL work_mem = '64MB'`);
    await q(`CREATE TEMP TABLE aff_lines ON COMMIT DROP AS WITH ${agentCtes('site')}, ${lineCtes('site')} SELECT * FROM lines`);
    await q(`CREATE TEMP TABLE aff_totals ON COMMIT DROP AS WITH ${agentCtes('site')}, ${totalCtes('aff_lines', 'site')} SELECT * FROM settled`);
    const created = await insertSettlements(transaction, replacements);
    let riskFlagged = 0;
    let tiersMoved = 0;
    if (created.settlementsCreated > 0) {
      await insertCommissions(transaction, replacements);
      riskFlagged = await flagRisks(transaction, replacements);
      tiersMoved = await upgradeTiers(transaction, replacements);
    }
    await beforeCommit?.(siteCode);
    return { siteCode, ...created, riskFlagged, tiersMoved };
  });
}

/** The settlements not there yet (ON CONFLICT DO NOTHING), pending or statements, recorded in aff_new (id, agentId). */
async function insertSettlements(
  transaction: Transaction,
  replacements: Record<string, unknown>,
): Promise<{ settlementsCreated: number; totalCommission: string }> {
  await db().query(`CREATE TEMP TABLE aff_new (id integer PRIMARY KEY, "agentId" integer NOT NULL, "totalCommission" numeric) ON COMMIT DROP`, { transaction });
  await db().query(
    `WITH ins AS (
       INSERT INTO affiliate_settlements ("siteCode", "agentId", "periodType", "weekStart", "weekEnd", "agentTier", "activeMemberCount",
                                          "totalNetLoss", "level1Commission", "level2Commission", "level3Commission", "totalCommission",
                                          "carriedIn", "carryOut", status, "riskFlagged")
       SELECT :siteCode, "agentId", :periodType, CAST(:weekStart AS date), CAST(:weekEnd AS date), "agentTier", "activeMemberCount",
              "totalNetLoss", l1, l2, l3, "totalCommission", "carriedIn", "carryOut", ${NEW_SETTLEMENT_STATUS_SQL}, 0
         FROM aff_totals ORDER BY "agentId"
       ON CONFLICT ("agentId", "periodType", "weekStart") DO NOTHING
       RETURNING id, "agentId", "totalCommission")
     INSERT INTO aff_new SELECT id, "agentId", "totalCommission" FROM ins`,
    { replacements, transaction },
  );
  const [row] = await db().query<{ created: number; total: string }>(
    `SELECT COUNT(*)::integer AS created, COALESCE(SUM("totalCommission"), 0)::text AS total FROM aff_new`,
    { type: QueryTypes.SELECT, transaction },
  );
  return { settlementsCreated: row.created, totalCommission: money(row.total) };
}

/** The lines of the settlements created now, one per (settlement, member, game type). */
async function insertCommissions(transaction: Transaction, replacements: Record<string, unknown>): Promise<void> {
  await db().query(
    `INSERT INTO affiliate_commissions ("settlementId", "siteCode", "agentId", "memberId", "memberAccount", "agentLevel", "gameType",
                                        "netLoss", "commissionRate", "commissionAmount", "weekStart", "weekEnd")
     SELECT n.id, :siteCode, l."agentId", l."memberId", l."memberAccount", l."agentLevel", l."gameType",
            l."netLoss", l."commissionRate", l."commissionAmount", CAST(:weekStart AS date), CAST(:weekEnd AS date)
       FROM aff_lines l JOIN aff_new n ON n."agentId" = l."agentId"`,
    { replacements, transaction },
  );
}
