import Decimal from 'decimal.js';
import type { Transaction } from 'sequelize';
import { money } from '../wallet';
import { dueRealityCheck, type RealityCheck } from './money-checks';
import { protectionSettings, type LimitPeriod, type LimitType } from '../site-config';
import { accountViewRow } from './queries/accounts';
import { historyRows } from './queries/history';
import { limitRows, missingLimits } from './queries/limits';

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

const orNull = (v: string | null) => (v === null ? null : money(v));
const iso = (v: Date | null) => (v ? new Date(v).toISOString() : null);

export async function protectionView(site: string, userId: number, transaction?: Transaction): Promise<ProtectionView> {
  const limits = await limitRows(userId, transaction);
  const account = await accountViewRow(userId, transaction);
  const missing = await missingLimits(userId, site, transaction);
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
    missingLimits: missing,
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
  const rows = await historyRows(userId, limit);
  return rows.map((r) => ({ ...r, id: Number(r.id), createdAt: new Date(r.createdAt).toISOString() }));
}
