import Decimal from 'decimal.js';
import { QueryTypes, type Transaction } from 'sequelize';
import { db } from '../../db/sequelize';
import { Refusal } from '../../errors';
import { recordAdminAction, type RequestMeta } from '../audit';
import { forfeitOnExclusion } from '../bonus';
import { forgetUnreadCount } from '../inbox';
import { identityLinkedAccounts, type Holder } from '../risk';
import { forfeitOpenClaims, lockOpenClaims, openClaimIds, type OpenClaim } from './promo-forfeits';
import { exclusionInForce } from './money-checks';
import { protectionSettings, type LimitPeriod, type LimitType } from '../site-config';
import { protectionView, type ProtectionView } from './state';
import {
  exclusionEnd,
  extendExclusion,
  lockRgAccount,
  sessionSettingsRow,
  setExclusionEnd,
  updateRealityCheckMinutes,
  updateSessionLimit,
  type Exclusion,
} from './queries/accounts';
import { insertHistoryRow } from './queries/history';
import { dropEmptyLimit, playerLimitRow, upsertPlayerLimit } from './queries/limits';

/**
 * Changes of a player's protection, by the player (PUT /responsible-gaming/limits, PUT .../session,
 * POST .../cooling-off, POST .../self-exclusion) or by an operator (operator-changes.ts). Each runs in one
 * transaction under the player's protection lock (rg_account, the lock deposits take too), and writes a
 * history row (rg_history) and an operation-log row (module `responsible-gaming`; adminId null when the
 * player acted) with it. docs/decisions/responsible-gaming.md, "Player protection: calendar periods, running totals,
 * checked where the money moves".
 */
export interface ChangedBy {
  adminId: number | null;
  siteCode: string;
  meta: RequestMeta;
  reason?: string | null;
}

/** Refuses (`playerNotFound`) a user id that is not a player of the site. */
export async function requirePlayerOfSite(site: string, userId: number, transaction?: Transaction): Promise<void> {
  const [user] = await db().query<{ id: number }>('SELECT id FROM users WHERE id = :userId AND "siteCode" = :site', {
    replacements: { userId, site },
    type: QueryTypes.SELECT,
    transaction,
  });
  if (!user) throw new Refusal('responsible-gaming.playerNotFound');
}

/** Runs `change` under the player's protection lock; `playerNotFound` when the player is not of the site. */
export async function underProtectionLock<T>(site: string, userId: number, change: (t: Transaction) => Promise<T>): Promise<T> {
  return db().transaction(async (transaction) => {
    await requirePlayerOfSite(site, userId, transaction);
    await lockRgAccount(transaction, userId);
    return change(transaction);
  });
}

/** An account linked to the excluded one by identity, with the forfeit of its rewards (underExclusionLock). */
export interface LinkedAccount extends Holder {
  forfeit: () => Promise<string>;
}

/**
 * Runs the start (or extension) of an exclusion, by the player or an operator, for the person: the player
 * and every account of the player's scope linked to it by identity (a verified e-mail or mobile, a KYC
 * name and date of birth: shared/domain/risk, identityLinkedAccounts, which first takes the locks of those
 * values so an identity claimed at the same moment waits or is seen; docs/decisions/risk.md, "An
 * exclusion follows the person"). It locks, in the one lock order (docs/decisions/platform.md, "One lock
 * order"), the open promotion claims of every one of them, their `users` rows in id order, then their
 * protection rows in id order; `change` writes the exclusion (excludeLinked for the linked accounts) and
 * calls each account's `forfeit`, which takes back the rewards of its claims when an exclusion is in force
 * (shared/domain/responsible-gaming/promo-forfeits.ts), and the active bonus grants
 * (shared/domain/bonus/grants.ts forfeitOnExclusion), and answers what was taken. Every money path that
 * asks about an exclusion holds the player's `users` row when it asks (wallet moves, claims, withdrawals,
 * the rebate), so an exclusion starting at the same time waits for it or is seen by it.
 *
 * A claim that was not yet committed when the claims were locked commits before this transaction gets the
 * `users` row (a claim pays holding that row). Its row cannot be locked now without breaking the lock order,
 * so the open claims are read again once the `users` rows are held (no claim can commit after that): when a
 * claim appeared, the transaction is rolled back and run again, and the next run locks it first.
 */
export async function underExclusionLock<T>(
  site: string,
  userId: number,
  change: (t: Transaction, forfeit: () => Promise<string>, linked: LinkedAccount[]) => Promise<T>,
): Promise<T> {
  let involved = [userId];
  try {
    return await excludeInTransaction(site, userId, change, (ids) => (involved = ids));
  } finally {
    // The inbox hides promotional messages during an exclusion (inbox/visibility.ts): the cached counts are stale.
    await Promise.all(involved.map((id) => forgetUnreadCount(id)));
  }
}

async function excludeInTransaction<T>(
  site: string,
  userId: number,
  change: (t: Transaction, forfeit: () => Promise<string>, linked: LinkedAccount[]) => Promise<T>,
  involve: (ids: number[]) => void,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db().transaction(async (transaction) => {
        await requirePlayerOfSite(site, userId, transaction);
        const linked = await identityLinkedAccounts(transaction, site, userId);
        const ids = [userId, ...linked.map((account) => account.id)].sort((a, b) => a - b);
        involve(ids);
        const claims = new Map<number, OpenClaim[]>();
        for (const id of ids) claims.set(id, await lockOpenClaims(transaction, id));
        await db().query('SELECT id FROM users WHERE id IN (:ids) ORDER BY id FOR NO KEY UPDATE', {
          replacements: { ids },
          type: QueryTypes.SELECT,
          transaction,
        });
        for (const id of ids) await lockRgAccount(transaction, id);
        for (const id of ids) {
          const known = new Set(claims.get(id)!.map((claim) => String(claim.id)));
          if ((await openClaimIds(transaction, id)).some((claimId) => !known.has(claimId))) {
            if (attempt < MAX_EXCLUSION_ATTEMPTS) throw new ClaimsMovedOn();
            claims.set(id, await lockOpenClaims(transaction, id));
          }
        }
        const forfeitOf = (id: number) => async () => {
          const exclusion = await exclusionInForce(id, transaction);
          // Bonus money is forfeited too, under the player's row (docs/decisions/bonus.md): its bonus-forfeit ledger rows say why.
          if (exclusion) await forfeitOnExclusion(transaction, id);
          const open = claims.get(id)!;
          return exclusion && open.length ? forfeitOpenClaims(transaction, id, open, exclusion) : '0.000000';
        };
        return change(
          transaction,
          forfeitOf(userId),
          linked.map((account) => ({ ...account, forfeit: forfeitOf(account.id) })),
        );
      });
    } catch (err) {
      if (!(err instanceof ClaimsMovedOn)) throw err;
    }
  }
}

/**
 * The exclusion `column` of the player, now ending at `until`, given to each linked account too: its end
 * becomes `until` unless it ends later already (never shortened), with a history row and an operation-log
 * row on the account's own site (action `linked-<action>`, naming the player it follows) and the forfeit
 * of its rewards.
 */
export async function excludeLinked(
  t: Transaction,
  userId: number,
  linked: readonly LinkedAccount[],
  by: ChangedBy,
  action: string,
  exclusion: { column: Exclusion; until: Date },
): Promise<void> {
  for (const account of linked) {
    const current = await exclusionEnd(t, account.id, exclusion.column);
    if (!current || new Date(current).getTime() < exclusion.until.getTime()) await setExclusionEnd(t, account.id, exclusion.column, exclusion.until);
    await recordChange(t, account.id, { ...by, siteCode: account.siteCode }, `linked-${action}`, {
      linkedTo: userId,
      from: current,
      to: current && new Date(current).getTime() > exclusion.until.getTime() ? current : exclusion.until.toISOString(),
      forfeited: await account.forfeit(),
    });
  }
}

/**
 * Runs of underExclusionLock. A new run is needed only when a claim commits in the gap of the run before,
 * so five is far more than a player claiming promotions can cause; the last run locks the late claims after
 * the `users` row (out of the lock order: a deadlock there is detected by Postgres and fails the request).
 */
const MAX_EXCLUSION_ATTEMPTS = 5;

/** A claim committed between locking the claims and the `users` row: run the exclusion again. */
class ClaimsMovedOn extends Error {}

/** The history row and the operation-log row of one change, in its transaction. */
export async function recordChange(t: Transaction, userId: number, by: ChangedBy, action: string, detail: Record<string, unknown>): Promise<void> {
  await insertHistoryRow(t, { userId, site: by.siteCode, adminId: by.adminId, action, detail, reason: by.reason ?? null });
  await recordAdminAction(
    {
      adminId: by.adminId,
      siteCode: by.siteCode,
      module: 'responsible-gaming',
      action,
      targetId: userId,
      ...by.meta,
      detail: { ...detail, reason: by.reason ?? undefined },
      summary: `${by.adminId === null ? 'player' : 'operator'} ${action} for player ${userId}`,
    },
    { transaction: t },
  );
}

/** How a requested amount relates to the one in force: null is "no limit", the largest. */
function isIncrease(requested: string | null, current: string | null): boolean {
  if (current === null) return false;
  return requested === null || new Decimal(requested).gt(current);
}
const same = (a: string | number | null, b: string | number | null) => (a === null || b === null ? a === b : new Decimal(a).eq(b));

export interface LimitRequest {
  type: LimitType;
  period: LimitPeriod;
  /** Null removes the limit. */
  amount: string | null;
}

/**
 * The player's own limit: a new limit or a decrease takes effect at once; an increase or a removal waits
 * the site's increaseDelayHours (pendingAmount, pendingFrom), and asking for the amount in force again
 * cancels what waits. Asking again for another increase starts a new wait.
 */
export async function setPlayerLimit(site: string, userId: number, by: ChangedBy, request: LimitRequest): Promise<ProtectionView> {
  return underProtectionLock(site, userId, async (t) => {
    const key = { userId, type: request.type, period: request.period };
    const row = await playerLimitRow(t, key);
    const current = row?.current ?? null;
    const { increaseDelayHours } = await protectionSettings(site, t);
    let action: string;
    let next: { amount: string | null; pendingAmount: string | null; delayHours: number | null };
    if (same(request.amount, current)) {
      if (!row?.pendingFrom) return protectionView(site, userId, t);
      action = 'cancel-pending-limit';
      next = { amount: current, pendingAmount: null, delayHours: null };
    } else if (isIncrease(request.amount, current) && increaseDelayHours > 0) {
      action = 'request-limit-increase';
      next = { amount: current, pendingAmount: request.amount, delayHours: increaseDelayHours };
    } else {
      action = 'set-limit';
      next = { amount: request.amount, pendingAmount: null, delayHours: null };
    }
    await upsertPlayerLimit(t, key, site, next);
    await dropEmptyLimit(t, key);
    await recordChange(t, userId, by, action, { type: request.type, period: request.period, from: current, to: request.amount, delayHours: next.delayHours });
    return protectionView(site, userId, t);
  });
}

export interface SessionRequest {
  /** Undefined: unchanged; null: removed (after the delay, as an increase). */
  sessionLimitMinutes?: number | null;
  /** Undefined: unchanged; null: no reality checks. At once either way. */
  realityCheckMinutes?: number | null;
}

/**
 * The session time limit (the limits' rule: a decrease at once, an increase or removal after the delay)
 * and the reality-check interval (at once; longer than the site profile's longest: `realityCheckTooLong`).
 */
export async function setPlayerSession(site: string, userId: number, by: ChangedBy, request: SessionRequest): Promise<ProtectionView> {
  return underProtectionLock(site, userId, async (t) => {
    const row = await sessionSettingsRow(t, userId);
    const { increaseDelayHours, floors } = await protectionSettings(site, t);
    if (request.realityCheckMinutes != null && request.realityCheckMinutes > floors.longestRealityCheckMinutes) {
      throw new Refusal('responsible-gaming.realityCheckTooLong', `the site's longest interval is ${floors.longestRealityCheckMinutes} minutes`);
    }
    if (request.sessionLimitMinutes !== undefined) {
      const current = row.current;
      const wanted = request.sessionLimitMinutes;
      let action: string | null = null;
      let next = { minutes: wanted, pending: null as number | null, delayHours: null as number | null };
      if (same(wanted, current)) {
        if (row.pendingFrom) action = 'cancel-pending-session-limit';
        next = { minutes: current, pending: null, delayHours: null };
      } else if (current !== null && (wanted === null || wanted > current) && increaseDelayHours > 0) {
        action = 'request-session-limit-increase';
        next = { minutes: current, pending: wanted, delayHours: increaseDelayHours };
      } else {
        action = 'set-session-limit';
      }
      if (action) {
        await updateSessionLimit(t, userId, next);
        await recordChange(t, userId, by, action, { from: current, to: wanted, delayHours: next.delayHours });
      }
    }
    if (request.realityCheckMinutes !== undefined && request.realityCheckMinutes !== row.realityCheckMinutes) {
      await updateRealityCheckMinutes(t, userId, request.realityCheckMinutes);
      await recordChange(t, userId, by, 'set-reality-check', { from: row.realityCheckMinutes, to: request.realityCheckMinutes });
    }
    return protectionView(site, userId, t);
  });
}

/**
 * POST /responsible-gaming/cooling-off: no deposits, bets or promotion claims for `days` (the player cannot
 * end it early); open promotion rewards are forfeited (underExclusionLock).
 */
export async function startCoolingOff(site: string, userId: number, by: ChangedBy, days: number): Promise<ProtectionView> {
  return underExclusionLock(site, userId, async (t, forfeit, linked) => {
    const { from, to } = await extendExclusion(t, userId, 'coolingOffUntil', { days });
    await recordChange(t, userId, by, 'cooling-off', { days, from, to, forfeited: await forfeit() });
    await excludeLinked(t, userId, linked, by, 'cooling-off', { column: 'coolingOffUntil', until: new Date(to) });
    return protectionView(site, userId, t);
  });
}

/**
 * The end an indefinite self-exclusion is stored with (rg_accounts."selfExcludedUntil"): later than any
 * timed one, so every rule that reads the end (the money checks, "never shortened") treats it as one that
 * does not end; answered as this instant (docs/decisions/risk.md, "Indefinite self-exclusion and account closure").
 */
export const INDEFINITE_EXCLUSION_END = new Date('9999-12-31T23:59:59.999Z');

/**
 * POST /responsible-gaming/self-exclusion: as cooling-off, for `months`, at least the site's minimum
 * (`exclusionTooShort`), or `indefinite` (stored as INDEFINITE_EXCLUSION_END; nobody ends it early).
 */
export async function startSelfExclusion(
  site: string,
  userId: number,
  by: ChangedBy,
  request: { months: number } | { indefinite: true },
): Promise<ProtectionView> {
  if ('months' in request) {
    const { minimumExclusionMonths } = await protectionSettings(site);
    if (request.months < minimumExclusionMonths)
      throw new Refusal('responsible-gaming.exclusionTooShort', `the site's minimum is ${minimumExclusionMonths} months`);
  }
  return underExclusionLock(site, userId, async (t, forfeit, linked) => {
    let range: { from: Date | null; to: Date };
    if ('months' in request) range = await extendExclusion(t, userId, 'selfExcludedUntil', { months: request.months });
    else {
      range = { from: await exclusionEnd(t, userId, 'selfExcludedUntil'), to: INDEFINITE_EXCLUSION_END };
      await setExclusionEnd(t, userId, 'selfExcludedUntil', INDEFINITE_EXCLUSION_END);
    }
    const length = 'months' in request ? { months: request.months } : { indefinite: true };
    await recordChange(t, userId, by, 'self-exclusion', { ...length, from: range.from, to: range.to, forfeited: await forfeit() });
    await excludeLinked(t, userId, linked, by, 'self-exclusion', { column: 'selfExcludedUntil', until: new Date(range.to) });
    return protectionView(site, userId, t);
  });
}
