import { QueryTypes, type Transaction } from 'sequelize';
import { db } from '../../db/sequelize';
import { Refusal } from '../../errors';
import { type Actor, recordActorAction } from '../audit';
import { pageOffset, pagination } from '../common';
import { pushAfterCommit, type CommittedRow } from '../../queues/outbox';
import { decideOpenFlags, flagOwner, flagRowOf, flagRows, freezingFlag, insertUnderAgeFlag } from './queries/flags';

/**
 * KYC flags and the under-age freeze (docs/kyc.md, "Under age: the freeze"). A date of birth below the
 * site's minimum age writes an `under-age` flag (open) and the account is frozen at once for money in and
 * play: the rule is the database function kyc_freeze_refusal (shared/db/functions/kyc/freeze.sql), asked
 * where exclusions are (rg_exclusion_refusal) and by the deposit credit. Login, reading and withdrawing
 * stay open. An operator decides an open flag once, with a reason, in the operation log: `confirm` (under
 * age: the account stays frozen for good) or `dismiss` (a data error: unfrozen, and the paid deposits
 * held meanwhile are credited). Flags are written and decided under the player's users row lock, which
 * every money path takes or waits on, so a bet or deposit either commits before the freeze or sees it.
 */
export type FlagStatus = 'open' | 'confirmed' | 'dismissed';
export const FLAG_STATUSES: readonly FlagStatus[] = ['open', 'confirmed', 'dismissed'];
export type FlagDecision = 'confirm' | 'dismiss';

const lockPlayer = (transaction: Transaction, userId: number) =>
  db().query(`SELECT 1 FROM users WHERE id = :userId FOR NO KEY UPDATE`, { replacements: { userId }, transaction });

/**
 * Writes the player's under-age flag (one open or confirmed at a time: a repeated under-age date of birth
 * adds none) under the player's row lock, in its own transaction.
 */
export async function flagUnderAge(siteCode: string, userId: number, detail: { dateOfBirth: string; minimumAge: number }): Promise<void> {
  await db().transaction(async (transaction) => {
    await lockPlayer(transaction, userId);
    await insertUnderAgeFlag(transaction, siteCode, userId, detail);
  });
}

/** The freeze as the player sees it in GET /kyc: why and since when, or null. */
export async function kycFreezeOf(userId: number): Promise<{ reason: 'under-age'; status: 'open' | 'confirmed'; since: Date } | null> {
  const row = await freezingFlag(userId);
  return row ? { reason: 'under-age', status: row.status, since: row.since } : null;
}

/** GET /kyc/admin/flags: the site's flags by status (open unless given), oldest first, paged. */
export async function listFlags(siteCode: string, filter: { status?: FlagStatus; userId?: number; page: number; pageSize: number }) {
  const { total, items } = await flagRows(siteCode, {
    status: filter.status ?? 'open',
    userId: filter.userId,
    limit: filter.pageSize,
    offset: pageOffset(filter.page, filter.pageSize),
  });
  return { items, pagination: pagination(filter.page, filter.pageSize, total) };
}

/**
 * POST /kyc/admin/flags/:id/decision: decides an open flag of the site (`kyc.flagNotFound`; a decided
 * one, or the loser of two decisions at once, is `kyc.flagDecided`), and with it any other open
 * under-age flag of the player. A dismissal that leaves the player unfrozen credits the deposits held
 * meanwhile (their outbox rows, in the decision's transaction). Answers the flag.
 */
export async function decideFlag(actor: Actor, siteCode: string, id: number, input: { action: FlagDecision; reason: string }) {
  const found = await flagOwner(siteCode, id);
  if (!found) throw new Refusal('kyc.flagNotFound');
  const status: FlagStatus = input.action === 'confirm' ? 'confirmed' : 'dismissed';
  await db().transaction(async (transaction) => {
    await lockPlayer(transaction, found.userId);
    const decided = await decideOpenFlags(transaction, { id, userId: found.userId, status, adminId: actor.adminId, reason: input.reason });
    if (!decided.some((row) => row.id === id)) throw new Refusal('kyc.flagDecided');
    const released = status === 'dismissed' ? await releaseHeldDeposits(transaction, found.userId) : [];
    await recordActorAction(actor, transaction, {
      module: 'kyc',
      action: `flag-${input.action}`,
      targetId: id,
      summary: `${status} KYC flag ${id} of user ${found.userId}`,
      detail: { userId: found.userId, flags: decided.map((row) => row.id), status, reason: input.reason, creditedDeposits: released },
    });
  });
  return flagRowOf(id);
}

/**
 * The player's paid deposits held while frozen, released now if nothing freezes the player any more:
 * each gets its `deposit-credit` outbox row from deposit_credit_enqueue (the one writer of that row,
 * shared/db/functions/deposit/enqueue-credit.sql) in the same statement, pushed after commit.
 */
async function releaseHeldDeposits(transaction: Transaction, userId: number): Promise<string[]> {
  const held = await db().query<{ id: string; credit: CommittedRow }>(
    `WITH released AS (
       UPDATE deposit_orders SET "creditHeldAt" = NULL, "updatedAt" = now()
        WHERE "userId" = :userId AND "creditHeldAt" IS NOT NULL AND "creditedAt" IS NULL AND kyc_freeze_refusal(:userId) IS NULL
        RETURNING id)
     SELECT id, to_jsonb(deposit_credit_enqueue(id)) AS credit FROM released ORDER BY id`,
    { replacements: { userId }, type: QueryTypes.SELECT, transaction },
  );
  for (const order of held) transaction.afterCommit(() => pushAfterCommit(order.credit));
  return held.map((order) => order.id);
}
