import Decimal from 'decimal.js';
import { QueryTypes, type Transaction } from 'sequelize';
import { db } from '../../db/sequelize';
import { money } from '../wallet';
import { dueRealityCheck, type RealityCheck } from './money-checks';
import { protectionSettings, type LimitPeriod, type LimitType } from '../site-config';

/**
 * What GET /responsible-gaming answers (and the operators' view of a player): the limits, the session
 * settings, the exclusions and the current session, all computed by the database's clock and its rules
 * (rg_limit_in_force, rg_session_limit_in_force, rg_session_pause), so the view is what a bet meets.
 */
export interface LimitView {
  type: LimitType;
  period: LimitPeriod;
  /** The player's own amount in force (null: none). */
  amount: string | null;
  /** The operator's amount (null: none); the limit in force is the lower of the two. */
  operatorAmount: string | null;
  /** What a deposit or bet meets: the lower of amount and operatorAmount. */
  inForce: string | null;
  /** A waiting increase or removal (pendingFrom set, pendingAmount null: a removal). */
  pendingAmount: string | null;
  pendingFrom: string | null;
}

export interface ProtectionView {
  limits: LimitView[];
  sessionLimitMinutes: number | null;
  pendingSessionLimitMinutes: number | null;
  sessionLimitPendingFrom: string | null;
  realityCheckMinutes: number | null;
  coolingOffUntil: string | null;
  selfExcludedUntil: string | null;
  /** The live session (null when the player has not played for the pause that ends a session). */
  session: { startedAt: string; netResult: string } | null;
  /** The site's limit types a player must set before a first deposit, and those this player has not set. */
  requiredLimits: LimitType[];
  missingLimits: LimitType[];
  increaseDelayHours: number;
  /** The reality check due and not acknowledged (null: none): bets are refused from its acknowledgeBy. */
  realityCheck: RealityCheck | null;
}

interface LimitRow {
  type: LimitType;
  period: LimitPeriod;
  player: string | null;
  operatorAmount: string | null;
  inForce: string | null;
  pendingAmount: string | null;
  pendingFrom: Date | null;
}

interface AccountRow {
  sessionLimit: number | null;
  pendingSessionLimitMinutes: number | null;
  sessionLimitPendingFrom: Date | null;
  realityCheckMinutes: number | null;
  coolingOffUntil: Date | null;
  selfExcludedUntil: Date | null;
  sessionStartedAt: Date | null;
  sessionNet: string | null;
}

const orNull = (v: string | null) => (v === null ? null : money(v));
const iso = (v: Date | null) => (v ? new Date(v).toISOString() : null);
const TYPE_ORDER = "array_position(ARRAY['deposit', 'loss', 'wager']::varchar[], type), array_position(ARRAY['day', 'week', 'month']::varchar[], period)";

export async function protectionView(site: string, userId: number, transaction?: Transaction): Promise<ProtectionView> {
  const limits = await db().query<LimitRow>(
    `SELECT type, period, rg_limit_in_force(amount, "pendingAmount", "pendingFrom", NULL, now()) AS player, "operatorAmount",
            rg_limit_in_force(amount, "pendingAmount", "pendingFrom", "operatorAmount", now()) AS "inForce",
            CASE WHEN "pendingFrom" > now() THEN "pendingAmount" END AS "pendingAmount",
            CASE WHEN "pendingFrom" > now() THEN "pendingFrom" END AS "pendingFrom"
       FROM rg_limits WHERE "userId" = :userId ORDER BY ${TYPE_ORDER}`,
    { replacements: { userId }, type: QueryTypes.SELECT, transaction },
  );
  const [account] = await db().query<AccountRow>(
    `SELECT rg_session_limit_in_force(a, now()) AS "sessionLimit",
            CASE WHEN "sessionLimitPendingFrom" > now() THEN "pendingSessionLimitMinutes" END AS "pendingSessionLimitMinutes",
            CASE WHEN "sessionLimitPendingFrom" > now() THEN "sessionLimitPendingFrom" END AS "sessionLimitPendingFrom",
            "realityCheckMinutes",
            CASE WHEN "coolingOffUntil" > now() THEN "coolingOffUntil" END AS "coolingOffUntil",
            CASE WHEN "selfExcludedUntil" > now() THEN "selfExcludedUntil" END AS "selfExcludedUntil",
            CASE WHEN "sessionLastAt" > now() - rg_session_pause() THEN "sessionStartedAt" END AS "sessionStartedAt",
            "sessionWin" - "sessionStake" AS "sessionNet"
       FROM rg_accounts a WHERE "userId" = :userId`,
    { replacements: { userId }, type: QueryTypes.SELECT, transaction },
  );
  const [missing] = await db().query<{ types: LimitType[] }>('SELECT rg_missing_limits(:userId, :site, now()) AS types', {
    replacements: { userId, site },
    type: QueryTypes.SELECT,
    transaction,
  });
  const settings = await protectionSettings(site, transaction);
  const shown = limits.filter((l) => l.player !== null || l.operatorAmount !== null || l.pendingFrom !== null);
  return {
    limits: shown.map((l) => ({
      type: l.type,
      period: l.period,
      amount: orNull(l.player),
      operatorAmount: orNull(l.operatorAmount),
      inForce: orNull(l.inForce),
      pendingAmount: orNull(l.pendingAmount),
      pendingFrom: iso(l.pendingFrom),
    })),
    sessionLimitMinutes: account?.sessionLimit ?? null,
    pendingSessionLimitMinutes: account?.pendingSessionLimitMinutes ?? null,
    sessionLimitPendingFrom: iso(account?.sessionLimitPendingFrom ?? null),
    realityCheckMinutes: account?.realityCheckMinutes ?? null,
    coolingOffUntil: iso(account?.coolingOffUntil ?? null),
    selfExcludedUntil: iso(account?.selfExcludedUntil ?? null),
    session: account?.sessionStartedAt ? { startedAt: iso(account.sessionStartedAt)!, netResult: money(new Decimal(account.sessionNet ?? 0)) } : null,
    requiredLimits: settings.requiredLimits,
    missingLimits: missing.types,
    increaseDelayHours: settings.increaseDelayHours,
    realityCheck: await dueRealityCheck(userId, transaction),
  };
}

export interface HistoryEntry {
  id: number;
  adminId: number | null;
  action: string;
  detail: unknown;
  reason: string | null;
  createdAt: string;
}

/** The player's protection history, newest first (every change, by the player or an operator). */
export async function protectionHistory(userId: number, limit = 200): Promise<HistoryEntry[]> {
  const rows = await db().query<Omit<HistoryEntry, 'createdAt'> & { createdAt: Date }>(
    'SELECT id, "adminId", action, detail, reason, "createdAt" FROM rg_history WHERE "userId" = :userId ORDER BY id DESC LIMIT :limit',
    { replacements: { userId, limit }, type: QueryTypes.SELECT },
  );
  return rows.map((r) => ({ ...r, id: Number(r.id), createdAt: new Date(r.createdAt).toISOString() }));
}
