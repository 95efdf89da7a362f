import { QueryTypes, type Transaction } from 'sequelize';
import { db } from '../../../db/sequelize';
import type { PlayRefusal } from '../refusals';

/**
 * The statements over rg_accounts, the player's protection row (exclusions, the session and its limit,
 * the reality check): its lock (rg_account, which makes the row when missing), its reads and its writes.
 * The rules that decide with them are in the area's other files and in the database functions of
 * shared/db/functions/responsible-gaming/.
 */

/** Takes the player's protection lock (rg_account) in `transaction`. */
export async function lockRgAccount(transaction: Transaction, userId: number): Promise<void> {
  await db().query('SELECT "userId" FROM rg_account(:userId)', { replacements: { userId }, type: QueryTypes.SELECT, transaction });
}

/** What stops play now, read without a lock: rg_account_refusal with `session`, else rg_exclusion_refusal. */
export async function accountRefusal(userId: number, session: boolean, transaction?: Transaction): Promise<string | null> {
  const rule = session ? 'rg_account_refusal' : 'rg_exclusion_refusal';
  const [row] = await db().query<{ refusal: string | null }>(`SELECT ${rule}(a, now()) AS refusal FROM rg_accounts a WHERE "userId" = :userId`, {
    replacements: { userId },
    type: QueryTypes.SELECT,
    transaction,
  });
  return row?.refusal ?? null;
}

/** The exclusion in force (rg_exclusion_refusal), read under the player's protection lock (rg_account). */
export async function exclusionRefusalLocked(transaction: Transaction, userId: number): Promise<string | null> {
  const [row] = await db().query<{ refusal: string | null }>('SELECT rg_exclusion_refusal(rg_account(:userId), now()) AS refusal', {
    replacements: { userId },
    type: QueryTypes.SELECT,
    transaction,
  });
  return row?.refusal ?? null;
}

/** The exclusion in force (rg_exclusion_refusal), a plain read. */
export async function exclusionRefusal(userId: number, transaction?: Transaction): Promise<PlayRefusal | null> {
  const [row] = await db().query<{ refusal: PlayRefusal | null }>(
    'SELECT rg_exclusion_refusal(a, now()) AS refusal FROM rg_accounts a WHERE "userId" = :userId',
    {
      replacements: { userId },
      type: QueryTypes.SELECT,
      transaction,
    },
  );
  return row?.refusal ?? null;
}

/**
 * Sets `withheld` of the rows of `table` (a table with "userId" and withheld) whose player has an
 * exclusion in force (rg_exclusion_refusal) to that exclusion; answers the driver's result (its row count).
 */
export async function withholdExcludedIn(transaction: Transaction, table: string): Promise<unknown> {
  const [, withheld] = await db().query(
    `UPDATE ${table} d SET withheld = rg_exclusion_refusal(a, now()) FROM rg_accounts a
      WHERE a."userId" = d."userId" AND rg_exclusion_refusal(a, now()) IS NOT NULL`,
    { transaction },
  );
  return withheld;
}

export interface DueRealityCheckRow {
  startedAt: Date;
  elapsedSeconds: string;
  net: string;
  dueAt: Date;
  acknowledgeBy: Date;
}

/** The player's session when a reality check is due (rg_due_reality_check), else undefined. */
export async function dueRealityCheckRow(userId: number, transaction?: Transaction): Promise<DueRealityCheckRow | undefined> {
  const [row] = await db().query<DueRealityCheckRow>(
    `SELECT started_at AS "startedAt", elapsed_seconds AS "elapsedSeconds", net, due_at AS "dueAt", acknowledge_by AS "acknowledgeBy"
       FROM rg_due_reality_check(:userId)`,
    { replacements: { userId }, type: QueryTypes.SELECT, transaction },
  );
  return row;
}

/** The reality check acknowledged now: the next interval counts from here. */
export async function markRealityCheckAcknowledged(transaction: Transaction, userId: number): Promise<void> {
  await db().query('UPDATE rg_accounts SET "realityCheckAt" = now(), "updatedAt" = now() WHERE "userId" = :userId', {
    replacements: { userId },
    type: QueryTypes.UPDATE,
    transaction,
  });
}

export interface AccountViewRow {
  sessionLimit: number | null;
  pendingSessionLimitMinutes: number | null;
  sessionLimitPendingFrom: Date | null;
  realityCheckMinutes: number | null;
  coolingOffUntil: Date | null;
  selfExcludedUntil: Date | null;
  sessionStartedAt: Date | null;
  sessionNet: string | null;
}

/** The player's protection row as the view shows it, by the database's clock and rules. */
export async function accountViewRow(userId: number, transaction?: Transaction): Promise<AccountViewRow | undefined> {
  const [account] = await db().query<AccountViewRow>(
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
  return account;
}

/** The session limit in force, the waiting change's start and the reality-check interval. */
export async function sessionSettingsRow(transaction: Transaction, userId: number) {
  const [row] = await db().query<{ current: number | null; pendingFrom: Date | null; realityCheckMinutes: number | null }>(
    `SELECT rg_session_limit_in_force(a, now()) AS current, CASE WHEN "sessionLimitPendingFrom" > now() THEN "sessionLimitPendingFrom" END AS "pendingFrom",
              "realityCheckMinutes"
         FROM rg_accounts a WHERE "userId" = :userId`,
    { replacements: { userId }, type: QueryTypes.SELECT, transaction },
  );
  return row;
}

/** Writes the session limit, the one waiting and when it takes effect (now + delayHours; null: none). */
export async function updateSessionLimit(
  transaction: Transaction,
  userId: number,
  next: { minutes: number | null; pending: number | null; delayHours: number | null },
): Promise<void> {
  await db().query(
    `UPDATE rg_accounts SET "sessionLimitMinutes" = :minutes, "pendingSessionLimitMinutes" = :pending,
                  "sessionLimitPendingFrom" = now() + make_interval(hours => :delayHours), "updatedAt" = now()
            WHERE "userId" = :userId`,
    { replacements: { userId, ...next }, transaction },
  );
}

/** Writes the reality-check interval; the next check counts from the session's start again. */
export async function updateRealityCheckMinutes(transaction: Transaction, userId: number, minutes: number | null): Promise<void> {
  await db().query('UPDATE rg_accounts SET "realityCheckMinutes" = :minutes, "realityCheckAt" = NULL, "updatedAt" = now() WHERE "userId" = :userId', {
    replacements: { userId, minutes },
    transaction,
  });
}

export type Exclusion = 'coolingOffUntil' | 'selfExcludedUntil';

/** Extends an exclusion to at least `interval` from now (never shortens one that ends later). */
export async function extendExclusion(
  t: Transaction,
  userId: number,
  column: Exclusion,
  interval: { days?: number; months?: number },
): Promise<{ from: Date | null; to: Date }> {
  const [row] = await db().query<{ from: Date | null; to: Date }>(
    `UPDATE rg_accounts a SET "${column}" = GREATEST(coalesce(old."${column}", now()), now() + make_interval(months => :months, days => :days)), "updatedAt" = now()
       FROM rg_accounts old WHERE a."userId" = :userId AND old."userId" = a."userId"
     RETURNING CASE WHEN old."${column}" > now() THEN old."${column}" END AS "from", a."${column}" AS "to"`,
    { replacements: { userId, months: interval.months ?? 0, days: interval.days ?? 0 }, type: QueryTypes.SELECT, transaction: t },
  );
  return row;
}

/** The end of the exclusion `column` when it is in force, else null. */
export async function exclusionEnd(transaction: Transaction, userId: number, column: Exclusion): Promise<Date | null> {
  const [row] = await db().query<{ current: Date | null }>(
    `SELECT CASE WHEN "${column}" > now() THEN "${column}" END AS current FROM rg_accounts WHERE "userId" = :userId`,
    {
      replacements: { userId },
      type: QueryTypes.SELECT,
      transaction,
    },
  );
  return row.current;
}

/** Sets the end of the exclusion `column`. */
export async function setExclusionEnd(transaction: Transaction, userId: number, column: Exclusion, until: Date): Promise<void> {
  await db().query(`UPDATE rg_accounts SET "${column}" = :until, "updatedAt" = now() WHERE "userId" = :userId`, {
    replacements: { userId, until },
    transaction,
  });
}
