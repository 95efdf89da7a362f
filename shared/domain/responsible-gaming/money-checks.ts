import type { Transaction } from 'sequelize';
import { Refusal } from '../../errors';
import type { RefusalName } from '../refusals';
import { money } from '../wallet';
import type { PlayRefusal } from './refusals';
import { accountRefusal, dueRealityCheckRow, exclusionRefusal, exclusionRefusalLocked, type DueRealityCheckRow } from './queries/accounts';
import { depositCreditRefusal, depositOrderRefusal } from './queries/limits';

/**
 * Player protection where the money moves (docs/decisions/responsible-gaming.md, "Player protection: calendar periods,
 * running totals, checked where the money moves"). Bets are checked inside their own statements
 * (rg_play, called by simulate_round and the provider functions); these are the checks the TypeScript
 * money paths make: a deposit order (in the transaction that inserts it), the game launch and promotion
 * claims (exclusions and the session limit, read before).
 */
// A name with its area (the KYC under-age freeze, `kyc.frozenUnderAge`, which rg_exclusion_refusal answers) is taken as it is.
export const protectionRefusal = (name: string): Refusal =>
  new Refusal((name.includes('.') ? name : `responsible-gaming.${name as PlayRefusal}`) as RefusalName);

/**
 * A new deposit order of `amount` at `rate` (currency units per USD): takes the player's protection lock
 * and refuses `selfExcluded`, `coolingOff` or `depositLimit` (database function rg_deposit_refusal). The
 * caller inserts the order in the same transaction, so concurrent orders are counted one after another.
 */
export async function checkDepositOrder(transaction: Transaction, userId: number, amount: string, rate: string): Promise<void> {
  const refusal = await depositOrderRefusal(transaction, userId, amount, rate);
  if (refusal) throw protectionRefusal(refusal);
}

/**
 * An operator's credit of the flagged deposit order `orderId`: takes the player's protection lock and
 * refuses `depositLimit` when what was paid would pass a deposit limit now (database function
 * rg_deposit_credit_refusal; an exclusion does not refuse it). The caller holds the order's lock and
 * credits it in the same transaction.
 */
export async function checkDepositCredit(transaction: Transaction, orderId: number | string): Promise<void> {
  const refusal = await depositCreditRefusal(transaction, orderId);
  if (refusal) throw protectionRefusal(refusal);
}

/**
 * What stops a player from starting to play now: `selfExcluded`, `coolingOff` (rg_exclusion_refusal), and
 * with `session` the `sessionLimit` too (rg_account_refusal); checked by the game launch (session too) and promotion claims.
 * A plain read, no lock, that answers early: a claim locks the player's `users` row later, and the
 * protection row comes after that row in the lock order (docs/architecture.md, "One lock order"), so it
 * cannot be locked here; the claim asks again at its end with checkNotExcludedLocked.
 */
export async function checkMayPlay(userId: number, { session }: { session: boolean }, transaction?: Transaction): Promise<void> {
  const refusal = await accountRefusal(userId, session, transaction);
  if (refusal) throw protectionRefusal(refusal);
}

/**
 * The same exclusions as checkMayPlay (not the session limit), read under the player's protection lock
 * (rg_account), for a money path that has already locked the player's `users` row in `transaction`, as
 * the lock order wants. An exclusion started at the same instant then either waits for this transaction
 * or is seen by it: a promotion claim cannot slip past it.
 */
export async function checkNotExcludedLocked(transaction: Transaction, userId: number): Promise<void> {
  const refusal = await exclusionRefusalLocked(transaction, userId);
  if (refusal) throw protectionRefusal(refusal);
}

/**
 * The exclusion in force now (`selfExcluded`, `coolingOff`: rg_exclusion_refusal), or null: a plain read
 * for a path that holds the player's `users` row in `transaction`. Every exclusion starts with that row
 * locked (changes.ts, underExclusionLock), so under it the read sees an exclusion that started before and
 * none can start until the transaction ends. The withdrawal's turnover rule and the daily rebate ask it.
 */
export async function exclusionInForce(userId: number, transaction?: Transaction): Promise<PlayRefusal | null> {
  return exclusionRefusal(userId, transaction);
}

/** A refusal a money statement raised with SQLSTATE RG000 (simulate_round), as the area's refusal; else null. */
export function raisedProtectionRefusal(caught: unknown): Refusal | null {
  const original = (caught as { original?: { code?: string; message?: string } } | null)?.original;
  return original?.code === 'RG000' && original.message ? protectionRefusal(original.message) : null;
}

export interface RealityCheck {
  sessionStartedAt: string;
  elapsedMinutes: number;
  /** Wins minus stakes of the session (negative: a loss), 6-decimal string. */
  netResult: string;
  /** When the check fell due. */
  dueAt: string;
  /** From this instant bets are refused (realityCheckUnacknowledged) until the player acknowledges the check. */
  acknowledgeBy: string;
}

/**
 * The reality check when it is due and not acknowledged, else null (rg_reality_check_due_at, the rule
 * the bets' refusal reads too). A plain read: the check is carried by every money answer until the
 * player acknowledges it (acknowledgeRealityCheck), so an answer lost on its way loses nothing.
 */
export async function dueRealityCheck(userId: number, transaction?: Transaction): Promise<RealityCheck | null> {
  return realityCheckOf(await dueRealityCheckRow(userId, transaction));
}

/** The reality check of a row of rg_due_reality_check (read on its own or by a money statement); none without a row. */
export function realityCheckOf(row: DueRealityCheckRow | undefined): RealityCheck | null {
  if (!row) return null;
  return {
    sessionStartedAt: new Date(row.startedAt).toISOString(),
    elapsedMinutes: Math.floor(Number(row.elapsedSeconds) / 60),
    netResult: money(row.net),
    dueAt: new Date(row.dueAt).toISOString(),
    acknowledgeBy: new Date(row.acknowledgeBy).toISOString(),
  };
}
