import { QueryTypes } from 'sequelize';
import { config } from '../../config';
import { AffiliateClick } from '../../db/models';
import { db } from '../../db/sequelize';
import { InputError, Refusal } from '../../errors';
import { rowsInDays } from '../common';
import { shiftDay, todayIn } from '../vip';
import { requireAgent } from './agent';
import { resolveCode } from './codes';

/**
 * Clicks on an agent's links: track-click records one row per click (ip, device = the
 * User-Agent, the code as sent, its agent and referral code); click-stats counts per day of
 * APP_TIMEZONE the clicks, the distinct IPs and the registrations through the agent's codes (its
 * bind logs of source `register`, so a later transfer does not rewrite history).
 */

/** POST /affiliate/track-click: {tracked: true}; `refCodeUnknown` when the code names no agent of the site. */
export async function trackClick(siteCode: string, refCode: string, meta: { ip: string | null; userAgent: string | null }): Promise<{ tracked: true }> {
  const resolved = await resolveCode(siteCode, refCode);
  if (!resolved) throw new Refusal('affiliate.refCodeUnknown');
  await AffiliateClick.create({
    siteCode,
    agentId: resolved.agentId,
    refCode,
    referralCodeId: resolved.referralCodeId,
    ip: (meta.ip ?? '').slice(0, 64),
    device: (meta.userAgent ?? '').slice(0, 255),
  });
  return { tracked: true };
}

/** The longest range click-stats answers, in days. */
export const CLICK_STATS_MAX_DAYS = 366;
const DEFAULT_DAYS = 7;

const daysBetween = (start: string, end: string) => Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000);

/** The range asked for: endDate defaults to today, startDate to 6 days before endDate (a week). */
function rangeOf(input: { startDate?: string; endDate?: string }): { start: string; end: string } {
  const end = input.endDate ?? todayIn(config().appTimezone);
  const start = input.startDate ?? shiftDay(end, -(DEFAULT_DAYS - 1));
  if (start > end) throw new InputError('endDate', 'endDate must not be before startDate', 'query');
  if (daysBetween(start, end) >= CLICK_STATS_MAX_DAYS) throw new InputError('endDate', `the range must be at most ${CLICK_STATS_MAX_DAYS} days`, 'query');
  return { start, end };
}

interface DayRow {
  date: string;
  clicks: string;
  uniqueIps: string;
  registrations: string;
}

/**
 * GET /affiliate/click-stats: {totalClicks, uniqueIps (distinct over the whole range), registrations,
 * daily[{date, clicks, uniqueIps, registrations}]} with every day of the range, oldest first. `notAgent` for a player who is not an agent.
 */
export async function clickStats(userId: number, input: { startDate?: string; endDate?: string }) {
  const agent = await requireAgent(userId);
  const { start, end } = rangeOf(input);
  const inRange = rowsInDays([], { agentId: agent.id, siteCode: agent.siteCode }, 'createdAt', { startDate: start, endDate: end });
  const { replacements } = inRange;
  const window = inRange.clauses.join(' AND ');
  const dayOf = `(("createdAt" AT TIME ZONE :tz)::date)`;
  const daily = await db().query<DayRow>(
    `WITH c AS (SELECT ${dayOf} AS day, COUNT(*) AS clicks, COUNT(DISTINCT ip) AS ips
                  FROM affiliate_clicks WHERE "agentId" = :agentId AND "siteCode" = :siteCode AND ${window} GROUP BY 1),
          r AS (SELECT ${dayOf} AS day, COUNT(*) AS regs
                  FROM affiliate_bind_logs WHERE "newAgentId" = :agentId AND "siteCode" = :siteCode AND source = 'register' AND ${window} GROUP BY 1)
     SELECT to_char(d, 'YYYY-MM-DD') AS date, COALESCE(c.clicks, 0)::text AS clicks, COALESCE(c.ips, 0)::text AS "uniqueIps", COALESCE(r.regs, 0)::text AS registrations
       FROM generate_series(CAST(:startDate AS date), CAST(:endDate AS date), interval '1 day') AS d
       LEFT JOIN c ON c.day = d::date LEFT JOIN r ON r.day = d::date
      ORDER BY d`,
    { replacements, type: QueryTypes.SELECT },
  );
  const [totals] = await db().query<{ uniqueIps: string }>(
    `SELECT COUNT(DISTINCT ip)::text AS "uniqueIps" FROM affiliate_clicks WHERE "agentId" = :agentId AND "siteCode" = :siteCode AND ${window}`,
    { replacements, type: QueryTypes.SELECT },
  );
  const days = daily.map((d) => ({ date: d.date, clicks: Number(d.clicks), uniqueIps: Number(d.uniqueIps), registrations: Number(d.registrations) }));
  return {
    totalClicks: days.reduce((sum, d) => sum + d.clicks, 0),
    uniqueIps: Number(totals.uniqueIps),
    registrations: days.reduce((sum, d) => sum + d.registrations, 0),
    daily: days,
  };
}
