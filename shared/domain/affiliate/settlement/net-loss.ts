import { config } from '../../../config';
import { gameTypeValuesSql } from '../../vip';
import { previousPeriod, type Period } from './periods';
import { agentTierSql, RATE_CTES, rateLookup } from './rates';

/**
 * The SQL of one settlement period (docs/affiliates.md, "Settlement"), shared by the run (every agent of
 * a site, run.ts) and the dashboard's preview (one agent, preview.ts): the same text, only the scope
 * differs (`site` or `agent`, the latter with :agentId).
 *
 * - lines: one row per (agent, member, game type): the member's level under the agent (1..3, from
 *   users.level1/2/3AgentId), the net loss (stakes minus wins of the member's valid settled bet orders
 *   settled in the period, per game type key; minus the rewards credited in the period, in a row with
 *   game type null), the bets counted, the rate and the commission (net loss x rate / 100, rounded to 6
 *   decimals).
 * - settled: one row per agent with lines or a carry-in: the tier the lines' rates came from, active members, total net loss, the level
 *   commissions, carriedIn, totalCommission (never below 0) and carryOut.
 *
 * Replacements: periodReplacements() and, for the agent scope, agentId.
 */

export type Scope = 'site' | 'agent';

/**
 * The ledger kinds that count as rewards credited to a member (subtracted from its net loss). A
 * forfeited promotion reward (`promo-forfeit`, negative) takes its reward back out of that sum.
 */
export const REWARD_KINDS = ['rebate', 'promo-reward', 'promo-forfeit', 'mission-reward'] as const;

/** The replacements every statement here needs. */
export function periodReplacements(siteCode: string, period: Period, carryOver: boolean): Record<string, unknown> {
  return {
    siteCode,
    periodType: period.periodType,
    weekStart: period.weekStart,
    weekEnd: period.weekEnd,
    prevStart: previousPeriod(period).weekStart,
    tz: config().appTimezone,
    carryOver,
  };
}

const FROM = `(CAST(:weekStart AS date)::timestamp AT TIME ZONE :tz)`;
const TO = `((CAST(:weekEnd AS date) + 1)::timestamp AT TIME ZONE :tz)`;

/** The instant the period ends (exclusive), for other statements of the run. */
export const PERIOD_END_SQL = TO;

/** CTEs lowest, rates, agents (the site's agents in scope with their tier). */
export function agentCtes(scope: Scope): string {
  return `${RATE_CTES},
  agents AS MATERIALIZED (
    SELECT a.id, ${agentTierSql('a')} AS tier FROM users a
     WHERE a."siteCode" = :siteCode AND a."agentCode" IS NOT NULL${scope === 'agent' ? ' AND a.id = :agentId' : ''})`;
}

/** CTEs members, activity and lines (after agentCtes). */
export function lineCtes(scope: Scope): string {
  const downline =
    scope === 'agent'
      ? `(m."level1AgentId" = :agentId OR m."level2AgentId" = :agentId OR m."level3AgentId" = :agentId) AND up."agentId" = :agentId`
      : `(m."level1AgentId" IS NOT NULL OR m."level2AgentId" IS NOT NULL OR m."level3AgentId" IS NOT NULL) AND up."agentId" IS NOT NULL`;
  const inScope = scope === 'agent' ? ` AND "userId" IN (SELECT id FROM members)` : '';
  const rate = rateLookup('ag.tier', 'mb."agentLevel"', 'ac."gameType"');
  return `
  members AS MATERIALIZED (
    SELECT m.id, m.account, up.level AS "agentLevel", up."agentId"
      FROM users m
      CROSS JOIN LATERAL (VALUES (1, m."level1AgentId"), (2, m."level2AgentId"), (3, m."level3AgentId")) AS up(level, "agentId")
     WHERE m."siteCode" = :siteCode AND ${downline}),
  activity AS MATERIALIZED (
    SELECT s."userId", COALESCE(gt."typeKey", s."gameType") AS "gameType", s.net, s.bets
      FROM (SELECT "userId", "gameType", SUM("betAmount" - "winAmount") AS net, COUNT(*) AS bets
              FROM bet_orders
             WHERE "siteCode" = :siteCode AND status = 'valid' AND settled
               AND COALESCE("settledAt", "betDatetime") >= ${FROM} AND COALESCE("settledAt", "betDatetime") < ${TO}${inScope}
             GROUP BY "userId", "gameType") s
      LEFT JOIN ${gameTypeValuesSql()} ON gt.code = s."gameType"
    UNION ALL
    SELECT "userId", NULL, -SUM(amount), 0
      FROM game_transactions
     WHERE "siteCode" = :siteCode AND kind IN (${REWARD_KINDS.map((k) => `'${k}'`).join(', ')})
       AND "createdAt" >= ${FROM} AND "createdAt" < ${TO}${inScope}
     GROUP BY "userId"),
  lines AS (
    SELECT mb."agentId", ag.tier AS "agentTier", mb."agentLevel", mb.id AS "memberId", mb.account AS "memberAccount", ac."gameType",
           ac.net AS "netLoss", ac.bets, ${rate.rate} AS "commissionRate", round(ac.net * ${rate.rate} / 100, 6) AS "commissionAmount"
      FROM activity ac
      JOIN members mb ON mb.id = ac."userId"
      JOIN agents ag ON ag.id = mb."agentId"${rate.joins})`;
}

/**
 * CTEs totals, carry and settled over the lines in `lines` (a CTE or a table; after agentCtes).
 * Carry-over on (:carryOver): carriedIn = the carryOut (<= 0) of the agent's settlement of the same type
 * for the period just before (:prevStart); gross = level 1 + 2 + 3 commission + carriedIn; totalCommission
 * = max(gross, 0); carryOut = min(gross, 0). Off: carriedIn = carryOut = 0, totalCommission = max(sum, 0).
 */
export function totalCtes(lines: string, scope: Scope): string {
  return `
  totals AS (
    SELECT "agentId", MIN("agentTier") AS tier,
           COUNT(DISTINCT "memberId") FILTER (WHERE bets > 0) AS active,
           SUM("netLoss") AS "netLoss",
           COALESCE(SUM("commissionAmount") FILTER (WHERE "agentLevel" = 1), 0) AS l1,
           COALESCE(SUM("commissionAmount") FILTER (WHERE "agentLevel" = 2), 0) AS l2,
           COALESCE(SUM("commissionAmount") FILTER (WHERE "agentLevel" = 3), 0) AS l3
      FROM ${lines} GROUP BY "agentId"),
  carry AS (
    SELECT "agentId", "carryOut" FROM affiliate_settlements
     WHERE :carryOver AND "siteCode" = :siteCode AND "periodType" = :periodType AND "weekStart" = CAST(:prevStart AS date)
       AND "carryOut" < 0${scope === 'agent' ? ' AND "agentId" = :agentId' : ''}),
  gross AS (
    SELECT ag.id AS "agentId", COALESCE(t.tier, ag.tier) AS "agentTier", COALESCE(t.active, 0)::integer AS "activeMemberCount",
           COALESCE(t."netLoss", 0) AS "totalNetLoss", COALESCE(t.l1, 0) AS l1, COALESCE(t.l2, 0) AS l2, COALESCE(t.l3, 0) AS l3,
           COALESCE(c."carryOut", 0) AS "carriedIn",
           COALESCE(t.l1, 0) + COALESCE(t.l2, 0) + COALESCE(t.l3, 0) + COALESCE(c."carryOut", 0) AS gross
      FROM agents ag
      LEFT JOIN totals t ON t."agentId" = ag.id
      LEFT JOIN carry c ON c."agentId" = ag.id
     WHERE t."agentId" IS NOT NULL OR c."agentId" IS NOT NULL),
  settled AS (
    SELECT "agentId", "agentTier", "activeMemberCount", "totalNetLoss", l1, l2, l3, "carriedIn",
           GREATEST(gross, 0) AS "totalCommission",
           CASE WHEN :carryOver THEN LEAST(gross, 0) ELSE 0 END AS "carryOut"
      FROM gross)`;
}
