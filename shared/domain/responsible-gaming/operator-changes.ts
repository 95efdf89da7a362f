import { InputError, Refusal } from '../../errors';
import type { Actor } from '../audit';
import { excludeLinked, recordChange, requirePlayerOfSite, underExclusionLock, underProtectionLock, type ChangedBy } from './changes';
import type { LimitPeriod, LimitType } from '../site-config';
import { protectionHistory, protectionView, type HistoryEntry, type ProtectionView } from './state';
import { exclusionEnd, setExclusionEnd } from './queries/accounts';
import { dropEmptyLimit, operatorLimitRow, upsertOperatorLimit } from './queries/limits';

/**
 * Operators' player protection (permission module `responsible-gaming`): read a player's state and
 * history, set operator limits (at once; the limit in force is the lower of the player's and the
 * operator's, so the player cannot raise it) and exclusions, each with a reason. An exclusion is never
 * shortened, by anyone. Every change is a history row and an operation-log row (changes.ts).
 */
const byOperator = (actor: Actor, site: string, reason: string): ChangedBy => ({ adminId: actor.adminId, siteCode: site, meta: actor.meta, reason });

export async function operatorView(site: string, userId: number): Promise<ProtectionView & { userId: number; history: HistoryEntry[] }> {
  await requirePlayerOfSite(site, userId);
  return { userId, ...(await protectionView(site, userId)), history: await protectionHistory(userId) };
}

export interface OperatorLimitRequest {
  type: LimitType;
  period: LimitPeriod;
  /** Null removes the operator's limit (the player's own stays). */
  amount: string | null;
  reason: string;
}

export async function setOperatorLimit(actor: Actor, site: string, userId: number, request: OperatorLimitRequest): Promise<ProtectionView> {
  return underProtectionLock(site, userId, async (t) => {
    const key = { userId, type: request.type, period: request.period };
    const row = await operatorLimitRow(t, key);
    await upsertOperatorLimit(t, key, site, request.amount);
    await dropEmptyLimit(t, key);
    await recordChange(t, userId, byOperator(actor, site, request.reason), 'set-operator-limit', {
      type: request.type,
      period: request.period,
      from: row?.operatorAmount ?? null,
      to: request.amount,
    });
    return protectionView(site, userId, t);
  });
}

export interface OperatorExclusionRequest {
  kind: 'cooling-off' | 'self-exclusion';
  /** ISO 8601 instant in the future. */
  until: string;
  reason: string;
}

/** Sets an exclusion's end (open promotion rewards forfeited: underExclusionLock); `exclusionNotShortened` when it would end before the current end. */
export async function setOperatorExclusion(actor: Actor, site: string, userId: number, request: OperatorExclusionRequest): Promise<ProtectionView> {
  const until = new Date(request.until);
  if (Number.isNaN(until.getTime()) || until.getTime() <= Date.now()) throw new InputError('until', 'must be an instant in the future');
  const column = request.kind === 'cooling-off' ? 'coolingOffUntil' : 'selfExcludedUntil';
  return underExclusionLock(site, userId, async (t, forfeit, linked) => {
    const current = await exclusionEnd(t, userId, column);
    if (current && until.getTime() < new Date(current).getTime()) throw new Refusal('responsible-gaming.exclusionNotShortened');
    await setExclusionEnd(t, userId, column, until);
    const by = byOperator(actor, site, request.reason);
    await recordChange(t, userId, by, `operator-${request.kind}`, {
      from: current,
      to: until.toISOString(),
      forfeited: await forfeit(),
    });
    await excludeLinked(t, userId, linked, by, `operator-${request.kind}`, { column, until });
    return protectionView(site, userId, t);
  });
}
