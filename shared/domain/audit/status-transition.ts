import { QueryTypes, type Transaction } from 'sequelize';
import { db } from '../../db/sequelize';
import { Refusal } from '../../errors';
import type { RefusalName } from '../refusals';
import type { Actor } from './actor';
import { recordActorAction, type ActorActionEntry } from './operation-log';

/**
 * One move of a site's row from one status to the next, as operators' decisions make them (withdrawal
 * review and complete, commission withdrawal review and complete, settlement review): a conditional
 * UPDATE ... WHERE status IN (<from>) RETURNING in the caller's transaction. Of several operators acting
 * at once one wins; the others wait on the row, then find its status changed. Nothing changed: the
 * move's `notFound` refusal when the site has no such row, else its `notAllowed`.
 */
export interface StatusTransition {
  /** The table, with "siteCode", status and "updatedAt" columns. */
  table: string;
  id: number;
  siteCode: string;
  from: readonly string[];
  to: string;
  /** Columns set with the status, SQL with :named replacements (:adminId, :remark...). */
  set: string;
  replacements?: Record<string, unknown>;
  /** The columns answered, given the updated row's alias; default every column. */
  returning?: (alias: string) => string;
  /** The refusals when the site has no such row, and when its status does not allow the move. */
  notFound: RefusalName;
  notAllowed: RefusalName;
}

/** The row after the move, with the status it left as `fromStatus`; its notFound or notAllowed refusal when nothing moved. */
export async function transitionStatus<T extends object>(transaction: Transaction, move: StatusTransition): Promise<T & { fromStatus: string }> {
  const [changed] = await db().query<T & { fromStatus: string }>(
    `WITH prev AS (SELECT id, status FROM ${move.table} WHERE id = :id AND "siteCode" = :siteCode)
     UPDATE ${move.table} t SET status = :to, ${move.set}, "updatedAt" = now()
       FROM prev
      WHERE t.id = prev.id AND t.status IN (:from)
     RETURNING ${move.returning?.('t') ?? 't.*'}, prev.status AS "fromStatus"`,
    { replacements: { ...move.replacements, id: move.id, siteCode: move.siteCode, from: move.from, to: move.to }, type: QueryTypes.SELECT, transaction },
  );
  if (changed) return changed;
  const [exists] = await db().query(`SELECT id FROM ${move.table} WHERE id = :id AND "siteCode" = :siteCode`, {
    replacements: { id: move.id, siteCode: move.siteCode },
    type: QueryTypes.SELECT,
    transaction,
  });
  throw new Refusal(exists ? move.notAllowed : move.notFound);
}

/**
 * An operator's decision: in one transaction, the status move, what it sets off (`apply`: the money the
 * decision moves, if any) and its operation-log row (`log`). A refusal or a failure of either
 * rolls all of it back. Answers the moved row.
 */
export function decideStatus<T extends object>(
  actor: Actor,
  move: StatusTransition,
  effects: {
    apply?: (row: T & { fromStatus: string }, transaction: Transaction) => Promise<unknown>;
    log: (row: T & { fromStatus: string }) => ActorActionEntry;
  },
): Promise<T & { fromStatus: string }> {
  return db().transaction(async (transaction) => {
    const changed = await transitionStatus<T>(transaction, move);
    await effects.apply?.(changed, transaction);
    await recordActorAction(actor, transaction, effects.log(changed));
    return changed;
  });
}
