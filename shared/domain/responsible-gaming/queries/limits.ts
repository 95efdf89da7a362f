import { QueryTypes, type Transaction } from 'sequelize';
import { db } from '../../../db/sequelize';
import type { LimitPeriod, LimitType } from '../../site-config';

/**
 * The statements over rg_limits, a player's deposit, loss and wager limits (the player's amount, the one
 * waiting, the operator's), and the database rules that read them for deposits (rg_deposit_refusal,
 * rg_deposit_credit_refusal, which take the player's protection lock) and for the view (rg_missing_limits).
 */
export type LimitKey = { userId: number; type: LimitType; period: LimitPeriod };

/** A new deposit order's refusal (rg_deposit_refusal), or null. */
export async function depositOrderRefusal(transaction: Transaction, userId: number, amount: string, rate: string): Promise<string | null> {
  const [row] = await db().query<{ refusal: string | null }>('SELECT rg_deposit_refusal(:userId, :amount, :rate) AS refusal', {
    replacements: { userId, amount, rate },
    type: QueryTypes.SELECT,
    transaction,
  });
  return row?.refusal ?? null;
}

/** An operator's credit of a flagged deposit order: its refusal (rg_deposit_credit_refusal), or null. */
export async function depositCreditRefusal(transaction: Transaction, orderId: number | string): Promise<string | null> {
  const [row] = await db().query<{ refusal: string | null }>('SELECT rg_deposit_credit_refusal(:orderId) AS refusal', {
    replacements: { orderId },
    type: QueryTypes.SELECT,
    transaction,
  });
  return row?.refusal ?? null;
}

/** The player's own amount in force now (rg_limit_in_force) and the start of a waiting change. */
export async function playerLimitRow(transaction: Transaction, key: LimitKey) {
  const [row] = await db().query<{ current: string | null; pendingFrom: Date | null }>(
    `SELECT rg_limit_in_force(amount, "pendingAmount", "pendingFrom", NULL, now()) AS current,
              CASE WHEN "pendingFrom" > now() THEN "pendingFrom" END AS "pendingFrom"
         FROM rg_limits WHERE "userId" = :userId AND type = :type AND period = :period`,
    { replacements: key, type: QueryTypes.SELECT, transaction },
  );
  return row;
}

/** Writes the player's amount, the one waiting and when it takes effect (now + delayHours; null: none). */
export async function upsertPlayerLimit(
  transaction: Transaction,
  key: LimitKey,
  site: string,
  next: { amount: string | null; pendingAmount: string | null; delayHours: number | null },
): Promise<void> {
  await db().query(
    `INSERT INTO rg_limits ("userId", "siteCode", type, period, amount, "pendingAmount", "pendingFrom")
       VALUES (:userId, :site, :type, :period, :amount, :pendingAmount, now() + make_interval(hours => :delayHours))
       ON CONFLICT ("userId", type, period) DO UPDATE
         SET amount = EXCLUDED.amount, "pendingAmount" = EXCLUDED."pendingAmount", "pendingFrom" = EXCLUDED."pendingFrom", "updatedAt" = now()`,
    { replacements: { ...key, site, ...next }, transaction },
  );
}

/** The operator's amount of the limit (undefined: no row). */
export async function operatorLimitRow(transaction: Transaction, key: LimitKey) {
  const [row] = await db().query<{ operatorAmount: string | null }>(
    'SELECT "operatorAmount" FROM rg_limits WHERE "userId" = :userId AND type = :type AND period = :period',
    {
      replacements: key,
      type: QueryTypes.SELECT,
      transaction,
    },
  );
  return row;
}

/** Writes the operator's amount (at once). */
export async function upsertOperatorLimit(transaction: Transaction, key: LimitKey, site: string, amount: string | null): Promise<void> {
  await db().query(
    `INSERT INTO rg_limits ("userId", "siteCode", type, period, "operatorAmount") VALUES (:userId, :site, :type, :period, :amount)
       ON CONFLICT ("userId", type, period) DO UPDATE SET "operatorAmount" = EXCLUDED."operatorAmount", "updatedAt" = now()`,
    { replacements: { ...key, site, amount }, transaction },
  );
}

/** Removes a limit row that holds nothing any more (no amount of the player's, none waiting, no operator's). */
export async function dropEmptyLimit(t: Transaction, key: LimitKey): Promise<void> {
  await db().query(
    'DELETE FROM rg_limits WHERE "userId" = :userId AND type = :type AND period = :period AND amount IS NULL AND "pendingFrom" IS NULL AND "operatorAmount" IS NULL',
    {
      replacements: key,
      transaction: t,
    },
  );
}

export interface LimitRow {
  type: LimitType;
  period: LimitPeriod;
  player: string | null;
  operatorAmount: string | null;
  inForce: string | null;
  pendingAmount: string | null;
  pendingFrom: Date | null;
}

const TYPE_ORDER = "array_position(ARRAY['deposit', 'loss', 'wager']::varchar[], type), array_position(ARRAY['day', 'week', 'month']::varchar[], period)";

/** The player's limit rows, by type and period, as the view shows them (rg_limit_in_force). */
export async function limitRows(userId: number, transaction?: Transaction): Promise<LimitRow[]> {
  return db().query<LimitRow>(
    `SELECT type, period, rg_limit_in_force(amount, "pendingAmount", "pendingFrom", NULL, now()) AS player, "operatorAmount",
            rg_limit_in_force(amount, "pendingAmount", "pendingFrom", "operatorAmount", now()) AS "inForce",
            CASE WHEN "pendingFrom" > now() THEN "pendingAmount" END AS "pendingAmount",
            CASE WHEN "pendingFrom" > now() THEN "pendingFrom" END AS "pendingFrom"
       FROM rg_limits WHERE "userId" = :userId ORDER BY ${TYPE_ORDER}`,
    { replacements: { userId }, type: QueryTypes.SELECT, transaction },
  );
}

/** The site's required limit types the player has not set (rg_missing_limits). */
export async function missingLimits(userId: number, site: string, transaction?: Transaction): Promise<LimitType[]> {
  const [missing] = await db().query<{ types: LimitType[] }>('SELECT rg_missing_limits(:userId, :site, now()) AS types', {
    replacements: { userId, site },
    type: QueryTypes.SELECT,
    transaction,
  });
  return missing.types;
}
