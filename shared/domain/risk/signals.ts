import type { Transaction } from 'sequelize';
import { Refusal } from '../../errors';
import { deviceSignal, IDENTITY_KINDS, ipSignal, type Signal } from './normalise';
import { excludedHolderExists, holdersInScope, insertSignals, lockSignalValues, signalsOf, type Holder } from './queries';

/**
 * Signals as they arrive (docs/decisions/risk.md, "Signals recorded where they arrive, links read from
 * them"). A login or a registration records its IP and device id in its own transaction with one
 * statement; an identity (a verified e-mail or mobile, a KYC name and date of birth) is claimed under its
 * value's lock and refused when it belongs to an excluded person.
 */

/** The login's or registration's IP and `x-device-id` (already read by readDeviceId), in the session's transaction. */
export async function recordSessionSignals(
  transaction: Transaction,
  user: Holder,
  client: { ip: string | null | undefined; deviceId?: string | null },
): Promise<void> {
  const signals = [ipSignal(client.ip), deviceSignal(client.deviceId)].filter((s): s is Signal => s !== null);
  await insertSignals(transaction, user, signals);
}

/** Records signals that refuse nothing (a payment instrument, a withdrawal address). */
export async function recordSignals(transaction: Transaction | undefined, user: Holder, signals: readonly Signal[]): Promise<void> {
  await insertSignals(transaction, user, signals);
}

/**
 * Claims an identity value for the account, in the caller's transaction, before the caller locks the
 * account's `users` row (the lock order of docs/decisions/risk.md, "An exclusion follows the person"):
 * refused (`risk.identityExcluded`) when another account of the scope holding it is self-excluded or
 * cooling off, and then the caller's transaction rolls back.
 */
export async function claimIdentity(transaction: Transaction, user: Holder, signal: Signal): Promise<void> {
  await lockSignalValues(transaction, [signal]);
  if (await excludedHolderExists(transaction, user.siteCode, user.id, signal))
    throw new Refusal('risk.identityExcluded', `${signal.kind} of an excluded person`);
  await insertSignals(transaction, user, [signal]);
}

/**
 * The accounts of the scope of `site` linked to `userId` by identity (verified e-mail, verified mobile,
 * KYC name and date of birth; one hop), in id order, with the values' locks taken first so an identity
 * claimed at the same moment either waits for the caller or is seen by it.
 */
export async function identityLinkedAccounts(transaction: Transaction, site: string, userId: number): Promise<Holder[]> {
  const mine = await signalsOf(transaction, userId, IDENTITY_KINDS);
  await lockSignalValues(transaction, mine);
  return holdersInScope(transaction, site, userId, mine);
}
